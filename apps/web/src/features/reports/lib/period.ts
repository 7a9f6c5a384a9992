import { MAX_REPORT_MONTHS } from '@taxlens/shared';

/**
 * Months as 'YYYY-MM' (the API's report periods), reckoned as plain calendar arithmetic. The
 * TAX and COMPREHENSIVE reports read statements and returns, which are annual, so they are asked
 * for in whole years and sent as 'YYYY-01' to 'YYYY-12'.
 */

export interface MonthRange {
  start: string;
  end: string;
}

const MONTH_PATTERN = /^(\d{4})-(0[1-9]|1[0-2])$/;

export function isMonth(text: string | null | undefined): text is string {
  return typeof text === 'string' && MONTH_PATTERN.test(text);
}

export function monthIndex(month: string): number {
  return Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1;
}

export function monthFromIndex(index: number): string {
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

export function addMonths(month: string, delta: number): string {
  return monthFromIndex(monthIndex(month) + delta);
}

/** Months in the range, both ends included (0 when the start is after the end). */
export function monthCount(range: MonthRange): number {
  return Math.max(0, monthIndex(range.end) - monthIndex(range.start) + 1);
}

/**
 * The period offered first on /ticket: the last `length` months that have data, i.e. ending at
 * the last month with invoices and starting no earlier than the first one. Null without data.
 */
export function defaultPeriod(
  firstMonth: string | null | undefined,
  lastMonth: string | null | undefined,
  length = 12,
): MonthRange | null {
  if (!isMonth(firstMonth) || !isMonth(lastMonth)) return null;
  const start = addMonths(lastMonth, -(length - 1));
  return { start: monthIndex(start) < monthIndex(firstMonth) ? firstMonth : start, end: lastMonth };
}

/** Which months of the range have invoices and which do not, given the months that have any. */
export function coverage(range: MonthRange, monthsWithData: readonly string[]): { covered: number; missing: string[] } {
  const present = new Set(monthsWithData);
  const missing: string[] = [];
  let covered = 0;
  for (let index = monthIndex(range.start); index <= monthIndex(range.end); index++) {
    const month = monthFromIndex(index);
    if (present.has(month)) covered++;
    else missing.push(month);
  }
  return { covered, missing };
}

/** '2025-01' → '2025年01月'; a range → '2025年01月 至 2025年12月'. */
export function monthLabel(month: string): string {
  return isMonth(month) ? `${month.slice(0, 4)}年${month.slice(5, 7)}月` : month;
}

export function periodLabel(start: string, end: string): string {
  return start === end ? monthLabel(start) : `${monthLabel(start)} 至 ${monthLabel(end)}`;
}

/** Whether a report kind is asked for by month (invoices) or by whole year (statements, returns). */
export type PeriodUnit = 'month' | 'year';
const YEARLY_REPORT_TYPES = ['TAX', 'COMPREHENSIVE'] as const;
export type YearlyReportType = (typeof YEARLY_REPORT_TYPES)[number];

export function isYearlyReport(reportType: string): reportType is YearlyReportType {
  return (YEARLY_REPORT_TYPES as readonly string[]).includes(reportType);
}

export function periodUnitOf(reportType: string): PeriodUnit {
  return isYearlyReport(reportType) ? 'year' : 'month';
}

export interface YearRange {
  start: number;
  end: number;
}

/** The server's limit in years (36 months). */
export const MAX_REPORT_YEARS = Math.floor(MAX_REPORT_MONTHS / 12);

export function yearMonths(range: YearRange): MonthRange {
  return { start: `${range.start}-01`, end: `${range.end}-12` };
}

/**
 * The years offered first on /risk/report and /comprehensive/report: the last `length` years
 * that have statements or returns, ending at the last one. Null without data.
 */
export function defaultYearRange(yearsWithData: readonly number[], length = MAX_REPORT_YEARS): YearRange | null {
  if (yearsWithData.length === 0) return null;
  const first = Math.min(...yearsWithData);
  const last = Math.max(...yearsWithData);
  return { start: Math.max(first, last - length + 1), end: last };
}

export function yearsIn(range: YearRange): number[] {
  return Array.from({ length: Math.max(0, range.end - range.start + 1) }, (_, index) => range.start + index);
}

/** A report's period as its kind is asked for: '2023年 至 2025年' for whole years, else by month. */
export function reportPeriodLabel(report: { reportType: string; periodStart: string; periodEnd: string }): string {
  const { periodStart: start, periodEnd: end } = report;
  const wholeYears = isMonth(start) && isMonth(end) && start.endsWith('-01') && end.endsWith('-12');
  if (periodUnitOf(report.reportType) !== 'year' || !wholeYears) return periodLabel(start, end);
  const [first, last] = [start.slice(0, 4), end.slice(0, 4)];
  return first === last ? `${first}年度` : `${first}年 至 ${last}年`;
}
