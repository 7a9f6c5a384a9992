import { monthIndex, rangesText } from '../tax/figure-sets.js';
import { monthOf } from './invoice-calendar.js';
import type { InvoiceReportInput, ReportPeriod } from './invoice-report.types.js';

/**
 * Which months of the report period the imported invoices cover. A month outside the coverage has
 * no data, which is not the same as a month without sales: the trend rules look only at covered
 * months and name the others.
 */
export interface InvoiceCoverage {
  /** Months of the report period inside the coverage, in order. */
  covered: string[];
  /** Months of the report period outside it, in order. */
  uncovered: string[];
  /** The uncovered months as text ('2024年1月至12月'), '' when every month is covered. */
  uncoveredText: string;
}

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

/** Without stated ranges: from the first to the last month with any invoice, current or previous. */
function inferredRanges(input: InvoiceReportInput): ReportPeriod[] {
  let first = '';
  let last = '';
  for (const invoices of [input.invoices, input.previousPeriod?.invoices ?? []]) {
    for (const invoice of invoices) {
      const month = monthOf(invoice.issuedAt);
      if (first === '' || month < first) first = month;
      if (month > last) last = month;
    }
  }
  return first === '' ? [] : [{ start: first, end: last }];
}

export function invoiceCoverageOf(input: InvoiceReportInput, months: readonly string[]): InvoiceCoverage {
  const ranges = (input.invoiceCoverage ?? inferredRanges(input)).filter(
    (range) => MONTH.test(range.start) && MONTH.test(range.end),
  );
  const covered: string[] = [];
  const uncovered: string[] = [];
  for (const month of months) {
    (ranges.some((range) => range.start <= month && month <= range.end) ? covered : uncovered).push(month);
  }
  return { covered, uncovered, uncoveredText: rangesText(uncovered.map(monthIndex)) };
}

/** '；其中2024年1月至12月（12个月）没有导入发票数据，未计入' or ''. */
export function uncoveredNote(coverage: InvoiceCoverage): string {
  if (coverage.uncovered.length === 0) return '';
  return `；其中${coverage.uncoveredText}（${coverage.uncovered.length}个月）没有导入发票数据，未计入`;
}
