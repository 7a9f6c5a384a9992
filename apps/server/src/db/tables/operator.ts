import type { ColumnType } from 'kysely';
import type { BigId, GeneratedId, Stamp } from './columns.js';

/** jsonb written as a JSON string (or null), read back parsed. */
type JsonOrNull = ColumnType<unknown, string | null, string | null>;

/** The operator console's audit log (migration 0170): who changed what, with before and after. */
export interface OperatorAuditTable {
  id: GeneratedId;
  at: Stamp;
  operator_id: BigId;
  action: string;
  summary: string;
  target_type: string | null;
  target_id: string | null;
  before: JsonOrNull;
  after: JsonOrNull;
  ip: string | null;
}

/** Refunds of paid orders (migration 0172). */
export interface OrderRefundsTable {
  id: GeneratedId;
  order_id: BigId;
  group_id: BigId;
  amount_fen: BigId;
  reason: string;
  bank_serial: string | null;
  operator_id: BigId;
  created_at: Stamp;
}
