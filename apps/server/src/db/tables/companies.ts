/** Row types of client companies. */
import type { BigId, GeneratedId, Stamp } from './columns.js';

export interface CompaniesTable {
  id: GeneratedId;
  group_id: BigId;
  taxpayer_name: string;
  tax_no: string;
  tax_no_warning: string | null;
  region_code: string | null;
  industry_code: string | null;
  industry_name: string | null;
  taxpayer_type: 'general' | 'small_scale' | null;
  accounting_standard: 'enterprise' | 'small_enterprise' | null;
  legal_person: string | null;
  contact_name: string | null;
  contact_phone: string | null;
  address: string | null;
  remark: string | null;
  invoice_limit_fen: BigId | null;
  registered_capital_fen: BigId | null;
  assignee_id: BigId | null;
  created_by: BigId | null;
  created_at: Stamp;
  updated_at: Stamp;
}
