/** Row types of leads (智能拓客, migration 0220). */
import type { ColumnType, Generated } from 'kysely';
import type { BigId, GeneratedId, Json, Stamp } from './columns.js';

export interface TokerPricesTable {
  id: GeneratedId;
  group_id: BigId | null;
  charge_mode: Generated<'price' | 'credit'>;
  search_price_fen: Generated<number>;
  export_limit: Generated<number>;
  updated_at: Stamp;
}

type DateText = ColumnType<string | null, string | null | undefined, string | null>;

export interface TokerSignalsTable {
  credit_code: string;
  abnormal_on: DateText;
  illegal_on: DateText;
  credit_year: number | null;
  credit_from: string | null;
  credit_to: string | null;
  changes_recent: Generated<number>;
}

export interface TokerSearchesTable {
  id: GeneratedId;
  group_id: BigId;
  user_id: BigId;
  kind: Generated<'search' | 'export'>;
  filters: Json<Record<string, unknown>>;
  summary: string;
  total: number;
  paid_with: 'price' | 'credit' | 'free';
  cost: Generated<number>;
  payer_user_id: BigId | null;
  ledger_entry_id: BigId | null;
  created_at: Stamp;
}

export interface TokerListsTable {
  id: GeneratedId;
  group_id: BigId;
  name: string;
  created_by: BigId;
  created_at: Stamp;
  deleted_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

export type ProspectStatus = 'new' | 'contacted' | 'interested' | 'signed' | 'declined';

export interface TokerProspectsTable {
  id: GeneratedId;
  group_id: BigId;
  list_id: BigId;
  credit_code: string;
  name: string;
  status: Generated<ProspectStatus>;
  note: Generated<string>;
  assignee_id: BigId | null;
  updated_by: BigId | null;
  updated_at: Stamp;
  created_at: Stamp;
}
