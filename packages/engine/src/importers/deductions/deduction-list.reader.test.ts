import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { deductionListSheet } from '../../fixtures/deduction-payroll.fixture.js';
import { type XlsSheet, xlsBuffer } from '../../fixtures/legacy-xls.writer.js';
import { FileKindImportError } from '../workbook/file-kind.error.js';
import { readDeductionList } from './deduction-list.reader.js';

async function xlsxBuffer(sheets: readonly XlsSheet[]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  for (const sheet of sheets) {
    const target = book.addWorksheet(sheet.name);
    for (const row of sheet.rows) target.addRow(row);
  }
  return Buffer.from(await book.xlsx.writeBuffer());
}

const BUYER = '91110108769914581E';
const seller = { sellerName: '示例青禾物流有限公司', sellerTaxNo: '915301115551499841' };
const rows = [
  {
    ...seller,
    digitalNumber: '24112000000135114086',
    issuedOn: '2024-03-14',
    amount: 10000,
    tax: 1300,
    selected: true,
    selectedOn: '2024-04-08 10:11:12',
  },
  {
    ...seller,
    code: '3200231130',
    number: '04161123',
    issuedOn: '2024-02-01',
    amount: 2000,
    tax: 260,
    deductible: 200,
    selected: true,
    selectedOn: '2024-03-02',
  },
  { ...seller, digitalNumber: '24112000000135114999', issuedOn: '2024-03-20', amount: 500, tax: 30, selected: false },
];

describe('发票勾选确认 export', () => {
  it('reads each invoice with its 勾选 state, 有效抵扣税额 and deduction month, 价税合计 derived (xlsx and xls alike)', async () => {
    const sheet = deductionListSheet(BUYER, rows);
    const result = await readDeductionList(await xlsxBuffer([sheet]));
    expect(await readDeductionList(xlsBuffer([sheet]))).toEqual(result);
    expect(result.problems).toEqual([]);
    expect(result.buyerTaxNos).toEqual([BUYER]);
    expect(result.periods).toEqual(['2024-03', '2024-04']);
    expect(result.entries[0]).toEqual({
      key: '24112000000135114086',
      digitalNumber: '24112000000135114086',
      code: null,
      number: null,
      issuedOn: '2024-03-14',
      sellerTaxNo: seller.sellerTaxNo,
      sellerName: seller.sellerName,
      amountFen: 1_000_000,
      taxFen: 130_000,
      totalFen: 1_130_000,
      totalDerived: true,
      deductibleTaxFen: 130_000,
      selected: true,
      selectedOn: '2024-04-08',
      period: '2024-04',
      kindText: '数电发票（增值税专用发票）',
      statusText: '正常',
      riskLevel: '正常',
    });
    // An old-system invoice: `--` in 数电发票号码, identified by 代码:号码.
    expect(result.entries[1]).toMatchObject({
      key: '3200231130:04161123',
      deductibleTaxFen: 20_000,
      period: '2024-03',
    });
    expect(result.entries[2]).toMatchObject({ selected: false, period: null, selectedOn: null });
  });

  it('reports bad rows by row and keeps none of them', async () => {
    const bad = deductionListSheet(BUYER, [
      rows[0] as (typeof rows)[0],
      { ...seller, issuedOn: '2024-13-40', amount: 1, tax: 0, selected: true },
    ]);
    (bad.rows[3] as unknown[])[1] = '也许';
    const result = await readDeductionList(xlsBuffer([bad]));
    expect(result.problems.map((problem) => [problem.row, problem.message])).toEqual([
      [4, '第4行：勾选状态“也许”无法识别，应为“是”或“否”'],
      [5, '第5行：缺少数电发票号码，或发票代码与发票号码'],
      [5, expect.stringContaining('第5行：日期不存在')],
    ]);
  });

  it('refuses a file that is not a deduction list with one sentence', async () => {
    const other = xlsBuffer([{ name: '说明', rows: [['全量发票查询'], ['发票代码', '发票号码', '金额', '税额']] }]);
    const error = await readDeductionList(other).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(FileKindImportError);
    expect((error as FileKindImportError).message).toContain('文件不是发票勾选（抵扣勾选）导出表');
  });
});
