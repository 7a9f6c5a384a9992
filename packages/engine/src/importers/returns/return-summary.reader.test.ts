import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { buildFilledReturnWorkbook } from '../../fixtures/financials-fixture.js';
import { ReturnImportError } from './return-import.error.js';
import { readReturnSummary } from './return-summary.reader.js';
import { buildReturnTemplate } from './return-template.builder.js';
import { RETURN_TEMPLATE_ROWS } from './return-template.layout.js';

/** The template with raw cell values typed under the header of one sheet, as a user would. */
async function typedIntoTemplate(sheetName: string, rows: ExcelJS.CellValue[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load((await buildReturnTemplate()) as unknown as ExcelJS.Buffer);
  const sheet = book.getWorksheet(sheetName);
  rows.forEach((values, index) => {
    values.forEach((value, column) => {
      if (sheet) sheet.getCell(RETURN_TEMPLATE_ROWS.firstData + index, column + 1).value = value;
    });
  });
  return Buffer.from(await book.xlsx.writeBuffer());
}

describe('buildReturnTemplate', () => {
  it('has one sheet per tax with Chinese headers and a notes row on period formats', async () => {
    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await buildReturnTemplate()) as unknown as ExcelJS.Buffer);
    expect(book.worksheets.map((sheet) => sheet.name)).toEqual(['增值税申报汇总', '企业所得税申报汇总']);
    const vat = book.getWorksheet('增值税申报汇总');
    if (!vat) throw new Error('no VAT sheet');
    const headers = (vat.getRow(RETURN_TEMPLATE_ROWS.header).values as unknown[]).slice(1);
    expect(headers).toEqual([
      '所属期',
      '纳税人类型',
      '应税销售额（一般计税）（元）',
      '应税销售额（简易计税）（元）',
      '免税销售额（元）',
      '销项税额（元）',
      '进项税额（元）',
      '进项税额转出（元）',
      '上期留抵税额（元）',
      '期末留抵税额（元）',
      '应纳税额（元）',
      '实际缴纳税额（元）',
      '开具增值税专用发票销售额（元）',
      '开具其他发票销售额（元）',
      '未开具发票销售额（元）',
      '纳税检查调整销售额（元）',
    ]);
    const notes = String(vat.getCell(RETURN_TEMPLATE_ROWS.notes, 1).value);
    for (const example of ['2024-03', '2024-Q1', '2024（年度）']) expect(notes).toContain(example);
    expect(vat.getCell(RETURN_TEMPLATE_ROWS.firstData, 1).numFmt).toBe('@');
    const cit = book.getWorksheet('企业所得税申报汇总');
    expect(cit?.getCell(RETURN_TEMPLATE_ROWS.header, 8).value).toBe('税率（%）');
  });

  it('reads back empty, without problems', async () => {
    expect(await readReturnSummary(await buildReturnTemplate())).toEqual({
      vat: [],
      cit: [],
      problems: [],
      source: 'template',
      taxNos: [],
    });
  });
});

describe('readReturnSummary', () => {
  it('round-trips filled rows to fen and basis points', async () => {
    const file = await buildFilledReturnWorkbook({
      vat_return: [
        {
          period: '2024-01',
          taxpayerType: 'general',
          figures: {
            taxableSalesGeneral: 10000000,
            outputTax: 1300000,
            inputTax: 1000050,
            taxPayable: 299950,
            taxPaid: 299950,
          },
        },
        {
          period: '2024-Q2',
          taxpayerType: 'small_scale',
          figures: { taxableSalesSimplified: 9000000, taxPayable: 90000 },
        },
      ],
      cit_return: [
        {
          period: '2024',
          figures: {
            operatingRevenue: 50000000,
            totalProfit: 4000000,
            taxableIncome: 4000000,
            taxRate: 2500,
            taxOnTaxableIncome: 1000000,
            taxPayable: 1000000,
            taxPrepaid: 750000,
          },
        },
      ],
    });
    const result = await readReturnSummary(file);
    expect(result.problems).toEqual([]);
    expect(result.vat).toEqual([
      {
        statement: 'vat_return',
        period: '2024-01',
        taxpayerType: 'general',
        figures: {
          taxableSalesGeneral: 10000000,
          outputTax: 1300000,
          inputTax: 1000050,
          taxPayable: 299950,
          taxPaid: 299950,
        },
        source: { sheet: '增值税申报汇总', row: 4 },
      },
      {
        statement: 'vat_return',
        period: '2024-Q2',
        taxpayerType: 'small_scale',
        figures: { taxableSalesSimplified: 9000000, taxPayable: 90000 },
        source: { sheet: '增值税申报汇总', row: 5 },
      },
    ]);
    expect(result.cit[0]?.figures).toEqual({
      operatingRevenue: 50000000,
      totalProfit: 4000000,
      taxableIncome: 4000000,
      taxRate: 2500,
      taxOnTaxableIncome: 1000000,
      taxPayable: 1000000,
      taxPrepaid: 750000,
    });
  });

  it('accepts the period and rate as people type them', async () => {
    const file = await typedIntoTemplate('企业所得税申报汇总', [
      ['2023年度', 100, 50, 20, null, null, 20, '25%'],
      [2022, 100, 50, 20, null, null, 20, 0.2],
      ['2024年第1季度', 100, 50, 20, null, null, 20, '15'],
      [new Date(Date.UTC(2024, 6, 1)), 100, 50, 20, null, null, 20, null],
    ]);
    const result = await readReturnSummary(file);
    expect(result.problems).toEqual([]);
    expect(result.cit.map((row) => [row.period, row.figures.taxRate])).toEqual([
      ['2023', 2500],
      ['2022', 2000],
      ['2024-Q1', 1500],
      ['2024-07', undefined],
    ]);
  });

  it('reports bad periods, amounts, types and rates by row, and keeps the rest', async () => {
    const file = await typedIntoTemplate('增值税申报汇总', [
      ['2024年13月', '一般纳税人', 100],
      ['2024-02', '一般', '一百', 13],
      ['2024-03', null, 100, 13],
      [null, null, 100],
    ]);
    const result = await readReturnSummary(file);
    expect(result.vat.map((row) => [row.period, row.taxpayerType, row.figures])).toEqual([
      ['2024-02', null, { taxableSalesSimplified: 1300 }],
      ['2024-03', null, { taxableSalesGeneral: 10000, taxableSalesSimplified: 1300 }],
    ]);
    expect(result.problems.map((problem) => [problem.level, problem.row, problem.message])).toEqual([
      [
        'error',
        4,
        '第4行所属期“2024年13月”无法识别，已跳过本行；期间格式应为 2024-03（月）、2024-Q1（季度）或 2024（年度）',
      ],
      ['error', 5, '第5行纳税人类型“一般”无法识别，请填写“一般纳税人”或“小规模纳税人”'],
      ['error', 5, '第5行应税销售额（一般计税）（元）“一百”不是有效金额，已跳过'],
      ['error', 7, '第7行缺少所属期，已跳过本行'],
    ]);
  });

  it('flags tax larger than the sales it is on, duplicate and overlapping periods', async () => {
    const file = await typedIntoTemplate('增值税申报汇总', [
      ['2024-01', '一般纳税人', 1000, null, null, 1300, 100, null, null, null, 1200],
      ['2024-01', '一般纳税人', 1000, null, null, 1300, 100, null, null, null, 1200],
      ['2024-01', '一般纳税人', 2000],
      ['2024-Q1', '一般纳税人', 3000],
      ['2024-04', '一般纳税人'],
    ]);
    const result = await readReturnSummary(file);
    expect(result.vat.map((row) => row.period)).toEqual(['2024-01', '2024-Q1', '2024-04']);
    expect(result.problems.map((problem) => [problem.level, problem.row, problem.message])).toEqual([
      [
        'warning',
        4,
        '第4行销项税额 1,300.00 元大于应税销售额（一般计税）+应税销售额（简易计税） 1,000.00 元，请检查是否填错列或金额单位',
      ],
      [
        'warning',
        4,
        '第4行应纳税额 1,200.00 元大于应税销售额（一般计税）+应税销售额（简易计税）+免税销售额 1,000.00 元，请检查是否填错列或金额单位',
      ],
      ['warning', 5, '第5行所属期2024年1月与第4行重复，已采用第4行'],
      ['error', 6, '第6行所属期2024年1月与第4行重复且数字不同，已采用第4行'],
      ['warning', 7, '第7行所属期2024年第1季度与第4行的2024年1月重叠，同一月份的数字可能被重复计算'],
      ['warning', 8, '第8行只填了所属期，没有任何金额；零申报请填 0'],
    ]);
  });

  it('understands headers copied from the tax return in a sheet of the user’s own', async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('我的申报数据');
    sheet.addRow(['税款所属期', '按适用税率计税销售额', '销项税', '进项税', '应纳税额合计', '本期已缴税额']);
    sheet.addRow(['2024-05', '200,000.00', '26,000.00', '20,000.00', '6,000.00', '6,000.00']);
    const result = await readReturnSummary(Buffer.from(await book.xlsx.writeBuffer()));
    expect(result.vat[0]?.figures).toEqual({
      taxableSalesGeneral: 20000000,
      outputTax: 2600000,
      inputTax: 2000000,
      taxPayable: 600000,
      taxPaid: 600000,
    });
  });

  it('refuses files that are no workbook or hold no return summary', async () => {
    const error = await readReturnSummary(Buffer.from('not a workbook')).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ReturnImportError);
    expect((error as ReturnImportError).code).toBe('NOT_XLSX');
    const book = new ExcelJS.Workbook();
    book.addWorksheet('Sheet1').addRow(['姓名', '电话']);
    const other = await readReturnSummary(Buffer.from(await book.xlsx.writeBuffer())).catch(
      (caught: unknown) => caught,
    );
    expect((other as ReturnImportError).code).toBe('NO_RETURN_SHEET');
    expect((other as ReturnImportError).message).toContain('模板');
  });
});
