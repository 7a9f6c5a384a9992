/**
 * The invoice-level fields both sheets carry on every row: identity, parties and direction,
 * date, kind, status and the red-invoice reference.
 */
import type { InvoiceDirection, NormalizedInvoice } from '../../model/invoice.js';
import { type CellInput, codeOf, textOf } from './cell-value.parser.js';
import type { InvoiceColumn } from './column-aliases.table.js';
import { issuedAtOf } from './date-time.parser.js';
import type { SheetLayout } from './header.detector.js';
import { invoiceKindOf, invoiceStatusOf, positiveFlagOf, redOfNumberIn, riskLevelOf } from './invoice-code.tables.js';
import type { RowProblems } from './row-problems.collector.js';

/** The company whose invoices these are, in comparable form. */
export interface CompanyIdentity {
  taxNo: string;
  name: string | null;
}

export function normalizeTaxNo(value: string): string {
  return value.replace(/[\s\u3000]+/g, '').toUpperCase();
}

export function normalizeCompanyName(value: string): string {
  return value
    .replace(/[\s\u3000]+/g, '')
    .replace(/（/g, '(')
    .replace(/）/g, ')');
}

/** Invoice fields without the amounts; `positiveFlag` is null when 是否正数发票 is absent. */
export type InvoiceHead = Omit<NormalizedInvoice, 'amountFen' | 'taxFen' | 'totalFen' | 'isPositive'> & {
  positiveFlag: boolean | null;
};

/** Reads one row's cells by canonical column. */
export class RowCells {
  constructor(
    private readonly cells: readonly CellInput[],
    private readonly layout: SheetLayout,
  ) {}

  cell(column: InvoiceColumn): CellInput {
    const position = this.layout.index[column];
    return position === undefined ? null : (this.cells[position] ?? null);
  }

  text(column: InvoiceColumn): string | null {
    return textOf(this.cell(column));
  }

  has(column: InvoiceColumn): boolean {
    return this.layout.index[column] !== undefined;
  }
}

/** What the export writes for "no value" in code and number columns: --, -, /, — and the like. */
const NO_VALUE = /^[-－—–_/／\\]+$/;

function code(cells: RowCells, problems: RowProblems, column: InvoiceColumn, label: string, padTo?: number) {
  const parsed = codeOf(cells.cell(column), label, padTo);
  if (!parsed.ok) {
    problems.error(column, parsed.reason);
    return null;
  }
  return parsed.value === null || NO_VALUE.test(parsed.value) ? null : parsed.value;
}

export interface InvoiceIdentity {
  key: string;
  digitalNumber: string | null;
  code: string | null;
  number: string | null;
}

const DIGITAL_NUMBER = /^\d{20}$/;
const OLD_CODE = /^(?:\d{10}|\d{12})$/;
const OLD_NUMBER = /^\d{8}$/;

/**
 * The invoice's identity: a 数电 invoice by its 20-digit 数电发票号码, an old-system invoice by
 * 发票代码 + 8-digit 发票号码. A malformed number is an error: taken as it is, it would merge or
 * split invoices.
 */
export function identityOf(cells: RowCells, problems: RowProblems): InvoiceIdentity | null {
  let digitalNumber = code(cells, problems, 'digitalNumber', '数电发票号码');
  let invoiceCode = code(cells, problems, 'code', '发票代码');
  let number = code(cells, problems, 'number', '发票号码', 8);
  if (problems.hasError) return null;
  // A numeric cell drops the leading 0 of a 12-digit 发票代码; 10-digit codes never start with 0.
  if (invoiceCode !== null && typeof cells.cell('code') === 'number' && invoiceCode.length === 11) {
    invoiceCode = `0${invoiceCode}`;
  }
  // Some exports put the 20-digit 数电 number in 发票号码 and leave 数电发票号码 out.
  if (digitalNumber === null && invoiceCode === null && number !== null && DIGITAL_NUMBER.test(number)) {
    digitalNumber = number;
    number = null;
  }
  // A csv saved by Excel drops the leading zeros of an 8-digit 发票号码.
  if (number !== null && /^\d{1,7}$/.test(number)) number = number.padStart(8, '0');
  if (digitalNumber !== null) {
    if (!DIGITAL_NUMBER.test(digitalNumber)) {
      problems.error('digitalNumber', `数电发票号码应为20位数字「${digitalNumber}」`);
      return null;
    }
    return { key: digitalNumber, digitalNumber, code: invoiceCode, number };
  }
  const identityColumn = cells.has('digitalNumber') ? 'digitalNumber' : 'number';
  if (number === null) {
    problems.error(identityColumn, '缺少发票号码（数电发票号码或发票代码+发票号码）');
    return null;
  }
  if (invoiceCode === null) {
    problems.error(cells.has('code') ? 'code' : 'number', `发票号码「${number}」缺少对应的发票代码`);
    return null;
  }
  if (!OLD_CODE.test(invoiceCode)) {
    problems.error('code', `发票代码应为10位或12位数字「${invoiceCode}」`);
    return null;
  }
  if (!OLD_NUMBER.test(number)) {
    problems.error('number', `发票号码应为8位数字「${number}」`);
    return null;
  }
  return { key: `${invoiceCode}:${number}`, digitalNumber: null, code: invoiceCode, number };
}

function directionOf(
  head: { sellerTaxNo: string; buyerTaxNo: string; sellerName: string; buyerName: string },
  company: CompanyIdentity,
  problems: RowProblems,
): InvoiceDirection | null {
  if (normalizeTaxNo(head.sellerTaxNo) === company.taxNo) return 'sales';
  if (normalizeTaxNo(head.buyerTaxNo) === company.taxNo) return 'purchase';
  if (company.name !== null) {
    if (normalizeCompanyName(head.sellerName) === company.name) {
      problems.warn(
        'sellerTaxNo',
        `销方识别号「${head.sellerTaxNo}」与本企业纳税人识别号不同，已按企业名称判定为销项发票`,
      );
      return 'sales';
    }
    if (normalizeCompanyName(head.buyerName) === company.name) {
      problems.warn(
        'buyerTaxNo',
        `购方识别号「${head.buyerTaxNo}」与本企业纳税人识别号不同，已按企业名称判定为进项发票`,
      );
      return 'purchase';
    }
  }
  problems.error(null, `发票的购销双方都不是本企业（纳税人识别号 ${company.taxNo}）`);
  problems.foreign = head;
  return null;
}

export function invoiceHeadOf(cells: RowCells, problems: RowProblems, company: CompanyIdentity): InvoiceHead | null {
  const identity = identityOf(cells, problems);
  const sellerTaxNo = code(cells, problems, 'sellerTaxNo', '销方识别号') ?? '';
  const buyerTaxNo = code(cells, problems, 'buyerTaxNo', '购方识别号') ?? '';
  const parties = {
    sellerTaxNo,
    buyerTaxNo,
    sellerName: cells.text('sellerName') ?? '',
    buyerName: cells.text('buyerName') ?? '',
  };
  const issued = issuedAtOf(cells.cell('issuedAt'));
  if (!issued.ok) problems.error('issuedAt', issued.reason);
  const direction = problems.hasError ? null : directionOf(parties, company, problems);
  if (identity === null || direction === null || !issued.ok) return null;

  const kindText = cells.text('kind');
  const kind = invoiceKindOf(kindText);
  const statusText = cells.text('status');
  const positiveText = cells.text('positive');
  const positiveFlag = positiveFlagOf(positiveText);
  if (positiveText !== null && positiveFlag === null) {
    problems.warn('positive', `无法识别的是否正数发票「${positiveText}」，已按金额正负判断`);
  }
  const remark = cells.text('remark');
  // Spelled out: object spread into a literal this wide is ~100× slower in V8 on the hot path.
  return {
    key: identity.key,
    digitalNumber: identity.digitalNumber,
    code: identity.code,
    number: identity.number,
    direction,
    sellerTaxNo: parties.sellerTaxNo,
    sellerName: parties.sellerName,
    buyerTaxNo: parties.buyerTaxNo,
    buyerName: parties.buyerName,
    issuedAt: issued.value.text,
    hasTime: issued.value.hasTime,
    source: cells.text('source'),
    kindText,
    kindCode: kind.code,
    isSpecial: kind.isSpecial,
    status: invoiceStatusOf(statusText),
    statusText,
    positiveFlag,
    riskLevel: riskLevelOf(cells.text('riskLevel')),
    issuer: cells.text('issuer'),
    remark,
    redOfNumber: redOfNumberIn(remark),
  };
}
