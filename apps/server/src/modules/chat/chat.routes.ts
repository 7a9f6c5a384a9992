import {
  assistantAnswerSchema,
  assistantAskSchema,
  assistantInfoSchema,
  chatListQuerySchema,
  chatListSchema,
  chatRecordSchema,
  chatSendSchema,
  chatUploadAnswerSchema,
  groupMemberSchema,
  levelLabel,
  serviceHoursSchema,
} from '@taxlens/shared';
import { sql } from 'kysely';
import { z } from 'zod';
import type { AppInstance } from '../../app.js';
import { envelope, ok } from '../../lib/envelope.js';
import { type RouteAccess, sessionOf } from '../../plugins/access.js';
import { actorOf } from '../accounts/accounts.service.js';
import { askAssistant } from './assistant.js';
import { chatFileOf, receiveChatFile } from './chat-files.js';
import { phraserFrom } from './chat-phraser.js';
import { sendChatFile } from './chat-send-file.js';
import {
  addMessage,
  announce,
  businessNumber,
  conversationById,
  ensureConversation,
  handOver,
  messageQuery,
  openConversationOf,
  present,
} from './conversations.js';
import { checkAttachment, checkText } from './messages.js';
import { serviceHours } from './service-hours.js';

const tags = ['chat'];
/** Every member of a group may talk to the platform's service: no menu right guards the chat. */
const GROUP_USER: RouteAccess = { permission: null };

/** The customer side of the chat (spec §7 /api/ChatRecord/*, plus the assistant of issue 17). */
export async function chatRoutes(app: AppInstance) {
  const phraser = phraserFrom(app.config);

  app.get(
    '/api/ChatRecord/findDelFlag',
    {
      config: { access: GROUP_USER },
      schema: {
        tags,
        summary: '人工客服未读消息数',
        response: { 200: envelope(z.object({ chatUnread: z.number().int() })) },
      },
    },
    async (request) => {
      const me = actorOf(sessionOf(request));
      const row = await app.db
        .selectFrom('chat_messages as m')
        .select(sql<string>`count(*)`.as('unread'))
        .where('m.group_id', '=', me.groupId)
        .where('m.channel', '=', 'human')
        .where((eb) => eb.or([eb('m.user_id', 'is', null), eb('m.user_id', '<>', me.userId)]))
        .where('m.id', '>', (eb) =>
          eb.fn.coalesce(
            eb.selectFrom('chat_reads').select('last_read_id').where('user_id', '=', me.userId),
            sql<number>`0`,
          ),
        )
        .executeTakeFirstOrThrow();
      return ok({ chatUnread: Number(row.unread) });
    },
  );

  app.get(
    '/api/ChatRecord/findGroupMembers',
    {
      config: { access: GROUP_USER },
      schema: { tags, summary: '群成员', response: { 200: envelope(z.array(groupMemberSchema)) } },
    },
    async (request) => {
      const me = actorOf(sessionOf(request));
      const rows = await app.db
        .selectFrom('users')
        .select(['phone', 'level', 'nick_name'])
        .where('group_id', '=', me.groupId)
        .where('deleted_at', 'is', null)
        .where('status', '=', 'active')
        .orderBy('level')
        .orderBy('id')
        .execute();
      return ok(
        rows.map((row) => ({
          phone: row.phone,
          level: row.level,
          levelName: levelLabel(row.level),
          avatar: null,
          nickName: row.nick_name,
        })),
      );
    },
  );

  app.get(
    '/api/ChatRecord/findMessageChatRecord',
    {
      config: { access: GROUP_USER },
      schema: {
        tags,
        summary: '人工客服聊天记录（page 从 0 起；第 0 页同时清除未读）',
        querystring: chatListQuerySchema,
        response: { 200: envelope(chatListSchema) },
      },
    },
    async (request) => {
      const me = actorOf(sessionOf(request));
      const { page, size, sort } = request.query;
      const base = messageQuery(app.db).where('m.group_id', '=', me.groupId).where('m.channel', '=', 'human');
      const [rows, total, latest] = await Promise.all([
        base
          .orderBy('m.id', sort)
          .limit(size)
          .offset(page * size)
          .execute(),
        app.db
          .selectFrom('chat_messages')
          .select(sql<string>`count(*)`.as('n'))
          .where('group_id', '=', me.groupId)
          .where('channel', '=', 'human')
          .executeTakeFirstOrThrow(),
        app.db
          .selectFrom('chat_conversations')
          .select(['id', 'created_at', 'state'])
          .where('group_id', '=', me.groupId)
          .orderBy('id', 'desc')
          .limit(1)
          .executeTakeFirst(),
      ]);
      if (page === 0) {
        const newest = sort === 'desc' ? rows[0]?.id : rows.at(-1)?.id;
        if (newest !== undefined) await markRead(app, me.userId, Number(newest));
      }
      return ok({
        chatRecords: rows.map((row) => present(row, me)),
        totalElements: Number(total.n),
        businessNumber: latest ? businessNumber({ id: Number(latest.id), created_at: latest.created_at }) : null,
        state: latest?.state ?? null,
      });
    },
  );

  app.post(
    '/api/ChatRecord/sendMessage',
    {
      config: { access: GROUP_USER },
      schema: {
        tags,
        summary: '发送消息（人工客服）',
        body: chatSendSchema,
        response: { 200: envelope(chatRecordSchema) },
      },
    },
    async (request) => {
      const me = actorOf(sessionOf(request));
      const body = request.body;
      const extend = await checkAttachment(app.db, body, me.groupId);
      const record = await app.db.transaction().execute(async (tx) => {
        const conversation = await ensureConversation(tx, me.groupId, me.userId);
        // Writing in the human tab asks for a human: the assistant's conversation joins the queue.
        await handOver(tx, conversation, 'message');
        const id = await addMessage(tx, conversation, {
          channel: 'human',
          author: 'customer',
          userId: me.userId,
          sendIdentity: me.level,
          msgType: body.msgType,
          msgContent: body.msgType === 0 ? body.msgContent.trim() : body.msgContent,
          countentExtend: extend,
        });
        const row = await messageQuery(tx).where('m.id', '=', id).executeTakeFirstOrThrow();
        await announce(tx, conversation, id);
        return present(row, me);
      });
      await markRead(app, me.userId, record.id);
      return ok(record);
    },
  );

  app.post(
    '/api/ChatRecord/upload',
    {
      config: { access: GROUP_USER },
      schema: {
        tags,
        summary: '上传聊天图片（kind=1）或文件（kind=2），按文件内容校验类型',
        response: { 200: envelope(chatUploadAnswerSchema) },
      },
    },
    async (request) => {
      const me = actorOf(sessionOf(request));
      return ok(await receiveChatFile(request, { db: app.db, storage: app.storage }, async () => me));
    },
  );

  app.get(
    '/api/ChatRecord/file/:id',
    {
      config: { access: GROUP_USER },
      schema: {
        tags,
        summary: '聊天文件（仅本集团成员）',
        params: z.object({ id: z.coerce.number().int().positive() }),
      },
    },
    async (request, reply) => {
      const me = actorOf(sessionOf(request));
      const file = await chatFileOf(app.db, request.params.id, me.groupId);
      return sendChatFile(reply, app.storage, file);
    },
  );

  app.get(
    '/api/ChatRecord/serviceHours',
    {
      config: { access: GROUP_USER },
      schema: { tags, summary: '人工客服服务时间', response: { 200: envelope(serviceHoursSchema) } },
    },
    async () => ok(await serviceHours(app.db)),
  );

  app.get(
    '/api/ChatRecord/assistant',
    {
      config: { access: GROUP_USER },
      schema: {
        tags,
        summary: '智能助手：模式（大模型或检索）、会话状态、服务时间和最近的问答',
        response: { 200: envelope(assistantInfoSchema) },
      },
    },
    async (request) => {
      const me = actorOf(sessionOf(request));
      const [conversation, hours, history] = await Promise.all([
        openConversationOf(app.db, me.groupId),
        serviceHours(app.db),
        messageQuery(app.db)
          .where('m.group_id', '=', me.groupId)
          .where('m.channel', '=', 'ai')
          .orderBy('m.id', 'desc')
          .limit(20)
          .execute(),
      ]);
      return ok({
        mode: phraser ? ('llm' as const) : ('retrieval' as const),
        model: phraser?.model ?? null,
        state: conversation?.state ?? null,
        serviceHours: hours,
        history: history.reverse().map((row) => present(row, me)),
      });
    },
  );

  app.post(
    '/api/ChatRecord/ask',
    {
      config: { access: GROUP_USER },
      schema: {
        tags,
        summary: '向智能助手提问',
        body: assistantAskSchema,
        response: { 200: envelope(assistantAnswerSchema) },
      },
    },
    async (request) => {
      const me = actorOf(sessionOf(request));
      checkText(request.body.question);
      const question = request.body.question.trim();
      return ok(
        await app.db.transaction().execute(async (tx) => {
          const conversation = await ensureConversation(tx, me.groupId, me.userId);
          const answer = await askAssistant(tx, phraser, conversation, me, question, (error) =>
            request.log.warn({ err: error }, 'chat model failed; answering from the sources'),
          );
          await announce(tx, conversation, answer.replyId ?? answer.questionId);
          const read = async (id: number) =>
            present(await messageQuery(tx).where('m.id', '=', id).executeTakeFirstOrThrow(), me);
          return {
            outcome: answer.outcome,
            question: await read(answer.questionId),
            reply: answer.replyId === null ? null : await read(answer.replyId),
            state: (await conversationById(tx, conversation.id)).state,
          };
        }),
      );
    },
  );

  app.post(
    '/api/ChatRecord/transferToHuman',
    {
      config: { access: GROUP_USER },
      schema: {
        tags,
        summary: '转人工',
        response: { 200: envelope(z.object({ state: z.string(), note: z.string().nullable() })) },
      },
    },
    async (request) => {
      const me = actorOf(sessionOf(request));
      return ok(
        await app.db.transaction().execute(async (tx) => {
          const conversation = await ensureConversation(tx, me.groupId, me.userId);
          const note = await handOver(tx, conversation, 'button');
          await announce(tx, conversation, null);
          return { state: conversation.state, note };
        }),
      );
    },
  );
}

async function markRead(app: AppInstance, userId: number, messageId: number) {
  await sql`INSERT INTO chat_reads (user_id, last_read_id) VALUES (${userId}, ${messageId})
            ON CONFLICT (user_id) DO UPDATE SET last_read_id = greatest(chat_reads.last_read_id, excluded.last_read_id)`.execute(
    app.db,
  );
}
