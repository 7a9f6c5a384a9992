import type { VatPeriodPoint, YearTrendPoint } from '@taxlens/engine/types';
import { describe, expect, it } from 'vitest';
import { benchmarkLine, hasValues, periodTick, vatPeriodSeries, yearlySeries, yearlyTableRows } from './tax-charts';

function year(partial: Partial<YearTrendPoint> & Pick<YearTrendPoint, 'period'>): YearTrendPoint {
  return {
    label: `${partial.period}年度`,
    revenueFen: null,
    costFen: null,
    totalProfitFen: null,
    vatPayableFen: null,
    citPayableFen: null,
    vatBurdenPct: null,
    citContributionPct: null,
    ...partial,
  };
}

// The base year has statements only (no returns), as the engine adds it before the report's years.
const POINTS: YearTrendPoint[] = [
  year({ period: '2022', revenueFen: 900_000_000, costFen: 612_000_000, totalProfitFen: 150_500_000 }),
  year({
    period: '2023',
    revenueFen: 990_000_000,
    costFen: 673_200_000,
    totalProfitFen: -1_234_567,
    vatPayableFen: 28_078_050,
    citPayableFen: 41_337_500,
    vatBurdenPct: 2.86,
    citContributionPct: 4.18,
  }),
];

describe('yearlySeries', () => {
  it('turns fen into 万元 per year and keeps missing figures as gaps', () => {
    const series = yearlySeries(POINTS);
    expect(series.labels).toEqual(['2022年度', '2023年度']);
    expect(series.revenueWan).toEqual([900, 990]);
    expect(series.costWan).toEqual([612, 673.2]);
    expect(series.profitWan).toEqual([150.5, -1.23]);
    expect(series.vatPayableWan).toEqual([null, 28.08]);
    expect(series.citPayableWan).toEqual([null, 41.34]);
    expect(series.vatBurdenPct).toEqual([null, 2.86]);
    expect(series.citContributionPct).toEqual([null, 4.18]);
  });

  it('says whether a series has anything to draw', () => {
    expect(hasValues([null, null])).toBe(false);
    expect(hasValues([null, 0])).toBe(true);
    expect(hasValues([])).toBe(false);
  });
});

describe('benchmarkLine', () => {
  it('repeats the benchmark across the axis, or draws none without a value', () => {
    expect(benchmarkLine(3.5, 3)).toEqual([3.5, 3.5, 3.5]);
    expect(benchmarkLine(null, 3)).toBeNull();
    expect(benchmarkLine(3.5, 0)).toBeNull();
  });
});

describe('vatPeriodSeries', () => {
  it('labels months and quarters briefly and leaves a zero-sales burden out', () => {
    const points: VatPeriodPoint[] = [
      { period: '2024-06', salesFen: 81_675_000, taxPayableFen: 2_335_905, burdenPct: 2.86 },
      { period: '2024-07', salesFen: 0, taxPayableFen: 0, burdenPct: null },
      { period: '2024-Q4', salesFen: null, taxPayableFen: null, burdenPct: null },
    ];
    expect(vatPeriodSeries(points)).toEqual({
      labels: ['2024-06', '2024-07', '2024Q4'],
      salesWan: [81.68, 0, null],
      burdenPct: [2.86, null, null],
    });
    expect(periodTick('2024')).toBe('2024');
  });
});

describe('yearlyTableRows', () => {
  it('has a row per figure and a formatted cell per year', () => {
    const rows = yearlyTableRows(POINTS);
    expect(rows.map((row) => row.key)).toEqual([
      'revenue',
      'cost',
      'profit',
      'vatPayable',
      'citPayable',
      'vatBurden',
      'citContribution',
    ]);
    const byKey = new Map(rows.map((row) => [row.key, row]));
    expect(byKey.get('revenue')?.cells).toEqual(['9,000,000.00', '9,900,000.00']);
    expect(byKey.get('profit')?.cells).toEqual(['1,505,000.00', '-12,345.67']);
    expect(byKey.get('vatPayable')?.cells).toEqual(['-', '280,780.50']);
    expect(byKey.get('vatBurden')).toEqual({ key: 'vatBurden', unit: '%', cells: ['-', '2.86%'] });
  });
});
