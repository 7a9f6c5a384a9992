import { describe, expect, it } from 'vitest';
import { checkStatement } from './statement.checks.js';
import type { ImportedStatement } from './statement.types.js';

const statement = (kind: ImportedStatement['statement'], figures: Record<string, number>): ImportedStatement =>
  ({
    statement: kind,
    layout: 'general',
    period: '2024',
    companyName: null,
    figures,
    source: { sheet: 'S', rows: [] },
  }) as ImportedStatement;

describe('checkStatement', () => {
  it('accepts an income statement that adds up, with impairment as a negative (2019) or as a cost (2018)', () => {
    const base = { operatingRevenue: 100000, operatingCost: 60000, adminExpenses: 10000, otherIncome: 500 };
    // 2019 format: 资产减值损失 printed as -2,000 and added.
    expect(
      checkStatement(statement('income_statement', { ...base, assetImpairmentLosses: -2000, operatingProfit: 28500 })),
    ).toEqual([]);
    // 2018 format: printed as 2,000 and subtracted.
    expect(
      checkStatement(statement('income_statement', { ...base, assetImpairmentLosses: 2000, operatingProfit: 28500 })),
    ).toEqual([]);
    expect(
      checkStatement(
        statement('income_statement', {
          ...base,
          operatingProfit: 30500,
          nonOperatingIncome: 1000,
          nonOperatingExpenses: 400,
          totalProfit: 31100,
          incomeTaxExpense: 7775,
          netProfit: 23325,
        }),
      ),
    ).toEqual([]);
  });

  it('reports each total that is off by more than one yuan', () => {
    const warnings = checkStatement(
      statement('income_statement', {
        operatingProfit: 30000,
        nonOperatingIncome: 0,
        nonOperatingExpenses: 0,
        totalProfit: 30101,
        incomeTaxExpense: 0,
        netProfit: 30101,
      }),
    );
    expect(warnings).toEqual(['利润表（2024年度）的利润总额 301.01 元与按各项目计算的 300.00 元不一致，相差 1.01 元']);
  });

  it('checks 固定资产账面价值 against 原价 less 累计折旧 only when they are filled', () => {
    expect(
      checkStatement(statement('balance_sheet', { fixedAssetsCost: 0, accumulatedDepreciation: 0, fixedAssets: 5000 })),
    ).toEqual([]);
    expect(
      checkStatement(
        statement('balance_sheet', { fixedAssetsCost: 9000, accumulatedDepreciation: 3000, fixedAssets: 5000 }),
      ),
    ).toEqual(['资产负债表（2024年度）的固定资产 50.00 元与按各项目计算的 60.00 元不一致，相差 -10.00 元']);
  });

  it('subtracts 库存股 from equity and skips totals whose parts are missing', () => {
    const equity = {
      paidInCapital: 10000,
      capitalReserve: 2000,
      treasuryStock: 500,
      undistributedProfit: 1000,
      totalEquity: 12500,
    };
    expect(checkStatement(statement('balance_sheet', equity))).toEqual([]);
    expect(checkStatement(statement('balance_sheet', { totalAssets: 100, currentAssetsTotal: 60 }))).toEqual([]);
  });
});
