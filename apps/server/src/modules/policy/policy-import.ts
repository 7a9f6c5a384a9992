import { z } from 'zod';
import type { DbOrTx } from '../../db/kysely.js';
import { AppError } from '../../lib/app-error.js';
import { articlesFromText, reindexPolicyDocument } from './policy-search.js';

export const POLICY_STATUSES = ['有效', '失效', '部分失效'] as const;

/** A document to import: its metadata and either its articles or its full text. */
export const importBody = z
  .object({
    docNo: z.string({ error: '请填写文号' }).trim().min(1, '请填写文号').max(80),
    title: z.string({ error: '请填写标题' }).trim().min(1, '请填写标题').max(200),
    issuer: z.string({ error: '请填写发文机关' }).trim().min(1, '请填写发文机关').max(100),
    issuedOn: z.iso.date({ error: '请填写发文日期（YYYY-MM-DD）' }),
    effectiveOn: z.iso.date('施行日期格式应为YYYY-MM-DD').optional(),
    taxKind: z.string({ error: '请填写税种' }).trim().min(1, '请填写税种').max(20),
    regionCode: z
      .string()
      .regex(/^\d{6}$/, '地区代码应为6位数字')
      .default('000000'),
    status: z.enum(POLICY_STATUSES, { error: '状态应为有效、失效或部分失效' }),
    summary: z.string({ error: '请填写摘要' }).trim().min(1, '请填写摘要').max(2000),
    source: z.string({ error: '请填写来源' }).trim().min(1, '请填写来源').max(200),
    articles: z.array(z.object({ heading: z.string().trim().max(100), body: z.string().trim().min(1) })).optional(),
    text: z.string().max(2_000_000).optional(),
  })
  .refine((body) => (body.articles?.length ?? 0) > 0 || Boolean(body.text?.trim()), {
    message: '请提供正文（条款列表或全文）',
    path: ['text'],
  });

export type PolicyImport = z.infer<typeof importBody>;

/**
 * Stores one document with its articles (plain text is split at 第…条) and indexes it; the same
 * 文号 and title twice is refused. Returns the id and the number of articles.
 */
export async function insertPolicyDocument(tx: DbOrTx, body: PolicyImport): Promise<{ id: number; articles: number }> {
  const articles = body.articles?.length ? body.articles : articlesFromText(body.text ?? '');
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
  return { id: Number(row.id), articles: articles.length };
}
