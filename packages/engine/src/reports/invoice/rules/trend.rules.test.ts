import { describe, expect, it } from 'vitest';
import { evaluate, figure, purchase, sale } from '../testing/invoice.fixtures.js';
import { surgeMonthRule, zeroSalesMonthsRule } from './trend.rules.js';

/** One sale of `wan` 万元 (amount excluding tax) in each listed month of 2024. */
const monthly = (amounts: Record<string, number>) =>
  Object.entries(amounts).map(([month, wan]) => sale({ at: `2024-${month}-10`, amountFen: wan * 1_000_000 }));

describe('INV_SURGE_MONTH 开票额突增', () => {
  const quarter = { start: '2024-01', end: '2024-04' };

  it('without a previous period: 30万 against the average of 10万 over the other 3 months → 3× → medium', () => {
    const finding = evaluate(surgeMonthRule, {
      period: quarter,
      invoices: monthly({ '01': 10, '02': 10, '03': 10, '04': 30 }),
    });
    expect(finding.level).toBe('medium');
    expect(figure(finding, '最高突增月份')).toBe('2024-04');
    expect(figure(finding, '倍数')).toBe(3);
    expect(figure(finding, '基准：本期其他月份月均销售额')).toBe(10_000_000);
    expect(figure(finding, '基准月数')).toBe(3);
    expect(finding.summary).toContain('本期其他3个月的月均销售额');
    expect(finding.evidence?.total).toBe(1);
  });

  it('the baseline is the average, not the median: 2万+10万+12万 → 8万; 24万 → 3× → medium (median 10万 would say 2.4×)', () => {
    const finding = evaluate(surgeMonthRule, {
      period: quarter,
      invoices: monthly({ '01': 2, '02': 10, '03': 12, '04': 24 }),
    });
    expect(figure(finding, '基准：本期其他月份月均销售额')).toBe(8_000_000);
    expect(figure(finding, '倍数')).toBe(3);
    expect(finding.level).toBe('medium');
  });

  it('averages over every month of the comparison period: 60万 in 6 of 12 covered months → 5万; 40万 → 8× → high', () => {
    const previous = Array.from({ length: 6 }, (_, i) =>
      sale({ at: `2023-${String(2 * i + 1).padStart(2, '0')}-10`, amountFen: 10_000_000 }),
    );
    const finding = evaluate(surgeMonthRule, {
      period: { start: '2024-01', end: '2024-12' },
      invoiceCoverage: [{ start: '2023-01', end: '2024-12' }],
      invoices: monthly({ '01': 5, '02': 5, '03': 40 }),
      previousPeriod: { invoices: previous, lines: [] },
    });
    expect(figure(finding, '基准：上期月均销售额')).toBe(5_000_000);
    expect(figure(finding, '基准月数')).toBe(12);
    expect(figure(finding, '倍数')).toBe(8);
    expect(finding.level).toBe('high');
    expect(finding.summary).toContain('上期2023-01至2023-12共12个月的月均销售额');
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

  it('6 scattered empty months → high; 5 scattered → low (the imports stated to cover the whole year)', () => {
    const invoiceCoverage = [year];
    expect(
      evaluate(zeroSalesMonthsRule, {
        period: year,
        invoiceCoverage,
        invoices: allBut('01', '03', '05', '07', '09', '11'),
      }).level,
    ).toBe('high');
    expect(
      evaluate(zeroSalesMonthsRule, { period: year, invoiceCoverage, invoices: allBut('01', '03', '05', '07', '09') })
        .level,
    ).toBe('low');
  });

  it('a month with blue sales is never a zero month, even when reds net it to zero or below; purchases of empty months are the evidence', () => {
    const invoices = [
      ...allBut('05'),
      sale({ at: '2024-06-15', amountFen: -10_000_000 }),
      sale({ at: '2024-07-15', amountFen: -25_000_000 }),
      purchase({ at: '2024-05-20' }),
    ];
    const finding = evaluate(zeroSalesMonthsRule, { period: year, invoices });
    expect(figure(finding, '零销售月份数')).toBe(1);
    expect(finding.summary).toContain('（2024-05）');
    expect(figure(finding, '零销售但有进项的月份')).toBe(1);
    expect(finding.evidence?.total).toBe(1);
    expect(finding.level).toBe('low');
  });

  it('is insufficient without any sales invoice or without a period', () => {
    expect(evaluate(zeroSalesMonthsRule, { period: year, invoices: [purchase()] }).level).toBe('insufficient');
    expect(evaluate(zeroSalesMonthsRule, { period: { start: '2024', end: 'x' }, invoices: allBut() }).level).toBe(
      'insufficient',
    );
  });
});

/** Sales of 10万 in each month of 2025, the shape of the demo company's single-year import. */
const only2025 = (overrides: Record<string, number> = {}) =>
  Array.from({ length: 12 }, (_, index) => {
    const month = String(index + 1).padStart(2, '0');
    return sale({ at: `2025-${month}-10`, amountFen: (overrides[month] ?? 10) * 1_000_000 });
  });
const twoYears = { start: '2024-01', end: '2025-12' };

describe('months without imported invoices', () => {
  it('INV_ZERO_SALES_MONTHS: 2024 has no invoices at all → not 12 zero months but none, naming 2024 as not covered', () => {
    const finding = evaluate(zeroSalesMonthsRule, { period: twoYears, invoices: only2025() });
    expect(finding.level).toBe('none');
    expect(figure(finding, '已导入发票的月份数')).toBe(12);
    expect(figure(finding, '未导入发票的月份数')).toBe(12);
    expect(figure(finding, '零销售月份数')).toBe(0);
    expect(finding.summary).toContain('2024年1月至12月（12个月）没有导入发票数据');
  });

  it('INV_ZERO_SALES_MONTHS: an import stated to cover 2024 makes its 12 empty months real zero sales → high', () => {
    const finding = evaluate(zeroSalesMonthsRule, {
      period: twoYears,
      invoiceCoverage: [twoYears],
      invoices: only2025(),
    });
    expect(finding.level).toBe('high');
    expect(figure(finding, '最长连续零销售')).toBe(12);
  });

  it('INV_ZERO_SALES_MONTHS: a gap between two imports breaks a run (06 and 10 empty around uncovered 07–09 → low)', () => {
    const finding = evaluate(zeroSalesMonthsRule, {
      period: { start: '2024-01', end: '2024-12' },
      invoiceCoverage: [
        { start: '2024-01', end: '2024-06' },
        { start: '2024-10', end: '2024-12' },
      ],
      invoices: monthly({ '01': 10, '02': 10, '03': 10, '04': 10, '05': 10, '11': 10, '12': 10 }),
    });
    expect(figure(finding, '零销售月份数')).toBe(2);
    expect(figure(finding, '最长连续零销售')).toBe(1);
    expect(finding.level).toBe('low');
  });

  it('INV_ZERO_SALES_MONTHS: only 2 covered months → 数据不足', () => {
    const finding = evaluate(zeroSalesMonthsRule, {
      period: twoYears,
      invoices: [sale({ at: '2025-11-10' }), sale({ at: '2025-12-10' })],
    });
    expect(finding.level).toBe('insufficient');
    expect(finding.missingData?.[0]).toContain('已导入发票的月份2个');
  });

  it('INV_SURGE_MONTH: 25万 in 2025-06 against the average of the other 11 months of 2025 (10万) → 2.5× → low, not high against 2024’s zeros', () => {
    const finding = evaluate(surgeMonthRule, { period: twoYears, invoices: only2025({ '06': 25 }) });
    expect(finding.level).toBe('low');
    expect(figure(finding, '最高突增月份')).toBe('2025-06');
    expect(figure(finding, '倍数')).toBe(2.5);
    expect(figure(finding, '基准：本期其他月份月均销售额')).toBe(10_000_000);
    expect(figure(finding, '基准月数')).toBe(11);
    expect(finding.summary).toContain('2024年1月至12月（12个月）没有导入发票数据');
  });

  it('INV_SURGE_MONTH: a zero baseline is said in words, not as 0.00元 with a dangling multiple', () => {
    const finding = evaluate(surgeMonthRule, {
      period: { start: '2024-01', end: '2024-04' },
      invoices: [
        purchase({ at: '2024-01-10' }),
        purchase({ at: '2024-02-10' }),
        purchase({ at: '2024-03-10' }),
        sale({ at: '2024-04-10', amountFen: 30_000_000 }),
      ],
    });
    expect(finding.level).toBe('high');
    expect(finding.summary).toContain('本期其他3个月的月均销售额为零或负数，无法计算倍数');
    expect(finding.summary).not.toContain('0.00元的');
  });

  it('INV_SURGE_MONTH: fewer than 4 covered months and no previous period → 数据不足', () => {
    const finding = evaluate(surgeMonthRule, {
      period: twoYears,
      invoices: [sale({ at: '2025-10-10' }), sale({ at: '2025-11-10' }), sale({ at: '2025-12-10' })],
    });
    expect(finding.level).toBe('insufficient');
  });
});
