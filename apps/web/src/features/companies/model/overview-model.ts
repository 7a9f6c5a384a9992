import {
  comparePeriods,
  type DataOverview,
  FINANCIAL_STATEMENTS,
  type FinancialStatementKind,
  formatFen,
  parsePeriod,
} from '@taxlens/shared';

/**
 * Shapes the data overview for the page: a continuous month axis from the first to the last
 * invoice month (months without invoices kept, as gaps, so the chart shows the hole), totals in
 * fen, and statement periods grouped by year. Amounts stay integer fen; only labels format them.
 */
export interface MonthPoint {
  month: string;
  gap: boolean;
  salesAmountFen: number;
  purchaseAmountFen: number;
  salesTaxFen: number;
  purchaseTaxFen: number;
  salesCount: number;
  purchaseCount: number;
}

export interface InvoiceSummary {
  total: number;
  lines: number;
  salesAmountFen: number;
  purchaseAmountFen: number;
  salesTaxFen: number;
  purchaseTaxFen: number;
  firstMonth: string | null;
  lastMonth: string | null;
  monthsSpanned: number;
  monthsWithInvoices: number;
  gaps: string[];
}

function monthIndex(month: string): number {
  const [year, mm] = month.split('-').map(Number);
  return (year ?? 0) * 12 + (mm ?? 1) - 1;
}

function monthText(index: number): string {
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** Every month from the first to the last, with zeros and `gap: true` where no invoice exists. */
export function monthSeries(invoices: DataOverview['invoices']): MonthPoint[] {
  if (!invoices.firstMonth || !invoices.lastMonth) return [];
  const byMonth = new Map(invoices.months.map((row) => [row.month, row]));
  const gaps = new Set(invoices.gaps);
  const points: MonthPoint[] = [];
  for (let index = monthIndex(invoices.firstMonth); index <= monthIndex(invoices.lastMonth); index++) {
    const month = monthText(index);
    const row = byMonth.get(month);
    points.push({
      month,
      gap: gaps.has(month) || !row || row.salesCount + row.purchaseCount === 0,
      salesAmountFen: row?.salesAmountFen ?? 0,
      purchaseAmountFen: row?.purchaseAmountFen ?? 0,
      salesTaxFen: row?.salesTaxFen ?? 0,
      purchaseTaxFen: row?.purchaseTaxFen ?? 0,
      salesCount: row?.salesCount ?? 0,
      purchaseCount: row?.purchaseCount ?? 0,
    });
  }
  return points;
}

export function summarizeInvoices(invoices: DataOverview['invoices']): InvoiceSummary {
  const points = monthSeries(invoices);
  const sum = (pick: (point: MonthPoint) => number) => points.reduce((total, point) => total + pick(point), 0);
  const gaps = points.filter((point) => point.gap).map((point) => point.month);
  return {
    total: invoices.total,
    lines: invoices.lines,
    salesAmountFen: sum((point) => point.salesAmountFen),
    purchaseAmountFen: sum((point) => point.purchaseAmountFen),
    salesTaxFen: sum((point) => point.salesTaxFen),
    purchaseTaxFen: sum((point) => point.purchaseTaxFen),
    firstMonth: invoices.firstMonth,
    lastMonth: invoices.lastMonth,
    monthsSpanned: points.length,
    monthsWithInvoices: points.length - gaps.length,
    gaps,
  };
}

/** Axis labels: 391,579.50 元 → "39.2万", 1.2亿; the tooltip shows the exact formatFen value. */
export function formatFenShort(fen: number): string {
  const yuan = Math.abs(fen) / 100;
  const sign = fen < 0 ? '-' : '';
  if (yuan >= 1e8) return `${sign}${trim(yuan / 1e8)}亿`;
  if (yuan >= 1e4) return `${sign}${trim(yuan / 1e4)}万`;
  return `${sign}${formatFen(Math.round(Math.abs(fen) / 100) * 100).replace(/\.00$/, '')}`;
}

function trim(value: number): string {
  return value >= 100 ? String(Math.round(value)) : value.toFixed(1).replace(/\.0$/, '');
}

export interface PeriodGroup {
  year: number;
  periods: string[];
}

/** Periods of one statement by year (newest first), each year's periods in calendar order. */
export function groupPeriodsByYear(periods: readonly string[]): PeriodGroup[] {
  const byYear = new Map<number, string[]>();
  for (const period of [...periods].filter((item) => parsePeriod(item)).sort(comparePeriods)) {
    const year = parsePeriod(period)?.year ?? 0;
    byYear.set(year, [...(byYear.get(year) ?? []), period]);
  }
  return [...byYear.entries()].sort(([a], [b]) => b - a).map(([year, items]) => ({ year, periods: items }));
}

/** A period's short label inside its year: 2024-03 → 3月, 2024-Q1 → 一季度, 2024 → 年度. */
export function periodShortLabel(period: string): string {
  const parts = parsePeriod(period);
  if (!parts) return period;
  if (parts.kind === 'month') return `${parts.month}月`;
  if (parts.kind === 'quarter') return `${'一二三四'[parts.quarter - 1]}季度`;
  return '年度';
}

export interface StatementCoverage {
  statement: FinancialStatementKind;
  label: string;
  count: number;
  groups: PeriodGroup[];
}

/** Every statement kind in catalogue order, those without data included (count 0). */
export function statementCoverage(figures: DataOverview['figures']): StatementCoverage[] {
  return (Object.keys(FINANCIAL_STATEMENTS) as FinancialStatementKind[]).map((statement) => {
    const periods = figures.find((entry) => entry.statement === statement)?.periods ?? [];
    return {
      statement,
      label: FINANCIAL_STATEMENTS[statement],
      count: periods.length,
      groups: groupPeriodsByYear(periods),
    };
  });
}
