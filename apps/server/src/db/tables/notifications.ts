/** Row type of the stored notifications (migration 0130). */
import type { BigId, GeneratedId, Json, Stamp, Timestamp } from './columns.js';

export interface NotificationsTable {
  id: GeneratedId;
  group_id: BigId;
  user_id: BigId;
  msg_type: string;
  /** Spec §3: id, taxNo, taxpayerName, plus what the link and the sentence need (firmId, state, fileName…). */
  msg: Json<Record<string, unknown>>;
  created_at: Stamp;
  read_at: Timestamp | null;
}
