/** Rows of invoice_checks as the API answers them. */
import { SOURCE_LAYER_NAMES, type SourceLayer } from '@taxlens/engine/verification';
import { CHECK_VERDICT_NAMES, type InvoiceCheck, type InvoiceCheckDetail, maskPhone } from '@taxlens/shared';
import { CHECK_CREDIT_ASSET } from '../billing/wallet.repo.js';
import type { CheckListRow, getCheck } from './verification.repo.js';

type DetailRow = NonNullable<Awaited<ReturnType<typeof getCheck>>>;

interface StoredResult {
  id: string;
  title: string;
  verdict: 'pass' | 'warn' | 'fail' | 'no_data';
  reason: string;
}

function summaryOf(verdict: string, results: StoredResult[], vendorMessage?: string | null): string {
  if (verdict === 'error') return vendorMessage ?? '核验失败，已退回费用';
  const failing =
    results.find((result) => result.verdict === 'fail') ?? results.find((result) => result.verdict === 'warn');
  return failing ? `${failing.title}：${failing.reason}` : '各项核对未见异常';
}

export function presentCheck(row: CheckListRow, vendorMessage?: string | null): InvoiceCheck {
  const results = (row.results ?? []) as StoredResult[];
  return {
    id: row.id,
    batchId: row.batch_id,
    invoiceCode: row.invoice_code,
    invoiceNumber: row.invoice_number,
    invoiceDate: row.invoice_date,
    kindName: row.kind_name,
    amountFen: row.amount_fen === null ? null : Number(row.amount_fen),
    taxFen: row.tax_fen === null ? null : Number(row.tax_fen),
    totalFen: row.total_fen === null ? null : Number(row.total_fen),
    sellerName: row.seller_name,
    sellerTaxNo: row.seller_tax_no,
    buyerName: row.buyer_name,
    sourceFormat: row.source_format,
    sourceLayer: row.source_layer,
    sourceLayerName: SOURCE_LAYER_NAMES[row.source_layer as SourceLayer] ?? row.source_layer,
    sourceName: row.source_name,
    provider: row.provider,
    providerLabel: row.provider_label,
    verdict: row.verdict,
    verdictName: CHECK_VERDICT_NAMES[row.verdict],
    summary: summaryOf(row.verdict, results, vendorMessage),
    priceFen: Number(row.price_fen),
    paidWithCredit: row.charge_asset === CHECK_CREDIT_ASSET,
    refunded: row.refunded_at !== null,
    userId: Number(row.user_id),
    phone: maskPhone(row.phone),
    createTime: row.created_at.toISOString(),
  };
}

export function presentDetail(row: DetailRow): InvoiceCheckDetail {
  return {
    ...presentCheck(row, row.vendor_message),
    results: (row.results ?? []) as StoredResult[],
    notes: (row.notes ?? []) as string[],
    vendorCode: row.vendor_code,
    vendorMessage: row.vendor_message,
    face: (row.face ?? {}) as Record<string, unknown>,
  };
}
