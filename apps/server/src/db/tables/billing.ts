/** Row types of wallets, the ledger, prices and the billing tables of 0010. */
import type { ColumnType, Generated } from 'kysely';
import type { BigId, GeneratedId, Json, Stamp, Timestamp } from './columns.js';

export interface WalletsTable {
  user_id: BigId;
  group_id: BigId;
  balance_fen: Generated<number>;
  credits: ColumnType<number[], number[] | undefined, number[]>;
  /** Invoice check credits (发票鉴伪次数, ledger asset 7; migration 0110). */
  check_credits: Generated<number>;
  /** Toker credits (拓客次数, ledger asset 8; migration 0220). */
  toker_credits: Generated<number>;
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

/** Tables of migration 0010 (packages, orders, notifications, charges, transfers, invoices). */
export interface BillingTables {
  app_settings: AppSettingsTable;
  packages: PackagesTable;
  orders: OrdersTable;
  payment_notifications: PaymentNotificationsTable;
  report_charges: ReportChargesTable;
  wallet_transfers: WalletTransfersTable;
  purchase_invoices: PurchaseInvoicesTable;
  purchase_invoice_orders: PurchaseInvoiceOrdersTable;
}

type Credits = ColumnType<number[], number[] | undefined, number[]>;

/** Key/value settings of the application (table app_settings since migration 0011). */
export interface AppSettingsTable {
  key: string;
  value: Json<unknown>;
  updated_at: Stamp;
}

export interface PackagesTable {
  id: GeneratedId;
  name: string;
  description: Generated<string>;
  price_fen: BigId;
  balance_fen: Generated<BigId>;
  credits: Credits;
  active: Generated<boolean>;
  sort: Generated<number>;
  created_at: Stamp;
  updated_at: Stamp;
}

export type OrderKind = 'package' | 'top_up';
export type OrderState = 'pending' | 'paid' | 'cancelled' | 'closed';
export type PayMethod = 'sandbox' | 'bank_online' | 'bank_transfer';

export interface OrdersTable {
  id: GeneratedId;
  group_id: BigId;
  user_id: BigId;
  order_no: string;
  kind: OrderKind;
  package_id: BigId | null;
  title: string;
  amount_fen: BigId;
  grant_balance_fen: BigId;
  grant_credits: ColumnType<number[], number[], number[]>;
  pay_method: PayMethod;
  state: Generated<OrderState>;
  pay_token: string;
  gateway_txn_id: string | null;
  expires_at: Timestamp;
  paid_at: Timestamp | null;
  cancelled_at: Timestamp | null;
  closed_at: Timestamp | null;
  confirmed_by: BigId | null;
  invoice_id: BigId | null;
  /** The limited-time discount the order was charged at (migration 0270). */
  discount_id: ColumnType<BigId | null, BigId | null | undefined, BigId | null>;
  created_at: Stamp;
  updated_at: Stamp;
}

export interface PaymentNotificationsTable {
  id: GeneratedId;
  provider: string;
  order_no: string | null;
  order_id: BigId | null;
  gateway_txn_id: string | null;
  amount_fen: BigId | null;
  outcome: string;
  payload: Json<unknown>;
  created_at: Stamp;
}

export interface ReportChargesTable {
  id: GeneratedId;
  group_id: BigId;
  user_id: BigId;
  credit_type: number;
  report_id: BigId | null;
  request_key: string;
  firm_name: string | null;
  tax_no: string | null;
  paid_with: number;
  amount: BigId;
  price_fen: BigId;
  entry_id: BigId | null;
  refunded_at: Timestamp | null;
  refund_entry_id: BigId | null;
  refund_reason: string | null;
  payer_user_id: Generated<BigId | null>;
  created_at: Stamp;
}

export interface WalletTransfersTable {
  id: GeneratedId;
  group_id: BigId;
  kind: 'give' | 'take_back';
  from_user_id: BigId;
  to_user_id: BigId;
  actor_id: BigId;
  asset: number;
  amount: BigId;
  out_entry_id: BigId;
  in_entry_id: BigId;
  created_at: Stamp;
}

export type InvoiceKind = 'normal' | 'special';
export type InvoiceState = 'pending' | 'issued' | 'rejected';

export interface PurchaseInvoicesTable {
  id: GeneratedId;
  group_id: BigId;
  user_id: BigId;
  kind: InvoiceKind;
  title: string;
  tax_no: string;
  address: string | null;
  phone: string | null;
  bank_name: string | null;
  bank_account: string | null;
  email: string;
  amount_fen: BigId;
  state: Generated<InvoiceState>;
  reject_reason: string | null;
  file_key: string | null;
  file_name: string | null;
  handled_by: BigId | null;
  handled_at: Timestamp | null;
  created_at: Stamp;
  updated_at: Stamp;
}

export interface PurchaseInvoiceOrdersTable {
  invoice_id: BigId;
  order_id: BigId;
  group_id: BigId;
}
