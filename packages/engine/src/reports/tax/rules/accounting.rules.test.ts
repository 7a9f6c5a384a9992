import { describe, expect, it } from 'vitest';
import { figure, income, run } from '../testing/tax.fixtures.js';
import { elasticityExpenseRevenueRule, elasticityRevenueCostRule, expenseChangeRule } from './accounting.rules.js';

const base2023 = income('2023', { operatingRevenue: 1000, operatingCost: 700 });

describe('TAX_ELASTICITY_REVENUE_COST 收入成本弹性', () => {
  const at = (revenue: number, cost: number) =>
    run(elasticityRevenueCostRule, [base2023, income('2024', { operatingRevenue: revenue, operatingCost: cost })]);

  it('revenue and cost both +10% → elasticity 1 → none', () => {
    const finding = at(1100, 770);
    expect(finding.level).toBe('none');
    expect(figure(finding, '2024年度收入成本弹性')).toBe(1);
    expect(figure(finding, '2024年度营业收入变动率')).toBe(10);
  });

  it('cost +20% against revenue +10%: 10 points faster → medium, elasticity 0.5', () => {
    const finding = at(1100, 840);
    expect(finding.level).toBe('medium');
    expect(figure(finding, '2024年度收入成本弹性')).toBe(0.5);
  });

  it('revenue −10% while cost +10% → high', () => {
    expect(at(900, 770).level).toBe('high');
  });

  it('outside 0.8–1.2 but not cost-led: revenue +20%, cost +10% (2.0) → low; cost +15% (0.67) → low', () => {
    expect(at(1200, 770).level).toBe('low');
    expect(at(1100, 805).level).toBe('low');
  });

  it('changes under 5% are noise: +3% and +3% → none even at odd elasticities', () => {
    expect(at(1030, 721).level).toBe('none');
  });

  it('is insufficient without last year, naming the months', () => {
    const finding = run(elasticityRevenueCostRule, [income('2024', { operatingRevenue: 1100, operatingCost: 770 })]);
    expect(finding.level).toBe('insufficient');
    expect(finding.missingData?.join()).toContain('2023年1月至12月的利润表');
  });
});

describe('TAX_ELASTICITY_EXPENSE_REVENUE 期间费用与收入变动弹性', () => {
  // 2023: 期间费用 = 50 + 80 + 20 (研发) + 10 = 160万 on 1000万 revenue.
  const costs2023 = income('2023', {
    operatingRevenue: 1000,
    sellingExpenses: 50,
    adminExpenses: 80,
    researchAndDevelopmentExpenses: 20,
    financialExpenses: 10,
  });
  const at = (revenue: number, selling: number) =>
    run(elasticityExpenseRevenueRule, [
      costs2023,
      income('2024', {
        operatingRevenue: revenue,
        sellingExpenses: selling,
        adminExpenses: 80,
        researchAndDevelopmentExpenses: 20,
        financialExpenses: 10,
      }),
    ]);

  it('expenses 176 (+10%) with revenue +10% → none', () => {
    expect(at(1100, 66).level).toBe('none');
  });

  it('expenses 224 (+40%) against revenue +10%: 30 points → medium', () => {
    const finding = at(1100, 114);
    expect(figure(finding, '2024年度期间费用')).toBe(224_000_000);
    expect(finding.level).toBe('medium');
  });

  it('expenses 184 (+15%): elasticity 1.5 → low', () => {
    const finding = at(1100, 74);
    expect(figure(finding, '2024年度费用收入弹性')).toBe(1.5);
    expect(finding.level).toBe('low');
  });

  it('revenue −10% while expenses +5% (168) → medium', () => {
    expect(at(900, 58).level).toBe('medium');
  });
});

describe('TAX_EXPENSE_CHANGE 期间费用变动', () => {
  const y2023 = income('2023', {
    operatingRevenue: 1000,
    sellingExpenses: 100,
    adminExpenses: 100,
    financialExpenses: 10,
  });
  const at = (changes: Record<string, number>) =>
    run(expenseChangeRule, [
      y2023,
      income('2024', {
        operatingRevenue: 1100,
        sellingExpenses: 100,
        adminExpenses: 100,
        financialExpenses: 10,
        ...changes,
      }),
    ]).level;

  it('selling +70% against revenue +10% (60 points) → low; +120% (110 points) → medium', () => {
    expect(at({ sellingExpenses: 170 })).toBe('low');
    expect(at({ sellingExpenses: 220 })).toBe('medium');
  });

  it('financial 10 → 19万 is +90% but only 9万 more, under the 10万 floor → none', () => {
    expect(at({ financialExpenses: 19 })).toBe('none');
    expect(at({ financialExpenses: 25 })).toBe('medium');
  });
});
