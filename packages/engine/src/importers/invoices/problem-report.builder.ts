/** The downloadable 错误报告: one row per problem, in the order the reader met them; a row-level problem shows （整行） as its column. */
import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import type { InvoiceImportProblem } from './invoice-import.types.js';

const SEVERITY_TEXT = { error: '错误', warning: '警告' } as const;

const COLUMNS = [
  { header: '序号', width: 8 },
  { header: '工作表', width: 16 },
  { header: '行号', width: 8 },
  { header: '列', width: 18 },
  { header: '问题说明', width: 80 },
  { header: '级别', width: 8 },
];

/** Streams rows into the xlsx so a report of many thousand problems stays cheap. */
export async function buildProblemReport(problems: Iterable<InvoiceImportProblem>): Promise<Buffer> {
  const output = new PassThrough();
  const chunks: Buffer[] = [];
  output.on('data', (chunk: Buffer) => chunks.push(chunk));
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: output, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet('错误报告', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = COLUMNS.map(({ header, width }) => ({ header, width }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  let seq = 0;
  for (const problem of problems) {
    seq += 1;
    sheet
      .addRow([
        seq,
        problem.sheet,
        problem.row,
        problem.column ?? '（整行）',
        problem.reason,
        SEVERITY_TEXT[problem.severity],
      ])
      .commit();
  }
  sheet.commit();
  await workbook.commit();
  return Buffer.concat(chunks);
}
