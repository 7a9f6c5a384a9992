/** One data row of either sheet → a NormalizedInvoice or a NormalizedInvoiceLine, with its problems. */
import { formatFen } from '@taxlens/shared';
import type { NormalizedInvoice, NormalizedInvoiceLine } from '../../model/invoice.js';
import { type CellInput, codeOf, decimalTextOf, fenOf, taxRateOf, textOf } from './cell-value.parser.js';
import type { InvoiceColumn } from './column-aliases.table.js';
import { itemNameOf } from './invoice-code.tables.js';
import { type CompanyIdentity, type InvoiceHead, invoiceHeadOf, type RowCells } from './invoice-head.normalizer.js';
import type { RowProblems } from './row-problems.collector.js';

export interface Amounts {
  amountFen: number;
  taxFen: number;
  totalFen: number;
}

/** 金额 + 税额 may differ from 价税合计 by rounding of at most this much. */
const SUM_TOLERANCE_FEN = 1;

/** Exempt and zero-rated lines print *** or leave 税额 blank. */
const NO_TAX = new Set(['***', '**', '*', '-', '—', '免税', '不征税']);

function fen(cells: RowCells, problems: RowProblems, column: InvoiceColumn, label: string): number | null {
  const cell: CellInput = cells.cell(column);
  if (column === 'tax' && (cell === null || NO_TAX.has(textOf(cell) ?? ''))) return 0;
  const parsed = fenOf(cell);
  if (parsed.ok) return parsed.value;
  problems.error(column, parsed.reason === '金额为空' ? `${label}为空` : `${label}：${parsed.reason}`);
  return null;
}

function blank(cells: RowCells, column: InvoiceColumn): boolean {
  return cells.text(column) === null;
}

/**
 * A blank voided invoice (空白作废: 已作废, no goods, 金额 empty) carries no amounts at all; it is
 * a void invoice of zero, not a row with missing money.
 */
function isBlankVoid(cells: RowCells, head: InvoiceHead | null): boolean {
  return head?.status === 'void' && blank(cells, 'amount') && blank(cells, 'tax') && blank(cells, 'total');
}

const ZERO: Amounts = { amountFen: 0, taxFen: 0, totalFen: 0 };

export function amountsOf(cells: RowCells, problems: RowProblems): Amounts | null {
  const amountFen = fen(cells, problems, 'amount', '金额');
  const taxFen = fen(cells, problems, 'tax', '税额');
  const totalFen = fen(cells, problems, 'total', '价税合计');
  if (amountFen === null || taxFen === null || totalFen === null) return null;
  if (Math.abs(amountFen + taxFen - totalFen) > SUM_TOLERANCE_FEN) {
    problems.error(
      'total',
      `金额 + 税额 ≠ 价税合计（${formatFen(amountFen)} + ${formatFen(taxFen)} ≠ ${formatFen(totalFen)}）`,
    );
    return null;
  }
  return { amountFen, taxFen, totalFen };
}

/** Completes a head with its amounts; the sign of 价税合计 decides when 是否正数发票 is absent. */
export function invoiceOf(head: InvoiceHead, amounts: Amounts): NormalizedInvoice {
  // Spelled out rather than spread: see invoiceHeadOf.
  return {
    key: head.key,
    digitalNumber: head.digitalNumber,
    code: head.code,
    number: head.number,
    direction: head.direction,
    sellerTaxNo: head.sellerTaxNo,
    sellerName: head.sellerName,
    buyerTaxNo: head.buyerTaxNo,
    buyerName: head.buyerName,
    issuedAt: head.issuedAt,
    hasTime: head.hasTime,
    amountFen: amounts.amountFen,
    taxFen: amounts.taxFen,
    totalFen: amounts.totalFen,
    source: head.source,
    kindText: head.kindText,
    kindCode: head.kindCode,
    isSpecial: head.isSpecial,
    status: head.status,
    statusText: head.statusText,
    isPositive: head.positiveFlag ?? amounts.totalFen >= 0,
    riskLevel: head.riskLevel,
    issuer: head.issuer,
    remark: head.remark,
    redOfNumber: head.redOfNumber,
  };
}

export function normalizeInvoiceRow(
  cells: RowCells,
  problems: RowProblems,
  company: CompanyIdentity,
): NormalizedInvoice | null {
  const head = invoiceHeadOf(cells, problems, company);
  const amounts = isBlankVoid(cells, head) ? ZERO : amountsOf(cells, problems);
  if (head === null || amounts === null || problems.hasError) return null;
  if (head.positiveFlag === false && amounts.totalFen > 0) {
    problems.warn('positive', '标记为红字发票（是否正数发票：否），但价税合计为正数');
  }
  if (head.positiveFlag === true && amounts.totalFen < 0) {
    problems.warn('positive', '标记为正数发票，但价税合计为负数');
  }
  return invoiceOf(head, amounts);
}

export interface LineRow {
  head: InvoiceHead;
  /** lineNo is 0 until the reader numbers the line within its invoice; null for a blank voided invoice. */
  line: NormalizedInvoiceLine | null;
  /** A `(详见销货清单)` line: the invoice's total standing for its goods list. */
  listSummary: boolean;
}

/** `(详见销货清单)`, `详见清单`, `（详见销货清单）`: the line that stands for an attached goods list. */
const LIST_SUMMARY = /^[(（]?\s*详见(?:销货|销售|货物)?清单\s*[)）]?$/;

/** 规格型号 and 单位 `*` (and `--`) mean "none". */
function optionalText(cells: RowCells, column: InvoiceColumn): string | null {
  const text = cells.text(column);
  return text === null || /^[*＊\-－—/]+$/.test(text) ? null : text;
}

function decimalText(cells: RowCells, problems: RowProblems, column: InvoiceColumn, label: string): string | null {
  const parsed = decimalTextOf(cells.cell(column));
  if (parsed.ok) return parsed.value;
  problems.warn(column, `${label}${parsed.reason}，已忽略`);
  return null;
}

export function normalizeLineRow(cells: RowCells, problems: RowProblems, company: CompanyIdentity): LineRow | null {
  const head = invoiceHeadOf(cells, problems, company);
  const itemText = cells.text('itemText');
  if (itemText === null && head !== null && isBlankVoid(cells, head)) {
    return problems.hasError ? null : { head, line: null, listSummary: false };
  }
  const amounts = amountsOf(cells, problems);
  if (itemText === null) problems.error('itemText', '货物或应税劳务名称为空');
  const taxCode = codeOf(cells.cell('taxCode'), '税收分类编码');
  if (!taxCode.ok) problems.error('taxCode', taxCode.reason);
  if (head === null || amounts === null || itemText === null || !taxCode.ok || problems.hasError) return null;

  const rate = taxRateOf(cells.cell('taxRate'));
  if (!rate.recognised) problems.warn('taxRate', `无法识别的税率「${rate.text}」`);
  const { category, itemName } = itemNameOf(itemText);
  return {
    head,
    listSummary: LIST_SUMMARY.test(itemText.replace(/\s+/g, '')),
    line: {
      invoiceKey: head.key,
      lineNo: 0,
      direction: head.direction,
      taxCode: taxCode.value,
      specialBusiness: cells.text('specialBusiness'),
      itemText,
      category,
      itemName,
      spec: optionalText(cells, 'spec'),
      unit: optionalText(cells, 'unit'),
      quantity: decimalText(cells, problems, 'quantity', '数量'),
      unitPrice: decimalText(cells, problems, 'unitPrice', '单价'),
      amountFen: amounts.amountFen,
      taxRateText: rate.text,
      taxRateBp: rate.basisPoints,
      taxFen: amounts.taxFen,
      totalFen: amounts.totalFen,
    },
  };
}
