import { TAXPAYER_TYPES } from '@taxlens/shared';
import ExcelJS from 'exceljs';
import { RETURN_SHEETS, RETURN_TEMPLATE_ROWS, type ReturnSheetLayout } from './return-template.layout.js';

/** Rows prepared with formats and choices; users rarely file more periods in one upload. */
const PREPARED_ROWS = 200;

function addSheet(workbook: ExcelJS.Workbook, layout: ReturnSheetLayout): void {
  const { header, firstData } = RETURN_TEMPLATE_ROWS;
  const sheet = workbook.addWorksheet(layout.sheetName, { views: [{ state: 'frozen', xSplit: 1, ySplit: header }] });
  const lastColumn = layout.columns.length;

  sheet.getCell(RETURN_TEMPLATE_ROWS.title, 1).value = layout.title;
  sheet.getCell(RETURN_TEMPLATE_ROWS.title, 1).font = { bold: true, size: 14 };
  sheet.mergeCells(RETURN_TEMPLATE_ROWS.title, 1, RETURN_TEMPLATE_ROWS.title, lastColumn);
  const notes = sheet.getCell(RETURN_TEMPLATE_ROWS.notes, 1);
  notes.value = layout.notes;
  notes.alignment = { wrapText: true, vertical: 'top' };
  notes.font = { color: { argb: 'FF595959' } };
  sheet.mergeCells(RETURN_TEMPLATE_ROWS.notes, 1, RETURN_TEMPLATE_ROWS.notes, lastColumn);
  sheet.getRow(RETURN_TEMPLATE_ROWS.notes).height = 48;

  layout.columns.forEach((column, index) => {
    const cell = sheet.getCell(header, index + 1);
    cell.value = column.header;
    cell.font = { bold: true };
    cell.alignment = { horizontal: 'center', vertical: 'middle', wrapText: true };
    cell.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFDDEBF7' } };
    const sheetColumn = sheet.getColumn(index + 1);
    sheetColumn.width = column.unit === 'period' ? 12 : 18;
    // Text format keeps Excel from turning 2024-03 into a date.
    const numFmt = { period: '@', taxpayerType: '@', fen: '#,##0.00', bp: '0.00%' }[column.unit];
    for (let row = firstData; row < firstData + PREPARED_ROWS; row++) {
      const dataCell = sheet.getCell(row, index + 1);
      dataCell.numFmt = numFmt;
      if (column.unit === 'taxpayerType') {
        dataCell.dataValidation = {
          type: 'list',
          allowBlank: true,
          formulae: [`"${Object.values(TAXPAYER_TYPES).join(',')}"`],
          showErrorMessage: true,
          errorTitle: '纳税人类型',
          error: '请选择“一般纳税人”或“小规模纳税人”',
        };
      }
    }
  });
  sheet.getRow(header).height = 32;
}

/** The downloadable xlsx template for VAT and CIT return summaries. */
export async function buildReturnTemplate(): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = '税镜 TaxLens';
  addSheet(workbook, RETURN_SHEETS.vat_return);
  addSheet(workbook, RETURN_SHEETS.cit_return);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
