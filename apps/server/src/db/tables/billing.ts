/** Row types of wallets, the ledger and prices. */
import type { ColumnType, Generated } from 'kysely';
import type { BigId, GeneratedId, Json, Stamp, Timestamp } from './columns.js';

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

export interface ReportPricesTable {
  id: GeneratedId;
  group_id: BigId | null;
  credit_type: number;
  price_fen: BigId;
  updated_at: Stamp;
}
