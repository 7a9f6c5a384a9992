/** Row types of imports and the data they bring in. */
import type { Generated } from 'kysely';
import type { BigId, GeneratedId, Json, Stamp, Timestamp } from './columns.js';

export interface ImportsTable {
  id: GeneratedId;
  group_id: BigId;
  company_id: BigId;
  kind: 'invoice' | 'statement' | 'return' | 'deduction' | 'payroll';
  file_name: string;
  file_size: BigId;
  file_sha256: string;
  stored_key: string;
  status: Generated<'queued' | 'parsing' | 'done' | 'rejected' | 'failed'>;
  progress: Generated<number>;
  summary: Json<Record<string, unknown>>;
  message: string | null;
  problem_count: Generated<number>;
  problem_report_key: string | null;
  source: Generated<'staff' | 'share' | 'collection'>;
  share_link_id: BigId | null;
  created_by: BigId | null;
  created_at: Stamp;
  started_at: Timestamp | null;
  finished_at: Timestamp | null;
  /** Set on an upload that replaces an earlier import; the earlier one is deleted when this one succeeds. */
  replaces_import_id: Generated<BigId | null>;
}

/** Which imports hold which invoices (an invoice stays while any import holds it). */
export interface ImportInvoicesTable {
  import_id: BigId;
  company_id: BigId;
  invoice_key: string;
}

/** A row of a special-business sheet: labelled values of the invoice it names. */
export interface InvoiceDetailsTable {
  id: GeneratedId;
  group_id: BigId;
  company_id: BigId;
  invoice_key: string;
  business: string;
  row_no: number;
  fields: Json<{ label: string; value: string }[]>;
  import_id: BigId | null;
}

export interface InvoicesTable {
  id: GeneratedId;
  group_id: BigId;
  company_id: BigId;
  key: string;
  direction: 'sales' | 'purchase';
  digital_number: string | null;
  code: string | null;
  number: string | null;
  seller_tax_no: string;
  seller_name: string;
  buyer_tax_no: string;
  buyer_name: string;
  issued_at: Timestamp;
  has_time: boolean;
  amount_fen: BigId;
  tax_fen: BigId;
  total_fen: BigId;
  source: string | null;
  kind_text: string | null;
  kind_code: string | null;
  is_special: boolean;
  status: string;
  status_text: string | null;
  is_positive: boolean;
  risk_level: string | null;
  issuer: string | null;
  remark: string | null;
  red_of_number: string | null;
  import_id: BigId | null;
}

export interface InvoiceLinesTable {
  id: GeneratedId;
  group_id: BigId;
  company_id: BigId;
  invoice_key: string;
  line_no: number;
  direction: 'sales' | 'purchase';
  tax_code: string | null;
  special_business: string | null;
  item_text: string;
  category: string | null;
  item_name: string;
  spec: string | null;
  unit: string | null;
  quantity: string | null;
  unit_price: string | null;
  amount_fen: BigId;
  tax_rate_text: string | null;
  tax_rate_bp: number | null;
  tax_fen: BigId;
  total_fen: BigId;
  import_id: BigId | null;
}

export interface FinancialFiguresTable {
  id: GeneratedId;
  group_id: BigId;
  company_id: BigId;
  statement: 'balance_sheet' | 'income_statement' | 'vat_return' | 'cit_return';
  period: string;
  layout: string | null;
  figures: Json<Record<string, number>>;
  source: 'import' | 'manual';
  import_id: BigId | null;
  updated_by: BigId | null;
  updated_at: Stamp;
}

export interface VatDeductionsTable {
  id: GeneratedId;
  group_id: BigId;
  company_id: BigId;
  invoice_key: string;
  digital_number: string | null;
  code: string | null;
  number: string | null;
  issued_on: string;
  seller_tax_no: string | null;
  seller_name: string | null;
  amount_fen: BigId;
  tax_fen: BigId;
  total_fen: BigId;
  total_derived: boolean;
  deductible_tax_fen: BigId;
  selected: boolean;
  selected_on: string | null;
  period: string | null;
  kind_text: string | null;
  status_text: string | null;
  risk_level: string | null;
  import_id: BigId | null;
}

export interface PayrollMonthsTable {
  id: GeneratedId;
  group_id: BigId;
  company_id: BigId;
  period: string;
  source: 'iit' | 'social_insurance';
  headcount: number;
  wage_fen: BigId;
  tax_fen: BigId | null;
  employer_fen: BigId | null;
  employee_fen: BigId | null;
  import_id: BigId | null;
  updated_at: Stamp;
}

export interface CollectionSessionsTable {
  id: GeneratedId;
  group_id: BigId;
  company_id: BigId;
  created_by: BigId | null;
  provider: string;
  region: string;
  account: string;
  method: 'sms' | 'qr';
  state: 'sms_sent' | 'qr_waiting' | 'collecting' | 'importing' | 'done' | 'failed' | 'cancelled';
  login_task: string | null;
  token: string | null;
  collect_task: string | null;
  period_from: string;
  period_to: string;
  progress: Generated<number>;
  message: string | null;
  import_ids: Generated<BigId[]>;
  auth_deadline: Timestamp;
  collect_deadline: Timestamp | null;
  created_at: Stamp;
  updated_at: Stamp;
}

export interface ChanjetAuthorisationsTable {
  id: GeneratedId;
  group_id: BigId;
  company_id: BigId;
  created_by: BigId | null;
  state: 'waiting' | 'authorised' | 'closed';
  oauth_state: string;
  access_token: string | null;
  refresh_token: string | null;
  token_expires_at: Timestamp | null;
  import_ids: Generated<BigId[]>;
  created_at: Stamp;
  updated_at: Stamp;
}
