import type { CellInput } from './cell-value.parser.js';

export interface SheetRow {
  /** 1-based row number as Excel shows it. */
  row: number;
  cells: CellInput[];
}

/** A sheet starts, or a run of its rows arrives (rows come in batches to save an await per row). */
export type SheetEvent = { type: 'sheet'; name: string } | { type: 'rows'; rows: SheetRow[] };
