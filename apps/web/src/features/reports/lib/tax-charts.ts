import type { VatPeriodPoint, YearTrendPoint } from '@taxlens/engine/types';
import { formatFen, parsePeriod } from '@taxlens/shared';
import { fenToWan, pctText } from './report-sections';

/**
 * Shaping of the tax report's charts (TAX and COMPREHENSIVE): the engine's yearly points and VAT
 * returns into series and the table beside them. A figure the data lacks stays null, so a chart
 * leaves a gap and the table shows '-', instead of drawing a zero that was never reported.
 */

const wan = (fen: number | null): number | null => (fen === null ? null : fenToWan(fen));

export interface YearlySeries {
  labels: string[];
  revenueWan: (number | null)[];
  costWan: (number | null)[];
  profitWan: (number | null)[];
  vatPayableWan: (number | null)[];
  citPayableWan: (number | null)[];
  vatBurdenPct: (number | null)[];
  citContributionPct: (number | null)[];
}

export function yearlySeries(points: readonly YearTrendPoint[]): YearlySeries {
  return {
    labels: points.map((point) => point.label),
    revenueWan: points.map((point) => wan(point.revenueFen)),
    costWan: points.map((point) => wan(point.costFen)),
    profitWan: points.map((point) => wan(point.totalProfitFen)),
    vatPayableWan: points.map((point) => wan(point.vatPayableFen)),
    citPayableWan: points.map((point) => wan(point.citPayableFen)),
    vatBurdenPct: points.map((point) => point.vatBurdenPct),
    citContributionPct: points.map((point) => point.citContributionPct),
  };
}

/** Whether a series has anything to draw. */
export function hasValues(values: readonly (number | null)[]): boolean {
  return values.some((value) => value !== null);
}

/** A benchmark as a flat line across `length` categories; null when the benchmark row has no value. */
export function benchmarkLine(value: number | null, length: number): number[] | null {
  return value === null || length === 0 ? null : Array.from({ length }, () => value);
}

/** 'YYYY-MM' → '2024-07', 'YYYY-Qn' → '2024Q1', 'YYYY' as is: short axis ticks. */
export function periodTick(period: string): string {
  const parts = parsePeriod(period);
  if (parts?.kind === 'quarter') return `${parts.year}Q${parts.quarter}`;
  return period;
}

export interface VatPeriodSeries {
  labels: string[];
  salesWan: (number | null)[];
  burdenPct: (number | null)[];
}

export function vatPeriodSeries(points: readonly VatPeriodPoint[]): VatPeriodSeries {
  return {
    labels: points.map((point) => periodTick(point.period)),
    salesWan: points.map((point) => wan(point.salesFen)),
    burdenPct: points.map((point) => point.burdenPct),
  };
}

export type YearlyRowKey =
  | 'revenue'
  | 'cost'
  | 'profit'
  | 'vatPayable'
  | 'citPayable'
  | 'vatBurden'
  | 'citContribution';

export interface YearlyTableRow {
  key: YearlyRowKey;
  unit: 'yuan' | '%';
  /** One cell per year, already formatted ('-' where the year has no figure). */
  cells: string[];
}

const MONEY_ROWS: readonly [YearlyRowKey, keyof YearTrendPoint][] = [
  ['revenue', 'revenueFen'],
  ['cost', 'costFen'],
  ['profit', 'totalProfitFen'],
  ['vatPayable', 'vatPayableFen'],
  ['citPayable', 'citPayableFen'],
];
const RATE_ROWS: readonly [YearlyRowKey, keyof YearTrendPoint][] = [
  ['vatBurden', 'vatBurdenPct'],
  ['citContribution', 'citContributionPct'],
];

function cell(value: string | number | null, format: (value: number) => string): string {
  return typeof value === 'number' ? format(value) : '-';
}

/** The figures of the charts as a table: a row per figure, a column per year (money in yuan). */
export function yearlyTableRows(points: readonly YearTrendPoint[]): YearlyTableRow[] {
  return [
    ...MONEY_ROWS.map(([key, field]) => ({
      key,
      unit: 'yuan' as const,
      cells: points.map((point) => cell(point[field], (fen) => formatFen(fen))),
    })),
    ...RATE_ROWS.map(([key, field]) => ({
      key,
      unit: '%' as const,
      cells: points.map((point) => cell(point[field], (pct) => pctText(pct))),
    })),
  ];
}
