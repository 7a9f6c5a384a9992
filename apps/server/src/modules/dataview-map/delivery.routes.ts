import { phoneSchema, RISK_KINDS, RISK_LABELS, type RiskKind } from '@taxlens/shared';
import { sql } from 'kysely';
import { z } from 'zod';
import type { AppInstance } from '../../app.js';
import type { Db } from '../../db/kysely.js';
import { AppError } from '../../lib/app-error.js';
import { ok } from '../../lib/envelope.js';
import type { RouteAccess } from '../../plugins/access.js';
import { companyDataProvider } from '../companydata/company-data.js';
import { dataServiceCheck } from './data-right.js';

const tags = ['data-view'];
const BASE = '/api/DataServerDelivery';
/** Any member of a group with the data service: the catalogue and the group's own requests. */
const MEMBER: RouteAccess = { permission: null };
const id = z.coerce.number({ error: '参数错误' }).int().positive();

interface DeliveryRow {
  id: string;
  title: string;
  subheading: string;
  label: string;
  description: string;
  risk_kinds: string[];
  deliverables: string;
}

const present = (row: DeliveryRow) => ({
  id: Number(row.id),
  title: row.title,
  subheading: row.subheading,
  label: row.label,
  description: row.description,
  riskKinds: row.risk_kinds,
  riskLabels: row.risk_kinds.map((kind) => RISK_LABELS[kind as RiskKind] ?? kind),
  deliverables: row.deliverables,
});

async function catalogue(db: Db): Promise<DeliveryRow[]> {
  const result = await sql<DeliveryRow>`
    SELECT id, title, subheading, label, description, risk_kinds, deliverables
    FROM data_server_deliveries WHERE active ORDER BY sort_order, id`.execute(db);
  return result.rows;
}

const submitBody = z.object({
  deliveryId: id,
  contactName: z.string({ error: '请输入联系人' }).trim().min(1, '请输入联系人').max(20, '联系人最多20个字'),
  contactPhone: phoneSchema,
  creditCode: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[0-9A-Z]{15,20}$/, '统一社会信用代码格式不正确')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  remark: z.string().trim().max(200, '备注最多200个字').optional(),
});

/**
 * DataServerDelivery (spec §7: recommend, by label, details, submitInfo): the data services a firm
 * can order for its clients. recommend ranks them by the risk lists the firm's bound client
 * companies (or one chosen company) are on now, through the company-data provider.
 */
export async function deliveryRoutes(app: AppInstance) {
  const options = (summary: string, extra: object) => ({
    config: { access: MEMBER },
    preValidation: dataServiceCheck,
    schema: { tags, summary, ...extra },
  });

  app.get(
    `${BASE}/recommend`,
    options('按客户企业的风险推荐数据服务', {
      querystring: z.object({ creditCode: submitBody.shape.creditCode }),
    }),
    async (request) => {
      const groupId = request.session?.groupId ?? 0;
      const { creditCode } = request.query as { creditCode?: string };
      const provider = companyDataProvider(app.db);
      // Companies on each list now: the chosen one, else the group's bound clients.
      const listed = new Map<string, number>();
      if (creditCode) {
        const today = new Date().toISOString().slice(0, 10);
        const records = await provider.risks(creditCode);
        for (const kind of new Set(records.filter((r) => !r.removedOn || r.removedOn > today).map((r) => r.kind)))
          listed.set(kind, 1);
      } else {
        const firms = await app.db
          .selectFrom('companies')
          .select('tax_no')
          .where('group_id', '=', groupId)
          .limit(2000)
          .execute();
        const facts = await provider.counterparties(firms.map((firm) => firm.tax_no));
        for (const fact of facts.values())
          for (const kind of fact.listedOn) listed.set(kind, (listed.get(kind) ?? 0) + 1);
      }
      const items = (await catalogue(app.db)).map((row) => {
        const hits = row.risk_kinds.filter((kind) => listed.has(kind));
        const companies = Math.max(0, ...hits.map((kind) => listed.get(kind) ?? 0));
        const reason =
          hits.length === 0
            ? null
            : `${creditCode ? '该企业' : `${companies} 家客户企业`}在${hits.map((kind) => RISK_LABELS[kind as RiskKind]).join('、')}名单上`;
        return { ...present(row), matched: hits.length, reason };
      });
      items.sort((a, b) => b.matched - a.matched);
      return ok({
        basis: creditCode ? 'company' : 'clients',
        listedKinds: RISK_KINDS.filter((kind) => listed.has(kind)).map((kind) => ({
          kind,
          label: RISK_LABELS[kind],
          companies: listed.get(kind) ?? 0,
        })),
        list: items,
      });
    },
  );

  app.get(
    `${BASE}/findByLabel`,
    options('按标签列出数据服务', { querystring: z.object({ label: z.string().trim().max(20).optional() }) }),
    async (request) => {
      const { label } = request.query as { label?: string };
      const rows = await catalogue(app.db);
      return ok({
        labels: [...new Set(rows.map((row) => row.label))],
        list: rows.filter((row) => !label || row.label === label).map(present),
      });
    },
  );

  app.get(`${BASE}/details`, options('数据服务详情', { querystring: z.object({ id }) }), async (request) => {
    const { id: deliveryId } = request.query as { id: number };
    const row = (await catalogue(app.db)).find((item) => Number(item.id) === deliveryId);
    if (!row) throw new AppError('NOT_FOUND', '该数据服务不存在或已下架');
    return ok(present(row));
  });

  app.post(`${BASE}/submitInfo`, options('提交数据服务需求（客户经理跟进）', { body: submitBody }), async (request) => {
    const body = request.body as z.infer<typeof submitBody>;
    const session = request.session;
    if (!session?.groupId) throw new AppError('NOT_GROUP_USER');
    const delivery = (await catalogue(app.db)).find((item) => Number(item.id) === body.deliveryId);
    if (!delivery) throw new AppError('NOT_FOUND', '该数据服务不存在或已下架');
    let companyName: string | null = null;
    if (body.creditCode) {
      const profile = await companyDataProvider(app.db).profile(body.creditCode);
      if (!profile) throw new AppError('VALIDATION', '未找到该企业，请核对统一社会信用代码');
      companyName = profile.name;
    }
    const inserted = await sql<{ id: string }>`
      INSERT INTO data_server_delivery_requests
        (group_id, user_id, delivery_id, contact_name, contact_phone, credit_code, company_name, remark)
      VALUES (${session.groupId}, ${session.userId}, ${body.deliveryId}, ${body.contactName}, ${body.contactPhone},
              ${body.creditCode ?? null}, ${companyName}, ${body.remark || null})
      RETURNING id`.execute(app.db);
    return ok({ id: Number(inserted.rows[0]?.id) }, '提交成功，客户经理将尽快与您联系');
  });

  const requestSelect = (groupId: number) => sql<{
    id: string;
    title: string;
    contact_name: string;
    contact_phone: string;
    credit_code: string | null;
    company_name: string | null;
    remark: string | null;
    status: string;
    created_at: string;
  }>`
    SELECT r.id, d.title, r.contact_name, r.contact_phone, r.credit_code, r.company_name, r.remark, r.status,
           to_char(r.created_at AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI:SS') AS created_at
    FROM data_server_delivery_requests r JOIN data_server_deliveries d ON d.id = r.delivery_id
    WHERE r.group_id = ${groupId}`;
  const presentRequest = (row: Awaited<ReturnType<ReturnType<typeof requestSelect>['execute']>>['rows'][number]) => ({
    id: Number(row.id),
    title: row.title,
    contactName: row.contact_name,
    contactPhone: row.contact_phone,
    creditCode: row.credit_code,
    companyName: row.company_name,
    remark: row.remark,
    status: row.status,
    createdAt: row.created_at,
  });

  app.get(`${BASE}/submitList`, options('本集团提交的数据服务需求', {}), async (request) => {
    const result =
      await sql`${requestSelect(request.session?.groupId ?? 0)} ORDER BY r.created_at DESC LIMIT 100`.execute(app.db);
    return ok(result.rows.map((row) => presentRequest(row as Parameters<typeof presentRequest>[0])));
  });

  app.get(
    `${BASE}/findSubmitInfo`,
    options('一条数据服务需求（仅本集团）', { querystring: z.object({ id }) }),
    async (request) => {
      const { id: requestId } = request.query as { id: number };
      const result = await sql`${requestSelect(request.session?.groupId ?? 0)} AND r.id = ${requestId}`.execute(app.db);
      const row = result.rows[0];
      if (!row) throw new AppError('NOT_FOUND');
      return ok(presentRequest(row as Parameters<typeof presentRequest>[0]));
    },
  );
}
