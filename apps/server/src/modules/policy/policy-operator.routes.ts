import { pageQuerySchema } from '@taxlens/shared';
import { sql } from 'kysely';
import { z } from 'zod';
import type { AppInstance } from '../../app.js';
import { AppError, notFound } from '../../lib/app-error.js';
import { ok } from '../../lib/envelope.js';
import { operatorAccess } from '../../plugins/access.js';
import { noteAudit } from '../../plugins/operator-audit.js';
import { readPolicyFile } from './policy-files.js';
import { importBody, insertPolicyDocument, POLICY_STATUSES, type PolicyImport } from './policy-import.js';
import { POLICY_COLUMNS } from './policy-query.js';
import { reindexPolicyDocument } from './policy-search.js';

const tags = ['policy'];
const CONTENT = operatorAccess('content');
const POLICY_FILE_MAX_BYTES = 20 * 1024 * 1024;

/** The first message of a failed parse, for a clear Chinese answer. */
function parsed<T>(schema: z.ZodType<T>, value: unknown): T {
  const result = schema.safeParse(value);
  if (!result.success) throw new AppError('VALIDATION', result.error.issues[0]?.message ?? '参数不正确');
  return result.data;
}

/**
 * Operator console (内容) for the policy library: import by JSON body or by file upload (docx via
 * mammoth, html, txt, or a json file of the import shape), list, change a document's status, delete.
 */
export async function policyOperatorRoutes(app: AppInstance) {
  const store = async (request: Parameters<typeof noteAudit>[0], body: PolicyImport) => {
    const result = await app.db.transaction().execute((tx) => insertPolicyDocument(tx, body));
    noteAudit(request, {
      targetType: 'policy_document',
      targetId: result.id,
      after: { docNo: body.docNo, title: body.title },
    });
    return result;
  };

  app.post(
    '/api/operator/policy/import',
    { config: { access: CONTENT }, schema: { tags, summary: '导入政策文件（含全文）', body: importBody } },
    async (request) => ok(await store(request, request.body)),
  );

  app.post(
    '/api/operator/policy/upload',
    { config: { access: CONTENT }, schema: { tags, summary: '上传政策文件（docx、html、txt、json）' } },
    async (request) => {
      const fields: Record<string, string> = {};
      let file: { name: string; bytes: Buffer } | null = null;
      try {
        for await (const part of request.parts({ limits: { files: 1, fileSize: POLICY_FILE_MAX_BYTES } })) {
          if (part.type === 'file') file = { name: part.filename, bytes: await part.toBuffer() };
          else fields[part.fieldname] = String(part.value);
        }
      } catch (error) {
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
          throw new AppError('PAYLOAD_TOO_LARGE', '政策文件不可超过20MB');
        throw error;
      }
      if (!file || file.bytes.length === 0) throw new AppError('VALIDATION', '请选择政策文件');
      const content = await readPolicyFile(file.name, file.bytes);
      const metadata = Object.fromEntries(Object.entries(fields).filter(([, value]) => value.trim() !== ''));
      const body =
        content.kind === 'json'
          ? parsed(importBody, { ...(content.json as object), ...metadata })
          : parsed(importBody, { ...metadata, text: content.text });
      return ok({ ...(await store(request, body)), kind: content.kind });
    },
  );

  app.get(
    '/api/operator/policy/list',
    {
      config: { access: CONTENT },
      schema: {
        tags,
        summary: '政策文件列表（运营）',
        querystring: pageQuerySchema.extend({ keyword: z.string().trim().max(50).optional() }),
      },
    },
    async (request) => {
      const { page, size, keyword } = request.query;
      let query = app.db
        .selectFrom('policy_documents as d')
        .select([
          ...POLICY_COLUMNS,
          sql<number>`(SELECT count(*)::int FROM policy_articles a WHERE a.document_id = d.id)`.as('articles'),
          sql<string>`count(*) OVER ()`.as('total'),
        ]);
      if (keyword)
        query = query.where(sql<boolean>`strpos(d.head_text, ${keyword.replace(/\s+/g, '').toLowerCase()}) > 0`);
      const rows = await query
        .orderBy('d.created_at', 'desc')
        .orderBy('d.id', 'desc')
        .limit(size)
        .offset((page - 1) * size)
        .execute();
      return ok({ list: rows.map(({ total: _total, ...row }) => row), total: Number(rows[0]?.total ?? 0), page, size });
    },
  );

  app.post(
    '/api/operator/policy/setStatus',
    {
      config: { access: CONTENT },
      schema: {
        tags,
        summary: '修改政策文件的效力状态',
        body: z.object({
          id: z.number().int().positive(),
          status: z.enum(POLICY_STATUSES, { error: '状态应为有效、失效或部分失效' }),
        }),
      },
    },
    async (request) => {
      const { id, status } = request.body;
      const before = await app.db.transaction().execute(async (tx) => {
        const row = await tx
          .selectFrom('policy_documents')
          .select('status')
          .where('id', '=', id)
          .forUpdate()
          .executeTakeFirst();
        if (!row) throw notFound('该政策文件不存在');
        await tx.updateTable('policy_documents').set({ status }).where('id', '=', id).execute();
        await reindexPolicyDocument(tx, id);
        return row.status;
      });
      noteAudit(request, {
        targetType: 'policy_document',
        targetId: id,
        before: { status: before },
        after: { status },
      });
      return ok(null);
    },
  );

  app.post(
    '/api/operator/policy/delete',
    {
      config: { access: CONTENT },
      schema: { tags, summary: '删除政策文件', body: z.object({ id: z.number().int().positive() }) },
    },
    async (request) => {
      const row = await app.db
        .deleteFrom('policy_documents')
        .where('id', '=', request.body.id)
        .returning(['doc_no', 'title'])
        .executeTakeFirst();
      if (!row) throw notFound('该政策文件不存在');
      noteAudit(request, { targetType: 'policy_document', targetId: request.body.id, before: row });
      return ok(null);
    },
  );
}
