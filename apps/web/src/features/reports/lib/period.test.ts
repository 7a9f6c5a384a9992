import { describe, expect, it } from 'vitest';
import {
  addMonths,
  coverage,
  defaultPeriod,
  defaultYearRange,
  monthCount,
  periodLabel,
  periodUnitOf,
  reportPeriodLabel,
  yearMonths,
  yearsIn,
} from './period';

describe('report periods', () => {
  it('defaults to the last 12 months that have data', () => {
    expect(defaultPeriod('2025-01', '2025-12')).toEqual({ start: '2025-01', end: '2025-12' });
    expect(defaultPeriod('2023-04', '2025-03')).toEqual({ start: '2024-04', end: '2025-03' });
    // Less than a year of data: all of it.
    expect(defaultPeriod('2025-06', '2025-09')).toEqual({ start: '2025-06', end: '2025-09' });
    expect(defaultPeriod(null, null)).toBeNull();
    expect(defaultPeriod('2025-1', '2025-12')).toBeNull();
  });

  it('counts months across years', () => {
    expect(addMonths('2025-01', -1)).toBe('2024-12');
    expect(addMonths('2024-12', 13)).toBe('2026-01');
    expect(monthCount({ start: '2024-11', end: '2025-02' })).toBe(4);
    expect(monthCount({ start: '2025-02', end: '2025-01' })).toBe(0);
  });

  it('tells which months of the range have data', () => {
    expect(coverage({ start: '2025-01', end: '2025-04' }, ['2025-01', '2025-03', '2026-01'])).toEqual({
      covered: 2,
      missing: ['2025-02', '2025-04'],
    });
  });

  it('labels periods in Chinese', () => {
    expect(periodLabel('2025-01', '2025-12')).toBe('2025年01月 至 2025年12月');
    expect(periodLabel('2025-03', '2025-03')).toBe('2025年03月');
  });

  it('asks for TAX and COMPREHENSIVE by whole year, invoices by month', () => {
    expect(periodUnitOf('TAX')).toBe('year');
    expect(periodUnitOf('COMPREHENSIVE')).toBe('year');
    expect(periodUnitOf('INVOICE')).toBe('month');
    expect(yearMonths({ start: 2023, end: 2025 })).toEqual({ start: '2023-01', end: '2025-12' });
    expect(yearsIn({ start: 2023, end: 2025 })).toEqual([2023, 2024, 2025]);
  });

  it('defaults to the last three years with statements or returns', () => {
    expect(defaultYearRange([2022, 2023, 2024, 2025])).toEqual({ start: 2023, end: 2025 });
    // Fewer years: all of them; a gap in the middle still ends at the last year.
    expect(defaultYearRange([2024, 2025])).toEqual({ start: 2024, end: 2025 });
    expect(defaultYearRange([2019, 2025])).toEqual({ start: 2023, end: 2025 });
    expect(defaultYearRange([2025])).toEqual({ start: 2025, end: 2025 });
    expect(defaultYearRange([])).toBeNull();
  });

  it('labels whole-year reports by year, others by month', () => {
    const report = (reportType: string, periodStart: string, periodEnd: string) => ({
      reportType,
      periodStart,
      periodEnd,
    });
    expect(reportPeriodLabel(report('TAX', '2023-01', '2025-12'))).toBe('2023年 至 2025年');
    expect(reportPeriodLabel(report('COMPREHENSIVE', '2025-01', '2025-12'))).toBe('2025年度');
    // A yearly kind requested over part of a year (through the API) keeps its months.
    expect(reportPeriodLabel(report('TAX', '2025-03', '2025-12'))).toBe('2025年03月 至 2025年12月');
    expect(reportPeriodLabel(report('INVOICE', '2025-01', '2025-12'))).toBe('2025年01月 至 2025年12月');
  });
});
