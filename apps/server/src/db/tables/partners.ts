import type { Generated } from 'kysely';
import type { BigId, GeneratedId, Stamp } from './columns.js';

export interface PartnerInvitesTable {
  id: GeneratedId;
  group_id: BigId;
  created_by: BigId;
  token_hash: Buffer;
  note: string;
  created_at: Stamp;
  revoked_at: Date | null;
}

export interface PartnerInviteSignupsTable {
  id: GeneratedId;
  invite_id: BigId;
  inviter_group_id: BigId;
  invited_user_id: BigId;
  invited_group_id: BigId | null;
  signed_up_at: Stamp;
  bound_at: Date | null;
  reward_type: number | null;
  reward_count: number | null;
  reward_entry_id: BigId | null;
}

export interface PartnerTables {
  partner_invites: PartnerInvitesTable;
  partner_invite_signups: PartnerInviteSignupsTable;
  partner_sso_codes: PartnerSsoCodesTable;
  bank_statement_configs: BankStatementConfigsTable;
}

export interface PartnerSsoCodesTable {
  code_hash: Buffer;
  user_id: BigId;
  expires_at: Date;
  used_at: Date | null;
  created_at: Stamp;
}

/** Bank-statement billing agreements (IcbcAdsSignedConfig). */
export interface BankStatementConfigsTable {
  id: GeneratedId;
  group_id: BigId;
  created_by: BigId;
  bank_name: string;
  account_name: string;
  account_no: string;
  valid_from: string;
  valid_to: string;
  file_key: string;
  file_name: string;
  state: Generated<'pending' | 'active' | 'rejected'>;
  review_note: string | null;
  reviewed_by: BigId | null;
  reviewed_at: Date | null;
  created_at: Stamp;
  deleted_at: Date | null;
}
