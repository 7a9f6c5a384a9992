import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

/** Row types of the tables the migrations create. Keep in step with migrations/*.sql. */

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Json<T> = ColumnType<T, string | undefined, string>;
/** bigint columns arrive as strings from pg; ids are converted where they leave the repo. */
type BigId = ColumnType<string, string | number, string | number>;
type GeneratedId = ColumnType<string, string | number | undefined, never>;

export interface GroupsTable {
  id: GeneratedId;
  name: string;
  credit_code: string | null;
  contact_name: string | null;
  contact_phone: string | null;
  logo_url: string | null;
  report_config_permission: Generated<number>;
  tax_law_policy_database_permission: Generated<number>;
  enablement_service_permission: Generated<number>;
  out_of_line_invoice_switch: Generated<string>;
  data_price_auth: Generated<number>;
  invoice_price_auth: Generated<number>;
  mind_price_auth: Generated<number>;
  toker_user: Generated<number>;
  report_overdue_delete_switch: Generated<number>;
  report_overdue_days: number | null;
  created_at: Generated<Timestamp>;
  updated_at: Generated<Timestamp>;
}

export interface UsersTable {
  id: GeneratedId;
  group_id: BigId | null;
  phone: string;
  password_hash: string | null;
  level: number;
  nick_name: string | null;
  status: Generated<'active' | 'disabled'>;
  not_menus: Json<{ type: 0 | 1; permission: string }[]>;
  list_hidden: Json<Record<string, number>>;
  is_operator: Generated<boolean>;
  created_at: Generated<Timestamp>;
  updated_at: Generated<Timestamp>;
  deleted_at: Timestamp | null;
}

export interface SessionsTable {
  id: Generated<string>;
  user_id: BigId;
  token_hash: Buffer;
  created_at: Generated<Timestamp>;
  last_seen_at: Generated<Timestamp>;
  expires_at: Timestamp;
  revoked_at: Timestamp | null;
  ip: string | null;
  user_agent: string | null;
}

export interface LoginFailuresTable {
  phone: string;
  failed_at: Generated<Timestamp>;
}

export interface WalletsTable {
  user_id: BigId;
  group_id: BigId;
  balance_fen: ColumnType<string, string | number | undefined, string | number>;
  credits: ColumnType<number[], number[] | undefined, number[]>;
  updated_at: Generated<Timestamp>;
}

export interface LedgerEntriesTable {
  id: Generated<string>;
  group_id: BigId;
  user_id: BigId;
  asset: number;
  delta: BigId;
  after: BigId;
  reason: string;
  note: string | null;
  actor_id: BigId | null;
  order_id: BigId | null;
  report_id: BigId | null;
  counterpart_user_id: BigId | null;
  request_key: string | null;
  created_at: Generated<Timestamp>;
}

export interface SmsCodesTable {
  id: Generated<string>;
  phone: string;
  purpose: number;
  code_hash: Buffer;
  created_at: Generated<Timestamp>;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  wrong_tries: Generated<number>;
}

export interface SmsOutboxTable {
  id: Generated<string>;
  phone: string;
  content: string;
  provider: string;
  created_at: Generated<Timestamp>;
}

export interface Database {
  groups: GroupsTable;
  users: UsersTable;
  sessions: SessionsTable;
  login_failures: LoginFailuresTable;
  wallets: WalletsTable;
  ledger_entries: LedgerEntriesTable;
  sms_codes: SmsCodesTable;
  sms_outbox: SmsOutboxTable;
}

export type GroupRow = Selectable<GroupsTable>;
export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
