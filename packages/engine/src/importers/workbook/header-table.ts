/**
 * Finding a table by its header row below any title rows, with header aliases, as the invoice
 * importer does: the e-tax bureau and the payroll clients print titles, query conditions and
 * 单位 lines above the table, mark required columns with `*`, and rename columns between versions.
 */

import type { CellInput } from '../invoices/cell-value.parser.js';
import { plainCell } from '../invoices/cell-value.parser.js';
import type { LoadedSheet } from '../statements/workbook.loader.js';

export interface TableColumn<Id extends string> {
  id: Id;
  /** Header texts, normalised (no spaces, no `*`, half-width brackets). */
  aliases: readonly string[];
}

export interface TableRow<Id extends string> {
  /** 1-based row number as Excel shows it. */
  number: number;
  get(id: Id): CellInput;
  has(id: Id): boolean;
}

export interface FoundTable<Id extends string> {
  sheet: string;
  headerRow: number;
  /** Header text of each found column, for messages. */
  headers: Partial<Record<Id, string>>;
  rows: TableRow<Id>[];
}

const HEADER_SEARCH_ROWS = 20;

export function normalizeHeader(text: string): string {
  return text
    .normalize('NFKC')
    .replace(/[\s*★]/g, '')
    .replace(/\((元|人民币元|%)\)$/, '');
}

/**
 * The first table on a visible sheet whose header row holds every column of `required` (ids);
 * data rows run to the end of the sheet, blank rows dropped.
 */
export function findHeaderTable<Id extends string>(
  sheets: readonly LoadedSheet[],
  columns: readonly TableColumn<Id>[],
  required: readonly (readonly Id[])[],
): FoundTable<Id> | null {
  for (const sheet of sheets) {
    if (!sheet.visible) continue;
    for (const row of sheet.rows.slice(0, HEADER_SEARCH_ROWS)) {
      const positions = new Map<Id, number>();
      const headers: Partial<Record<Id, string>> = {};
      row.cells.forEach((value, index) => {
        const text = normalizeHeader(String(plainCell(value) ?? ''));
        const column = columns.find((candidate) => candidate.aliases.includes(text));
        if (column && !positions.has(column.id)) {
          positions.set(column.id, index);
          headers[column.id] = text;
        }
      });
      // `required` lists alternatives: any one group fully present is enough.
      if (!required.some((group) => group.every((id) => positions.has(id)))) continue;
      const rows = sheet.rows
        .filter((candidate) => candidate.number > row.number)
        .filter((candidate) => candidate.cells.some((value) => String(plainCell(value) ?? '').trim() !== ''))
        .map((candidate) => ({
          number: candidate.number,
          get: (id: Id) => {
            const index = positions.get(id);
            return index === undefined ? null : plainCell(candidate.cells[index]);
          },
          has: (id: Id) => positions.has(id),
        }));
      return { sheet: sheet.name, headerRow: row.number, headers, rows };
    }
  }
  return null;
}

/** Text of a whole sheet's title rows (above its table), for periods and company names. */
export function titleText(sheet: LoadedSheet | undefined, headerRow: number): string {
  if (!sheet) return '';
  return sheet.rows
    .filter((row) => row.number < headerRow)
    .map((row) => row.cells.map((value) => String(plainCell(value) ?? '')).join(' '))
    .join(' ');
}
