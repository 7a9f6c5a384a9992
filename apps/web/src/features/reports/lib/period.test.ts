import { describe, expect, it } from 'vitest';
import { addMonths, coverage, defaultPeriod, monthCount, periodLabel } from './period';

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
});
