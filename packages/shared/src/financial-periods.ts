import { z } from './zod.js';

/**
 * Periods of statements and returns: 'YYYY-MM' (month), 'YYYY-Qn' (quarter), 'YYYY' (year), in
 * business time (Asia/Shanghai). Helpers throw RangeError on a malformed period; validate input
 * with periodSchema first.
 */

export type PeriodParts =
  | { kind: 'month'; year: number; month: number }
  | { kind: 'quarter'; year: number; quarter: number }
  | { kind: 'year'; year: number };
export type PeriodKind = PeriodParts['kind'];

const PERIOD_PATTERN = /^((?:19|20|21)\d\d)(?:-(0[1-9]|1[0-2])|-Q([1-4]))?$/;
export const PERIOD_FORMAT_HINT = '期间格式应为 2024-03（月）、2024-Q1（季度）或 2024（年度）';
export const periodSchema = z.string().trim().regex(PERIOD_PATTERN, PERIOD_FORMAT_HINT);

export function parsePeriod(text: string): PeriodParts | null {
  const match = PERIOD_PATTERN.exec(text.trim());
  if (!match) return null;
  const year = Number(match[1]);
  if (match[2]) return { kind: 'month', year, month: Number(match[2]) };
  if (match[3]) return { kind: 'quarter', year, quarter: Number(match[3]) };
  return { kind: 'year', year };
}

export function makePeriod(parts: PeriodParts): string {
  if (parts.kind === 'month') return `${parts.year}-${String(parts.month).padStart(2, '0')}`;
  if (parts.kind === 'quarter') return `${parts.year}-Q${parts.quarter}`;
  return String(parts.year);
}

/** '2024-03' → 2024年3月, '2024-Q1' → 2024年第1季度, '2024' → 2024年度; text that is no period is kept. */
export function formatPeriod(period: string | null | undefined): string {
  if (!period) return '-';
  const parts = parsePeriod(period);
  if (!parts) return period;
  if (parts.kind === 'month') return `${parts.year}年${parts.month}月`;
  if (parts.kind === 'quarter') return `${parts.year}年第${parts.quarter}季度`;
  return `${parts.year}年度`;
}

function monthRange(period: string): [number, number] {
  const parts = parsePeriod(period);
  if (!parts) throw new RangeError(`${PERIOD_FORMAT_HINT}：${period}`);
  const base = parts.year * 12;
  if (parts.kind === 'month') return [base + parts.month - 1, base + parts.month - 1];
  if (parts.kind === 'quarter') return [base + parts.quarter * 3 - 3, base + parts.quarter * 3 - 1];
  return [base, base + 11];
}

const monthText = (index: number) => `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;

/** First month of a period as 'YYYY-MM'; throws RangeError on a malformed period. */
export function periodStartMonth(period: string): string {
  return monthText(monthRange(period)[0]);
}

/** Last month of a period as 'YYYY-MM' (a balance sheet's figures are balances at its end). */
export function periodEndMonth(period: string): string {
  return monthText(monthRange(period)[1]);
}

export function periodContains(outer: string, inner: string): boolean {
  const [outerStart, outerEnd] = monthRange(outer);
  const [innerStart, innerEnd] = monthRange(inner);
  return outerStart <= innerStart && innerEnd <= outerEnd;
}

export function periodsOverlap(a: string, b: string): boolean {
  const [aStart, aEnd] = monthRange(a);
  const [bStart, bEnd] = monthRange(b);
  return aStart <= bEnd && bStart <= aEnd;
}

/**
 * The period a balance sheet dated at the end of `period` is kept under: the longest period
 * ending on that date (31 Dec → the year, end of Mar/Jun/Sep → the quarter, else the month), so
 * one balance date has one key whether it came from a monthly, quarterly or annual report.
 */
export function balanceDatePeriod(period: string): string {
  const end = monthRange(period)[1];
  const year = Math.floor(end / 12);
  const month = (end % 12) + 1;
  if (month === 12) return String(year);
  if (month % 3 === 0) return makePeriod({ kind: 'quarter', year, quarter: month / 3 });
  return makePeriod({ kind: 'month', year, month });
}

/** Orders by first month, then the shorter period first (2024-01 < 2024-Q1 < 2024). */
export function comparePeriods(a: string, b: string): number {
  const [aStart, aEnd] = monthRange(a);
  const [bStart, bEnd] = monthRange(b);
  return aStart - bStart || aEnd - bEnd;
}

/** The same kind of period `years` later (negative for earlier): 上年同期 is shiftPeriodYears(p, -1). */
export function shiftPeriodYears(period: string, years: number): string {
  const parts = parsePeriod(period);
  if (!parts) throw new RangeError(`${PERIOD_FORMAT_HINT}：${period}`);
  return makePeriod({ ...parts, year: parts.year + years });
}

/** The period of the same kind just before: 2024-01 → 2023-12, 2024-Q1 → 2023-Q4, 2024 → 2023. */
export function previousPeriod(period: string): string {
  const parts = parsePeriod(period);
  if (!parts) throw new RangeError(`${PERIOD_FORMAT_HINT}：${period}`);
  if (parts.kind === 'month') {
    return parts.month === 1
      ? makePeriod({ ...parts, year: parts.year - 1, month: 12 })
      : makePeriod({ ...parts, month: parts.month - 1 });
  }
  if (parts.kind === 'quarter') {
    return parts.quarter === 1
      ? makePeriod({ ...parts, year: parts.year - 1, quarter: 4 })
      : makePeriod({ ...parts, quarter: parts.quarter - 1 });
  }
  return String(parts.year - 1);
}
