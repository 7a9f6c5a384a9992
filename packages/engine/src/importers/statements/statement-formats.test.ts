import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { readStatements } from './statement.importer.js';
import { StatementImportError } from './statement-import.error.js';

/** A workbook written cell by cell, for the odd shapes real exports take. */
async function workbook(sheets: Record<string, ExcelJS.CellValue[][]>, hidden: string[] = []): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  for (const [name, rows] of Object.entries(sheets)) {
    const sheet = book.addWorksheet(name, { state: hidden.includes(name) ? 'hidden' : 'visible' });
    for (const row of rows) sheet.addRow(row);
  }
  return Buffer.from(await book.xlsx.writeBuffer());
}

const title = (name: string, period: string): ExcelJS.CellValue[][] => [
  [name],
  ['编制单位：测试商贸有限公司', null, period, '单位：元'],
];

describe('line names, numbering and synonyms', () => {
  it('matches names however the software numbers and decorates them', async () => {
    const file = await workbook({
      损益表: [
        ...title('损益表', '2024年度'),
        ['项 目', '本年金额'],
        ['一、营业总收入', '1,000,000.00'],
        ['减：营业成本', 600000],
        ['    营业税金及附加', 5000.5],
        ['1.销售费用', 40000],
        ['★管理费用', 50000],
        ['  其中：业务招待费', 8000],
        ['财务费用', '(1,200.00)'],
        ['  其中：利息费用（收入以“-”号填列）', '-1200'],
        ['加：投资净收益（损失以“－”号填列）', '-'],
        ['二、营业利润（亏损以“－”号填列）', 306199.5],
        ['加：营业外收入', null],
        ['三、利润总额', 306199.5],
        ['减：所得税', 15309.98],
        ['四、净利润', 290889.52],
        ['咨询服务费', 123],
      ],
    });
    const result = await readStatements(file);
    expect(result.statements).toHaveLength(1);
    const statement = result.statements[0];
    expect(statement?.statement).toBe('income_statement');
    expect(statement?.layout).toBe('small');
    expect(statement?.period).toBe('2024');
    expect(statement?.companyName).toBe('测试商贸有限公司');
    expect(statement?.figures).toEqual({
      operatingRevenue: 100000000,
      operatingCost: 60000000,
      taxesAndSurcharges: 500050,
      sellingExpenses: 4000000,
      adminExpenses: 5000000,
      entertainmentExpenses: 800000,
      financialExpenses: -120000,
      interestExpenses: -120000,
      investmentIncome: 0,
      operatingProfit: 30619950,
      nonOperatingIncome: 0,
      totalProfit: 30619950,
      incomeTaxExpense: 1530998,
      netProfit: 29088952,
    });
    expect(statement?.source.rows).toEqual([4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17]);
    expect(result.problems).toEqual([
      { level: 'warning', sheet: '损益表', row: 18, message: '第18行“咨询服务费”不是可识别的报表项目，已忽略' },
    ]);
  });
});

describe('行次', () => {
  it('identifies an unknown name by its 行次 in the 小企业 layout', async () => {
    const file = await workbook({
      资产负债表: [
        ...title('资产负债表（小企业会计准则）', '2024年3月31日'),
        ['资产', '行次', '期末余额', '年初余额'],
        ['货币资金', 1, 5000, 4000],
        ['应收帐款', 4, 3000, 2000],
        ['资产合计数', 30, 8000, 6000],
        ['', 53, 8000, 6000],
      ],
    });
    const result = await readStatements(file);
    expect(result.problems).toEqual([]);
    expect(result.statements.map((s) => [s.layout, s.period, s.figures])).toEqual([
      [
        'small',
        '2023',
        { cash: 400000, accountsReceivable: 200000, totalAssets: 600000, totalLiabilitiesAndEquity: 600000 },
      ],
      [
        'small',
        '2024-Q1',
        { cash: 500000, accountsReceivable: 300000, totalAssets: 800000, totalLiabilitiesAndEquity: 800000 },
      ],
    ]);
  });

  it('uses the 一般企业 行次 too but asks the user to check it', async () => {
    const file = await workbook({
      资产负债表: [
        ...title('资产负债表 会企01表', '2024年12月31日'),
        ['项目', '行次', '期末余额'],
        ['合同负债', 41, 700],
        ['其他负债项目', 43, 300],
      ],
    });
    const result = await readStatements(file);
    expect(result.statements[0]?.figures).toEqual({ contractLiabilities: 70000, taxesPayable: 30000 });
    expect(result.problems).toEqual([
      { level: 'warning', sheet: '资产负债表', row: 5, message: '第5行“其他负债项目”按行次43识别为“应交税费”，请核对' },
    ]);
  });
});

describe('periods in headers, sheet names and columns', () => {
  it('reads period columns, sheet-name periods and 期初/上年同期 columns', async () => {
    const file = await workbook({
      年度对比: [['利润表'], ['项目', '2023年度', '2024年度'], ['营业收入', 100, 200], ['营业成本', 60, 110]],
      '2024年2月': [['资产负债表'], ['项目', '期末数', '期初数'], ['存货', 90, 80]],
      '2024Q2': [['利润表'], ['项目', '本期数', '上年同期数', '上期金额'], ['营业收入', 10, 9, 8]],
    });
    const result = await readStatements(file);
    expect(result.statements.map((s) => [s.statement, s.period, s.figures])).toEqual([
      ['balance_sheet', '2024-01', { inventory: 8000 }],
      ['balance_sheet', '2024-02', { inventory: 9000 }],
      ['income_statement', '2023', { operatingRevenue: 10000, operatingCost: 6000 }],
      ['income_statement', '2023-Q2', { operatingRevenue: 900 }],
      ['income_statement', '2024', { operatingRevenue: 20000, operatingCost: 11000 }],
      ['income_statement', '2024-Q2', { operatingRevenue: 1000 }],
    ]);
    expect(result.problems).toEqual([
      {
        level: 'warning',
        sheet: '2024Q2',
        row: 2,
        message: '“上期金额”列的“上期”可能指上月也可能指上年同期；如需导入，请把表头改为“上年同期金额”，未导入',
      },
    ]);
  });

  it('reads a balance sheet and an income statement stacked on one sheet, with a header over two rows', async () => {
    const file = await workbook({
      报表: [
        ['资产负债表'],
        ['2024年12月31日'],
        ['项目', '行次', '金额'],
        ['存货', 9, { formula: 'D9', result: 1234.5 } as ExcelJS.CellValue],
        ['资产总计', 34, 1234.5],
        ['负债和所有者权益总计', 72, 1234.5],
        [],
        ['利润表'],
        ['所属期间：2024-01-01 至 2024-12-31'],
        ['项目', '行次', null],
        [null, null, '本期金额'],
        ['营业收入', 1, 500],
        ['营业利润', 19, { formula: 'C12' } as ExcelJS.CellValue],
      ],
    });
    const result = await readStatements(file);
    expect(result.statements.map((s) => [s.statement, s.period, s.figures])).toEqual([
      ['balance_sheet', '2024', { inventory: 123450, totalAssets: 123450, totalLiabilitiesAndEquity: 123450 }],
      ['income_statement', '2024', { operatingRevenue: 50000 }],
    ]);
    expect(result.problems).toEqual([
      {
        level: 'error',
        sheet: '报表',
        row: 13,
        message: '第13行“营业利润”的“本期金额”是没有计算结果的公式，请在 Excel 中打开并保存后重新上传',
      },
    ]);
  });

  it('reports a non-numeric amount and skips only that value', async () => {
    const file = await workbook({
      利润表: [
        ['利润表', '2024年3月'],
        ['项目', '本月数'],
        ['营业收入', '一万'],
        ['营业成本', 10],
      ],
    });
    const result = await readStatements(file);
    expect(result.statements[0]?.figures).toEqual({ operatingCost: 1000 });
    expect(result.problems).toEqual([
      { level: 'error', sheet: '利润表', row: 3, message: '第3行“营业收入”的“本月数”“一万”不是有效金额，已跳过' },
    ]);
  });
});

describe('files that cannot be read', () => {
  const codeOf = async (bytes: Uint8Array) => {
    const error = await readStatements(bytes).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(StatementImportError);
    return { code: (error as StatementImportError).code, message: (error as StatementImportError).message };
  };
  const ole = (extra: Buffer) =>
    Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(504), extra]);

  it('names the reason and the fix', async () => {
    expect(await codeOf(Buffer.from('项目,期末余额\n货币资金,100\n'))).toEqual({
      code: 'NOT_XLSX',
      message:
        '文件不是有效的 Excel 文件（.xlsx 或 .xls）。请从电子税务局或财务软件重新导出 Excel 文件（.xlsx 或 .xls）后上传。',
    });
    // Looks like an .xls to the sniffer but is no BIFF8 inside.
    expect((await codeOf(ole(Buffer.from('Workbook', 'utf16le')))).code).toBe('NOT_XLSX');
    const encrypted = await codeOf(ole(Buffer.from('EncryptedPackage', 'utf16le')));
    expect(encrypted.code).toBe('ENCRYPTED');
    expect(encrypted.message).toContain('取消密码');
    expect((await codeOf(Buffer.from([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]))).code).toBe('NOT_XLSX');
  });

  it('says when there is no statement or no period', async () => {
    const notes = await workbook({ 附注: [['一、公司基本情况'], ['本公司成立于2010年']] });
    expect((await codeOf(notes)).code).toBe('NO_STATEMENT');
    const noPeriod = await workbook({ 资产负债表: [['资产负债表'], ['项目', '期末余额'], ['货币资金', 100]] });
    const error = await codeOf(noPeriod);
    expect(error.code).toBe('NO_PERIOD');
    expect(error.message).toContain('2024年12月31日');
  });

  it('skips hidden sheets and sheets that are no statement', async () => {
    const file = await workbook(
      {
        现金流量表: [
          ['现金流量表', '2024年度'],
          ['项目', '本期金额'],
          ['销售商品、提供劳务收到的现金', 100],
        ],
        底稿: [
          ['利润表', '2024年度'],
          ['项目', '本期金额'],
          ['营业收入', 1],
        ],
        利润表: [
          ['利润表', '2024年度'],
          ['项目', '本期金额'],
          ['营业收入', 2],
        ],
      },
      ['底稿'],
    );
    const result = await readStatements(file);
    expect(result.ignoredSheets).toEqual(['现金流量表', '底稿']);
    expect(result.statements.map((s) => s.figures)).toEqual([{ operatingRevenue: 200 }]);
  });
});
