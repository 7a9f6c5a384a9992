/** Row types of the invoice authenticity check (migration 0090). */
import type { Generated } from 'kysely';
import type { BigId, GeneratedId, Json, Stamp, Timestamp } from './columns.js';

export type CheckVerdictColumn = 'pass' | 'warn' | 'fail' | 'error';

export interface InvoiceChecksTable {
  id: GeneratedId;
  group_id: BigId;
  user_id: BigId;
  batch_id: string;
  invoice_key: string;
  invoice_code: string | null;
  invoice_number: string;
  invoice_date: string | null;
  kind_code: string | null;
  kind_name: string | null;
  amount_fen: BigId | null;
  tax_fen: BigId | null;
  total_fen: BigId | null;
  seller_name: string | null;
  seller_tax_no: string | null;
  buyer_name: string | null;
  buyer_tax_no: string | null;
  source_format: string;
  source_layer: string;
  source_name: string;
  provider: string;
  provider_label: string;
  verdict: CheckVerdictColumn;
  results: Json<unknown[]>;
  face: Json<Record<string, unknown>>;
  notes: Json<string[]>;
  vendor_code: string | null;
  vendor_message: string | null;
  price_fen: Generated<BigId>;
  /** 0: price_fen from the balance; 7: one check credit (migration 0110). */
  charge_asset: Generated<number>;
  charge_entry_id: BigId | null;
  refund_entry_id: BigId | null;
  refunded_at: Timestamp | null;
  deleted_at: Timestamp | null;
  created_at: Stamp;
}

export interface InvoiceCheckQuotaTable {
  invoice_key: string;
  day: string;
  used: Generated<number>;
}

export interface InvoiceCheckPricesTable {
  id: GeneratedId;
  group_id: BigId | null;
  price_fen: BigId;
  charge_mode: Generated<'price' | 'credit'>;
  updated_at: Stamp;
}
