/**
 * CSV for Excel: the web bundle has no xlsx writer, so exports are UTF-8 CSV with a byte-order
 * mark (without it Excel reads Chinese as GBK and garbles it), CRLF line ends and quoted cells.
 */
const BOM = '\uFEFF';

/** A digit string to keep as text (phones), written as a ="…" cell. */
export interface TextCell {
  digits: string;
}

export type CsvCell = string | number | null | undefined | TextCell;

/** A cell a spreadsheet would run as a formula (=, +, -, @, tab, CR) is prefixed with '. */
function neutralise(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

function quote(cell: CsvCell): string {
  if (cell === null || cell === undefined) return '';
  if (typeof cell === 'object') return `="${cell.digits.replace(/\D/g, '')}"`;
  const text = neutralise(String(cell));
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A long digit string Excel would turn into 1.38E+10: kept as text by a ="…" cell (digits only). */
export function textCell(digits: string): TextCell {
  return { digits };
}

export function toCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  const lines = [header, ...rows].map((row) => row.map(quote).join(','));
  return `${BOM}${lines.join('\r\n')}\r\n`;
}
