import {
  INSURANCE_QUOTE_STATUSES,
  insuranceQuoteSchema,
  insuranceQuoteUpdateSchema,
  pageQuerySchema,
} from '@taxlens/shared';
import { sql } from 'kysely';
import { z } from 'zod';
import type { AppInstance } from '../../app.js';
import type { Db } from '../../db/kysely.js';
import { notFound } from '../../lib/app-error.js';
import { ok } from '../../lib/envelope.js';
import { operatorAccess, type RouteAccess, sessionOf } from '../../plugins/access.js';
import { noteAudit } from '../../plugins/operator-audit.js';

const tags = ['insurance'];
const SIGNED_IN: RouteAccess = { permission: null };
const idQuery = z.object({ id: z.coerce.number().int().positive('申请编号不正确') });

const quoteColumns = (db: Db) =>
  db
    .selectFrom('insurance_quote_requests as q')
    .select([
      sql<number>`q.id::int`.as('id'),
      'q.firm_name as firmName',
      'q.contact_name as contactName',
      'q.phone',
      sql<number>`q.annual_revenue_fen::float8`.as('annualRevenueFen'),
      'q.staff_count as staffCount',
      sql<number>`q.per_claim_limit_fen::float8`.as('perClaimLimitFen'),
      sql<number>`q.aggregate_limit_fen::float8`.as('aggregateLimitFen'),
      'q.services',
      'q.claims_last_3_years as claimsLast3Years',
      'q.note',
      'q.status',
      'q.operator_note as operatorNote',
      sql<string>`to_char(q.created_at AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI:SS')`.as('createdAt'),
      sql<string | null>`to_char(q.handled_at AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI:SS')`.as('handledAt'),
    ]);

/**
 * /insurance: a firm's quote request for professional liability insurance reaches the operator
 * console, where 运营/内容 staff follow it up (status + note, audited). A firm sees its own group's
 * requests only; another group's request is 404.
 */
export async function insuranceRoutes(app: AppInstance) {
  app.post(
    '/api/insurance/quote',
    { config: { access: SIGNED_IN }, schema: { tags, summary: '提交职业责任保险询价', body: insuranceQuoteSchema } },
    async (request) => {
      const session = sessionOf(request);
      const body = request.body;
      const row = await app.db
        .insertInto('insurance_quote_requests')
        .values({
          group_id: session.groupId as number,
          user_id: session.userId,
          firm_name: body.firmName,
          contact_name: body.contactName,
          phone: body.phone,
          annual_revenue_fen: body.annualRevenueFen,
          staff_count: body.staffCount,
          per_claim_limit_fen: body.perClaimLimitFen,
          aggregate_limit_fen: body.aggregateLimitFen,
          services: body.services,
          claims_last_3_years: body.claimsLast3Years,
          note: body.note,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return ok({ id: Number(row.id) }, '询价已提交，工作人员将在1个工作日内与您联系');
    },
  );

  app.get(
    '/api/insurance/myQuotes',
    { config: { access: SIGNED_IN }, schema: { tags, summary: '本机构的保险询价记录' } },
    async (request) => {
      const session = sessionOf(request);
      const rows = await quoteColumns(app.db)
        .where('q.group_id', '=', session.groupId as number)
        .orderBy('q.created_at', 'desc')
        .limit(50)
        .execute();
      return ok(rows);
    },
  );

  app.get(
    '/api/insurance/quoteDetail',
    { config: { access: SIGNED_IN }, schema: { tags, summary: '保险询价详情', querystring: idQuery } },
    async (request) => {
      const session = sessionOf(request);
      const row = await quoteColumns(app.db)
        .where('q.id', '=', request.query.id)
        .where('q.group_id', '=', session.groupId as number)
        .executeTakeFirst();
      if (!row) throw notFound('该询价记录不存在');
      return ok(row);
    },
  );

  app.get(
    '/api/operator/insurance/quotes',
    {
      config: { access: operatorAccess('ops', 'content') },
      schema: {
        tags,
        summary: '保险询价列表',
        querystring: pageQuerySchema.extend({
          status: z.enum(INSURANCE_QUOTE_STATUSES, { error: '状态应为待处理、已联系、已报价或已关闭' }).optional(),
        }),
      },
    },
    async (request) => {
      const { page, size, status } = request.query;
      let query = quoteColumns(app.db)
        .innerJoin('groups as g', 'g.id', 'q.group_id')
        .select(['g.name as groupName', sql<string>`count(*) OVER ()`.as('total')]);
      if (status) query = query.where('q.status', '=', status);
      const rows = await query
        .orderBy(sql`q.status = '待处理'`, 'desc')
        .orderBy('q.created_at', 'desc')
        .limit(size)
        .offset((page - 1) * size)
        .execute();
      return ok({
        list: rows.map(({ total: _total, ...row }) => row),
        total: Number(rows[0]?.total ?? 0),
        page,
        size,
      });
    },
  );

  app.post(
    '/api/operator/insurance/update',
    {
      config: { access: operatorAccess('ops', 'content') },
      schema: { tags, summary: '更新保险询价的处理状态', body: insuranceQuoteUpdateSchema },
    },
    async (request) => {
      const session = sessionOf(request);
      const { id, status, operatorNote } = request.body;
      const result = await app.db.transaction().execute(async (tx) => {
        const before = await tx
          .selectFrom('insurance_quote_requests')
          .select(['status', 'operator_note'])
          .where('id', '=', id)
          .forUpdate()
          .executeTakeFirst();
        if (!before) throw notFound('该询价记录不存在');
        await tx
          .updateTable('insurance_quote_requests')
          .set({ status, operator_note: operatorNote, handled_by: session.userId, handled_at: new Date() })
          .where('id', '=', id)
          .execute();
        return before;
      });
      noteAudit(request, {
        targetType: 'insurance_quote',
        targetId: id,
        before: { status: result.status, operatorNote: result.operator_note },
        after: { status, operatorNote },
      });
      return ok(null, '已更新');
    },
  );
}
