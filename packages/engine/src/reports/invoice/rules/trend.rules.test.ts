import { describe, expect, it } from 'vitest';
import { evaluate, figure, purchase, sale } from '../testing/invoice.fixtures.js';
import { surgeMonthRule, zeroSalesMonthsRule } from './trend.rules.js';

/** One sale of `wan` 万元 (amount excluding tax) in each listed month of 2024. */
const monthly = (amounts: Record<string, number>) =>
  Object.entries(amounts).map(([month, wan]) => sale({ at: `2024-${month}-10`, amountFen: wan * 1_000_000 }));

describe('INV_SURGE_MONTH 开票额突增', () => {
  const quarter = { start: '2024-01', end: '2024-04' };

  it('without a previous period: 30万 against a median of 10万 for the other months → 3× → medium', () => {
    const finding = evaluate(surgeMonthRule, {
      period: quarter,
      invoices: monthly({ '01': 10, '02': 10, '03': 10, '04': 30 }),
    });
    expect(finding.level).toBe('medium');
    expect(figure(finding, '最高突增月份')).toBe('2024-04');
    expect(figure(finding, '倍数')).toBe(3);
    expect(figure(finding, '基准（本期其他月份中位数）')).toBe(10_000_000);
    expect(finding.evidence?.total).toBe(1);
  });

  it('19.9万 is below 2×; 20万 is low; 50万 is high', () => {
    expect(
      evaluate(surgeMonthRule, { period: quarter, invoices: monthly({ '01': 10, '02': 10, '03': 10, '04': 19.9 }) })
        .level,
    ).toBe('none');
    expect(
      evaluate(surgeMonthRule, { period: quarter, invoices: monthly({ '01': 10, '02': 10, '03': 10, '04': 20 }) })
        .level,
    ).toBe('low');
    expect(
      evaluate(surgeMonthRule, { period: quarter, invoices: monthly({ '01': 10, '02': 10, '03': 10, '04': 50 }) })
        .level,
    ).toBe('high');
  });

  it('uses the previous period monthly average when given: 12个月共120万 → 10万; 40万 → 4× → medium', () => {
    const previous = Array.from({ length: 12 }, (_, i) =>
      sale({ at: `2023-${String(i + 1).padStart(2, '0')}-10`, amountFen: 10_000_000 }),
    );
    const finding = evaluate(surgeMonthRule, {
      period: { start: '2024-01', end: '2024-01' },
      invoices: monthly({ '01': 40 }),
      previousPeriod: { invoices: previous, lines: [] },
    });
    expect(figure(finding, '倍数')).toBe(4);
    expect(finding.level).toBe('medium');
  });

  it('ignores months under 10万 however steep, and nets red invoices', () => {
    const small = evaluate(surgeMonthRule, {
      period: quarter,
      invoices: monthly({ '01': 1, '02': 1, '03': 1, '04': 9 }),
    });
    expect(small.level).toBe('none');
    const netted = [
      ...monthly({ '01': 10, '02': 10, '03': 10, '04': 30 }),
      sale({ at: '2024-04-20', amountFen: -15_000_000 }),
    ];
    expect(evaluate(surgeMonthRule, { period: quarter, invoices: netted }).level).toBe('none');
  });

  it('is insufficient with fewer than 4 months and no previous period', () => {
    const finding = evaluate(surgeMonthRule, {
      period: { start: '2024-01', end: '2024-03' },
      invoices: monthly({ '01': 10 }),
    });
    expect(finding.level).toBe('insufficient');
    expect(finding.missingData?.[0]).toContain('上期销项发票');
  });
});

describe('INV_ZERO_SALES_MONTHS 零销售月份', () => {
  const year = { start: '2024-01', end: '2024-12' };
  const allBut = (...empty: string[]) => {
    const amounts: Record<string, number> = {};
    for (let month = 1; month <= 12; month += 1) {
      const key = String(month).padStart(2, '0');
      if (!empty.includes(key)) amounts[key] = 10;
    }
    return monthly(amounts);
  };

  it('12 months with sales → none', () => {
    expect(evaluate(zeroSalesMonthsRule, { period: year, invoices: allBut() }).level).toBe('none');
  });

  it('one empty month → low; 2 consecutive → medium; 3 consecutive → high', () => {
    expect(evaluate(zeroSalesMonthsRule, { period: year, invoices: allBut('05') }).level).toBe('low');
    expect(evaluate(zeroSalesMonthsRule, { period: year, invoices: allBut('05', '06') }).level).toBe('medium');
    const three = evaluate(zeroSalesMonthsRule, { period: year, invoices: allBut('05', '06', '07') });
    expect(three.level).toBe('high');
    expect(figure(three, '最长连续零销售')).toBe(3);
  });

  it('6 scattered empty months → high; 5 scattered → low', () => {
    expect(
      evaluate(zeroSalesMonthsRule, { period: year, invoices: allBut('01', '03', '05', '07', '09', '11') }).level,
    ).toBe('high');
    expect(evaluate(zeroSalesMonthsRule, { period: year, invoices: allBut('01', '03', '05', '07', '09') }).level).toBe(
      'low',
    );
  });

  it('counts a month netted to zero by a red invoice, and names purchases in empty months as evidence', () => {
    const invoices = [
      ...allBut('05'),
      sale({ at: '2024-06-15', amountFen: -10_000_000 }),
      purchase({ at: '2024-05-20' }),
    ];
    const finding = evaluate(zeroSalesMonthsRule, { period: year, invoices });
    expect(figure(finding, '零销售月份数')).toBe(2);
    expect(figure(finding, '零销售但有进项的月份')).toBe(1);
    expect(finding.evidence?.total).toBe(1);
  });

  it('is insufficient without any sales invoice or without a period', () => {
    expect(evaluate(zeroSalesMonthsRule, { period: year, invoices: [purchase()] }).level).toBe('insufficient');
    expect(evaluate(zeroSalesMonthsRule, { period: { start: '2024', end: 'x' }, invoices: allBut() }).level).toBe(
      'insufficient',
    );
  });
});
