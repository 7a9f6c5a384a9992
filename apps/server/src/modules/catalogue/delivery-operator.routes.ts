import {
  pageQuerySchema,
  RISK_KINDS,
  SHOP_FOLLOW_UP_STATUSES,
  SHOP_ITEM_KINDS,
  SHOP_MESSAGES,
  SHOP_REQUEST_KINDS,
  SHOP_REQUEST_STATUSES,
} from '@taxlens/shared';
import { sql } from 'kysely';
import { z } from 'zod';
import type { AppInstance } from '../../app.js';
import { AppError, notFound } from '../../lib/app-error.js';
import { ok } from '../../lib/envelope.js';
import { operatorAccess, sessionOf } from '../../plugins/access.js';
import { noteAudit, writeAudit } from '../../plugins/operator-audit.js';
import { assertImageStored, promotionImageUrl } from '../promotions/promotions.service.js';
import { refundPurchase } from './refund.service.js';

const tags = ['operator'];

const text = (label: string, max: number) =>
  z
    .string({ error: `请输入${label}` })
    .trim()
    .min(1, `请输入${label}`)
    .max(max, `${label}最多${max}个字`);

const serviceBody = z
  .object({
    id: z.number().int().positive().optional(),
    title: text('服务名称', 40),
    subheading: text('副标题', 60),
    label: text('标签', 10),
    description: text('服务说明', 1000),
    deliverables: text('交付内容', 300),
    riskKinds: z.array(z.enum(RISK_KINDS, { error: '风险名单不正确' })).max(RISK_KINDS.length),
    sortOrder: z.number({ error: '排序应为整数' }).int('排序应为整数').min(0, '排序不能小于 0').max(9999),
    active: z.boolean(),
    // Shop fields (migration 0305); a save without them keeps a platform service, inquiry only.
    kind: z.enum(SHOP_ITEM_KINDS, { error: '类型不正确' }).default('platform'),
    priceFen: z
      .number({ error: '价格应为整数分' })
      .int('价格应为整数分')
      .positive('价格必须大于 0')
      .max(100_000_000, '价格不能超过 1000000 元')
      .nullable()
      .default(null),
    partnerName: z.string().trim().max(40, '合作机构最多40个字').nullable().default(null),
    coverImageKey: z.string().max(200).nullable().default(null),
    recommended: z.boolean().default(false),
    grantAsset: z.number().int().min(1, '到账次数类型不正确').max(8, '到账次数类型不正确').nullable().default(null),
    grantCount: z.number().int('次数应为整数').min(1, '次数至少为 1').max(100_000).nullable().default(null),
  })
  .superRefine((body, context) => {
    const issue = (path: string, message: string) => context.addIssue({ code: 'custom', path: [path], message });
    if (body.kind === 'partner' && !body.partnerName) issue('partnerName', '请输入合作机构名称');
    if ((body.grantAsset === null) !== (body.grantCount === null)) issue('grantCount', '到账次数类型与次数须同时填写');
    if (body.grantAsset !== null && body.priceFen === null) issue('priceFen', '到账次数的商品须设置价格');
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
  kind: string;
  price_fen: string | null;
  partner_name: string | null;
  cover_image_key: string | null;
  recommended: boolean;
  grant_asset: number | null;
  grant_count: number | null;
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
  kind: row.kind,
  priceFen: row.price_fen === null ? null : Number(row.price_fen),
  partnerName: row.partner_name,
  coverImageKey: row.cover_image_key,
  coverUrl: row.cover_image_key ? promotionImageUrl(row.cover_image_key) : null,
  recommended: row.recommended,
  grantAsset: row.grant_asset,
  grantCount: row.grant_count,
});

const SERVICE_COLUMNS = sql`d.id, d.title, d.subheading, d.label, d.description, d.deliverables, d.risk_kinds,
  d.sort_order, d.active, d.kind, d.price_fen, d.partner_name, d.cover_image_key, d.recommended, d.grant_asset,
  d.grant_count,
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
      await assertImageStored(app.storage, body.coverImageKey);
      const saved = await app.db.transaction().execute(async (tx) => {
        const before = body.id
          ? (
              await sql<ServiceRow>`SELECT ${SERVICE_COLUMNS} FROM data_server_deliveries d
                WHERE d.id = ${body.id} FOR UPDATE OF d`.execute(tx)
            ).rows[0]
          : undefined;
        if (body.id && !before) throw notFound('该数据服务不存在');
        const values = sql`${body.title}, ${body.subheading}, ${body.label}, ${body.description}, ${body.deliverables},
          ${body.riskKinds}::text[], ${body.sortOrder}, ${body.active}, ${body.kind}, ${body.priceFen},
          ${body.kind === 'partner' ? body.partnerName : null}, ${body.coverImageKey}, ${body.recommended},
          ${body.grantAsset}, ${body.grantCount}`;
        const columns = sql`(title, subheading, label, description, deliverables, risk_kinds, sort_order, active, kind,
          price_fen, partner_name, cover_image_key, recommended, grant_asset, grant_count)`;
        const result = body.id
          ? await sql<{ id: string }>`UPDATE data_server_deliveries SET ${columns} = (${values})
              WHERE id = ${body.id} RETURNING id`.execute(tx)
          : await sql<{ id: string }>`INSERT INTO data_server_deliveries ${columns}
              VALUES (${values}) RETURNING id`.execute(tx);
        return { id: Number(result.rows[0]?.id), before: before ? presentService(before) : null };
      });
      const { id: _id, ...after } = body;
      noteAudit(request, { targetType: 'data_service', targetId: saved.id, before: saved.before, after });
      return ok({ id: saved.id }, '已保存');
    },
  );

  const shelfBody = z.object({ id: z.number().int().positive(), active: z.boolean({ error: '参数错误' }) });
  app.post(
    '/api/operator/dataServices/shelf',
    {
      config: { access: operatorAccess('content') },
      schema: { tags, summary: '上架或下架（下架后客户不再看到，已有订单与咨询保留）', body: shelfBody },
    },
    async (request) => {
      const { id, active } = request.body as z.infer<typeof shelfBody>;
      const before = await app.db.transaction().execute(async (tx) => {
        const row = (
          await sql<{ active: boolean }>`SELECT active FROM data_server_deliveries WHERE id = ${id} FOR UPDATE`.execute(
            tx,
          )
        ).rows[0];
        if (!row) throw notFound('该数据服务不存在');
        await sql`UPDATE data_server_deliveries SET active = ${active} WHERE id = ${id}`.execute(tx);
        return row.active;
      });
      noteAudit(request, { targetType: 'data_service', targetId: id, before: { active: before }, after: { active } });
      return ok(null, active ? '已上架' : '已下架');
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
          status: z.enum(SHOP_REQUEST_STATUSES, { error: '状态不正确' }).optional(),
          kind: z.enum(SHOP_REQUEST_KINDS, { error: '类型不正确' }).optional(),
        }),
      },
    },
    async (request) => {
      const { page, size, status, kind } = request.query as {
        page: number;
        size: number;
        status?: string;
        kind?: string;
      };
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
        kind: string;
        item_kind: string;
        order_no: string | null;
        price_fen: string | null;
        refund_reason: string | null;
      }>`
        SELECT r.id, d.title, g.name AS group_name, r.contact_name, r.contact_phone, r.company_name, r.credit_code,
               r.remark, r.status, count(*) OVER () AS total, r.kind, d.kind AS item_kind, r.order_no, r.price_fen,
               r.refund_reason, to_char(r.created_at AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI:SS') AS created_at
        FROM data_server_delivery_requests r
        JOIN data_server_deliveries d ON d.id = r.delivery_id
        JOIN groups g ON g.id = r.group_id
        WHERE ${status ? sql`r.status = ${status}` : sql`true`} AND ${kind ? sql`r.kind = ${kind}` : sql`true`}
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
          kind: row.kind,
          itemKind: row.item_kind,
          orderNo: row.order_no,
          priceFen: row.price_fen === null ? null : Number(row.price_fen),
          refundReason: row.refund_reason,
        })),
        total: Number(result.rows[0]?.total ?? 0),
        page,
        size,
      });
    },
  );

  const statusBody = z.object({
    id: z.number().int().positive(),
    status: z.enum(SHOP_FOLLOW_UP_STATUSES, { error: '状态不正确' }),
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
        if (row.status === 'refunded') throw new AppError('VALIDATION', SHOP_MESSAGES.refundedLocked);
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

  const refundBody = z.object({
    id: z.number().int().positive(),
    reason: text('退款原因', 200),
  });
  app.post(
    '/api/operator/dataServices/refund',
    {
      // 运营 like the other customer-facing follow-ups; the money goes back to the wallet, not by bank.
      config: { access: operatorAccess('ops') },
      schema: { tags, summary: '商城订单退款：退回余额（记流水），收回未用的次数，订单标为已退款', body: refundBody },
    },
    async (request) => {
      const body = request.body as z.infer<typeof refundBody>;
      const refunded = await refundPurchase(app.db, sessionOf(request).userId, body, (tx, note) =>
        writeAudit(tx, request, note),
      );
      return ok(refunded, SHOP_MESSAGES.refunded);
    },
  );
}
