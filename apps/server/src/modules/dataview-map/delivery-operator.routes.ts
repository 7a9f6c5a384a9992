import { pageQuerySchema, RISK_KINDS } from '@taxlens/shared';
import { sql } from 'kysely';
import { z } from 'zod';
import type { AppInstance } from '../../app.js';
import { notFound } from '../../lib/app-error.js';
import { ok } from '../../lib/envelope.js';
import { operatorAccess } from '../../plugins/access.js';
import { noteAudit } from '../../plugins/operator-audit.js';

const tags = ['operator'];
const REQUEST_STATUSES = ['submitted', 'contacted', 'closed'] as const;

const text = (label: string, max: number) =>
  z
    .string({ error: `请输入${label}` })
    .trim()
    .min(1, `请输入${label}`)
    .max(max, `${label}最多${max}个字`);

const serviceBody = z.object({
  id: z.number().int().positive().optional(),
  title: text('服务名称', 40),
  subheading: text('副标题', 60),
  label: text('标签', 10),
  description: text('服务说明', 1000),
  deliverables: text('交付内容', 300),
  riskKinds: z.array(z.enum(RISK_KINDS, { error: '风险名单不正确' })).max(RISK_KINDS.length),
  sortOrder: z.number({ error: '排序应为整数' }).int('排序应为整数').min(0, '排序不能小于 0').max(9999),
  active: z.boolean(),
});

interface ServiceRow {
  id: string;
  title: string;
  subheading: string;
  label: string;
  description: string;
  deliverables: string;
  risk_kinds: string[];
  sort_order: number;
  active: boolean;
  requests: string;
}

const presentService = (row: ServiceRow) => ({
  id: Number(row.id),
  title: row.title,
  subheading: row.subheading,
  label: row.label,
  description: row.description,
  deliverables: row.deliverables,
  riskKinds: row.risk_kinds,
  sortOrder: row.sort_order,
  active: row.active,
  requests: Number(row.requests),
});

const SERVICE_COLUMNS = sql`d.id, d.title, d.subheading, d.label, d.description, d.deliverables, d.risk_kinds,
  d.sort_order, d.active,
  (SELECT count(*) FROM data_server_delivery_requests r WHERE r.delivery_id = d.id) AS requests`;

/**
 * The operator's side of the data-service catalogue (DataServerDelivery, the products the data
 * view recommends): 内容 edits the catalogue (taking a service off keeps its past requests);
 * 运营 and 内容 follow up the firms' requests. Every change is audited with before and after.
 */
export async function deliveryOperatorRoutes(app: AppInstance) {
  app.get(
    '/api/operator/dataServices/list',
    { config: { access: operatorAccess('content', 'ops') }, schema: { tags, summary: '数据服务目录（含已下架）' } },
    async () => {
      const result = await sql<ServiceRow>`
        SELECT ${SERVICE_COLUMNS} FROM data_server_deliveries d ORDER BY d.sort_order, d.id`.execute(app.db);
      return ok(result.rows.map(presentService));
    },
  );

  app.post(
    '/api/operator/dataServices/save',
    {
      config: { access: operatorAccess('content') },
      schema: { tags, summary: '新增或修改数据服务', body: serviceBody },
    },
    async (request) => {
      const body = request.body as z.infer<typeof serviceBody>;
      const saved = await app.db.transaction().execute(async (tx) => {
        const before = body.id
          ? (
              await sql<ServiceRow>`SELECT ${SERVICE_COLUMNS} FROM data_server_deliveries d
                WHERE d.id = ${body.id} FOR UPDATE OF d`.execute(tx)
            ).rows[0]
          : undefined;
        if (body.id && !before) throw notFound('该数据服务不存在');
        const values = sql`${body.title}, ${body.subheading}, ${body.label}, ${body.description}, ${body.deliverables},
          ${body.riskKinds}::text[], ${body.sortOrder}, ${body.active}`;
        const result = body.id
          ? await sql<{ id: string }>`UPDATE data_server_deliveries
              SET (title, subheading, label, description, deliverables, risk_kinds, sort_order, active) = (${values})
              WHERE id = ${body.id} RETURNING id`.execute(tx)
          : await sql<{ id: string }>`INSERT INTO data_server_deliveries
              (title, subheading, label, description, deliverables, risk_kinds, sort_order, active)
              VALUES (${values}) RETURNING id`.execute(tx);
        return { id: Number(result.rows[0]?.id), before: before ? presentService(before) : null };
      });
      const { id: _id, ...after } = body;
      noteAudit(request, { targetType: 'data_service', targetId: saved.id, before: saved.before, after });
      return ok({ id: saved.id }, '已保存');
    },
  );

  app.get(
    '/api/operator/dataServices/requests',
    {
      config: { access: operatorAccess('ops', 'content') },
      schema: {
        tags,
        summary: '各账户提交的数据服务需求',
        querystring: pageQuerySchema.extend({
          status: z.enum(REQUEST_STATUSES, { error: '状态不正确' }).optional(),
        }),
      },
    },
    async (request) => {
      const { page, size, status } = request.query as { page: number; size: number; status?: string };
      const result = await sql<{
        id: string;
        title: string;
        group_name: string;
        contact_name: string;
        contact_phone: string;
        company_name: string | null;
        credit_code: string | null;
        remark: string | null;
        status: string;
        created_at: string;
        total: string;
      }>`
        SELECT r.id, d.title, g.name AS group_name, r.contact_name, r.contact_phone, r.company_name, r.credit_code,
               r.remark, r.status, count(*) OVER () AS total,
               to_char(r.created_at AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI:SS') AS created_at
        FROM data_server_delivery_requests r
        JOIN data_server_deliveries d ON d.id = r.delivery_id
        JOIN groups g ON g.id = r.group_id
        WHERE ${status ? sql`r.status = ${status}` : sql`true`}
        ORDER BY r.status = 'submitted' DESC, r.created_at DESC
        LIMIT ${size} OFFSET ${(page - 1) * size}`.execute(app.db);
      return ok({
        list: result.rows.map(({ total: _total, ...row }) => ({
          id: Number(row.id),
          title: row.title,
          groupName: row.group_name,
          contactName: row.contact_name,
          contactPhone: row.contact_phone,
          companyName: row.company_name,
          creditCode: row.credit_code,
          remark: row.remark,
          status: row.status,
          createdAt: row.created_at,
        })),
        total: Number(result.rows[0]?.total ?? 0),
        page,
        size,
      });
    },
  );

  const statusBody = z.object({
    id: z.number().int().positive(),
    status: z.enum(REQUEST_STATUSES, { error: '状态不正确' }),
  });
  app.post(
    '/api/operator/dataServices/updateRequest',
    {
      config: { access: operatorAccess('ops', 'content') },
      schema: { tags, summary: '更新数据服务需求的跟进状态', body: statusBody },
    },
    async (request) => {
      const { id, status } = request.body as z.infer<typeof statusBody>;
      const before = await app.db.transaction().execute(async (tx) => {
        const row = (
          await sql<{ status: string }>`SELECT status FROM data_server_delivery_requests
            WHERE id = ${id} FOR UPDATE`.execute(tx)
        ).rows[0];
        if (!row) throw notFound('该需求不存在');
        await sql`UPDATE data_server_delivery_requests SET status = ${status} WHERE id = ${id}`.execute(tx);
        return row.status;
      });
      noteAudit(request, {
        targetType: 'data_service_request',
        targetId: id,
        before: { status: before },
        after: { status },
      });
      return ok(null, '已更新');
    },
  );
}
