import { type DataOverview, type FinancialStatementKind, periodEndMonth, periodStartMonth } from '@taxlens/shared';
import { monthFromIndex, monthIndex } from './period';

/**
 * What a company has per year for the yearly reports (TAX, COMPREHENSIVE), read from the data
 * overview: the four statement and return kinds, and invoices. The server refuses a range that
 * no statement or return touches; invoices are optional (they add the invoice checks).
 */
export const YEAR_DATA_KINDS = ['balance_sheet', 'income_statement', 'vat_return', 'cit_return', 'invoices'] as const;
export type YearDataKind = (typeof YEAR_DATA_KINDS)[number];

/** Per kind, the months of the year it covers (0–12); a balance sheet at a year's end covers the year. */
export interface YearData {
  year: number;
  months: Record<YearDataKind, number>;
}

function monthsOfPeriod(period: string): string[] {
  try {
    const first = monthIndex(periodStartMonth(period));
    const last = monthIndex(periodEndMonth(period));
    return Array.from({ length: last - first + 1 }, (_, offset) => monthFromIndex(first + offset));
  } catch {
    // A period the client cannot read counts as nothing rather than breaking the page.
    return [];
  }
}

/** Months with data per kind, as 'YYYY-MM'. */
function monthsByKind(overview: DataOverview): Record<YearDataKind, Set<string>> {
  const result = Object.fromEntries(YEAR_DATA_KINDS.map((kind) => [kind, new Set<string>()])) as Record<
    YearDataKind,
    Set<string>
  >;
  for (const figure of overview.figures) {
    for (const period of figure.periods) {
      for (const month of monthsOfPeriod(period)) result[figure.statement].add(month);
    }
  }
  for (const row of overview.invoices.months) {
    if (row.salesCount + row.purchaseCount > 0) result.invoices.add(row.month);
  }
  return result;
}

const STATEMENT_KINDS: readonly FinancialStatementKind[] = [
  'balance_sheet',
  'income_statement',
  'vat_return',
  'cit_return',
];

/** Years, ascending, with any statement or return: what the yearly reports can be made from. */
export function statementYears(overview: DataOverview | undefined): number[] {
  if (!overview) return [];
  const byKind = monthsByKind(overview);
  const years = new Set<number>();
  for (const kind of STATEMENT_KINDS) for (const month of byKind[kind]) years.add(Number(month.slice(0, 4)));
  return [...years].sort((a, b) => a - b);
}

export function yearData(overview: DataOverview, years: readonly number[]): YearData[] {
  const byKind = monthsByKind(overview);
  return years.map((year) => {
    const prefix = `${year}-`;
    const months = Object.fromEntries(
      YEAR_DATA_KINDS.map((kind) => [kind, [...byKind[kind]].filter((month) => month.startsWith(prefix)).length]),
    ) as Record<YearDataKind, number>;
    return { year, months };
  });
}

export function hasStatements(row: YearData): boolean {
  return STATEMENT_KINDS.some((kind) => row.months[kind] > 0);
}
