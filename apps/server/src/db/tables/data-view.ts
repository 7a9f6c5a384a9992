/** Row types of the data view's monitoring and followed industries (migration 0230). */
import type { ColumnType } from 'kysely';
import type { BigId, GeneratedId, Json, Stamp, Timestamp } from './columns.js';

export type MonitorKind = 'lawsuit' | 'abnormal' | 'credit' | 'illegal' | 'invoice';

/** What the last check of a monitored company saw (monitoring-check.ts). */
export interface MonitorBaseline {
  /** Keys of the risk records seen, by monitor kind. */
  risks?: Partial<Record<MonitorKind, string[]>>;
  /** 'year:level' of the latest rating, or null when none. */
  credit?: string | null;
  /** The invoice report last read, and its rule levels. */
  invoiceReportId?: number | null;
  invoice?: Record<string, string>;
}

export interface MonitoredCompaniesTable {
  id: GeneratedId;
  group_id: BigId;
  credit_code: string;
  company_name: string;
  industry_code: string | null;
  region_code: string | null;
  switches: ColumnType<MonitorKind[], MonitorKind[] | undefined, MonitorKind[]>;
  baseline: Json<MonitorBaseline>;
  added_by: BigId | null;
  added_at: Stamp;
  last_checked_at: Timestamp | null;
  removed_at: Timestamp | null;
}

export interface MonitoringEventsTable {
  id: GeneratedId;
  group_id: BigId;
  monitored_id: BigId;
  credit_code: string;
  company_name: string;
  kind: MonitorKind;
  title: string;
  detail: string | null;
  happened_on: ColumnType<string | null, string | null | undefined, string | null>;
  source: string;
  fact_key: string;
  /** RISK_KINDS key of the provider list behind a risk event (migration 0300). */
  risk_kind: ColumnType<string | null, string | null | undefined, string | null>;
  read_at: Timestamp | null;
  created_at: Stamp;
}

/** clickSearchVolume: one company opened from the data view's search (migration 0301). */
export interface DataViewCompanyClicksTable {
  id: GeneratedId;
  group_id: BigId;
  user_id: BigId;
  credit_code: string;
  created_at: Stamp;
}

export interface DataViewIndustriesTable {
  group_id: BigId;
  industry_code: string;
  created_by: BigId | null;
  created_at: Stamp;
}
