import type { DataOverview } from '@taxlens/shared';
import { describe, expect, it } from 'vitest';
import {
  formatFenShort,
  groupPeriodsByYear,
  monthSeries,
  periodShortLabel,
  statementCoverage,
  summarizeInvoices,
} from './overview-model';

const month = (name: string, sales: number, purchase: number) => ({
  month: name,
  salesCount: sales > 0 ? 2 : 0,
  salesAmountFen: sales,
  salesTaxFen: Math.round(sales * 0.13),
  purchaseCount: purchase > 0 ? 1 : 0,
  purchaseAmountFen: purchase,
  purchaseTaxFen: Math.round(purchase * 0.13),
});

const invoices: DataOverview['invoices'] = {
  total: 9,
  lines: 20,
  firstMonth: '2024-11',
  lastMonth: '2025-03',
  gaps: ['2025-01'],
  months: [
    month('2024-11', 100_00, 50_00),
    month('2024-12', 200_00, 0),
    month('2025-02', 0, 70_00),
    month('2025-03', 1, 0),
  ],
};

describe('overview model', () => {
  it('fills every month between the first and the last, across the year end, marking gaps', () => {
    const points = monthSeries(invoices);
    expect(points.map((point) => [point.month, point.gap])).toEqual([
      ['2024-11', false],
      ['2024-12', false],
      ['2025-01', true],
      ['2025-02', false],
      ['2025-03', false],
    ]);
    expect(points[2]).toMatchObject({ salesAmountFen: 0, purchaseAmountFen: 0 });
  });

  it('a month the server did not list is a gap even when the gap list misses it', () => {
    const points = monthSeries({
      ...invoices,
      gaps: [],
      months: invoices.months.filter((row) => row.month !== '2024-12'),
    });
    expect(points.filter((point) => point.gap).map((point) => point.month)).toEqual(['2024-12', '2025-01']);
  });

  it('sums in integer fen and counts covered months', () => {
    const summary = summarizeInvoices(invoices);
    expect(summary).toMatchObject({
      total: 9,
      lines: 20,
      salesAmountFen: 300_01,
      purchaseAmountFen: 120_00,
      monthsSpanned: 5,
      monthsWithInvoices: 4,
      gaps: ['2025-01'],
    });
  });

  it('has no months without invoices', () => {
    const empty = { total: 0, lines: 0, firstMonth: null, lastMonth: null, gaps: [], months: [] };
    expect(monthSeries(empty)).toEqual([]);
    expect(summarizeInvoices(empty)).toMatchObject({ monthsSpanned: 0, gaps: [], salesAmountFen: 0 });
  });

  it('shortens axis amounts', () => {
    expect(formatFenShort(0)).toBe('0');
    expect(formatFenShort(5_000_00)).toBe('5,000');
    expect(formatFenShort(391_579_501)).toBe('392万');
    expect(formatFenShort(25_000_00)).toBe('2.5万');
    expect(formatFenShort(-12_345_678_900)).toBe('-1.2亿');
  });

  it('groups periods by year, newest year first, months in order', () => {
    expect(groupPeriodsByYear(['2024-02', '2023', '2024-01', '2024-Q1', 'bad'])).toEqual([
      { year: 2024, periods: ['2024-01', '2024-Q1', '2024-02'] },
      { year: 2023, periods: ['2023'] },
    ]);
    expect(['2024-03', '2024-Q2', '2024'].map(periodShortLabel)).toEqual(['3月', '二季度', '年度']);
  });

  it('lists every statement kind, with or without data', () => {
    const coverage = statementCoverage([{ statement: 'vat_return', periods: ['2025-01', '2025-02'] }]);
    expect(coverage.map((entry) => [entry.statement, entry.count])).toEqual([
      ['balance_sheet', 0],
      ['income_statement', 0],
      ['vat_return', 2],
      ['cit_return', 0],
    ]);
    expect(coverage[2]?.label).toBe('增值税申报汇总');
  });
});
