import { RISK_KINDS, RISK_LABELS, type RiskKind } from '@taxlens/shared';
import { type RawBuilder, sql } from 'kysely';
import { z } from 'zod';
import type { AppInstance } from '../../app.js';
import type { MonitorKind } from '../../db/tables/data-view.js';
import { AppError } from '../../lib/app-error.js';
import { ok } from '../../lib/envelope.js';
import { companyDataProvider } from '../companydata/company-data.js';
import { riskKindsOfMonitorKind } from '../dataview/monitoring-check.js';
import { DATA_VIEW_ACCESS, dataServiceCheck } from './data-right.js';

const tags = ['data-view'];
const BASE = '/api/DataAnalysisMonitoring';
const MONITOR_KINDS: readonly MonitorKind[] = ['lawsuit', 'abnormal', 'credit', 'illegal', 'invoice'];
const listBody = z.object({
  deliveryId: z.coerce.number({ error: '参数错误' }).int().positive().optional(),
  page: z.coerce.number().int().min(1).max(1000).default(1),
  size: z.coerce.number().int().min(1).max(50).default(10),
});
const clickBody = z.object({
  creditCode: z
    .string({ error: '请选择企业' })
    .trim()
    .toUpperCase()
    .regex(/^[0-9A-Z]{15,20}$/, '统一社会信用代码格式不正确'),
});

/**
 * The risk lists of each monitoring event: its own list (migration 0300), else the lists its
 * monitored kind watches (events recorded before 0300). Credit and invoice events have none.
 */
function eventKinds(): RawBuilder<string[]> {
  const cases = MONITOR_KINDS.map((kind) => sql`WHEN ${kind} THEN ${sql.val(riskKindsOfMonitorKind(kind))}::text[]`);
  return sql<
    string[]
  >`CASE WHEN e.risk_kind IS NOT NULL THEN ARRAY[e.risk_kind] ELSE CASE e.kind ${sql.join(cases, sql` `)} ELSE ARRAY[]::text[] END END`;
}

/**
 * The group's business opportunities from monitoring: a monitored company (not removed) with a
 * risk event that a service of the DataServerDelivery catalogue answers (its risk_kinds) is an
 * opportunity for the firm to offer that service to its client. Every figure is the group's own.
 */
function opportunities(groupId: number) {
  return sql`
    SELECT e.monitored_id, m.credit_code, m.company_name, e.read_at,
           coalesce(e.happened_on, e.created_at::date) AS day, k.kind AS risk_kind,
           d.id AS delivery_id, d.title, d.subheading, d.label, d.sort_order
      FROM monitoring_events e
      JOIN monitored_companies m ON m.id = e.monitored_id AND m.removed_at IS NULL
      CROSS JOIN LATERAL unnest(${eventKinds()}) AS k(kind)
      JOIN data_server_deliveries d ON d.active AND k.kind = ANY (d.risk_kinds)
     WHERE e.group_id = ${groupId}`;
}

/** findBusinessOpportunity(List) and clickSearchVolume of /api/DataAnalysisMonitoring (spec §7). */
export async function monitorOpportunityRoutes(app: AppInstance) {
  const options = (summary: string, body: z.ZodTypeAny) => ({
    config: { access: DATA_VIEW_ACCESS },
    preValidation: dataServiceCheck,
    schema: { tags, summary, body },
  });
  const groupOf = (request: { session?: { groupId: number | null } | null }) => request.session?.groupId ?? 0;

  app.post(
    `${BASE}/findBusinessOpportunity`,
    options('监控企业中的商机：各数据服务可服务的企业数', z.object({}).passthrough()),
    async (request) => {
      const groupId = groupOf(request);
      const [services, totals] = await Promise.all([
        sql<{ id: string; title: string; subheading: string; label: string; companies: string; unread: string }>`
          SELECT delivery_id AS id, title, subheading, label, count(DISTINCT monitored_id) AS companies,
                 count(DISTINCT monitored_id) FILTER (WHERE read_at IS NULL) AS unread
            FROM (${opportunities(groupId)}) o
           GROUP BY delivery_id, title, subheading, label, sort_order
           ORDER BY count(DISTINCT monitored_id) DESC, sort_order, delivery_id`.execute(app.db),
        sql<{ companies: string }>`
          SELECT count(DISTINCT monitored_id) AS companies FROM (${opportunities(groupId)}) o`.execute(app.db),
      ]);
      return ok({
        total: Number(totals.rows[0]?.companies ?? 0),
        services: services.rows.map((row) => ({
          deliveryId: Number(row.id),
          title: row.title,
          subheading: row.subheading,
          label: row.label,
          companies: Number(row.companies),
          unreadCompanies: Number(row.unread),
        })),
      });
    },
  );

  app.post(
    `${BASE}/findBusinessOpportunityList`,
    options('监控企业中的商机名单（可按数据服务筛选）', listBody),
    async (request) => {
      const groupId = groupOf(request);
      const { deliveryId, page, size } = request.body as z.infer<typeof listBody>;
      if (deliveryId !== undefined) {
        const known = await sql`SELECT 1 FROM data_server_deliveries WHERE id = ${deliveryId} AND active`.execute(
          app.db,
        );
        if (known.rows.length === 0) throw new AppError('NOT_FOUND', '数据服务不存在或已下架');
      }
      const only = deliveryId === undefined ? sql`TRUE` : sql`delivery_id = ${deliveryId}`;
      const { rows } = await sql<{
        monitored_id: string;
        credit_code: string;
        company_name: string;
        risk_kinds: string[];
        services: { id: number; title: string; sort: number }[];
        latest: string;
        unread: string;
        total: string;
      }>`
        SELECT monitored_id, min(credit_code) AS credit_code, min(company_name) AS company_name,
               array_agg(DISTINCT risk_kind ORDER BY risk_kind) AS risk_kinds,
               jsonb_agg(DISTINCT jsonb_build_object('id', delivery_id, 'title', title, 'sort', sort_order)) AS services,
               to_char(max(day), 'YYYY-MM-DD') AS latest,
               count(*) FILTER (WHERE read_at IS NULL) AS unread, count(*) OVER () AS total
          FROM (${opportunities(groupId)}) o
         WHERE monitored_id IN (SELECT monitored_id FROM (${opportunities(groupId)}) f WHERE ${only})
         GROUP BY monitored_id
         ORDER BY max(day) DESC, monitored_id DESC
         LIMIT ${size} OFFSET ${(page - 1) * size}`.execute(app.db);
      return ok({
        total: Number(rows[0]?.total ?? 0),
        page,
        size,
        list: rows.map((row) => ({
          monitoredId: Number(row.monitored_id),
          creditCode: row.credit_code,
          companyName: row.company_name,
          riskLabels: row.risk_kinds
            .filter((kind): kind is RiskKind => (RISK_KINDS as readonly string[]).includes(kind))
            .map((kind) => RISK_LABELS[kind]),
          services: [...row.services]
            .sort((a, b) => a.sort - b.sort || a.id - b.id)
            .map((item) => ({ deliveryId: Number(item.id), title: item.title })),
          latestOn: row.latest,
          unreadEvents: Number(row.unread),
        })),
      });
    },
  );

  app.post(`${BASE}/clickSearchVolume`, options('记录一次企业查询（本机构查询次数）', clickBody), async (request) => {
    const groupId = groupOf(request);
    const { creditCode } = request.body as z.infer<typeof clickBody>;
    const profile = await companyDataProvider(app.db).profile(creditCode);
    if (!profile) throw new AppError('NOT_FOUND', '未找到该企业，请核对统一社会信用代码');
    await app.db
      .insertInto('data_view_company_clicks')
      .values({ group_id: groupId, user_id: request.session?.userId ?? 0, credit_code: creditCode })
      .execute();
    const counted = await app.db
      .selectFrom('data_view_company_clicks')
      .select([sql<string>`count(*)`.as('n'), sql<string>`count(DISTINCT user_id)`.as('users')])
      .where('group_id', '=', groupId)
      .where('credit_code', '=', creditCode)
      .executeTakeFirstOrThrow();
    return ok({ creditCode, companyName: profile.name, clicks: Number(counted.n), users: Number(counted.users) });
  });
}
