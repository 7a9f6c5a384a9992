import ExcelJS from 'exceljs';
import { LegacyWorkbookError, readLegacyWorkbook } from '../workbook/legacy-xls.reader.js';

/**
 * Opening an uploaded workbook, xlsx (exceljs) or legacy .xls (BIFF8, ../workbook/legacy-xls.reader),
 * as plain sheets of rows, with clear reasons for what cannot be opened. An OLE2 file
 * (D0 CF 11 E0) is either an old .xls or an xlsx with an opening password, which Office stores
 * as an OLE2 container with an EncryptedPackage stream.
 */

export type WorkbookFault = 'NOT_XLSX' | 'LEGACY_XLS' | 'ENCRYPTED' | 'EMPTY';

export interface SheetRow {
  /** 1-based worksheet row number. */
  number: number;
  /** Cell values by 1-based column; holes are empty cells. */
  cells: unknown[];
}

export interface LoadedSheet {
  name: string;
  visible: boolean;
  rows: SheetRow[];
}

export interface LoadedWorkbook {
  format: 'xlsx' | 'xls';
  sheets: LoadedSheet[];
}

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];
const OLE_MAGIC = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

const startsWith = (bytes: Uint8Array, magic: number[]) => magic.every((byte, index) => bytes[index] === byte);

/** What the bytes are: null for an xlsx, LEGACY_XLS for a readable .xls, else why it cannot be read. */
export function detectWorkbookFault(bytes: Uint8Array): WorkbookFault | null {
  if (startsWith(bytes, ZIP_MAGIC)) return null;
  if (startsWith(bytes, OLE_MAGIC)) {
    const marker = Buffer.from('EncryptedPackage', 'utf16le');
    return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).includes(marker) ? 'ENCRYPTED' : 'LEGACY_XLS';
  }
  return 'NOT_XLSX';
}

function loadXls(bytes: Uint8Array): LoadedWorkbook | WorkbookFault {
  try {
    const sheets = readLegacyWorkbook(bytes).map((sheet) => ({
      name: sheet.name,
      visible: sheet.visible,
      // exceljs numbers columns from 1; keep the readers on one convention.
      rows: sheet.rows.map((row) => ({ number: row.number, cells: [undefined, ...row.cells] })),
    }));
    return { format: 'xls', sheets };
  } catch (error) {
    if (!(error instanceof LegacyWorkbookError)) throw error;
    return error.fault === 'ENCRYPTED' ? 'ENCRYPTED' : error.fault === 'EMPTY' ? 'EMPTY' : 'NOT_XLSX';
  }
}

export async function loadWorkbook(bytes: Uint8Array): Promise<LoadedWorkbook | WorkbookFault> {
  const fault = detectWorkbookFault(bytes);
  if (fault === 'LEGACY_XLS') return loadXls(bytes);
  if (fault) return fault;
  const workbook = new ExcelJS.Workbook();
  try {
    // exceljs declares its own Buffer type; a Node Buffer is what it reads at run time.
    await workbook.xlsx.load(
      Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) as unknown as ExcelJS.Buffer,
    );
  } catch {
    return 'NOT_XLSX';
  }
  if (workbook.worksheets.length === 0) return 'EMPTY';
  return {
    format: 'xlsx',
    sheets: workbook.worksheets.map((sheet) => ({
      name: sheet.name,
      visible: sheet.state !== 'hidden' && sheet.state !== 'veryHidden',
      rows: readSheetRows(sheet),
    })),
  };
}

function readSheetRows(sheet: ExcelJS.Worksheet): SheetRow[] {
  const rows: SheetRow[] = [];
  sheet.eachRow({ includeEmpty: false }, (row, number) => {
    const cells: unknown[] = [];
    row.eachCell({ includeEmpty: false }, (cell, column) => {
      // A merged cell repeats its master's value; keep it only in the master so a title is read once.
      cells[column] = cell.isMerged && cell.master !== cell ? undefined : cell.value;
    });
    rows.push({ number, cells });
  });
  return rows;
}
