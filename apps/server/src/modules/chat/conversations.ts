import type { ChatExtend, ChatRecord, ChatSourceItem } from '@taxlens/shared';
import { CHAT_MESSAGES } from '@taxlens/shared';
import { sql } from 'kysely';
import type { DbOrTx } from '../../db/kysely.js';
import type { ChatState } from '../../db/tables/chat.js';
import { notFound } from '../../lib/app-error.js';
import { publishEvent } from '../../plugins/realtime.js';
import { handoverText, serviceHours } from './service-hours.js';

/** Socket event of the chat: customers of the group hear CHAT, the platform's agents CHAT_AGENT. */
export const CHAT_EVENT = 'CHAT';
export const CHAT_AGENT_EVENT = 'CHAT_AGENT';

export interface Conversation {
  id: number;
  group_id: number;
  state: ChatState;
  agent_id: number | null;
  customer_id: number | null;
}

const CONVERSATION_COLUMNS = ['id', 'group_id', 'state', 'agent_id', 'customer_id'] as const;

/** "KF" + date + id: the business number the customer and the agent both quote. */
export function businessNumber(conversation: { id: number; created_at: Date }): string {
  const day = conversation.created_at.toISOString().slice(0, 10).replaceAll('-', '');
  return `KF${day}${String(conversation.id).padStart(6, '0')}`;
}

/** The group's open conversation, if any. */
export async function openConversationOf(db: DbOrTx, groupId: number): Promise<Conversation | null> {
  const row = await db
    .selectFrom('chat_conversations')
    .select(CONVERSATION_COLUMNS)
    .where('group_id', '=', groupId)
    .where('state', '<>', 'closed')
    .executeTakeFirst();
  return row ? normalise(row) : null;
}

/** The group's open conversation, opened now (with the assistant) when there is none. */
export async function ensureConversation(db: DbOrTx, groupId: number, customerId: number): Promise<Conversation> {
  const open = await openConversationOf(db, groupId);
  if (open) return open;
  // Two members asking at once: the unique partial index keeps one open conversation per group.
  await sql`INSERT INTO chat_conversations (group_id, customer_id) VALUES (${groupId}, ${customerId})
            ON CONFLICT (group_id) WHERE state <> 'closed' DO NOTHING`.execute(db);
  const created = await openConversationOf(db, groupId);
  if (!created) throw new Error('chat conversation could not be opened');
  return created;
}

function normalise(row: {
  id: number;
  group_id: number;
  state: ChatState;
  agent_id: number | null;
  customer_id: number | null;
}) {
  return {
    id: Number(row.id),
    group_id: Number(row.group_id),
    state: row.state,
    agent_id: row.agent_id === null ? null : Number(row.agent_id),
    customer_id: row.customer_id === null ? null : Number(row.customer_id),
  };
}

export async function conversationById(db: DbOrTx, id: number): Promise<Conversation> {
  const row = await db
    .selectFrom('chat_conversations')
    .select(CONVERSATION_COLUMNS)
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw notFound(CHAT_MESSAGES.conversationMissing);
  return normalise(row);
}

export interface NewMessage {
  channel: 'ai' | 'human';
  author: 'customer' | 'agent' | 'bot';
  userId: number | null;
  sendIdentity: number;
  msgType: number;
  msgContent: string;
  countentExtend?: ChatExtend | null;
  sources?: ChatSourceItem[] | null;
}

export async function addMessage(db: DbOrTx, conversation: Conversation, message: NewMessage): Promise<number> {
  const row = await db
    .insertInto('chat_messages')
    .values({
      conversation_id: conversation.id,
      group_id: conversation.group_id,
      channel: message.channel,
      author: message.author,
      user_id: message.userId,
      send_identity: message.sendIdentity,
      msg_type: message.msgType,
      msg_content: message.msgContent,
      countent_extend: message.countentExtend ? JSON.stringify(message.countentExtend) : null,
      sources: message.sources ? JSON.stringify(message.sources) : null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .updateTable('chat_conversations')
    .set({ last_message_at: new Date() })
    .where('id', '=', conversation.id)
    .execute();
  return Number(row.id);
}

/** A bot line of the assistant (handover notes, closing words) in the given tab. */
export const botLine = (db: DbOrTx, conversation: Conversation, channel: 'ai' | 'human', text: string) =>
  addMessage(db, conversation, { channel, author: 'bot', userId: null, sendIdentity: 0, msgType: 0, msgContent: text });

/**
 * Hands the conversation to the queue (bot → waiting) and leaves the assistant's note in the human
 * tab: now, or when a human will reply outside the service hours. Already waiting or owned: nothing.
 */
export async function handOver(db: DbOrTx, conversation: Conversation, reason: string): Promise<string | null> {
  if (conversation.state !== 'bot') return null;
  await db
    .updateTable('chat_conversations')
    .set({ state: 'waiting', handover_reason: reason, waiting_since: new Date() })
    .where('id', '=', conversation.id)
    .execute();
  conversation.state = 'waiting';
  const note = handoverText(await serviceHours(db));
  await botLine(db, conversation, 'human', note);
  return note;
}

/** The platform's agents (客服 and 管理员), who hear every CHAT_AGENT event. */
export async function agentIds(db: DbOrTx): Promise<number[]> {
  const rows = await db
    .selectFrom('users')
    .select('id')
    .where('deleted_at', 'is', null)
    .where((eb) => eb.or([eb('is_operator', '=', true), sql<boolean>`operator_roles && '{support,admin}'::text[]`]))
    .execute();
  return rows.map((row) => Number(row.id));
}

/** Tells the group's open dialogs and every agent console that the conversation changed. */
export async function announce(db: DbOrTx, conversation: Conversation, messageId: number | null): Promise<void> {
  const event = { conversationId: conversation.id, state: conversation.state, messageId };
  await publishEvent(db, { groupId: conversation.group_id }, { msgType: CHAT_EVENT, ...event });
  const agents = await agentIds(db);
  if (agents.length > 0)
    await publishEvent(
      db,
      { userIds: agents },
      { msgType: CHAT_AGENT_EVENT, groupId: conversation.group_id, ...event },
    );
}

interface MessageRow {
  id: number;
  created_at: Date;
  user_id: number | null;
  phone: string | null;
  author: 'customer' | 'agent' | 'bot';
  channel: 'ai' | 'human';
  send_identity: number;
  msg_type: number;
  msg_content: string;
  countent_extend: Record<string, unknown> | null;
  sources: ChatSourceItem[] | null;
}

export function messageQuery(db: DbOrTx) {
  return db
    .selectFrom('chat_messages as m')
    .leftJoin('users as u', 'u.id', 'm.user_id')
    .select([
      'm.id',
      'm.created_at',
      'm.user_id',
      'u.phone',
      'm.author',
      'm.channel',
      'm.send_identity',
      'm.msg_type',
      'm.msg_content',
      'm.countent_extend',
      'm.sources',
    ]);
}

/** Spec §3 chat record; isOneself from the reader's side (the agent reads agent lines as its own). */
export function present(row: MessageRow, reader: { userId: number } | 'agent'): ChatRecord {
  const extend = row.countent_extend as ChatExtend | null;
  const oneself =
    reader === 'agent' ? row.author === 'agent' : row.user_id !== null && Number(row.user_id) === reader.userId;
  return {
    id: Number(row.id),
    createTime: row.created_at.toISOString(),
    // Agents are shown as the official service, never by their own phone.
    userPhone: row.author === 'customer' ? (row.phone ?? '') : '',
    sendIdentity: row.send_identity,
    msgType: row.msg_type,
    msgContent: row.msg_content,
    countentExtend: extend ? { fileName: String(extend.fileName), fileSize: Number(extend.fileSize) } : null,
    isOneself: oneself ? 1 : 0,
    author: row.author,
    channel: row.channel,
    sources: row.sources,
  };
}
