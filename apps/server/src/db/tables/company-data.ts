/** Row types of the built-in company data (migrations/0070_company_data.sql). */
import type { ColumnType } from 'kysely';
import type { BigId, GeneratedId, Json, Stamp } from './columns.js';

/** A date column: written as 'YYYY-MM-DD', read as the Date pg makes of it (select with to_char when shown). */
type DateColumn = ColumnType<Date, string, string>;
type NullableDate = ColumnType<Date | null, string | null | undefined, string | null>;

export interface CdDatasetsTable {
  id: GeneratedId;
  list_key: string;
  scope: ColumnType<string, string | undefined, string>;
  status: 'active' | 'superseded' | 'rejected';
  file_name: string;
  file_sha256: string;
  encoding: string | null;
  row_count: ColumnType<number, number | undefined, number>;
  source: string;
  as_of: DateColumn;
  error_report: Json<unknown> | null;
  is_demo: ColumnType<boolean, boolean | undefined, boolean>;
  imported_by: BigId | null;
  created_at: Stamp;
}

interface Provenance {
  source: string;
  as_of: DateColumn;
  dataset_id: BigId;
}

export interface CdCompaniesTable extends Provenance {
  credit_code: string;
  name: string;
  legal_rep: string | null;
  registered_capital_fen: BigId | null;
  capital_text: string | null;
  established_on: NullableDate;
  status_text: string;
  registration: 'normal' | 'deregistered' | 'revoked' | 'moved' | 'unknown';
  company_type: string | null;
  address: string | null;
  scope: string | null;
  industry_code: string | null;
  industry_name: string | null;
  region_code: string | null;
  taxpayer_type: 'general' | 'small_scale' | null;
  search_grams: string[];
  initials: string;
  /** Generated (0181): the normalised name, for prefix look-ups. */
  name_key: ColumnType<string, never, never>;
}

export interface CdRelationsTable extends Provenance {
  id: GeneratedId;
  kind: 'shareholder' | 'executive' | 'investment' | 'branch' | 'change';
  credit_code: string;
  name: string;
  role: string | null;
  other_code: string | null;
  amount_fen: BigId | null;
  ratio_bp: number | null;
  happened_on: NullableDate;
  before_text: string | null;
  after_text: string | null;
}

export interface CdRisksTable extends Provenance {
  id: GeneratedId;
  kind: string;
  credit_code: string;
  name: string;
  reference: string | null;
  title: string;
  category: string | null;
  decided_on: NullableDate;
  removed_on: NullableDate;
  amount_fen: BigId | null;
  authority: string | null;
  person_name: string | null;
  region_code: string | null;
  details: Json<Record<string, string>>;
}

export interface CdCreditRatingsTable extends Provenance {
  credit_code: string;
  year: number;
  level: 'A' | 'B' | 'M' | 'C' | 'D';
  name: string;
}

/** migrations/0180_company_data_vendor.sql: the commercial provider's cost log and answer cache. */
export interface CdVendorCallsTable {
  id: GeneratedId;
  provider: string;
  endpoint: string;
  keyword: string;
  http_status: number | null;
  error_code: number | null;
  outcome: 'ok' | 'empty' | 'error';
  cost_fen: ColumnType<number, number | undefined, number>;
  duration_ms: number;
  created_at: Stamp;
}

export interface CdVendorCacheTable {
  provider: string;
  endpoint: string;
  query_key: string;
  body: Json<unknown> | null;
  fetched_at: Stamp;
}
