/**
 * Client-side CSV for Excel: UTF-8 with a byte-order mark (without it Excel reads Chinese as
 * mojibake), CRLF line ends, RFC 4180 quoting, and cells that a spreadsheet would run as a
 * formula (=, +, -, @ at the start) prefixed with an apostrophe.
 */
export interface CsvColumn<T> {
  header: string;
  value: (row: T) => string | number | null | undefined;
}

export const CSV_BOM = '\uFEFF';
const FORMULA_START = /^[=+\-@\t\r]/;
const PLAIN_NUMBER = /^-?[\d,]+(\.\d+)?$/;

export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && FORMULA_START.test(text) && !PLAIN_NUMBER.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv<T>(columns: readonly CsvColumn<T>[], rows: readonly T[]): string {
  const lines = [columns.map((column) => csvCell(column.header)).join(',')];
  for (const row of rows) lines.push(columns.map((column) => csvCell(column.value(row))).join(','));
  return `${CSV_BOM}${lines.join('\r\n')}\r\n`;
}
