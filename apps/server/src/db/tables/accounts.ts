/** Row types of groups, users, sessions, SMS, teams and the audit log. */
import type { ColumnType, Generated } from 'kysely';
import type { BigId, GeneratedId, Json, Stamp, Timestamp } from './columns.js';

export interface GroupsTable {
  id: GeneratedId;
  name: string;
  credit_code: string | null;
  contact_name: string | null;
  contact_phone: string | null;
  /** Storage key of the uploaded cover logo (logos/{groupId}/…), answered as a data URL. */
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
  watermark_text: string | null;
  watermark_image_key: string | null;
  watermark_switch: Generated<number>;
  watermark_object: Generated<string>;
  wallet_mode: Generated<'shared' | 'own'>;
  /** Monitoring slots the operator granted (canUseMonitorNumber counts what is left). */
  monitor_slots: Generated<number>;
  /** Start of the trial window (migration 0171); flowTime counts hours from it. */
  trial_started_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
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
  /** Console roles (migration 0170); is_operator (the OPERATOR_PHONES bootstrap) counts as admin. */
  operator_roles: Generated<string[]>;
  current_company_id: Generated<BigId | null>;
  pay_dialog_flag: Generated<boolean>;
  monthly_limit_fen: Generated<BigId | null>;
  /** Sign-up consent to 服务条款 and 隐私政策 (migration 0131); null for accounts made by a main account. */
  terms_accepted_at: Generated<Date | null>;
  terms_version: Generated<string | null>;
  /** Header colour preset (migration 0271). */
  header_theme: Generated<string>;
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
  /** The client address of the attempt ('' unknown), migration 0051. */
  client_ip: ColumnType<string, string | undefined, string>;
  failed_at: Stamp;
}

export interface LoginLocksTable {
  phone: string;
  /** The address locked out; '*' every address (migration 0051). */
  client_ip: ColumnType<string, string | undefined, string>;
  locked_until: Timestamp;
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
  client_ip: string | null;
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
