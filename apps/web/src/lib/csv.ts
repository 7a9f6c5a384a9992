/**
 * CSV for Excel, the client's one export format (the bundle has no xlsx writer): UTF-8 with a
 * byte-order mark (without it Excel reads Chinese as GBK and garbles it), CRLF line ends,
 * RFC 4180 quoting, and cells a spreadsheet would run as a formula (=, +, -, @, tab, CR at the
 * start) prefixed with an apostrophe, except plain numbers such as -1,000.00.
 */
export const CSV_BOM = '\uFEFF';

/** A digit string to keep as text (phones), written as a ="…" cell. */
export interface TextCell {
  digits: string;
}

export type CsvValue = string | number | null | undefined | TextCell;

export interface CsvColumn<T> {
  header: string;
  value: (row: T) => CsvValue;
}

const FORMULA_START = /^[=+\-@\t\r]/;
const PLAIN_NUMBER = /^-?[\d,]+(\.\d+)?$/;

/** A long digit string Excel would turn into 1.38E+10: kept as text by a ="…" cell (digits only). */
export function textCell(digits: string): TextCell {
  return { digits };
}

export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') return `="${value.digits.replace(/\D/g, '')}"`;
  let text = String(value);
  if (typeof value === 'string' && FORMULA_START.test(text) && !PLAIN_NUMBER.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv<T>(columns: readonly CsvColumn<T>[], rows: readonly T[]): string {
  const lines = [columns.map((column) => csvCell(column.header)).join(',')];
  for (const row of rows) lines.push(columns.map((column) => csvCell(column.value(row))).join(','));
  return `${CSV_BOM}${lines.join('\r\n')}\r\n`;
}
