/**
 * Streams the rows of every sheet of an xlsx with exceljs's WorkbookReader, so a 100 000-line
 * export is never held at once. `styles: 'cache'` lets date cells come through as dates.
 */
import type { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { type CellInput, plainCell } from './cell-value.parser.js';
import { InvoiceImportError } from './invoice-import.errors.js';
import { alignWorkbookReaderChunks } from './utf8-chunk.aligner.js';
import { patchZipEntryEnd } from './zip-entry-end.patch.js';

patchZipEntryEnd();

export interface SheetRow {
  /** 1-based row number as Excel shows it. */
  row: number;
  cells: CellInput[];
}

/** A sheet starts, or a run of its rows arrives (rows come in batches to save an await per row). */
export type SheetEvent = { type: 'sheet'; name: string } | { type: 'rows'; rows: SheetRow[] };

/**
 * What exceljs's worksheet reader gives at run time but its typings omit: the sheet name, and
 * `parse()`, which yields the events of each parsed chunk together.
 */
interface StreamedWorksheet {
  name?: string;
  parse(): AsyncIterable<{ eventType: string; value: unknown }[]>;
}

interface StreamedRow {
  number: number;
  values: unknown;
}

/** Cells of an exceljs row: its `values` array is 1-based and sparse. */
function cellsOf(values: unknown): CellInput[] {
  if (!Array.isArray(values)) return [];
  const cells: CellInput[] = new Array(Math.max(0, values.length - 1));
  for (let position = 1; position < values.length; position += 1) cells[position - 1] = plainCell(values[position]);
  return cells;
}

export async function* xlsxRows(source: Readable): AsyncGenerator<SheetEvent> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookReader(source, {
    worksheets: 'emit',
    sharedStrings: 'cache',
    styles: 'cache',
    hyperlinks: 'ignore',
    entries: 'ignore',
  });
  alignWorkbookReaderChunks(workbook);
  const sheets = workbook[Symbol.asyncIterator]();
  let sheetNumber = 0;
  for (;;) {
    const nextSheet = await guard(sheets.next());
    if (nextSheet.done) return;
    sheetNumber += 1;
    const sheet = nextSheet.value as unknown as StreamedWorksheet;
    yield { type: 'sheet', name: sheet.name ?? `Sheet${sheetNumber}` };
    const chunks = sheet.parse()[Symbol.asyncIterator]();
    for (;;) {
      const next = await guard(chunks.next());
      if (next.done) break;
      const rows: SheetRow[] = [];
      for (const event of next.value) {
        if (event.eventType !== 'row') continue;
        const row = event.value as StreamedRow;
        rows.push({ row: row.number, cells: cellsOf(row.values) });
      }
      if (rows.length > 0) yield { type: 'rows', rows };
    }
  }
}

/** Errors raised inside exceljs/unzipper mean a damaged or foreign zip; the consumer's own errors never pass here. */
async function guard<T>(promise: Promise<T>): Promise<T> {
  try {
    return await promise;
  } catch (error) {
    if (error instanceof InvoiceImportError) throw error;
    const detail = error instanceof Error ? error.message : String(error);
    throw new InvoiceImportError('CORRUPT_FILE', undefined, { detail });
  }
}
