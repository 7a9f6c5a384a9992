import { formatPeriod, makePeriod, parseRateToBp, type TaxpayerType } from '@taxlens/shared';
import { cellText, readAmount } from '../statements/cell-value.parser.js';
import { periodFromMonths } from '../statements/period-text.parser.js';
import type { FinancialImportProblem } from '../statements/statement.types.js';
import { FORM_LAYOUTS, type FormLine, OFFICIAL_FORM_NAMES, type OfficialFormKind } from './official-forms.layout.js';

/**
 * Reads one official return form (a sheet of the bureau's export, or a page of its PDF) into the
 * figures of the return summary. A form is a grid of tokens: a cell at its column, or a PDF word
 * at its x position, so one reader serves both. Lines are found by 栏次/行次, values by the
 * column header above them.
 */

export interface FormToken {
  /** Column number (sheet) or the centre of the word (PDF). */
  x: number;
  text: string;
  /** The cell value for amounts (a number in a sheet, text in a PDF). */
  raw: unknown;
}

export interface FormRow {
  number: number;
  tokens: FormToken[];
}

export interface OfficialForm {
  form: OfficialFormKind;
  statement: 'vat_return' | 'cit_return';
  period: string;
  taxpayerType: TaxpayerType | null;
  taxNo: string | null;
  figures: Record<string, number>;
  source: { sheet: string; row: number };
}

const DATE = /((?:19|20|21)\d\d)\s*[年./-]\s*(\d{1,2})\s*(?:月|[./-])\s*(\d{1,2})\s*日?/g;
const LINE_NUMBER = /^(\d{1,2})(?:[=≥(（].*)?$/;

export const textOf = (row: FormRow) => row.tokens.map((token) => token.text).join(' ');

/** 税款所属时间/期间 自 2024年03月01日 至 2024年03月31日 → the period the form reports. */
export function readFormPeriod(
  form: OfficialFormKind,
  rows: readonly FormRow[],
): { period: string } | { error: string } {
  const line = rows.map(textOf).find((text) => /所属(时间|期间|期)/.test(text) && [...text.matchAll(DATE)].length >= 2);
  if (!line) return { error: '未找到税款所属期（如“税款所属期间：自2024年01月01日至2024年03月31日”）' };
  const dates = [...line.normalize('NFKC').matchAll(DATE)];
  const month = (match: RegExpMatchArray) => Number(match[1]) * 12 + Number(match[2]) - 1;
  const [start, end] = [month(dates[0] as RegExpMatchArray), month(dates.at(-1) as RegExpMatchArray)];
  if (form === 'cit_prepay') {
    // A prepayment return reports the year to date; it is kept under the quarter (or month) it ends.
    const year = Math.floor(end / 12);
    const last = (end % 12) + 1;
    if (start !== year * 12 || end < start) return { error: `预缴申报表的所属期应自当年1月1日起，实为“${line}”` };
    return {
      period:
        last % 3 === 0
          ? makePeriod({ kind: 'quarter', year, quarter: last / 3 })
          : makePeriod({ kind: 'month', year, month: last }),
    };
  }
  const period = periodFromMonths(start, end);
  return period ? { period } : { error: `税款所属期“${line}”不是整月、整季度或整年度` };
}

/** 纳税人识别号 (printed in boxes, one character a cell, on the bureau's VAT form). */
export function readTaxNo(rows: readonly FormRow[]): string | null {
  for (const row of rows) {
    const text = textOf(row).normalize('NFKC');
    const at = text.search(/纳税人识别号|统一社会信用代码/);
    if (at < 0) continue;
    const after = text.slice(at).replace(/^(纳税人识别号|统一社会信用代码)(\([^)]*\))?\s*[:：]?/, '');
    const match = /^[\s]*([0-9A-Z](?:\s*[0-9A-Z]){14,19})/.exec(after.replace(/[^0-9A-Z\s]/g, ' '));
    if (match) return (match[1] as string).replace(/\s/g, '');
  }
  return null;
}

/** Value columns of the form: header words near the line-number header, leftmost first. */
function valueAnchors(form: OfficialFormKind, rows: readonly FormRow[], from: number): number[] {
  const layout = FORM_LAYOUTS[form];
  const zone = rows.slice(from, from + 3).flatMap((row) => row.tokens);
  let matches = zone.filter((token) => layout.valueColumns.test(token.text.replace(/\s/g, '')));
  // 本期数 heads two sub-columns on the small-scale form; use them when they are printed.
  const leaves = matches.filter((token) => !/^本期数$/.test(token.text.replace(/\s/g, '')));
  if (form === 'vat_small' && leaves.length >= 2) matches = leaves;
  const xs = [...new Set(matches.map((token) => token.x))].sort((a, b) => a - b);
  return xs.slice(0, layout.valueColumnCount);
}

/** The token closest to `x` among those right of `after`, within half the gap to the next column. */
export function tokenAt(tokens: readonly FormToken[], x: number, reach: number): FormToken | undefined {
  let best: FormToken | undefined;
  for (const token of tokens) {
    const distance = Math.abs(token.x - x);
    if (distance <= reach && (!best || distance < Math.abs(best.x - x))) best = token;
  }
  return best;
}

export function readOfficialForm(
  form: OfficialFormKind,
  sheet: string,
  rows: readonly FormRow[],
  problems: FinancialImportProblem[],
): OfficialForm | null {
  const layout = FORM_LAYOUTS[form];
  const name = OFFICIAL_FORM_NAMES[form];
  const error = (row: number | null, message: string) => problems.push({ level: 'error', sheet, row, message });
  const headerIndex = rows.findIndex((row) =>
    row.tokens.some((token) => layout.lineHeader.test(token.text.replace(/\s/g, ''))),
  );
  const period = readFormPeriod(form, rows.slice(0, Math.max(headerIndex, 0) + 1));
  if ('error' in period) {
    error(null, `${name}：${period.error}`);
    return null;
  }
  if (layout.valueColumnCount === 0) return null;
  const header = rows[headerIndex];
  const lineX = header?.tokens.find((token) => layout.lineHeader.test(token.text.replace(/\s/g, '')))?.x;
  const anchors = headerIndex < 0 ? [] : valueAnchors(form, rows, headerIndex);
  if (lineX === undefined || anchors.length < layout.valueColumnCount) {
    error(
      headerIndex < 0 ? null : (header?.number ?? null),
      `${name}：未找到“栏次/行次”和金额列，无法读取；请上传电子税务局导出的原表`,
    );
    return null;
  }
  // How far a word may sit from its column's header: half the narrowest gap between header words.
  const headerXs = rows.slice(headerIndex, headerIndex + 3).flatMap((row) => row.tokens.map((token) => token.x));
  const xs = [...new Set([lineX, ...anchors, ...headerXs])].sort((a, b) => a - b);
  const gaps = xs.slice(1).map((x, index) => x - (xs[index] as number));
  const reach = Math.max(0.5, Math.min(...gaps.filter((gap) => gap > 0), Number.POSITIVE_INFINITY) / 2);

  const figures: Record<string, number> = {};
  const byLine = new Map<number, FormLine>(layout.lines.map((line) => [line.line, line]));
  for (const row of rows.slice(headerIndex + 1)) {
    const lineToken = tokenAt(row.tokens, lineX, reach);
    const lineNumber = lineToken && LINE_NUMBER.exec(lineToken.text.normalize('NFKC').replace(/\s/g, ''));
    const line = lineNumber ? byLine.get(Number(lineNumber[1])) : undefined;
    if (!line || !lineToken) continue;
    const label = row.tokens
      .filter((token) => token !== lineToken && !anchors.some((x) => Math.abs(token.x - x) <= reach))
      .map((token) => token.text)
      .join('')
      .normalize('NFKC');
    if (!line.label.test(label)) {
      error(
        row.number,
        `第${row.number}行：栏次${line.line}的项目“${label.slice(0, 30)}”与${name}的表样不符，请确认表样版本`,
      );
      continue;
    }
    for (const x of anchors) {
      const token = tokenAt(row.tokens, x, reach);
      if (!token || token === lineToken) continue;
      const text = cellText(token.raw);
      if (line.rate) {
        const bp = parseRateToBp(typeof token.raw === 'number' ? String(token.raw) : text);
        if (bp === null) error(row.number, `第${row.number}行：税率“${text}”无法识别`);
        else figures[line.key] = bp;
        continue;
      }
      const reading = readAmount(token.raw);
      if (reading.kind === 'amount') figures[line.key] = (figures[line.key] ?? 0) + reading.fen;
      else if (reading.kind !== 'empty' && !/^[*＊]+$/.test(text)) {
        error(row.number, `第${row.number}行：栏次${line.line}的金额“${text}”无法识别`);
      }
    }
  }
  if (form === 'cit_prepay' && figures.taxOnTaxableIncome !== undefined) {
    // 实际应纳所得税额 of the year to date: 应纳所得税额 less 减免所得税额 (A200000 lines 12 − 13).
    figures.taxPayable = figures.taxOnTaxableIncome - (figures.taxRelief ?? 0);
  }
  if (Object.keys(figures).length === 0) {
    error(null, `${name}（${formatPeriod(period.period)}）中没有读到任何金额`);
    return null;
  }
  const taxpayerType: TaxpayerType | null =
    form === 'vat_small' ? 'small_scale' : form === 'vat_general' || form === 'vat_input_schedule' ? 'general' : null;
  return {
    form,
    statement: layout.statement,
    period: period.period,
    taxpayerType,
    taxNo: readTaxNo(rows.slice(0, Math.max(headerIndex, 0))),
    figures,
    source: { sheet, row: header?.number ?? 1 },
  };
}
