import { CHAT_MESSAGES, chatRecordSchema, chatSendSchema, serviceHoursSaveSchema } from '@taxlens/shared';
import { sql } from 'kysely';
import { z } from 'zod';
import type { AppInstance } from '../../app.js';
import type { DbOrTx } from '../../db/kysely.js';
import { AppError } from '../../lib/app-error.js';
import { envelope, ok } from '../../lib/envelope.js';
import { operatorAccess, sessionOf } from '../../plugins/access.js';
import { agentQueue } from './agent-queue.js';
import { chatFileOf, receiveChatFile } from './chat-files.js';
import { sendChatFile } from './chat-send-file.js';
import {
  addMessage,
  agentIds,
  announce,
  botLine,
  type Conversation,
  conversationById,
  messageQuery,
  present,
} from './conversations.js';
import { checkAttachment } from './messages.js';
import { saveHours, serviceHours } from './service-hours.js';

const tags = ['operator-chat'];
const SUPPORT = operatorAccess('support');
const idBody = z.object({ id: z.coerce.number().int().positive() });

/** Only the agent who holds the conversation (or a 管理员) replies, transfers or closes it. */
function mustHold(
  conversation: Conversation,
  session: { userId: number; operatorRoles: string[]; isOperator: boolean },
) {
  if (conversation.state === 'closed') throw new AppError('CONFLICT', CHAT_MESSAGES.closed);
  const admin = session.operatorRoles.includes('admin');
  if (conversation.state !== 'human' || (conversation.agent_id !== session.userId && !admin))
    throw new AppError('CONFLICT', CHAT_MESSAGES.notYours);
}

async function markAgentRead(db: DbOrTx, conversationId: number) {
  await sql`UPDATE chat_conversations SET agent_read_id = coalesce((SELECT max(id) FROM chat_messages WHERE conversation_id = ${conversationId}), 0)
            WHERE id = ${conversationId}`.execute(db);
}

/** The agent console of the chat (issue 17): queue, claim, reply, transfer, close, canned replies, hours. */
export async function chatAgentRoutes(app: AppInstance) {
  app.get(
    '/api/operator/chat/queue',
    {
      config: { access: SUPPORT },
      schema: {
        tags,
        summary: '客服会话队列',
        querystring: z.object({ filter: z.enum(['open', 'waiting', 'mine', 'closed']).default('open') }),
      },
    },
    async (request) => {
      const list = await agentQueue(app.db, sessionOf(request).userId, request.query.filter);
      return ok({
        list,
        unread: list.filter((row) => row.state === 'waiting' || row.mine).reduce((sum, row) => sum + row.unread, 0),
      });
    },
  );

  app.get(
    '/api/operator/chat/messages',
    { config: { access: SUPPORT }, schema: { tags, summary: '会话全部消息（含智能助手问答）', querystring: idBody } },
    async (request) => {
      const session = sessionOf(request);
      const conversation = await conversationById(app.db, request.query.id);
      const rows = await messageQuery(app.db)
        .where('m.conversation_id', '=', conversation.id)
        .orderBy('m.id', 'asc')
        .execute();
      if (conversation.agent_id === session.userId) await markAgentRead(app.db, conversation.id);
      return ok({
        state: conversation.state,
        agentId: conversation.agent_id,
        records: rows.map((row) => present(row, 'agent')),
      });
    },
  );

  app.post(
    '/api/operator/chat/claim',
    { config: { access: SUPPORT }, schema: { tags, summary: '接待排队中的会话', body: idBody } },
    async (request) => {
      const session = sessionOf(request);
      return ok(
        await app.db.transaction().execute(async (tx) => {
          const conversation = await conversationById(tx, request.body.id);
          const claimed = await tx
            .updateTable('chat_conversations')
            .set({ state: 'human', agent_id: session.userId, claimed_at: new Date() })
            .where('id', '=', conversation.id)
            .where('state', '=', 'waiting')
            .returning('id')
            .executeTakeFirst();
          if (!claimed)
            throw new AppError(
              'CONFLICT',
              conversation.state === 'human' ? CHAT_MESSAGES.notYours : CHAT_MESSAGES.notWaiting,
            );
          const claimedNow = { ...conversation, state: 'human' as const, agent_id: session.userId };
          const id = await botLine(tx, claimedNow, 'human', '人工客服已接入，请问有什么可以帮您？');
          await markAgentRead(tx, conversation.id);
          await announce(tx, claimedNow, id);
          return { state: 'human' };
        }),
      );
    },
  );

  app.post(
    '/api/operator/chat/reply',
    {
      config: { access: SUPPORT },
      schema: {
        tags,
        summary: '客服回复（文字、表情、图片、文件）',
        body: chatSendSchema.and(idBody),
        response: { 200: envelope(chatRecordSchema) },
      },
    },
    async (request) => {
      const session = sessionOf(request);
      const body = request.body;
      return ok(
        await app.db.transaction().execute(async (tx) => {
          const conversation = await conversationById(tx, body.id);
          mustHold(conversation, session);
          const extend = await checkAttachment(tx, body, conversation.group_id);
          const id = await addMessage(tx, conversation, {
            channel: 'human',
            author: 'agent',
            userId: session.userId,
            sendIdentity: 0,
            msgType: body.msgType,
            msgContent: body.msgType === 0 ? body.msgContent.trim() : body.msgContent,
            countentExtend: extend,
          });
          await markAgentRead(tx, conversation.id);
          await announce(tx, conversation, id);
          return present(await messageQuery(tx).where('m.id', '=', id).executeTakeFirstOrThrow(), 'agent');
        }),
      );
    },
  );

  app.post(
    '/api/operator/chat/upload',
    {
      config: { access: SUPPORT },
      schema: { tags, summary: '客服上传图片或文件（字段 conversationId、kind 在文件之前）' },
    },
    async (request) => {
      const session = sessionOf(request);
      return ok(
        await receiveChatFile(request, { db: app.db, storage: app.storage }, async (field) => {
          const conversation = await conversationById(app.db, Number(field('conversationId') ?? 0) || 0);
          mustHold(conversation, session);
          return { groupId: conversation.group_id, userId: session.userId };
        }),
      );
    },
  );

  app.get(
    '/api/operator/chat/file/:id',
    {
      config: { access: SUPPORT },
      schema: { tags, summary: '聊天文件', params: z.object({ id: z.coerce.number().int().positive() }) },
    },
    async (request, reply) => sendChatFile(reply, app.storage, await chatFileOf(app.db, request.params.id, null)),
  );

  app.post(
    '/api/operator/chat/transfer',
    {
      config: { access: SUPPORT },
      schema: { tags, summary: '转给其他客服', body: idBody.extend({ agentId: z.coerce.number().int().positive() }) },
    },
    async (request) => {
      const session = sessionOf(request);
      await app.db.transaction().execute(async (tx) => {
        const conversation = await conversationById(tx, request.body.id);
        mustHold(conversation, session);
        if (!(await agentIds(tx)).includes(request.body.agentId) || request.body.agentId === conversation.agent_id)
          throw new AppError('VALIDATION', CHAT_MESSAGES.agentMissing);
        await tx
          .updateTable('chat_conversations')
          .set({ agent_id: request.body.agentId })
          .where('id', '=', conversation.id)
          .execute();
        const id = await botLine(tx, conversation, 'human', '已为您转接其他客服，请稍候。');
        await announce(tx, { ...conversation, agent_id: request.body.agentId }, id);
      });
      return ok(null);
    },
  );

  app.post(
    '/api/operator/chat/close',
    { config: { access: SUPPORT }, schema: { tags, summary: '结束会话', body: idBody } },
    async (request) => {
      const session = sessionOf(request);
      await app.db.transaction().execute(async (tx) => {
        const conversation = await conversationById(tx, request.body.id);
        mustHold(conversation, session);
        const id = await botLine(tx, conversation, 'human', '本次会话已结束，如有其他问题欢迎随时咨询。');
        await tx
          .updateTable('chat_conversations')
          .set({ state: 'closed', closed_at: new Date() })
          .where('id', '=', conversation.id)
          .execute();
        await markAgentRead(tx, conversation.id);
        await announce(tx, { ...conversation, state: 'closed' }, id);
      });
      return ok(null);
    },
  );

  app.get(
    '/api/operator/chat/agents',
    { config: { access: SUPPORT }, schema: { tags, summary: '可转接的客服' } },
    async () => {
      const ids = await agentIds(app.db);
      if (ids.length === 0) return ok([]);
      const rows = await app.db
        .selectFrom('users')
        .select(['id', 'phone', 'nick_name'])
        .where('id', 'in', ids)
        .orderBy('id')
        .execute();
      return ok(rows.map((row) => ({ id: Number(row.id), phone: row.phone, name: row.nick_name ?? row.phone })));
    },
  );

  app.get(
    '/api/operator/chat/hours',
    { config: { access: SUPPORT }, schema: { tags, summary: '服务时间' } },
    async () => ok(await serviceHours(app.db)),
  );

  app.post(
    '/api/operator/chat/hours',
    { config: { access: SUPPORT }, schema: { tags, summary: '设置服务时间', body: serviceHoursSaveSchema } },
    async (request) => {
      await saveHours(app.db, request.body);
      return ok(await serviceHours(app.db));
    },
  );
}
