import { formatPeriod } from '@taxlens/shared';
import { cellText, readAmount } from '../statements/cell-value.parser.js';
import type { FinancialImportProblem } from '../statements/statement.types.js';
import { type FormRow, type OfficialForm, readFormPeriod, readTaxNo, tokenAt } from './official-form.reader.js';
import { OFFICIAL_FORM_NAMES } from './official-forms.layout.js';

/**
 * 附列资料（一）（本期销售情况明细）: a matrix of sales lines (by section and rate) × columns by invoice
 * kind. Columns are found by the printed column-number row (1 2 3 … 9=1+3+5+7 …), lines by their 栏次
 * (1 … 9a 9b … 13c … 19), each checked against the section it is printed under; rates in the labels
 * changed between versions (17/16/13 %), the sections did not, so labels are not matched word for word.
 */

type Section = 'general' | 'simplified' | 'exportExempt' | 'exempt';

const SECTIONS: readonly [RegExp, Section][] = [
  [/一般计税/, 'general'],
  [/简易计税/, 'simplified'],
  [/免抵退/, 'exportExempt'],
  [/免税/, 'exempt'],
];

/** Which section each line number belongs to, and the 即征即退 lines that repeat part of the lines above them. */
function sectionOf(line: number): Section | null {
  if (line >= 1 && line <= 7) return 'general';
  if (line >= 8 && line <= 15) return 'simplified';
  if (line === 16 || line === 17) return 'exportExempt';
  if (line === 18 || line === 19) return 'exempt';
  return null;
}
const PART_OF_ABOVE = new Set(['6', '7', '14', '15']);
const LINE_ID = /^(\d{1,2})([a-c]?)$/;
const COLUMN_NUMBER = /^(\d{1,2})(?:=.*)?$/;
const DASH = /^[*＊—–-]+$/;

/** Columns 1–8: sales and tax of 专票, 其他发票, 未开票, 纳税检查调整. */
const SALES_COLUMNS = [1, 3, 5, 7] as const;

function columnRow(rows: readonly FormRow[]): { index: number; xs: Map<number, number> } | null {
  for (const [index, row] of rows.entries()) {
    const xs = new Map<number, number>();
    for (const token of row.tokens) {
      const match = COLUMN_NUMBER.exec(token.text.normalize('NFKC').replace(/\s/g, ''));
      if (match && !xs.has(Number(match[1]))) xs.set(Number(match[1]), token.x);
    }
    if ([1, 2, 3, 4, 5, 6, 7, 8].every((column) => xs.has(column))) return { index, xs };
  }
  return null;
}

export function readSalesSchedule(
  sheet: string,
  rows: readonly FormRow[],
  problems: FinancialImportProblem[],
): OfficialForm | null {
  const name = OFFICIAL_FORM_NAMES.vat_sales_schedule;
  const error = (row: number | null, message: string) => problems.push({ level: 'error', sheet, row, message });
  const found = columnRow(rows);
  const period = readFormPeriod('vat_sales_schedule', rows.slice(0, found ? found.index : rows.length));
  if ('error' in period) {
    error(null, `${name}：${period.error}`);
    return null;
  }
  if (!found) {
    error(null, `${name}：未找到列次行（1、2、3 … 9=1+3+5+7），无法读取；请上传电子税务局导出的原表`);
    return null;
  }
  const xs = [...found.xs.values()].sort((a, b) => a - b);
  const gaps = xs.slice(1).map((x, index) => x - (xs[index] as number));
  const reach = Math.max(0.5, Math.min(...gaps.filter((gap) => gap > 0)) / 2);
  const firstX = found.xs.get(1) as number;

  const sums = { all: [0, 0, 0, 0], general: 0, simplified: 0, exempt: 0 };
  let section: Section | null = null;
  let lines = 0;
  for (const row of rows.slice(found.index + 1)) {
    const left = row.tokens.filter((token) => token.x < firstX - reach);
    const heading = SECTIONS.find(([words]) => words.test(left.map((token) => token.text).join('')));
    if (heading) section = heading[1];
    const lineToken = left
      .filter((token) => LINE_ID.test(token.text.normalize('NFKC').replace(/\s/g, '')))
      .sort((a, b) => b.x - a.x)[0];
    if (!lineToken) continue;
    const id = lineToken.text.normalize('NFKC').replace(/\s/g, '');
    const [, digits, letter] = LINE_ID.exec(id) as RegExpExecArray;
    const line = Number(digits);
    if (sectionOf(line) === null || sectionOf(line) !== section) {
      error(row.number, `第${row.number}行：栏次${id}不在${name}应有的位置，请确认表样版本`);
      continue;
    }
    lines += 1;
    const values = SALES_COLUMNS.map((column) => {
      const token = tokenAt(row.tokens, found.xs.get(column) as number, reach);
      if (!token || token === lineToken) return 0;
      const reading = readAmount(token.raw);
      if (reading.kind === 'amount') return reading.fen;
      if (reading.kind !== 'empty' && !DASH.test(cellText(token.raw))) {
        error(row.number, `第${row.number}行：栏次${id}第${column}列的金额“${cellText(token.raw)}”无法识别`);
      }
      return 0;
    });
    const sales = values.reduce((sum, fen) => sum + fen, 0);
    // Column 9 = 1+3+5+7; the main form's lines take 9 of these lines (13c and 即征即退 excepted).
    const sign = PART_OF_ABOVE.has(id) ? -1 : 1;
    if (line <= 7) sums.general += sign * sales;
    else if (line <= 15 && !(line === 13 && letter === 'c')) sums.simplified += sign * sales;
    else if (line >= 18) sums.exempt += sales;
    if (!PART_OF_ABOVE.has(id)) {
      for (const [index, fen] of values.entries()) sums.all[index] = (sums.all[index] ?? 0) + fen;
    }
  }
  if (lines === 0) {
    error(null, `${name}（${formatPeriod(period.period)}）中没有读到任何栏次`);
    return null;
  }
  const [special, other, none, adjusted] = sums.all as [number, number, number, number];
  return {
    form: 'vat_sales_schedule',
    statement: 'vat_return',
    period: period.period,
    taxpayerType: 'general',
    taxNo: readTaxNo(rows.slice(0, found.index)),
    figures: {
      taxableSalesGeneral: sums.general,
      taxableSalesSimplified: sums.simplified,
      exemptSales: sums.exempt,
      salesSpecialInvoice: special,
      salesOtherInvoice: other,
      salesNoInvoice: none,
      salesInspectionAdjusted: adjusted,
    },
    source: { sheet, row: rows[found.index]?.number ?? 1 },
  };
}
