/**
 * Finds the header row of a sheet (title and 查询条件 rows sit above it), maps its columns to
 * canonical fields through the alias table, and tells the invoice sheet from the line sheet by
 * the columns present rather than by the sheet name.
 */

import { type CellInput, textOf } from './cell-value.parser.js';
import {
  columnDisplayName,
  columnForHeader,
  type InvoiceColumn,
  LINE_ONLY_COLUMNS,
  REQUIRED_COLUMNS,
} from './column-aliases.table.js';
import type { InvoiceSheetKind } from './invoice-import.types.js';

/** How far down a sheet the header may be. */
export const HEADER_SCAN_ROWS = 30;

/** A row needs this many known columns to be taken for a header. */
const MIN_HEADER_COLUMNS = 4;

/** Columns that make a row look like an invoice table header rather than a summary table. */
const ANCHOR_COLUMNS: readonly InvoiceColumn[] = [
  'digitalNumber',
  'number',
  'code',
  'sellerTaxNo',
  'buyerTaxNo',
  'issuedAt',
];

/** The invoice-level columns every sheet of the export repeats (identity, parties, status …). */
const HEAD_COLUMNS: ReadonlySet<InvoiceColumn> = new Set<InvoiceColumn>([
  'seq',
  'code',
  'number',
  'digitalNumber',
  'sellerTaxNo',
  'sellerName',
  'buyerTaxNo',
  'buyerName',
  'issuedAt',
  'source',
  'kind',
  'status',
  'positive',
  'riskLevel',
  'issuer',
  'remark',
]);

const AMOUNT_COLUMNS: readonly InvoiceColumn[] = ['amount', 'tax', 'total'];

/** A column of a special-business sheet that is not an invoice field: kept as an attribute. */
export interface ExtraColumn {
  position: number;
  label: string;
}

export interface SheetLayout {
  kind: InvoiceSheetKind;
  headerRow: number;
  /** 0-based cell index of each column present. */
  index: Partial<Record<InvoiceColumn, number>>;
  /** Header text as the file writes it, for problem reports. */
  header: Partial<Record<InvoiceColumn, string>>;
  /** Special sheets only: their own columns, in file order. */
  extras: ExtraColumn[];
}

export type HeaderVerdict =
  | { status: 'header'; layout: SheetLayout }
  | { status: 'missing'; kind: InvoiceSheetKind; headerRow: number; missing: string[] }
  | { status: 'not-header' };

const IDENTITY_DISPLAY = '数电发票号码（或发票代码、发票号码）';

export function inspectHeaderRow(cells: readonly CellInput[], rowNumber: number): HeaderVerdict {
  const index: Partial<Record<InvoiceColumn, number>> = {};
  const header: Partial<Record<InvoiceColumn, string>> = {};
  const texts: ExtraColumn[] = [];
  let found = 0;
  cells.forEach((cell, position) => {
    const text = typeof cell === 'string' ? textOf(cell) : null;
    if (text === null) return;
    texts.push({ position, label: text });
    const column = columnForHeader(text);
    // The first of two columns meaning the same field wins (数电发票号码 and 数电票号码 both present).
    if (column === null || index[column] !== undefined) return;
    index[column] = position;
    header[column] = text;
    found += 1;
  });
  if (found < MIN_HEADER_COLUMNS || !ANCHOR_COLUMNS.some((column) => index[column] !== undefined)) {
    return { status: 'not-header' };
  }
  const hasIdentity = index.digitalNumber !== undefined || index.number !== undefined;
  if (hasIdentity && AMOUNT_COLUMNS.every((column) => index[column] === undefined)) {
    // A 特定业务 sheet: everything that is not an invoice field is its own attribute (a column
    // that happens to share a line-sheet name, such as 单位, included).
    const headPositions = new Set(
      (Object.entries(index) as [InvoiceColumn, number][])
        .filter(([column]) => HEAD_COLUMNS.has(column))
        .map(([, position]) => position),
    );
    const extras = texts.filter((text) => !headPositions.has(text.position));
    return { status: 'header', layout: { kind: 'special', headerRow: rowNumber, index, header, extras } };
  }
  const kind: InvoiceSheetKind = LINE_ONLY_COLUMNS.some((column) => index[column] !== undefined) ? 'lines' : 'invoices';
  const missing: string[] = [];
  if (index.digitalNumber === undefined && index.number === undefined) missing.push(IDENTITY_DISPLAY);
  for (const column of REQUIRED_COLUMNS) {
    if (index[column] === undefined) missing.push(columnDisplayName(column));
  }
  if (kind === 'lines' && index.itemText === undefined) missing.push(columnDisplayName('itemText'));
  if (missing.length > 0) return { status: 'missing', kind, headerRow: rowNumber, missing };
  return { status: 'header', layout: { kind, headerRow: rowNumber, index, header, extras: [] } };
}
