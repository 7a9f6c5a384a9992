import ExcelJS from 'exceljs';

/**
 * Opening an uploaded workbook with clear reasons for what cannot be opened. An OLE2 file
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

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];
const OLE_MAGIC = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

const startsWith = (bytes: Uint8Array, magic: number[]) => magic.every((byte, index) => bytes[index] === byte);

export function detectWorkbookFault(bytes: Uint8Array): WorkbookFault | null {
  if (startsWith(bytes, ZIP_MAGIC)) return null;
  if (startsWith(bytes, OLE_MAGIC)) {
    const marker = Buffer.from('EncryptedPackage', 'utf16le');
    return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).includes(marker) ? 'ENCRYPTED' : 'LEGACY_XLS';
  }
  return 'NOT_XLSX';
}

export async function loadWorkbook(bytes: Uint8Array): Promise<ExcelJS.Workbook | WorkbookFault> {
  const fault = detectWorkbookFault(bytes);
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
  return workbook.worksheets.length === 0 ? 'EMPTY' : workbook;
}

export function isVisible(sheet: ExcelJS.Worksheet): boolean {
  return sheet.state !== 'hidden' && sheet.state !== 'veryHidden';
}

export function readSheetRows(sheet: ExcelJS.Worksheet): SheetRow[] {
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
