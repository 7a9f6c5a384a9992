import { describe, expect, it } from 'vitest';
import { buildStatementWorkbook, type StatementSheetSpec } from '../../fixtures/financials-fixture.js';
import { readStatements } from './statement.importer.js';
import type { ImportedStatement } from './statement.types.js';

/** Figures of either statement kind, for assertions that do not care which. */
const figuresOf = (statement: ImportedStatement | undefined): Readonly<Record<string, number | undefined>> =>
  statement?.figures ?? {};

// 2024-12-31 balance sheet, 一般企业; totals worked out by hand (fen).
const BS_END = {
  cash: 123456789,
  accountsReceivable: 50000000,
  prepayments: 2000050,
  otherReceivables: 300000,
  inventory: 80000000,
  currentAssetsTotal: 255756839,
  fixedAssets: 100000000,
  intangibleAssets: 20000000,
  nonCurrentAssetsTotal: 120000000,
  totalAssets: 375756839,
  shortTermLoans: 50000000,
  accountsPayable: 30000000,
  contractLiabilities: 4500000,
  employeeBenefitsPayable: 6000000,
  taxesPayable: 2567890,
  otherPayables: 1000000,
  currentLiabilitiesTotal: 94067890,
  longTermLoans: 20000000,
  nonCurrentLiabilitiesTotal: 20000000,
  totalLiabilities: 114067890,
  paidInCapital: 200000000,
  capitalReserve: 10000000,
  surplusReserve: 5000000,
  undistributedProfit: 46688949,
  totalEquity: 261688949,
  totalLiabilitiesAndEquity: 375756839,
};
const BS_START = {
  cash: 100000000,
  inventory: 50000000,
  currentAssetsTotal: 150000000,
  nonCurrentAssetsTotal: 0,
  totalAssets: 150000000,
  accountsPayable: 50000000,
  currentLiabilitiesTotal: 50000000,
  nonCurrentLiabilitiesTotal: 0,
  totalLiabilities: 50000000,
  paidInCapital: 100000000,
  totalEquity: 100000000,
  totalLiabilitiesAndEquity: 150000000,
};

// One month of a 小企业 income statement and its year to date (12 × the month), in fen.
const IS_MONTH = {
  operatingRevenue: 10000000,
  operatingCost: 6000000,
  taxesAndSurcharges: 60000,
  urbanMaintenanceTax: 35000,
  sellingExpenses: 500000,
  adminExpenses: 800000,
  entertainmentExpenses: 120000,
  financialExpenses: 30000,
  operatingProfit: 2610000,
  nonOperatingIncome: 100000,
  nonOperatingExpenses: 50000,
  taxLateFees: 50000,
  totalProfit: 2660000,
  incomeTaxExpense: 133000,
  netProfit: 2527000,
};
const IS_YEAR = Object.fromEntries(Object.entries(IS_MONTH).map(([key, value]) => [key, value * 12]));

/** A general income statement with revenue, half of it as cost and the rest as profit. */
const simpleIncome = (revenue: number) => ({
  operatingRevenue: revenue,
  operatingCost: revenue / 2,
  operatingProfit: revenue / 2,
  totalProfit: revenue / 2,
  netProfit: revenue / 2,
});

const generalBalanceSheet = (overrides: Partial<StatementSheetSpec> = {}): StatementSheetSpec => ({
  sheetName: '资产负债表',
  statement: 'balance_sheet',
  layout: 'general',
  periodText: '2024年12月31日',
  columns: [
    { header: '期末余额', figures: BS_END },
    { header: '上年年末余额', figures: BS_START },
  ],
  ...overrides,
});

describe('readStatements: 一般企业 balance sheet in two halves', () => {
  it('reads both halves and both columns', async () => {
    const result = await readStatements(await buildStatementWorkbook([generalBalanceSheet()]));
    expect(result.problems).toEqual([]);
    expect(result.statements.map((s) => [s.statement, s.layout, s.period])).toEqual([
      ['balance_sheet', 'general', '2023'],
      ['balance_sheet', 'general', '2024'],
    ]);
    const end = result.statements[1];
    expect(end?.figures).toMatchObject(BS_END);
    expect(end?.companyName).toBe('示例科技有限公司');
    expect(end?.source.sheet).toBe('资产负债表');
    // A printed line left blank is a zero; a line the layout does not have is absent.
    expect(end?.figures).toMatchObject({ goodwill: 0, leaseLiabilities: 0 });
    expect(end?.figures).not.toHaveProperty('shortTermInvestments');
    expect(result.statements[0]?.figures).toMatchObject(BS_START);
  });

  it('guesses the layout from the lines when the form code is missing', async () => {
    const result = await readStatements(
      await buildStatementWorkbook([generalBalanceSheet({ formCode: false, twoHalves: false, lineNumbers: false })]),
    );
    expect(result.statements.map((s) => s.layout)).toEqual(['general', 'general']);
    expect(result.statements[1]?.figures).toMatchObject(BS_END);
  });

  it('reads text amounts and 万元', async () => {
    const asText = await readStatements(await buildStatementWorkbook([generalBalanceSheet({ amountsAsText: true })]));
    expect(asText.statements[1]?.figures).toMatchObject(BS_END);
    const inTenThousands = await readStatements(await buildStatementWorkbook([generalBalanceSheet({ unit: '万元' })]));
    expect(figuresOf(inTenThousands.statements[1]).cash).toBe(123456789);
    expect(figuresOf(inTenThousands.statements[1]).totalAssets).toBe(375756839);
  });
});

describe('readStatements: 小企业 income statement', () => {
  it('reads 本月金额 and 本年累计金额 as the month and the year', async () => {
    const spec: StatementSheetSpec = {
      sheetName: '利润表',
      statement: 'income_statement',
      layout: 'small',
      periodText: '2024年12月',
      formCode: false,
      columns: [
        { header: '本月金额', figures: IS_MONTH },
        { header: '本年累计金额', figures: IS_YEAR },
      ],
    };
    const result = await readStatements(await buildStatementWorkbook([spec]));
    expect(result.problems).toEqual([]);
    // Sorted by first month: the year (from January) before its December.
    expect(result.statements.map((s) => [s.layout, s.period])).toEqual([
      ['small', '2024'],
      ['small', '2024-12'],
    ]);
    expect(result.statements[1]?.figures).toMatchObject(IS_MONTH);
    expect(result.statements[0]?.figures).toMatchObject({ operatingRevenue: 120000000, netProfit: 30324000 });
    expect(result.statements[1]?.figures).not.toHaveProperty('researchAndDevelopmentExpenses');
  });

  it('leaves out a year-to-date column that is no whole quarter, and says why', async () => {
    const spec: StatementSheetSpec = {
      sheetName: '利润表',
      statement: 'income_statement',
      layout: 'small',
      periodText: '2024年6月',
      columns: [
        { header: '本月金额', figures: IS_MONTH },
        { header: '本年累计金额', figures: IS_YEAR },
      ],
    };
    const result = await readStatements(await buildStatementWorkbook([spec]));
    expect(result.statements.map((s) => s.period)).toEqual(['2024-06']);
    expect(result.problems).toEqual([
      expect.objectContaining({
        level: 'warning',
        message: '“本年累计金额”列是1-6月累计数，不是整月、整季度或整年度，未导入',
      }),
    ]);
  });
});

describe('readStatements: several periods in one file', () => {
  it('reads one period per sheet and merges a repeated year that agrees', async () => {
    const year = (y: number, revenue: number): StatementSheetSpec => ({
      sheetName: `${y}`,
      statement: 'income_statement',
      layout: 'general',
      periodText: `${y}年度`,
      columns: [{ header: '本期金额', figures: simpleIncome(revenue) }],
    });
    const previousOfLast: StatementSheetSpec = {
      ...year(2024, 30000000),
      columns: [
        { header: '本期金额', figures: simpleIncome(30000000) },
        { header: '上期金额', figures: simpleIncome(20000000) },
      ],
    };
    const result = await readStatements(
      await buildStatementWorkbook([year(2022, 10000000), year(2023, 20000000), previousOfLast]),
    );
    expect(result.problems).toEqual([]);
    expect(result.statements.map((s) => [s.period, figuresOf(s).operatingRevenue, s.source.sheet])).toEqual([
      ['2022', 10000000, '2022'],
      ['2023', 20000000, '2023'],
      ['2024', 30000000, '2024'],
    ]);
  });

  it('warns when the same period comes twice with different figures and keeps the first', async () => {
    const sheet = (name: string, revenue: number, cost: number): StatementSheetSpec => ({
      sheetName: name,
      statement: 'income_statement',
      layout: 'general',
      periodText: '2024年第1季度',
      columns: [
        { header: '本期金额', figures: { ...simpleIncome(500000), operatingRevenue: revenue, operatingCost: cost } },
      ],
    });
    const result = await readStatements(
      await buildStatementWorkbook([sheet('一季度', 500000, 250000), sheet('一季度更正', 600000, 350000)]),
    );
    expect(result.statements).toHaveLength(1);
    expect(figuresOf(result.statements[0]).operatingRevenue).toBe(500000);
    expect(result.problems).toEqual([
      {
        level: 'warning',
        sheet: '一季度更正',
        row: null,
        message:
          '利润表（2024年第1季度）出现了两次且数字不同（工作表“一季度”与工作表“一季度更正”）：营业收入 5,000.00 元与 6,000.00 元；营业成本 2,500.00 元与 3,500.00 元；已采用先出现的数字',
      },
    ]);
  });
});

describe('readStatements: data checks', () => {
  it('warns when the balance sheet does not balance by more than one yuan', async () => {
    const off = (fen: number) =>
      generalBalanceSheet({
        columns: [{ header: '期末余额', figures: { ...BS_END, totalLiabilitiesAndEquity: BS_END.totalAssets - fen } }],
      });
    const within = await readStatements(await buildStatementWorkbook([off(100)]));
    expect(within.problems.filter((p) => p.message.includes('不平衡'))).toEqual([]);
    const beyond = await readStatements(await buildStatementWorkbook([off(101)]));
    expect(beyond.problems.map((p) => p.message)).toContain(
      '资产负债表（2024年度）不平衡：资产总计 3,757,568.39 元，负债和所有者权益总计 3,757,567.38 元，相差 1.01 元',
    );
  });

  it('warns about a subtotal that does not add up', async () => {
    const spec = generalBalanceSheet({
      columns: [{ header: '期末余额', figures: { ...BS_END, currentAssetsTotal: 255756839 + 50000 } }],
    });
    const result = await readStatements(await buildStatementWorkbook([spec]));
    expect(result.problems.map((p) => p.message)).toEqual([
      '资产负债表（2024年度）的流动资产合计 2,558,068.39 元与按各项目计算的 2,557,568.39 元不一致，相差 500.00 元',
      '资产负债表（2024年度）的资产总计 3,757,568.39 元与按各项目计算的 3,758,068.39 元不一致，相差 -500.00 元',
    ]);
  });
});
