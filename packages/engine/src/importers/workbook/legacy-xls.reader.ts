/**
 * Legacy Excel 97–2003 workbooks (.xls, BIFF8 inside an OLE2 compound file), which the e-tax
 * bureau and 金蝶/用友/畅捷通 still export. Read with SheetJS Community Edition as republished on
 * npm by `@e965/xlsx` (see docs/decisions.md). Every importer gets its rows through here, in the
 * same shape exceljs gives for xlsx: 1-based row numbers, cell values by column, dates as Dates
 * whose UTC fields are the wall clock.
 */
import * as XLSX from '@e965/xlsx';

export interface LegacySheet {
  name: string;
  visible: boolean;
  /** Non-empty rows in order; `cells[0]` is column A. */
  rows: { number: number; cells: (string | number | boolean | Date | null)[] }[];
}

export type LegacyFault = 'ENCRYPTED' | 'NOT_XLS' | 'EMPTY';

export class LegacyWorkbookError extends Error {
  override readonly name = 'LegacyWorkbookError';
  constructor(readonly fault: LegacyFault) {
    super(fault);
  }
}

const MS_PER_DAY = 86_400_000;
/** Serial 0 of the 1900 date system, with Excel's phantom 1900-02-29 folded in. */
const EXCEL_EPOCH_MS = Date.UTC(1899, 11, 30);

function cellValue(cell: XLSX.CellObject | undefined): string | number | boolean | Date | null {
  if (!cell || cell.v === undefined || cell.v === null) return null;
  switch (cell.t) {
    case 'n': {
      const value = cell.v as number;
      // Date cells are numbers with a date format; turn them into the Date exceljs would give.
      if (typeof cell.z === 'string' && XLSX.SSF.is_date(cell.z)) {
        return new Date(Math.round((EXCEL_EPOCH_MS + value * MS_PER_DAY) / 1000) * 1000);
      }
      return value;
    }
    case 's':
      return String(cell.v);
    case 'b':
      return Boolean(cell.v);
    case 'd':
      return cell.v instanceof Date ? cell.v : null;
    default:
      // 'e' (an error such as #DIV/0!) and 'z' (a styled blank) hold nothing to read.
      return null;
  }
}

/** Reads every sheet of an .xls into memory (BIFF8 caps a sheet at 65 536 rows). */
export function readLegacyWorkbook(bytes: Uint8Array): LegacySheet[] {
  let book: XLSX.WorkBook;
  try {
    book = XLSX.read(bytes, {
      type: 'buffer',
      dense: true,
      cellNF: true,
      cellDates: false,
      cellFormula: false,
      cellHTML: false,
      cellText: false,
      cellStyles: false,
    });
  } catch (error) {
    const text = error instanceof Error ? error.message : String(error);
    throw new LegacyWorkbookError(/password-protected/i.test(text) ? 'ENCRYPTED' : 'NOT_XLS');
  }
  const hidden = new Map((book.Workbook?.Sheets ?? []).map((sheet) => [sheet.name, (sheet.Hidden ?? 0) !== 0]));
  const sheets: LegacySheet[] = [];
  for (const name of book.SheetNames) {
    const sheet = book.Sheets[name] as XLSX.WorkSheet | undefined;
    const data = (sheet?.['!data'] ?? []) as (XLSX.CellObject[] | undefined)[];
    const rows: LegacySheet['rows'] = [];
    data.forEach((row, index) => {
      if (!row) return;
      const cells = Array.from(row, cellValue);
      if (cells.some((value) => value !== null && value !== '')) rows.push({ number: index + 1, cells });
    });
    sheets.push({ name, visible: !hidden.get(name), rows });
  }
  if (sheets.length === 0) throw new LegacyWorkbookError('EMPTY');
  return sheets;
}
