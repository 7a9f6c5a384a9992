import {
  type BillingPackage,
  INVOICE_KIND_LABELS,
  INVOICE_STATE_LABELS,
  LEDGER_REASON_LABELS,
  type LedgerEntry,
  type LedgerReason,
  maskPhone,
  ORDER_KIND_LABELS,
  ORDER_STATE_LABELS,
  type Order,
  PAY_METHOD_LABELS,
  REPORT_KINDS,
  reportKindByType,
  type Wallet,
} from '@taxlens/shared';
import type { InvoiceRow } from './invoices.repo.js';
import type { LedgerRow } from './ledger.repo.js';
import type { OrderRow } from './orders.repo.js';
import type { PackageRow } from './packages.repo.js';
import type { TransferRow } from './transfers.repo.js';
import type { WalletRow } from './wallet.repo.js';

export function assetName(asset: number): string {
  if (asset === 7) return '发票鉴伪次数';
  if (asset === 8) return '拓客次数';
  return asset === 0 ? '余额' : (reportKindByType(asset)?.name ?? `类型${asset}`);
}

/** Credit counts per type; with `onlyGranted`, the types with a positive count only. */
export function creditList(credits: readonly number[], onlyGranted = false) {
  return REPORT_KINDS.map((kind) => ({
    type: kind.type,
    name: kind.name,
    count: Number(credits[kind.type - 1] ?? 0),
  })).filter((item) => !onlyGranted || item.count > 0);
}

export function presentWallet(wallet: WalletRow, balanceVisible: boolean): Wallet {
  return {
    userId: wallet.userId,
    balance: balanceVisible ? wallet.balanceFen : null,
    balanceVisible,
    numberList: REPORT_KINDS.map((kind) => ({
      type: kind.type,
      name: kind.name,
      count: wallet.credits[kind.type - 1] ?? 0,
      icon: kind.icon,
    })),
  };
}

export function presentPackage(row: PackageRow): BillingPackage {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    priceFen: Number(row.price_fen),
    balanceFen: Number(row.balance_fen),
    credits: creditList(row.credits, true),
    sort: row.sort,
  };
}

export function presentPrices(prices: Map<number, number>) {
  return REPORT_KINDS.map((kind) => ({
    type: kind.type,
    name: kind.name,
    priceField: kind.priceField,
    priceFen: prices.get(kind.type) ?? 0,
  }));
}

const iso = (value: Date | null) => (value ? value.toISOString() : null);

export function presentOrder(row: OrderRow): Order {
  return {
    orderId: row.id,
    orderNo: row.order_no,
    kind: row.kind,
    kindLabel: ORDER_KIND_LABELS[row.kind],
    title: row.title,
    amountFen: Number(row.amount_fen),
    grantBalanceFen: Number(row.grant_balance_fen),
    grantCredits: creditList(row.grant_credits, true),
    payMethod: row.pay_method,
    payMethodLabel: PAY_METHOD_LABELS[row.pay_method],
    state: row.state,
    stateLabel: ORDER_STATE_LABELS[row.state],
    userId: Number(row.user_id),
    phone: maskPhone(row.phone),
    invoiced: row.invoice_id !== null,
    createTime: row.created_at.toISOString(),
    paidTime: iso(row.paid_at),
    expireTime: row.expires_at.toISOString(),
  };
}

export function presentPayState(row: OrderRow) {
  return {
    orderId: row.id,
    orderNo: row.order_no,
    state: row.state,
    stateLabel: ORDER_STATE_LABELS[row.state],
    paid: row.state === 'paid',
    amountFen: Number(row.amount_fen),
    paidTime: iso(row.paid_at),
  };
}

/** A ledger row; the balance after it is hidden from a caller without viewBalance. */
export function presentLedger(row: LedgerRow, balanceVisible: boolean): LedgerEntry {
  return {
    id: row.id,
    asset: row.asset,
    assetName: assetName(row.asset),
    delta: Number(row.delta),
    after: row.asset === 0 && !balanceVisible ? null : Number(row.after),
    reason: row.reason,
    reasonLabel: LEDGER_REASON_LABELS[row.reason as LedgerReason] ?? row.reason,
    note: row.note,
    orderId: row.order_id,
    reportId: row.report_id,
    counterpartPhone: row.counterpart_phone ? maskPhone(row.counterpart_phone) : null,
    actorPhone: row.actor_phone ? maskPhone(row.actor_phone) : null,
    createTime: row.created_at.toISOString(),
  };
}

/** A transfer, with its direction seen from `viewerId` (null when the viewer is neither side). */
export function presentTransfer(row: TransferRow, viewerId: number) {
  const direction = row.to_user_id === viewerId ? 'in' : row.from_user_id === viewerId ? 'out' : null;
  return {
    id: row.id,
    kind: row.kind,
    kindLabel: row.kind === 'give' ? '划拨' : '收回',
    fromUserId: Number(row.from_user_id),
    fromPhone: maskPhone(row.from_phone),
    fromName: row.from_name,
    toUserId: Number(row.to_user_id),
    toPhone: maskPhone(row.to_phone),
    toName: row.to_name,
    actorPhone: maskPhone(row.actor_phone),
    asset: row.asset,
    assetName: assetName(row.asset),
    amount: Number(row.amount),
    direction: direction as 'in' | 'out' | null,
    createTime: row.created_at.toISOString(),
  };
}

type InvoiceLike = Omit<InvoiceRow, 'total'>;

export function presentInvoice(row: InvoiceLike) {
  return {
    id: row.id,
    kind: row.kind,
    kindLabel: INVOICE_KIND_LABELS[row.kind],
    title: row.title,
    taxNo: row.tax_no,
    email: row.email,
    amountFen: Number(row.amount_fen),
    orderNos: row.order_nos,
    state: row.state,
    stateLabel: INVOICE_STATE_LABELS[row.state],
    rejectReason: row.reject_reason,
    hasPdf: row.state === 'issued' && row.file_key !== null,
    createTime: row.created_at.toISOString(),
    handledTime: iso(row.handled_at),
  };
}
