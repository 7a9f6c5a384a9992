/**
 * Reader of the e-tax bureau's 发票勾选确认 / 抵扣类勾选 export (domain facts §1.2, §1.6): one row per
 * input invoice with its 勾选 state and 有效抵扣税额. xlsx or .xls; title rows and header aliases
 * tolerated; `--` in an identity column is no value (§1.7). A row that cannot be read is an error
 * of the report and the file is stored not at all.
 */
import { type CellInput, codeOf, fenOf, textOf } from '../invoices/cell-value.parser.js';
import { issuedAtOf } from '../invoices/date-time.parser.js';
import { readPeriodCell } from '../statements/period-text.parser.js';
import type { FinancialImportProblem } from '../statements/statement.types.js';
import { loadWorkbook } from '../statements/workbook.loader.js';
import { FileKindImportError } from '../workbook/file-kind.error.js';
import { findHeaderTable, type TableColumn, type TableRow } from '../workbook/header-table.js';
import type { DeductionListResult, VatDeductionEntry } from './deduction-list.types.js';

type Column =
  | 'selected'
  | 'digitalNumber'
  | 'code'
  | 'number'
  | 'issuedOn'
  | 'amount'
  | 'tax'
  | 'deductible'
  | 'total'
  | 'buyerTaxNo'
  | 'sellerName'
  | 'sellerTaxNo'
  | 'kind'
  | 'status'
  | 'risk'
  | 'selectedOn'
  | 'period';

const COLUMNS: readonly TableColumn<Column>[] = [
  { id: 'selected', aliases: ['是否勾选', '勾选状态', '勾选标志', '是否已勾选'] },
  { id: 'digitalNumber', aliases: ['数电发票号码', '数电票号码', '全电发票号码'] },
  { id: 'code', aliases: ['发票代码'] },
  { id: 'number', aliases: ['发票号码'] },
  { id: 'issuedOn', aliases: ['开票日期'] },
  { id: 'amount', aliases: ['金额', '不含税金额', '发票金额'] },
  { id: 'tax', aliases: ['票面税额', '税额', '发票税额'] },
  { id: 'deductible', aliases: ['有效抵扣税额', '有效税额', '可抵扣税额', '本次抵扣税额'] },
  { id: 'total', aliases: ['价税合计', '价税合计金额'] },
  { id: 'buyerTaxNo', aliases: ['购买方识别号', '购方识别号', '购买方纳税人识别号', '购方纳税人识别号'] },
  { id: 'sellerName', aliases: ['销售方纳税人名称', '销售方名称', '销方名称', '销售方纳税人'] },
  { id: 'sellerTaxNo', aliases: ['销售方纳税人识别号', '销售方识别号', '销方识别号'] },
  { id: 'kind', aliases: ['票种', '发票票种', '发票类型', '票种标签'] },
  { id: 'status', aliases: ['发票状态'] },
  { id: 'risk', aliases: ['发票风险等级'] },
  { id: 'selectedOn', aliases: ['勾选时间', '勾选日期', '确认时间', '认证日期'] },
  { id: 'period', aliases: ['所属期', '税款所属期', '勾选所属期', '认证所属期', '抵扣所属期'] },
];

const NO_VALUE = /^(--|-|\/|—)$/;
const YES = /^(是|已勾选|勾选|Y|y|1|已抵扣勾选)$/;
const NO = /^(否|未勾选|N|n|0|不勾选)$/;

function identity(raw: CellInput, label: string, padTo?: number) {
  const text = textOf(raw);
  if (text !== null && NO_VALUE.test(text)) return { ok: true as const, value: null };
  return codeOf(raw, label, padTo);
}

function readRow(row: TableRow<Column>, error: (message: string, column?: string) => void): VatDeductionEntry | null {
  const digital = identity(row.get('digitalNumber'), '数电发票号码');
  const code = identity(row.get('code'), '发票代码', 10);
  const number = identity(row.get('number'), '发票号码', 8);
  for (const reading of [digital, code, number]) if (!reading.ok) error(reading.reason);
  const digitalNumber = digital.ok ? digital.value : null;
  const invoiceCode = code.ok ? code.value : null;
  const invoiceNumber = number.ok ? number.value : null;
  const key = digitalNumber ?? (invoiceCode && invoiceNumber ? `${invoiceCode}:${invoiceNumber}` : null);
  if (!key) error('缺少数电发票号码，或发票代码与发票号码');

  const date = (id: 'issuedOn' | 'selectedOn', required: boolean) => {
    const raw = row.get(id);
    if (raw === null || (typeof raw === 'string' && (raw.trim() === '' || NO_VALUE.test(raw.trim())))) {
      if (required) error('开票日期为空');
      return null;
    }
    const parsed = issuedAtOf(raw);
    if (!parsed.ok) {
      error(parsed.reason);
      return null;
    }
    return parsed.value.text.slice(0, 10);
  };
  const money = (id: 'amount' | 'tax' | 'deductible', label: string) => {
    const parsed = fenOf(row.get(id));
    if (!parsed.ok) {
      error(`${label}${parsed.reason}`);
      return 0;
    }
    return parsed.value;
  };
  const issuedOn = date('issuedOn', true);
  const selectedOn = date('selectedOn', false);
  const amountFen = money('amount', '金额：');
  const taxFen = money('tax', '税额：');
  const deductibleTaxFen = row.has('deductible') ? money('deductible', '有效抵扣税额：') : taxFen;
  let totalFen = amountFen + taxFen;
  const totalDerived = !row.has('total') || row.get('total') === null;
  if (!totalDerived) {
    const total = fenOf(row.get('total'));
    if (total.ok) totalFen = total.value;
    else error(`价税合计：${total.reason}`);
  }
  const selectedText = textOf(row.get('selected')) ?? '';
  const selected = YES.test(selectedText);
  if (!selected && !NO.test(selectedText)) error(`勾选状态“${selectedText}”无法识别，应为“是”或“否”`);
  const periodReading = row.get('period') === null ? null : readPeriodCell(row.get('period'));
  const period =
    periodReading?.ok && /^\d{4}-\d{2}$/.test(periodReading.period)
      ? periodReading.period
      : selected && selectedOn
        ? selectedOn.slice(0, 7)
        : null;
  if (!key || !issuedOn) return null;
  return {
    key,
    digitalNumber,
    code: digitalNumber ? null : invoiceCode,
    number: digitalNumber ? null : invoiceNumber,
    issuedOn,
    sellerTaxNo: textOf(row.get('sellerTaxNo'))?.toUpperCase() ?? null,
    sellerName: textOf(row.get('sellerName')),
    amountFen,
    taxFen,
    totalFen,
    totalDerived,
    deductibleTaxFen,
    selected,
    selectedOn,
    period,
    kindText: textOf(row.get('kind')),
    statusText: textOf(row.get('status')),
    riskLevel: textOf(row.get('risk')),
  };
}

export async function readDeductionList(bytes: Uint8Array): Promise<DeductionListResult> {
  const workbook = await loadWorkbook(bytes);
  if (typeof workbook === 'string') throw new FileKindImportError(workbook);
  const table = findHeaderTable(workbook.sheets, COLUMNS, [
    ['selected', 'deductible', 'issuedOn', 'amount', 'tax', 'digitalNumber'],
    ['selected', 'deductible', 'issuedOn', 'amount', 'tax', 'code', 'number'],
  ]);
  if (!table) throw new FileKindImportError('NOT_DEDUCTION_LIST');
  const problems: FinancialImportProblem[] = [];
  const entries = new Map<string, VatDeductionEntry>();
  const buyers = new Set<string>();
  for (const row of table.rows) {
    // The 合计 line closes some exports; it is no invoice.
    if (/^合计/.test(textOf(row.get('selected')) ?? '') || /合计/.test(String(row.get('digitalNumber') ?? '')))
      continue;
    const errors: string[] = [];
    const entry = readRow(row, (message) => errors.push(message));
    for (const message of errors) {
      problems.push({ level: 'error', sheet: table.sheet, row: row.number, message: `第${row.number}行：${message}` });
    }
    const buyer = textOf(row.get('buyerTaxNo'));
    if (buyer) buyers.add(buyer.toUpperCase());
    if (!entry || errors.length > 0) continue;
    // The same invoice twice (two pages of one query pasted together) counts once.
    entries.set(entry.key, entry);
  }
  if (table.rows.length === 0) throw new FileKindImportError('NO_ROWS');
  const list = [...entries.values()];
  return {
    sheet: table.sheet,
    entries: list,
    problems,
    buyerTaxNos: [...buyers],
    periods: [...new Set(list.flatMap((entry) => (entry.period ? [entry.period] : [])))].sort(),
  };
}
