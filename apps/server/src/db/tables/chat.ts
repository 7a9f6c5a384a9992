/** Row types of the customer-service chat (issue 17, migration 0250). */
import type { ColumnType, Generated } from 'kysely';
import type { BigId, GeneratedId, Json, Stamp, Timestamp } from './columns.js';

export type ChatState = 'bot' | 'waiting' | 'human' | 'closed';

export interface ChatConversationsTable {
  id: GeneratedId;
  group_id: BigId;
  customer_id: BigId | null;
  state: Generated<ChatState>;
  agent_id: BigId | null;
  handover_reason: string | null;
  waiting_since: Timestamp | null;
  claimed_at: Timestamp | null;
  closed_at: Timestamp | null;
  agent_read_id: Generated<BigId>;
  last_message_at: Stamp;
  created_at: Stamp;
}

export interface ChatFilesTable {
  id: GeneratedId;
  group_id: BigId;
  storage_key: string;
  file_name: string;
  file_size: BigId;
  content_type: string;
  kind: 1 | 2;
  uploaded_by: BigId | null;
  created_at: Stamp;
}

export interface ChatSource {
  kind: 'faq' | 'help' | 'policy';
  title: string;
  link: string | null;
}

export interface ChatMessagesTable {
  id: GeneratedId;
  conversation_id: BigId;
  group_id: BigId;
  channel: 'ai' | 'human';
  author: 'customer' | 'agent' | 'bot';
  user_id: BigId | null;
  send_identity: number;
  msg_type: number;
  msg_content: string;
  countent_extend: Json<Record<string, unknown>> | null;
  sources: Json<ChatSource[]> | null;
  created_at: Stamp;
}

export interface ChatReadsTable {
  user_id: BigId;
  last_read_id: BigId;
}

export interface ChatKnowledgeTable {
  id: GeneratedId;
  kind: 'faq' | 'help';
  question: string;
  answer: string;
  keywords: Generated<string>;
  link: string | null;
  enabled: Generated<boolean>;
  search_grams: Generated<string[]>;
  updated_by: BigId | null;
  updated_at: Stamp;
}

export interface ChatCannedRepliesTable {
  id: GeneratedId;
  title: string;
  body: string;
  updated_at: Stamp;
}

export interface ChatSettingsTable {
  id: Generated<number>;
  workdays: ColumnType<number[], number[] | undefined, number[]>;
  opens_at: string;
  closes_at: string;
  updated_at: Stamp;
}
