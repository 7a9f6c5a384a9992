import { describe, expect, it } from 'vitest';
import {
  BALANCE_SHEET_KEYS,
  balanceDatePeriod,
  balanceSheetEntrySchema,
  balanceSheetFormSchema,
  citReturnEntrySchema,
  citReturnFormSchema,
  comparePeriods,
  FINANCIAL_FIGURES,
  figureAtLine,
  findFigure,
  formatPeriod,
  parsePeriod,
  parseRateToBp,
  periodContains,
  periodEndMonth,
  periodSchema,
  periodStartMonth,
  periodsOverlap,
  previousPeriod,
  shiftPeriodYears,
  vatReturnEntrySchema,
} from './index.js';

describe('periods', () => {
  it('parses the three canonical forms and nothing else', () => {
    expect(parsePeriod('2024-03')).toEqual({ kind: 'month', year: 2024, month: 3 });
    expect(parsePeriod('2024-Q1')).toEqual({ kind: 'quarter', year: 2024, quarter: 1 });
    expect(parsePeriod('2024')).toEqual({ kind: 'year', year: 2024 });
    for (const bad of ['2024-3', '2024-13', '2024-00', '2024-Q5', '2024q1', '24-03', '2024年3月', '1899', '']) {
      expect(parsePeriod(bad)).toBeNull();
    }
    expect(periodSchema.safeParse('2024-Q4').success).toBe(true);
    expect(periodSchema.safeParse('2024-Q0').error?.issues[0]?.message).toBe(
      '期间格式应为 2024-03（月）、2024-Q1（季度）或 2024（年度）',
    );
  });

  it('formats in Chinese', () => {
    expect(formatPeriod('2024-03')).toBe('2024年3月');
    expect(formatPeriod('2024-12')).toBe('2024年12月');
    expect(formatPeriod('2024-Q1')).toBe('2024年第1季度');
    expect(formatPeriod('2024')).toBe('2024年度');
    expect(formatPeriod(null)).toBe('-');
    expect(formatPeriod('上年')).toBe('上年');
  });

  it('gives start and end months', () => {
    expect([periodStartMonth('2024-03'), periodEndMonth('2024-03')]).toEqual(['2024-03', '2024-03']);
    expect([periodStartMonth('2024-Q2'), periodEndMonth('2024-Q2')]).toEqual(['2024-04', '2024-06']);
    expect([periodStartMonth('2024-Q4'), periodEndMonth('2024-Q4')]).toEqual(['2024-10', '2024-12']);
    expect([periodStartMonth('2024'), periodEndMonth('2024')]).toEqual(['2024-01', '2024-12']);
    expect(() => periodEndMonth('2024-13')).toThrow(RangeError);
  });

  it('tells containment and overlap', () => {
    expect(periodContains('2024', '2024-Q3')).toBe(true);
    expect(periodContains('2024-Q3', '2024-09')).toBe(true);
    expect(periodContains('2024-Q3', '2024-10')).toBe(false);
    expect(periodContains('2024-03', '2024-Q1')).toBe(false);
    expect(periodContains('2024-Q1', '2024-Q1')).toBe(true);
    expect(periodsOverlap('2024-03', '2024-Q1')).toBe(true);
    expect(periodsOverlap('2024-Q1', '2024-04')).toBe(false);
    expect(periodsOverlap('2023', '2024-01')).toBe(false);
  });

  it('moves between periods', () => {
    expect(previousPeriod('2024-01')).toBe('2023-12');
    expect(previousPeriod('2024-07')).toBe('2024-06');
    expect(previousPeriod('2024-Q1')).toBe('2023-Q4');
    expect(previousPeriod('2024-Q3')).toBe('2024-Q2');
    expect(previousPeriod('2024')).toBe('2023');
    expect(shiftPeriodYears('2024-Q2', -1)).toBe('2023-Q2');
    expect(shiftPeriodYears('2024-02', 1)).toBe('2025-02');
    expect(['2024', '2024-Q1', '2023-12', '2024-01'].sort(comparePeriods)).toEqual([
      '2023-12',
      '2024-01',
      '2024-Q1',
      '2024',
    ]);
  });

  it('files a balance date under the longest period ending on it', () => {
    expect(balanceDatePeriod('2024-12')).toBe('2024');
    expect(balanceDatePeriod('2024-Q4')).toBe('2024');
    expect(balanceDatePeriod('2024-03')).toBe('2024-Q1');
    expect(balanceDatePeriod('2024-09')).toBe('2024-Q3');
    expect(balanceDatePeriod('2024-05')).toBe('2024-05');
    expect(balanceDatePeriod('2024')).toBe('2024');
  });
});

describe('figure catalogue', () => {
  it('has unique keys per statement and unique 行次 per layout', () => {
    for (const figures of Object.values(FINANCIAL_FIGURES)) {
      const keys = figures.map((figure) => figure.key);
      expect(new Set(keys).size).toBe(keys.length);
      for (const layout of ['general', 'small'] as const) {
        const lines = figures.map((figure) => figure.lines[layout]).filter((line) => line !== null);
        expect(new Set(lines).size).toBe(lines.length);
      }
    }
  });

  it('places the key lines of both layouts', () => {
    expect(findFigure('balance_sheet', 'cash')?.lines).toEqual({ general: 1, small: 1 });
    expect(findFigure('balance_sheet', 'totalAssets')?.lines).toEqual({ general: 34, small: 30 });
    expect(findFigure('balance_sheet', 'totalLiabilitiesAndEquity')?.lines).toEqual({ general: 72, small: 53 });
    expect(findFigure('balance_sheet', 'contractLiabilities')?.lines).toEqual({ general: 41, small: null });
    expect(findFigure('income_statement', 'netProfit')?.lines).toEqual({ general: 24, small: 32 });
    expect(findFigure('income_statement', 'researchAndDevelopmentExpenses')?.lines.small).toBeNull();
    expect(figureAtLine('balance_sheet', 'small', 36)?.key).toBe('taxesPayable');
    expect(figureAtLine('income_statement', 'general', 22)?.key).toBe('totalProfit');
    expect(figureAtLine('balance_sheet', 'general', 51)).toBeUndefined();
    expect(findFigure('cit_return', 'taxRate')?.unit).toBe('bp');
    expect(BALANCE_SHEET_KEYS).toContain('undistributedProfit');
  });
});

describe('manual entry', () => {
  it('takes integer fen and rejects unknown figures', () => {
    const parsed = balanceSheetEntrySchema.parse({ period: '2024', figures: { cash: 123456, inventory: -5 } });
    expect(parsed).toEqual({ period: '2024', layout: 'general', figures: { cash: 123456, inventory: -5 } });
    const bad = balanceSheetEntrySchema.safeParse({ period: '2024', figures: { cash: 1.5, bogus: 1 } });
    expect(bad.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['figures.cash', 'figures']);
    expect(vatReturnEntrySchema.parse({ period: '2024-03' })).toEqual({ period: '2024-03', figures: {} });
  });

  it('converts yuan text with parseYuanToFen and rates to basis points', () => {
    const form = balanceSheetFormSchema.parse({
      period: '2024-Q1',
      layout: 'small',
      figures: { cash: '1,234.5', inventory: ' ', otherReceivables: '-0.01' },
    });
    expect(form.figures).toEqual({ cash: 123450, otherReceivables: -1 });
    const bad = balanceSheetFormSchema.safeParse({ period: '2024', figures: { cash: '12.345' } });
    expect(bad.error?.issues[0]).toMatchObject({
      path: ['figures', 'cash'],
      message: '请输入正确的金额（元），最多两位小数',
    });
    const cit = citReturnFormSchema.parse({ period: '2024', figures: { taxRate: '20%', taxableIncome: '1000' } });
    expect(cit.figures).toEqual({ taxRate: 2000, taxableIncome: 100000 });
    expect(citReturnEntrySchema.safeParse({ period: '2024', figures: { taxRate: 12_000 } }).success).toBe(false);
  });

  it('reads rates as percentages or fractions', () => {
    expect(parseRateToBp('25%')).toBe(2500);
    expect(parseRateToBp('25')).toBe(2500);
    expect(parseRateToBp('0.25')).toBe(2500);
    expect(parseRateToBp('12.5%')).toBe(1250);
    expect(parseRateToBp('0.125')).toBe(1250);
    expect(parseRateToBp('0')).toBe(0);
    expect(parseRateToBp('120%')).toBeNull();
    expect(parseRateToBp('abc')).toBeNull();
  });
});
