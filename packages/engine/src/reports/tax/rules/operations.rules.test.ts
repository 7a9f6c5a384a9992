import { describe, expect, it } from 'vitest';
import { balance, cit, figure, income, run } from '../testing/tax.fixtures.js';
import { continuousLossRule, inventoryHighRule, inventoryTurnoverRule, revenueChangeRule } from './operations.rules.js';

describe('TAX_REVENUE_CHANGE 营业收入变动异常', () => {
  const at = (revenue: number) =>
    run(revenueChangeRule, [income('2023', { operatingRevenue: 1000 }), income('2024', { operatingRevenue: revenue })]);

  it('+29% none; +30% low; +50% medium; −31% low; −50% medium', () => {
    expect(at(1290).level).toBe('none');
    expect(at(1300).level).toBe('low');
    expect(at(1500).level).toBe('medium');
    expect(at(690).level).toBe('low');
    const drop = at(500);
    expect(drop.level).toBe('medium');
    expect(figure(drop, '2024年度营业收入变动率')).toBe(-50);
  });
});

describe('TAX_CONTINUOUS_LOSS 连续亏损', () => {
  const TWO_YEARS = { period: { start: '2023-01', end: '2024-12' } };
  const at = (profits: [number, number, number]) =>
    run(
      continuousLossRule,
      profits.map((profit, index) => income(String(2022 + index), { totalProfit: profit })),
      TWO_YEARS,
    );

  it('profits every year → none; only the last year a loss → low', () => {
    expect(at([10, 20, 30]).level).toBe('none');
    expect(at([10, 20, -5]).level).toBe('low');
  });

  it('two losses in a row → medium; three (including the year before the report) → high', () => {
    expect(at([10, -5, -5]).level).toBe('medium');
    const high = at([-1, -5, -5]);
    expect(high.level).toBe('high');
    expect(figure(high, '最长连续亏损')).toBe(3);
    expect(figure(high, '2022年度利润总额')).toBe(-1_000_000);
  });

  it('falls back to the CIT return’s profit; is insufficient with neither', () => {
    const fromReturns = run(
      continuousLossRule,
      [cit('2023', { totalProfit: -5 }), cit('2024', { totalProfit: -5 })],
      TWO_YEARS,
    );
    expect(fromReturns.level).toBe('medium');
    expect(run(continuousLossRule, []).level).toBe('insufficient');
  });
});

describe('TAX_INVENTORY_HIGH 存货余额偏高', () => {
  const at = (inventory: number, capital = 2000) =>
    run(inventoryHighRule, [
      income('2024', { operatingRevenue: 1000 }),
      balance('2024', { inventory, paidInCapital: capital }),
    ]).level;

  it('500 of 1000万 revenue (50%) → none; 510 → medium; 1010 → high', () => {
    expect(at(500)).toBe('none');
    expect(at(510)).toBe('medium');
    expect(at(1010)).toBe('high');
  });

  it('300 is 30% of revenue but 60% of a 500万 capital → low', () => {
    expect(at(300, 500)).toBe('low');
  });

  it('annualises a half year: 500万 in six months is 1000万 a year, so 510万 of stock → medium', () => {
    const finding = run(
      inventoryHighRule,
      [
        income('2024-Q1', { operatingRevenue: 250 }),
        income('2024-Q2', { operatingRevenue: 250 }),
        balance('2024-Q2', { inventory: 510, paidInCapital: 2000 }),
      ],
      { period: { start: '2024-01', end: '2024-06' } },
    );
    expect(figure(finding, '2024年1月至6月年化营业收入')).toBe(1_000_000_000);
    expect(finding.level).toBe('medium');
  });
});

describe('TAX_INVENTORY_TURNOVER 存货周转异常', () => {
  const at = (closing2024: number, cost2024 = 600) =>
    run(inventoryTurnoverRule, [
      balance('2022', { inventory: 100 }),
      balance('2023', { inventory: 100 }),
      balance('2024', { inventory: closing2024 }),
      income('2023', { operatingCost: 600 }),
      income('2024', { operatingCost: cost2024 }),
    ]);

  it('600 ÷ 100 = 6 both years → none', () => {
    const finding = at(100);
    expect(finding.level).toBe('none');
    expect(figure(finding, '2024年度存货周转次数')).toBe(6);
  });

  it('600 ÷ 140 = 4.29 (−28.6%) none; ÷ 150 = 4 (−33.3%) medium; ÷ 200 = 3 (−50%) high', () => {
    expect(at(180).level).toBe('none');
    expect(at(200).level).toBe('medium');
    expect(at(300).level).toBe('high');
  });

  it('more than 60 turns a year (5 a month) → medium even without last year', () => {
    const finding = run(inventoryTurnoverRule, [
      balance('2023', { inventory: 5 }),
      balance('2024', { inventory: 5 }),
      income('2024', { operatingCost: 600 }),
    ]);
    expect(figure(finding, '2024年度存货周转次数')).toBe(120);
    expect(finding.level).toBe('medium');
  });

  it('without any stock the rule does not apply', () => {
    const finding = run(inventoryTurnoverRule, [
      balance('2024', { inventory: 0 }),
      income('2024', { operatingCost: 600 }),
    ]);
    expect(finding.level).toBe('none');
  });
});
