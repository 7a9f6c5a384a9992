import {
  type FinancialFigures,
  PERIOD_FORMAT_HINT,
  parseRateToBp,
  TAXPAYER_TYPES,
  type TaxpayerType,
} from '@taxlens/shared';
import { cellText, readAmount } from '../statements/cell-value.parser.js';
import { readPeriodCell } from '../statements/period-text.parser.js';
import type { FinancialImportProblem } from '../statements/statement.types.js';
import { loadWorkbook, type SheetRow } from '../statements/workbook.loader.js';
import { type OfficialReturnsResult, readOfficialReturns, sheetTokens } from './official-returns.reader.js';
import { PdfUnreadableError, readPdfRows } from './pdf-rows.reader.js';
import { ReturnImportError } from './return-import.error.js';
import { checkReturnRows } from './return-summary.checks.js';
import { normalizeReturnHeader, RETURN_SHEETS, type ReturnColumn, type ReturnKind } from './return-template.layout.js';

export type ReturnSummaryRow = {
  [K in ReturnKind]: {
    statement: K;
    period: string;
    /** 一般纳税人 / 小规模纳税人, VAT only, when the row says. */
    taxpayerType: K extends 'vat_return' ? TaxpayerType | null : null;
    /** Fen; the CIT rate in basis points. An empty cell is a figure not given. */
    figures: FinancialFigures<K>;
    source: { sheet: string; row: number };
  };
}[ReturnKind];
export type VatReturnSummaryRow = Extract<ReturnSummaryRow, { statement: 'vat_return' }>;
export type CitReturnSummaryRow = Extract<ReturnSummaryRow, { statement: 'cit_return' }>;

export interface ReturnSummaryResult {
  vat: VatReturnSummaryRow[];
  cit: CitReturnSummaryRow[];
  problems: FinancialImportProblem[];
  /** 'official' when read from the bureau's return forms (xls/xlsx/PDF), 'template' for the summary template. */
  source: 'official' | 'template';
  /** 纳税人识别号 printed on the official forms, for the company check. */
  taxNos: string[];
  /**
   * VAT periods read from a 附列资料 alone (no main form in the file): their figures complete the period's
   * stored main-form figures instead of replacing them.
   */
  schedulePeriods?: string[];
}

const HEADER_SEARCH_ROWS = 20;
const TAXPAYER_TYPE_TEXT: Record<string, TaxpayerType> = {
  一般纳税人: 'general',
  小规模纳税人: 'small_scale',
  小规模: 'small_scale',
};

type ColumnMap = Map<number, ReturnColumn>;

function mapHeader(row: SheetRow, kind: ReturnKind): ColumnMap {
  const map: ColumnMap = new Map();
  row.cells.forEach((value, index) => {
    const header = normalizeReturnHeader(cellText(value));
    const column = RETURN_SHEETS[kind].columns.find((candidate) => candidate.aliases.includes(header));
    if (column && ![...map.values()].includes(column)) map.set(index, column);
  });
  return map;
}

/** The header row and the tax it is for: the kind whose figure headers match best. */
function findHeader(rows: readonly SheetRow[], sheetName: string) {
  for (const row of rows.slice(0, HEADER_SEARCH_ROWS)) {
    const candidates = (['vat_return', 'cit_return'] as const).map((kind) => {
      const columns = mapHeader(row, kind);
      const figures = [...columns.values()].filter((column) => column.unit === 'fen' || column.unit === 'bp').length;
      const hinted = (kind === 'vat_return' ? /增值税/ : /所得税/).test(sheetName) ? 0.5 : 0;
      return { kind, columns, score: figures + hinted };
    });
    const best = candidates.sort((a, b) => b.score - a.score)[0];
    const hasPeriod = best && [...best.columns.values()].some((column) => column.unit === 'period');
    if (best && hasPeriod && best.score >= 1) return { row: row.number, kind: best.kind, columns: best.columns };
  }
  return null;
}

function readRow(
  sheet: string,
  row: SheetRow,
  kind: ReturnKind,
  columns: ColumnMap,
  problems: FinancialImportProblem[],
) {
  const at = `第${row.number}行`;
  const error = (message: string) =>
    problems.push({ level: 'error', sheet, row: row.number, message: `${at}${message}` });
  let period: string | null = null;
  let taxpayerType: TaxpayerType | null = null;
  let periodText = '';
  const figures: Record<string, number> = {};
  for (const [index, column] of columns) {
    const value = row.cells[index];
    const text = cellText(value);
    if (column.unit === 'period') {
      periodText = text;
      const reading = readPeriodCell(value instanceof Date || typeof value === 'number' ? value : text);
      if (reading?.ok) period = reading.period;
    } else if (column.unit === 'taxpayerType') {
      if (text === '') continue;
      const type = TAXPAYER_TYPE_TEXT[text.replace(/\s/g, '')];
      if (type) taxpayerType = type;
      else error(`纳税人类型“${text}”无法识别，请填写“${Object.values(TAXPAYER_TYPES).join('”或“')}”`);
    } else if (column.unit === 'bp') {
      if (text === '') continue;
      const bp = parseRateToBp(typeof value === 'number' ? String(value) : text);
      if (bp === null) error(`${column.header}“${text}”不是有效税率，请填写如 25% 或 0.25`);
      else figures[column.id] = bp;
    } else {
      const reading = readAmount(value);
      if (reading.kind === 'amount') figures[column.id] = reading.fen;
      else if (reading.kind !== 'empty') error(`${column.header}“${text || '公式'}”不是有效金额，已跳过`);
    }
  }
  if (period === null) {
    error(
      periodText === '' ? `缺少所属期，已跳过本行` : `所属期“${periodText}”无法识别，已跳过本行；${PERIOD_FORMAT_HINT}`,
    );
    return null;
  }
  return {
    statement: kind,
    period,
    taxpayerType: kind === 'vat_return' ? taxpayerType : null,
    figures,
    source: { sheet, row: row.number },
  } as ReturnSummaryRow;
}

const isPdf = (bytes: Uint8Array) => Buffer.from(bytes.subarray(0, 5)).toString('latin1') === '%PDF-';

function fromOfficial(official: OfficialReturnsResult): ReturnSummaryResult {
  const rows = official.forms.map(
    (form) =>
      ({
        statement: form.statement,
        period: form.period,
        taxpayerType: form.statement === 'vat_return' ? form.taxpayerType : null,
        figures: form.figures,
        source: form.source,
      }) as ReturnSummaryRow,
  );
  const problems = [...official.problems];
  const kept = checkReturnRows(rows, problems);
  return {
    vat: kept.filter((row): row is VatReturnSummaryRow => row.statement === 'vat_return'),
    cit: kept.filter((row): row is CitReturnSummaryRow => row.statement === 'cit_return'),
    problems,
    source: 'official',
    taxNos: [...new Set(official.forms.flatMap((form) => (form.taxNo ? [form.taxNo] : [])))],
    // After the merge a period keeps its main form when there was one; a schedule left means there was none.
    schedulePeriods: official.forms
      .filter((form) => form.form === 'vat_input_schedule' || form.form === 'vat_sales_schedule')
      .map((form) => form.period),
  };
}

async function readPdfReturns(bytes: Uint8Array): Promise<ReturnSummaryResult> {
  let pages: Awaited<ReturnType<typeof readPdfRows>>;
  try {
    pages = await readPdfRows(bytes);
  } catch (error) {
    if (error instanceof PdfUnreadableError) throw new ReturnImportError('PDF_UNREADABLE');
    throw error;
  }
  if (pages.every((page) => page.rows.length === 0)) throw new ReturnImportError('PDF_NO_TEXT');
  const official = readOfficialReturns(pages);
  if (official.recognised.length === 0) throw new ReturnImportError('NO_RETURN_SHEET');
  return fromOfficial(official);
}

/**
 * Reads returns: the bureau's official forms (xls/xlsx export or PDF) or a filled return-summary
 * template (or any sheet with the same headers).
 */
export async function readReturnSummary(bytes: Uint8Array): Promise<ReturnSummaryResult> {
  if (isPdf(bytes)) return readPdfReturns(bytes);
  const workbook = await loadWorkbook(bytes);
  if (typeof workbook === 'string') throw new ReturnImportError(workbook);
  const visible = workbook.sheets.filter((candidate) => candidate.visible);
  const official = readOfficialReturns(visible.map((sheet) => ({ name: sheet.name, rows: sheetTokens(sheet) })));
  if (official.recognised.length > 0) return fromOfficial(official);
  const problems: FinancialImportProblem[] = [];
  const found: ReturnSummaryRow[] = [];
  let recognised = false;
  for (const sheet of visible) {
    const rows = sheet.rows;
    const header = findHeader(rows, sheet.name);
    if (!header) continue;
    recognised = true;
    for (const row of rows) {
      if (row.number <= header.row || row.cells.every((value) => cellText(value) === '')) continue;
      const read = readRow(sheet.name, row, header.kind, header.columns, problems);
      if (read) found.push(read);
    }
  }
  if (!recognised) throw new ReturnImportError('NO_RETURN_SHEET');
  const kept = checkReturnRows(found, problems);
  return {
    vat: kept.filter((row): row is VatReturnSummaryRow => row.statement === 'vat_return'),
    cit: kept.filter((row): row is CitReturnSummaryRow => row.statement === 'cit_return'),
    problems,
    source: 'template',
    taxNos: [],
  };
}
