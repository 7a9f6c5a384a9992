import { sql } from 'kysely';
import type { Db } from '../../db/kysely.js';
import type { ExportColumn } from '../../lib/xlsx-export.js';
import type { Actor } from '../accounts/accounts.policy.js';
import { reportResult } from './reports.repo.js';
import { requireReport } from './reports.service.js';

/** One invoice behind a finding, as the drill-down table and its Excel export show it. */
export interface FindingInvoiceRow {
  key: string;
  number: string;
  issuedAt: string;
  direction: '销项' | '进项';
  counterparty: string;
  counterpartyTaxNo: string;
  goods: string;
  amountFen: number;
  taxFen: number;
  totalFen: number;
  status: string;
}

export interface FindingInvoiceFilter {
  keyword?: string;
  direction?: 'sales' | 'purchase';
}

const STATUS_TEXT: Readonly<Record<string, string>> = {
  normal: '正常',
  void: '已作废',
  red_full: '已红冲-全额',
  red_partial: '已红冲-部分',
};

/**
 * The invoices a finding names (its evidence keys, capped by the engine), read from the company's
 * stored invoices with their goods, filtered by a keyword (number, counterparty, goods) and side.
 */
export async function findingInvoices(
  db: Db,
  actor: Actor,
  reportId: number,
  ruleId: string,
  filter: FindingInvoiceFilter,
): Promise<{ rows: FindingInvoiceRow[]; total: number; listed: number }> {
  const report = await requireReport(db, actor, reportId);
  const stored = await reportResult(db, reportId);
  const findings = (
    stored?.result as {
      findings?: { ruleId: string; evidence: { invoiceKeys: string[]; total: number } | null }[];
    } | null
  )?.findings;
  const evidence = findings?.find((finding) => finding.ruleId === ruleId)?.evidence;
  if (!evidence || !report.company_id || evidence.invoiceKeys.length === 0) {
    return { rows: [], total: evidence?.total ?? 0, listed: 0 };
  }
  let query = db
    .selectFrom('invoices as i')
    .select([
      'i.key',
      'i.digital_number',
      'i.code',
      'i.number',
      'i.direction',
      'i.seller_name',
      'i.seller_tax_no',
      'i.buyer_name',
      'i.buyer_tax_no',
      'i.amount_fen',
      'i.tax_fen',
      'i.total_fen',
      'i.status',
      'i.is_positive',
      sql<string>`to_char(i.issued_at, 'YYYY-MM-DD HH24:MI:SS')`.as('issued_text'),
      sql<string>`coalesce((select string_agg(l.item_name, '、' order by l.line_no) from invoice_lines l
        where l.company_id = i.company_id and l.invoice_key = i.key and l.item_name <> '(详见销货清单)'), '')`.as(
        'goods',
      ),
    ])
    .where('i.company_id', '=', report.company_id)
    .where('i.key', 'in', evidence.invoiceKeys);
  if (filter.direction) query = query.where('i.direction', '=', filter.direction);
  const rows = (await query.orderBy('i.issued_at').execute()).map((row): FindingInvoiceRow => {
    const sales = row.direction === 'sales';
    return {
      key: row.key,
      number: row.digital_number ?? (row.code && row.number ? `${row.code} ${row.number}` : row.key),
      issuedAt: row.issued_text,
      direction: sales ? '销项' : '进项',
      counterparty: sales ? row.buyer_name : row.seller_name,
      counterpartyTaxNo: sales ? row.buyer_tax_no : row.seller_tax_no,
      goods: row.goods,
      amountFen: row.amount_fen,
      taxFen: row.tax_fen,
      totalFen: row.total_fen,
      status: `${row.is_positive ? '蓝字' : '红字'}·${STATUS_TEXT[row.status] ?? row.status}`,
    };
  });
  const keyword = filter.keyword?.trim();
  const shown = keyword
    ? rows.filter((row) =>
        [row.number, row.counterparty, row.counterpartyTaxNo, row.goods].some((text) => text.includes(keyword)),
      )
    : rows;
  return { rows: shown, total: evidence.total, listed: evidence.invoiceKeys.length };
}

export const FINDING_INVOICE_COLUMNS: ExportColumn<FindingInvoiceRow>[] = [
  { header: '发票号码', width: 24, value: (row) => row.number },
  { header: '开票时间', width: 20, value: (row) => row.issuedAt },
  { header: '方向', width: 8, value: (row) => row.direction },
  { header: '对方名称', width: 32, value: (row) => row.counterparty },
  { header: '对方税号', width: 22, value: (row) => row.counterpartyTaxNo },
  { header: '货物或服务', width: 32, value: (row) => row.goods },
  { header: '金额', width: 14, value: (row) => row.amountFen, format: 'fen' },
  { header: '税额', width: 12, value: (row) => row.taxFen, format: 'fen' },
  { header: '价税合计', width: 14, value: (row) => row.totalFen, format: 'fen' },
  { header: '状态', width: 14, value: (row) => row.status },
];
