/** Row types of client share links and the mail outbox. */
import type { Generated } from 'kysely';
import type { BigId, GeneratedId, Stamp, Timestamp } from './columns.js';

export interface ShareLinksTable {
  id: GeneratedId;
  group_id: BigId;
  company_id: BigId | null;
  token: string;
  state: Generated<'pending' | 'bound' | 'uploaded'>;
  note: string | null;
  created_by: BigId;
  created_at: Stamp;
  expires_at: Timestamp;
  revoked_at: Timestamp | null;
  last_used_at: Timestamp | null;
  /** Files accepted in the link's life (reserved before each upload is stored). */
  upload_count: Generated<number>;
}

export interface MailOutboxTable {
  id: GeneratedId;
  group_id: BigId | null;
  recipient: string;
  subject: string;
  body: string;
  created_at: Stamp;
}
