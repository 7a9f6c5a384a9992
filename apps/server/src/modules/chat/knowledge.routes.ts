import { cannedReplySaveSchema, knowledgeSaveSchema } from '@taxlens/shared';
import { z } from 'zod';
import type { AppInstance } from '../../app.js';
import { notFound } from '../../lib/app-error.js';
import { ok } from '../../lib/envelope.js';
import { operatorAccess, sessionOf } from '../../plugins/access.js';
import { noteAudit } from '../../plugins/operator-audit.js';
import { reindexKnowledge, retrieve } from './retrieval.js';

const tags = ['operator-chat'];
/** The assistant's FAQ is kept by the agents (客服) and the content editors (内容). */
const KNOWLEDGE = operatorAccess('support', 'content');
const SUPPORT = operatorAccess('support');
const idBody = z.object({ id: z.coerce.number().int().positive() });

/** The assistant's knowledge base (FAQ and help entries) and the agents' canned replies. */
export async function chatKnowledgeRoutes(app: AppInstance) {
  app.get(
    '/api/operator/chatKnowledge/list',
    {
      config: { access: KNOWLEDGE },
      schema: {
        tags,
        summary: '知识库条目',
        querystring: z.object({
          kind: z.enum(['faq', 'help']).optional(),
          keyword: z.string().trim().max(50).optional(),
        }),
      },
    },
    async (request) => {
      let query = app.db.selectFrom('chat_knowledge').selectAll().orderBy('kind').orderBy('id', 'desc');
      if (request.query.kind) query = query.where('kind', '=', request.query.kind);
      if (request.query.keyword) {
        const like = `%${request.query.keyword.replace(/[\\%_]/g, '\\$&')}%`;
        query = query.where((eb) =>
          eb.or([eb('question', 'like', like), eb('answer', 'like', like), eb('keywords', 'like', like)]),
        );
      }
      const rows = await query.limit(500).execute();
      return ok(
        rows.map((row) => ({
          id: Number(row.id),
          kind: row.kind,
          question: row.question,
          answer: row.answer,
          keywords: row.keywords,
          link: row.link,
          enabled: row.enabled,
          updatedAt: row.updated_at.toISOString(),
        })),
      );
    },
  );

  app.post(
    '/api/operator/chatKnowledge/save',
    {
      config: { access: KNOWLEDGE },
      schema: { tags, summary: '新增或修改知识库条目（也用于把客服回答存入知识库）', body: knowledgeSaveSchema },
    },
    async (request) => {
      const session = sessionOf(request);
      const { id, ...entry } = request.body;
      const values = { ...entry, link: entry.link || null, updated_by: session.userId, updated_at: new Date() };
      const saved = await app.db.transaction().execute(async (tx) => {
        const row = id
          ? await tx.updateTable('chat_knowledge').set(values).where('id', '=', id).returning('id').executeTakeFirst()
          : await tx
              .insertInto('chat_knowledge')
              .values({ ...values, kind: 'faq' })
              .returning('id')
              .executeTakeFirst();
        if (!row) throw notFound('该知识条目不存在');
        await reindexKnowledge(tx, Number(row.id));
        return Number(row.id);
      });
      noteAudit(request, { targetType: 'chat_knowledge', targetId: String(saved) });
      return ok({ id: saved });
    },
  );

  app.post(
    '/api/operator/chatKnowledge/delete',
    { config: { access: KNOWLEDGE }, schema: { tags, summary: '删除知识库条目', body: idBody } },
    async (request) => {
      const row = await app.db
        .deleteFrom('chat_knowledge')
        .where('id', '=', request.body.id)
        .returning('id')
        .executeTakeFirst();
      if (!row) throw notFound('该知识条目不存在');
      return ok(null);
    },
  );

  app.get(
    '/api/operator/chatKnowledge/try',
    {
      config: { access: KNOWLEDGE },
      schema: {
        tags,
        summary: '试问：助手会检索到哪些资料',
        querystring: z.object({ question: z.string().trim().min(1).max(500) }),
      },
    },
    async (request) => ok(await retrieve(app.db, request.query.question, 5)),
  );

  app.get(
    '/api/operator/chat/canned',
    { config: { access: SUPPORT }, schema: { tags, summary: '快捷回复' } },
    async () => {
      const rows = await app.db
        .selectFrom('chat_canned_replies')
        .select(['id', 'title', 'body'])
        .orderBy('id')
        .execute();
      return ok(rows.map((row) => ({ ...row, id: Number(row.id) })));
    },
  );

  app.post(
    '/api/operator/chat/canned/save',
    { config: { access: SUPPORT }, schema: { tags, summary: '保存快捷回复', body: cannedReplySaveSchema } },
    async (request) => {
      const { id, ...values } = request.body;
      const row = id
        ? await app.db
            .updateTable('chat_canned_replies')
            .set({ ...values, updated_at: new Date() })
            .where('id', '=', id)
            .returning('id')
            .executeTakeFirst()
        : await app.db.insertInto('chat_canned_replies').values(values).returning('id').executeTakeFirst();
      if (!row) throw notFound('该快捷回复不存在');
      return ok({ id: Number(row.id) });
    },
  );

  app.post(
    '/api/operator/chat/canned/delete',
    { config: { access: SUPPORT }, schema: { tags, summary: '删除快捷回复', body: idBody } },
    async (request) => {
      const row = await app.db
        .deleteFrom('chat_canned_replies')
        .where('id', '=', request.body.id)
        .returning('id')
        .executeTakeFirst();
      if (!row) throw notFound('该快捷回复不存在');
      return ok(null);
    },
  );
}
