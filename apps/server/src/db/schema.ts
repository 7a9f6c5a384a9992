import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

/** Row types of the tables the migrations create. Keep in step with migrations/*.sql. */

type Timestamp = ColumnType<Date, Date | string, Date | string>;
/** A timestamp with a database default. */
type Stamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Json<T> = ColumnType<T, string | undefined, string>;
/** bigint columns: the pg type parser in kysely.ts turns them into safe integers. */
type BigId = number;
type GeneratedId = Generated<number>;

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
  created_at: Stamp;
  updated_at: Stamp;
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
  created_at: Stamp;
  updated_at: Stamp;
  deleted_at: Timestamp | null;
}

export interface SessionsTable {
  id: GeneratedId;
  user_id: BigId;
  token_hash: Buffer;
  created_at: Stamp;
  last_seen_at: Stamp;
  expires_at: Timestamp;
  revoked_at: Timestamp | null;
  ip: string | null;
  user_agent: string | null;
}

export interface LoginFailuresTable {
  phone: string;
  failed_at: Stamp;
}

export interface WalletsTable {
  user_id: BigId;
  group_id: BigId;
  balance_fen: Generated<number>;
  credits: ColumnType<number[], number[] | undefined, number[]>;
  updated_at: Stamp;
}

export interface LedgerEntriesTable {
  id: GeneratedId;
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
  created_at: Stamp;
}

export interface SmsCodesTable {
  id: GeneratedId;
  phone: string;
  purpose: number;
  code_hash: Buffer;
  created_at: Stamp;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  wrong_tries: Generated<number>;
}

export interface SmsOutboxTable {
  id: GeneratedId;
  phone: string;
  content: string;
  provider: string;
  created_at: Stamp;
}

export interface TeamsTable {
  id: GeneratedId;
  group_id: BigId;
  name: string;
  created_at: Stamp;
}

export interface TeamMembersTable {
  team_id: BigId;
  user_id: BigId;
  group_id: BigId;
}

export interface AuditLogTable {
  id: GeneratedId;
  group_id: BigId | null;
  actor_id: BigId | null;
  action: string;
  target_user_id: BigId | null;
  detail: Json<Record<string, unknown>>;
  created_at: Stamp;
}

export interface ReportPricesTable {
  id: GeneratedId;
  group_id: BigId | null;
  credit_type: number;
  price_fen: BigId;
  updated_at: Stamp;
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
  teams: TeamsTable;
  team_members: TeamMembersTable;
  audit_log: AuditLogTable;
  report_prices: ReportPricesTable;
}

export type GroupRow = Selectable<GroupsTable>;
export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
