/**
 * Rows of a legacy .xls export as the same sheet events the streaming xlsx reader yields, so the
 * invoice import run sees no difference. BIFF8 is read whole (a sheet holds at most 65 536 rows).
 */
import { LegacyWorkbookError, readLegacyWorkbook } from '../workbook/legacy-xls.reader.js';
import { plainCell } from './cell-value.parser.js';
import { InvoiceImportError } from './invoice-import.errors.js';
import type { SheetEvent, SheetRow } from './sheet-events.js';

const ROWS_PER_EVENT = 1000;

function openLegacy(bytes: Buffer) {
  try {
    return readLegacyWorkbook(bytes);
  } catch (error) {
    if (!(error instanceof LegacyWorkbookError)) throw error;
    if (error.fault === 'ENCRYPTED') throw new InvoiceImportError('ENCRYPTED_WORKBOOK');
    if (error.fault === 'EMPTY') throw new InvoiceImportError('NO_INVOICE_SHEET');
    throw new InvoiceImportError('CORRUPT_FILE');
  }
}

export async function* xlsRows(bytes: Buffer): AsyncGenerator<SheetEvent> {
  for (const sheet of openLegacy(bytes)) {
    yield { type: 'sheet', name: sheet.name };
    for (let start = 0; start < sheet.rows.length; start += ROWS_PER_EVENT) {
      const rows: SheetRow[] = sheet.rows
        .slice(start, start + ROWS_PER_EVENT)
        .map((row) => ({ row: row.number, cells: row.cells.map(plainCell) }));
      yield { type: 'rows', rows };
    }
  }
}
