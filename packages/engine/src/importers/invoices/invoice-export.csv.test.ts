import { describe, expect, it } from 'vitest';
import { encodeGbk } from '../../fixtures/gbk-text.encoder.js';
import {
  BLUE_NUMBER,
  COMPANY,
  CUSTOMER,
  csvText,
  INVOICE_HEADER_ROW,
  invoiceRow,
  LINE_HEADER_ROW,
  lineRow,
  readExport,
  TITLE_ROWS,
} from './invoice-export.test-support.js';

const LINES = [
  ...TITLE_ROWS,
  LINE_HEADER_ROW,
  lineRow({ 金额: '6,000.00', 税额: '780.00', 价税合计: '6,780.00', 货物或应税劳务名称: '*计算机配套产品*液晶显示器' }),
  lineRow({
    序号: 2,
    金额: '4000.00',
    税额: '520.00',
    价税合计: '4520.00',
    货物或应税劳务名称: '*纸制品*复印纸',
    备注: '合同号：示例-001，"加急"\r\n第二行备注',
  }),
];

function expectTwoLines(result: Awaited<ReturnType<typeof readExport>>) {
  expect(result.problems).toEqual([]);
  expect(result.invoices.map((i) => [i.key, i.direction, i.buyerName, i.amountFen, i.taxFen, i.totalFen])).toEqual([
    [BLUE_NUMBER, 'sales', CUSTOMER.name, 1_000_000, 130_000, 1_130_000],
  ]);
  expect(result.lines.map((l) => [l.lineNo, l.category, l.itemName, l.amountFen])).toEqual([
    [1, '计算机配套产品', '液晶显示器', 600_000],
    [2, '纸制品', '复印纸', 400_000],
  ]);
  expect(result.summary.sheets).toEqual([{ name: 'CSV', kind: 'lines', headerRow: 3, dataRows: 2 }]);
}

describe('readInvoiceExport: csv', () => {
  it('reads UTF-8 without BOM, under title rows, with quoted commas, quotes and line breaks', async () => {
    const result = await readExport(Buffer.from(csvText(LINES), 'utf8'), 'csv');
    expectTwoLines(result);
    expect(result.summary.encoding).toBe('utf-8');
    expect(result.invoices[0]?.remark).toBeNull();
  });

  it('reads UTF-8 with BOM, fed a few bytes at a time so characters and records are cut', async () => {
    const bytes = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(csvText(LINES), 'utf8')]);
    const result = await readExport(bytes, 'csv', { chunkSize: 7 });
    expectTwoLines(result);
    expect(result.summary.encoding).toBe('utf-8');
  });

  it('reads GBK bytes (GB18030), also when cut mid-character', async () => {
    const bytes = encodeGbk(csvText(LINES));
    const result = await readExport(bytes, 'csv', { chunkSize: 5 });
    expectTwoLines(result);
    expect(result.summary.encoding).toBe('gb18030');
  });

  it('reads tab-separated UTF-16 (Excel "Unicode text")', async () => {
    const bytes = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(csvText(LINES, '\t'), 'utf16le')]);
    const result = await readExport(bytes, 'csv');
    expectTwoLines(result);
    expect(result.summary.encoding).toBe('utf-16le');
  });

  it('keeps 20-digit numbers protected by ="…" or a tab, and refuses scientific notation', async () => {
    const rows = [
      INVOICE_HEADER_ROW,
      invoiceRow({ 数电发票号码: `="${BLUE_NUMBER}"` }),
      invoiceRow({ 数电发票号码: '\t26112000000135114087' }),
      invoiceRow({ 数电发票号码: '2.61120000001351E+19' }),
    ];
    const result = await readExport(Buffer.from(csvText(rows), 'utf8'), 'csv');
    expect(result.invoices.map((invoice) => invoice.key)).toEqual([BLUE_NUMBER, '26112000000135114087']);
    expect(result.problems).toEqual([
      {
        sheet: 'CSV',
        row: 4,
        column: '数电发票号码',
        reason: '数电发票号码的数字已被 Excel 转为科学计数法或超过15位，位数已丢失；请将该列设为文本格式后重新导出',
        severity: 'error',
      },
    ]);
  });

  it('compares the company tax number case-insensitively after trimming', async () => {
    const rows = [INVOICE_HEADER_ROW, invoiceRow({ 销方识别号: ` ${COMPANY.taxNo.toLowerCase()} ` })];
    const result = await readExport(Buffer.from(csvText(rows), 'utf8'), 'csv', { companyTaxNo: `${COMPANY.taxNo} ` });
    expect(result.invoices.map((invoice) => [invoice.direction, invoice.sellerTaxNo])).toEqual([
      ['sales', COMPANY.taxNo.toLowerCase()],
    ]);
  });
});
