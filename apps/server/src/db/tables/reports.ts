/** Row types of reports and their annotations. */
import type { Generated } from 'kysely';
import type { BigId, GeneratedId, Json, Stamp, Timestamp } from './columns.js';

export type ReportStatus = 'queued' | 'analysing' | 'done' | 'failed';
export type ReportTypeName = 'INVOICE' | 'TAX' | 'COMPREHENSIVE' | 'PANORAMIC' | 'BUSINESS_INFO' | 'DUE_DILIGENCE';

export interface ReportsTable {
  id: GeneratedId;
  group_id: BigId;
  company_id: BigId | null;
  company_name: string;
  company_tax_no: string;
  report_type: ReportTypeName;
  period_start: string;
  period_end: string;
  status: Generated<ReportStatus>;
  failure_reason: string | null;
  attempts: Generated<number>;
  result: Json<Record<string, unknown>> | null;
  overall_level: string | null;
  high_count: Generated<number>;
  medium_count: Generated<number>;
  low_count: Generated<number>;
  sources: Json<unknown[]>;
  charge_id: BigId | null;
  request_key: string;
  refunded: Generated<boolean>;
  pdf_key: string | null;
  pdf_generated_at: Timestamp | null;
  /** The cover the cached PDF was printed with (migration 0210). */
  pdf_cover_id: Generated<number | null>;
  created_by: BigId;
  created_at: Stamp;
  started_at: Timestamp | null;
  finished_at: Timestamp | null;
  read_at: Timestamp | null;
  /** The thresholds and benchmarks the report was made with; null before versions existed. */
  settings_version_id: BigId | null;
}

export interface ReportAnnotationsTable {
  report_id: BigId;
  rule_id: string;
  status: 'verified' | 'explained';
  note: string | null;
  updated_by: BigId | null;
  updated_at: Stamp;
}

/** A group's customisation of one report kind (migration 0161). */
export interface ReportCustomConfigsTable {
  id: GeneratedId;
  group_id: BigId;
  report_type: ReportTypeName;
  hidden_sections: Generated<string[]>;
  hidden_families: Generated<string[]>;
  cover_title: string | null;
  contact_name: string | null;
  contact_phone: string | null;
  contact_email: string | null;
  contact_address: string | null;
  updated_by: BigId | null;
  updated_at: Stamp;
}
