/**
 * Streams the rows of every sheet of an xlsx with exceljs's WorkbookReader. This was the only xlsx
 * reader until issue 21; now xlsx-rows.reader.ts scans the sheet XML itself and falls back to this
 * one for zips it does not take (ZIP64, encrypted entries, unknown compression). Tests use it as the
 * reference the fast reader must match cell for cell. `styles: 'cache'` lets date cells come
 * through as dates.
 */
import type { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { type CellInput, plainCell } from './cell-value.parser.js';
import { InvoiceImportError } from './invoice-import.errors.js';
import type { SheetEvent, SheetRow } from './sheet-events.js';
import { alignWorkbookReaderChunks } from './utf8-chunk.aligner.js';
import { patchZipEntryEnd } from './zip-entry-end.patch.js';

patchZipEntryEnd();

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

export async function* exceljsRows(source: Readable): AsyncGenerator<SheetEvent> {
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
export async function guard<T>(promise: Promise<T>): Promise<T> {
  try {
    return await promise;
  } catch (error) {
    if (error instanceof InvoiceImportError) throw error;
    const detail = error instanceof Error ? error.message : String(error);
    throw new InvoiceImportError('CORRUPT_FILE', undefined, { detail });
  }
}
