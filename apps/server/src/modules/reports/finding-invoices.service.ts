import type { FindingInvoiceRow } from '@taxlens/shared';
import { sql } from 'kysely';
import type { Db, DbOrTx } from '../../db/kysely.js';
import type { ExportColumn } from '../../lib/xlsx-export.js';
import type { Actor } from '../accounts/accounts.policy.js';
import { reportResult } from './reports.repo.js';
import { requireReport } from './reports.service.js';

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
  const rows = await invoiceRows(db, report.company_id, evidence.invoiceKeys, filter.direction);
  const keyword = filter.keyword?.trim();
  const shown = keyword
    ? rows.filter((row) =>
        [row.number, row.counterparty, row.counterpartyTaxNo, row.goods].some((text) => text.includes(keyword)),
      )
    : rows;
  return { rows: shown, total: evidence.total, listed: evidence.invoiceKeys.length };
}

/** Stored invoices of a company by key, with their goods, as drill-down rows in issue order. */
export async function invoiceRows(
  db: DbOrTx,
  companyId: number,
  keys: readonly string[],
  direction?: 'sales' | 'purchase',
): Promise<FindingInvoiceRow[]> {
  if (keys.length === 0) return [];
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
    .where('i.company_id', '=', companyId)
    .where('i.key', 'in', keys);
  if (direction) query = query.where('i.direction', '=', direction);
  return (await query.orderBy('i.issued_at').execute()).map((row): FindingInvoiceRow => {
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
}

/** Rows printed per finding in the PDF; the rest are counted there and open in the report page. */
export const PRINT_ROW_LIMIT = 20;

/** The first rows of each finding's evidence, for the printed report (one query for all findings). */
export async function printedEvidenceRows(
  db: DbOrTx,
  companyId: number | null,
  findings: readonly { ruleId: string; evidence?: { invoiceKeys: string[] } | null }[],
): Promise<Record<string, FindingInvoiceRow[]>> {
  if (!companyId) return {};
  const wanted = findings.filter((finding) => (finding.evidence?.invoiceKeys.length ?? 0) > 0);
  const keys = new Set(wanted.flatMap((finding) => finding.evidence?.invoiceKeys.slice(0, PRINT_ROW_LIMIT) ?? []));
  const byKey = new Map((await invoiceRows(db, companyId, [...keys])).map((row) => [row.key, row]));
  const printed: Record<string, FindingInvoiceRow[]> = {};
  for (const finding of wanted) {
    printed[finding.ruleId] = (finding.evidence?.invoiceKeys.slice(0, PRINT_ROW_LIMIT) ?? [])
      .flatMap((key) => byKey.get(key) ?? [])
      .sort((a, b) => a.issuedAt.localeCompare(b.issuedAt));
  }
  return printed;
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
