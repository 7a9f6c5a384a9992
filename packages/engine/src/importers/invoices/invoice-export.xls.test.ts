import { describe, expect, it } from 'vitest';
import { xlsBuffer } from '../../fixtures/legacy-xls.writer.js';
import {
  CUSTOMER,
  INVOICE_HEADER_ROW,
  invoiceRow,
  LINE_HEADER_ROW,
  lineRow,
  readExport,
  type TestSheet,
  TITLE_ROWS,
  wallClockDate,
  xlsxBuffer,
} from './invoice-export.test-support.js';

/** A 2022 export as the bureau saved it as .xls: lines first, old-system rows with `--`, a 合计行. */
const sheets: TestSheet[] = [
  {
    name: '信息汇总表',
    rows: [
      ...TITLE_ROWS,
      LINE_HEADER_ROW,
      lineRow({ 发票代码: '011002100111', 发票号码: '04161123', 数电发票号码: '--', 发票票种: '增值税电子普通发票' }),
      lineRow({ 序号: 2, 开票日期: wallClockDate('2022-05-06 09:10:11') }),
    ],
  },
  {
    name: '发票基础信息',
    rows: [
      ...TITLE_ROWS,
      INVOICE_HEADER_ROW,
      invoiceRow({
        发票代码: '011002100111',
        发票号码: '04161123',
        数电发票号码: '--',
        发票票种: '增值税电子普通发票',
      }),
      invoiceRow({ 序号: 2, 开票日期: wallClockDate('2022-05-06 09:10:11'), 购买方名称: CUSTOMER.name }),
      ['合计行', null, null, null, null, null, null, null, null, 20000, 2600, 22600],
    ],
  },
];

describe('readInvoiceExport: legacy .xls', () => {
  it('reads a BIFF8 export exactly as the same workbook saved as xlsx', async () => {
    const fromXls = await readExport(xlsBuffer(sheets), 'xlsx');
    const fromXlsx = await readExport(await xlsxBuffer(sheets), 'xlsx');
    expect(fromXls.invoices).toHaveLength(2);
    expect(fromXls.lines).toHaveLength(2);
    expect(fromXls.invoices.map((invoice) => invoice.issuedAt).sort()).toEqual([
      '2022-05-06 09:10:11',
      '2026-03-14 17:22:15',
    ]);
    expect(fromXls.invoices).toEqual(fromXlsx.invoices);
    expect(fromXls.lines).toEqual(fromXlsx.lines);
    expect(fromXls.problems).toEqual(fromXlsx.problems);
    expect(fromXls.summary.sheets).toEqual(fromXlsx.summary.sheets);
  });
});
