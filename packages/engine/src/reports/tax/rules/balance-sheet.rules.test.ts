import { describe, expect, it } from 'vitest';
import { balance, figure, income, run } from '../testing/tax.fixtures.js';
import { advanceReceiptsHighRule, cashVsRevenueRule, receivablesGrowthRule } from './balance-sheet.rules.js';

const revenue1000 = income('2024', { operatingRevenue: 1000 });

describe('TAX_ADVANCE_RECEIPTS_HIGH 预收账款占收入比例', () => {
  const at = (items: Record<string, number>) => run(advanceReceiptsHighRule, [revenue1000, balance('2024', items)]);

  it('100 of 1000万 (10%) none; 101 low; 150 + 51 合同负债 = 201 medium; 501 high', () => {
    expect(at({ advancesFromCustomers: 100 }).level).toBe('none');
    expect(at({ advancesFromCustomers: 101 }).level).toBe('low');
    const medium = at({ advancesFromCustomers: 150, contractLiabilities: 51 });
    expect(medium.level).toBe('medium');
    expect(figure(medium, '2024年度预收占收入比')).toBe(20.1);
    expect(at({ advancesFromCustomers: 501 }).level).toBe('high');
  });

  it('is insufficient without the year-end balance sheet', () => {
    const finding = run(advanceReceiptsHighRule, [revenue1000]);
    expect(finding.missingData?.join()).toContain('2024年12月末的资产负债表');
  });
});

describe('TAX_RECEIVABLES_GROWTH 应收账款增长快于收入', () => {
  const at = (receivables2024: Record<string, number>) =>
    run(receivablesGrowthRule, [
      income('2023', { operatingRevenue: 1000 }),
      income('2024', { operatingRevenue: 1100 }),
      balance('2023', { accountsReceivable: 100 }),
      balance('2024', receivables2024),
    ]).level;

  it('revenue +10%: receivables +15% none (under 20%); +40% (30 points) low; +60% (50 points) medium', () => {
    expect(at({ accountsReceivable: 115 })).toBe('none');
    expect(at({ accountsReceivable: 140 })).toBe('low');
    expect(at({ accountsReceivable: 160 })).toBe('medium');
  });

  it('counts 应收票据 with 应收账款: 100 + 40 = 140 → low', () => {
    expect(at({ accountsReceivable: 100, notesReceivable: 40 })).toBe('low');
  });
});

describe('TAX_CASH_VS_REVENUE 货币资金与收入规模不匹配', () => {
  const at = (items: Record<string, number>, revenue = 1000) =>
    run(cashVsRevenueRule, [income('2024', { operatingRevenue: revenue }), balance('2024', items)]).level;

  it('9万 of cash on 1000万 (0.9%) → low; 10万 (1%) → none; small companies under 100万 are skipped', () => {
    expect(at({ cash: 9 })).toBe('low');
    expect(at({ cash: 10 })).toBe('none');
    expect(at({ cash: 0 }, 90)).toBe('none');
  });

  it('存贷双高: cash 500 and loans 200 + 100 of 1000万 → low; cash 499 → none', () => {
    expect(at({ cash: 500, shortTermLoans: 200, longTermLoans: 100 })).toBe('low');
    expect(at({ cash: 499, shortTermLoans: 200, longTermLoans: 100 })).toBe('none');
  });
});
