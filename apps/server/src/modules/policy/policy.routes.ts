import { pageQuerySchema } from '@taxlens/shared';
import { sql } from 'kysely';
import { z } from 'zod';
import type { AppInstance } from '../../app.js';
import { forbidden, notFound } from '../../lib/app-error.js';
import { ok } from '../../lib/envelope.js';
import type { RouteAccess } from '../../plugins/access.js';
import { POLICY_COLUMNS as columns, searchPolicies } from './policy-query.js';

const tags = ['policy'];
const SIGNED_IN: RouteAccess = { permission: null };
const STATUSES = ['有效', '失效', '部分失效'] as const;
export const FULL_TEXT_DENIED = '当前用户没有权限，请联系管理员';

const listQuery = pageQuerySchema.extend({
  keyword: z.string().trim().max(50, '关键词最多50个字').optional(),
  taxKind: z.string().trim().max(20).optional(),
  status: z.enum(STATUSES, { error: '状态应为有效、失效或部分失效' }).optional(),
  year: z.coerce.number().int().min(1950, '年份不正确').max(2100, '年份不正确').optional(),
  region: z
    .string()
    .regex(/^\d{6}$/, '地区代码应为6位数字')
    .optional(),
});
const idQuery = z.object({ id: z.coerce.number().int().positive('文件编号不正确') });

/** taxLawPolicyDatabasePermission 1: the full-text library (/policy2); 0: titles and summaries (/policy). */
const fullTextOf = (request: { session: { user: { tax_law_policy_database_permission: number | null } } | null }) =>
  (request.session?.user.tax_law_policy_database_permission ?? 0) === 1;

/** The tax policy library: search, filters, detail with articles and related documents, operator import. */
export async function policyRoutes(app: AppInstance) {
  app.get(
    '/api/PolicyInfo/findList',
    { config: { access: SIGNED_IN }, schema: { tags, summary: '税收政策检索', querystring: listQuery } },
    async (request) => ok(await searchPolicies(app.db, { ...request.query, fullText: fullTextOf(request) })),
  );

  app.get(
    '/api/PolicyInfo/findTaxKinds',
    { config: { access: SIGNED_IN }, schema: { tags, summary: '政策文件税种' } },
    async () => {
      const rows = await app.db
        .selectFrom('policy_documents')
        .select('tax_kind')
        .distinct()
        .orderBy('tax_kind')
        .execute();
      return ok(rows.map((row) => row.tax_kind));
    },
  );

  app.get(
    '/api/PolicyInfo/findDetail',
    { config: { access: SIGNED_IN }, schema: { tags, summary: '政策文件详情', querystring: idQuery } },
    async (request) => {
      const document = await app.db
        .selectFrom('policy_documents as d')
        .select(columns)
        .where('d.id', '=', request.query.id)
        .executeTakeFirst();
      if (!document) throw notFound('该政策文件不存在');
      const related = await app.db
        .selectFrom('policy_documents as d')
        .select(columns)
        .where('d.tax_kind', '=', document.taxKind)
        .where('d.id', '!=', document.id)
        .orderBy(sql`abs(d.issued_on - ${document.issuedOn}::date)`)
        .limit(5)
        .execute();
      return ok({ ...document, related, fullText: fullTextOf(request) });
    },
  );

  app.get(
    '/api/PolicyInfo/findArticles',
    { config: { access: SIGNED_IN }, schema: { tags, summary: '政策文件全文（条款）', querystring: idQuery } },
    async (request) => {
      if (!fullTextOf(request)) throw forbidden(FULL_TEXT_DENIED);
      const articles = await app.db
        .selectFrom('policy_articles')
        .select(['seq', 'heading', 'body'])
        .where('document_id', '=', request.query.id)
        .orderBy('seq')
        .execute();
      if (articles.length === 0) throw notFound('该政策文件不存在');
      return ok(articles);
    },
  );

  // Report findings cite their basis by 文号; the report links each one the library holds. The
  // pairs 文号 → document are public metadata (a shared report is read without signing in).
  app.get(
    '/api/PolicyInfo/findByDocNos',
    {
      config: { access: { public: true } },
      schema: {
        tags,
        summary: '按文号查找政策文件（报告依据链接）',
        querystring: z.object({
          docNos: z
            .string()
            .max(4000)
            .transform((value) =>
              [
                ...new Set(
                  value
                    .split('|')
                    .map((item) => item.trim())
                    .filter(Boolean),
                ),
              ].slice(0, 50),
            ),
        }),
      },
    },
    async (request) => {
      if (request.query.docNos.length === 0) return ok([]);
      const rows = await app.db
        .selectFrom('policy_documents')
        .select([sql<number>`id::int`.as('id'), 'doc_no as docNo', 'title'])
        .where('doc_no', 'in', request.query.docNos)
        .orderBy('issued_on', 'desc')
        .execute();
      return ok(rows);
    },
  );
}
