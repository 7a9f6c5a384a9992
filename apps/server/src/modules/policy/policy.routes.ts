import { pageQuerySchema } from '@taxlens/shared';
import { sql } from 'kysely';
import { z } from 'zod';
import type { AppInstance } from '../../app.js';
import { AppError, forbidden, notFound } from '../../lib/app-error.js';
import { ok } from '../../lib/envelope.js';
import { operatorAccess, type RouteAccess } from '../../plugins/access.js';
import { noteAudit } from '../../plugins/operator-audit.js';
import { POLICY_COLUMNS as columns, searchPolicies } from './policy-query.js';
import { articlesFromText, reindexPolicyDocument } from './policy-search.js';

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

const importBody = z
  .object({
    docNo: z.string().trim().min(1, '请填写文号').max(80),
    title: z.string().trim().min(1, '请填写标题').max(200),
    issuer: z.string().trim().min(1, '请填写发文机关').max(100),
    issuedOn: z.iso.date('发文日期格式应为YYYY-MM-DD'),
    effectiveOn: z.iso.date('施行日期格式应为YYYY-MM-DD').optional(),
    taxKind: z.string().trim().min(1, '请填写税种').max(20),
    regionCode: z
      .string()
      .regex(/^\d{6}$/, '地区代码应为6位数字')
      .default('000000'),
    status: z.enum(STATUSES, { error: '状态应为有效、失效或部分失效' }),
    summary: z.string().trim().min(1, '请填写摘要').max(2000),
    source: z.string().trim().min(1, '请填写来源').max(200),
    articles: z.array(z.object({ heading: z.string().trim().max(100), body: z.string().trim().min(1) })).optional(),
    text: z.string().max(2_000_000).optional(),
  })
  .refine((body) => (body.articles?.length ?? 0) > 0 || Boolean(body.text?.trim()), {
    message: '请提供正文（条款列表或全文）',
    path: ['text'],
  });

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

  app.post(
    '/api/operator/policy/import',
    {
      config: { access: operatorAccess('content') },
      schema: { tags, summary: '导入政策文件（含全文）', body: importBody },
    },
    async (request) => {
      const body = request.body;
      const articles = body.articles?.length ? body.articles : articlesFromText(body.text ?? '');
      const id = await app.db.transaction().execute(async (tx) => {
        const existing = await tx
          .selectFrom('policy_documents')
          .select('id')
          .where('doc_no', '=', body.docNo)
          .where('title', '=', body.title)
          .executeTakeFirst();
        if (existing) throw new AppError('CONFLICT', '该文号与标题的文件已存在');
        const row = await tx
          .insertInto('policy_documents')
          .values({
            doc_no: body.docNo,
            title: body.title,
            issuer: body.issuer,
            issued_on: body.issuedOn,
            effective_on: body.effectiveOn ?? null,
            tax_kind: body.taxKind,
            region_code: body.regionCode,
            status: body.status,
            summary: body.summary,
            source: body.source,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await tx
          .insertInto('policy_articles')
          .values(
            articles.map((article, index) => ({
              document_id: row.id,
              seq: index + 1,
              heading: article.heading,
              body: article.body,
            })),
          )
          .execute();
        await reindexPolicyDocument(tx, Number(row.id));
        return Number(row.id);
      });
      noteAudit(request, {
        targetType: 'policy_document',
        targetId: id,
        after: { docNo: body.docNo, title: body.title },
      });
      return ok({ id, articles: articles.length });
    },
  );
}
