import ExcelJS from 'exceljs';

export interface ExportColumn<T> {
  header: string;
  width?: number;
  value: (row: T) => string | number | null;
  /** 'fen': the value is integer fen, written as a yuan number with two decimals, so Excel can sum it. */
  format?: 'fen';
}

const YUAN_FORMAT = '#,##0.00';

/** One-sheet Excel export for every list page: a bold header row, frozen, with the columns' widths. */
export async function buildXlsx<T>(sheetName: string, columns: ExportColumn<T>[], rows: Iterable<T>): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = '税镜 TaxLens';
  const sheet = workbook.addWorksheet(sheetName, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map((column) => ({
    header: column.header,
    width: column.width ?? 16,
    ...(column.format === 'fen' ? { style: { numFmt: YUAN_FORMAT } } : {}),
  }));
  sheet.getRow(1).font = { bold: true };
  for (const row of rows) {
    sheet.addRow(
      columns.map((column) => {
        const value = column.value(row);
        return column.format === 'fen' && typeof value === 'number' ? value / 100 : value;
      }),
    );
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
