import type {
  Finding,
  FindingFigure,
  FindingLevel,
  InvoiceOverview,
  OverallLevel,
  SideOverview,
} from '@taxlens/engine/types';
import { formatFen } from '@taxlens/shared';
import { t } from '../../../locales';
import type { ReportSource } from '../report-view.types';

/** Shaping of the invoice report's sections for charts and tables; no React, tested on its own. */

/** Fen to 万元 with two decimals, for chart axes (tables show exact yuan through formatFen). */
export function fenToWan(fen: number): number {
  return Math.round(fen / 10_000) / 100;
}

export interface MonthSeries {
  months: string[];
  salesWan: number[];
  purchasesWan: number[];
  salesTaxWan: number[];
  purchaseTaxWan: number[];
}

/** Sales and purchases per month on one axis: every month either side has, in order, 0 where absent. */
export function monthSeries(overview: Pick<InvoiceOverview, 'sales' | 'purchases'>): MonthSeries {
  const sales = new Map(overview.sales.byMonth.map((row) => [row.month, row]));
  const purchases = new Map(overview.purchases.byMonth.map((row) => [row.month, row]));
  const months = [...new Set([...sales.keys(), ...purchases.keys()])].sort();
  return {
    months,
    salesWan: months.map((month) => fenToWan(sales.get(month)?.amountFen ?? 0)),
    purchasesWan: months.map((month) => fenToWan(purchases.get(month)?.amountFen ?? 0)),
    salesTaxWan: months.map((month) => fenToWan(sales.get(month)?.taxFen ?? 0)),
    purchaseTaxWan: months.map((month) => fenToWan(purchases.get(month)?.taxFen ?? 0)),
  };
}

/** Numeric rates high to low ('13%', '9%', …), then the words (免税, 不征税, 未注明) in their order. */
export function compareRates(a: string, b: string): number {
  const numeric = (rate: string) => {
    const match = /^(\d+(?:\.\d+)?)%$/.exec(rate);
    return match ? Number(match[1]) : null;
  };
  const [x, y] = [numeric(a), numeric(b)];
  if (x !== null && y !== null) return y - x;
  if (x !== null) return -1;
  if (y !== null) return 1;
  return a.localeCompare(b, 'zh-CN');
}

export interface CategorySeries {
  categories: string[];
  salesWan: number[];
  purchasesWan: number[];
}

/** Amounts by tax rate on both sides (invoice lines), rates in a fixed order. */
export function rateSeries(overview: Pick<InvoiceOverview, 'sales' | 'purchases'>): CategorySeries {
  const sales = new Map(overview.sales.byRate.map((row) => [row.rate, row.amountFen]));
  const purchases = new Map(overview.purchases.byRate.map((row) => [row.rate, row.amountFen]));
  const categories = [...new Set([...sales.keys(), ...purchases.keys()])].sort(compareRates);
  return {
    categories,
    salesWan: categories.map((rate) => fenToWan(sales.get(rate) ?? 0)),
    purchasesWan: categories.map((rate) => fenToWan(purchases.get(rate) ?? 0)),
  };
}

export interface KindSlice {
  name: string;
  valueWan: number;
  count: number;
}

/** Invoice kinds of one side as pie slices (largest first; red invoices are netted into their kind). */
export function kindSlices(side: Pick<SideOverview, 'byKind'>): KindSlice[] {
  return side.byKind
    .filter((row) => row.amountFen > 0)
    .map((row) => ({ name: row.kind, valueWan: fenToWan(row.amountFen), count: row.count }));
}

export interface RedVoidRow {
  key: 'salesRed' | 'salesVoid' | 'purchaseRed' | 'purchaseVoid';
  side: 'sales' | 'purchases';
  kind: 'red' | 'void';
  count: number;
  /** Against the side's blue invoices (red) or all its invoices (void), as the engine reckons it. */
  countRatioPct: number;
  /** Red only: amount of red invoices against blue ones; void invoices carry no amount ratio. */
  amountRatioPct: number | null;
  amountFen: number;
}

export function redVoidRows(overview: Pick<InvoiceOverview, 'sales' | 'purchases'>): RedVoidRow[] {
  const rows: RedVoidRow[] = [];
  for (const side of ['sales', 'purchases'] as const) {
    const data = overview[side];
    rows.push({
      key: side === 'sales' ? 'salesRed' : 'purchaseRed',
      side,
      kind: 'red',
      count: data.red.count,
      countRatioPct: data.red.countRatioPct,
      amountRatioPct: data.red.amountRatioPct,
      amountFen: data.red.amountFen,
    });
    rows.push({
      key: side === 'sales' ? 'salesVoid' : 'purchaseVoid',
      side,
      kind: 'void',
      count: data.void.count,
      countRatioPct: data.void.countRatioPct,
      amountRatioPct: null,
      amountFen: data.void.amountFen,
    });
  }
  return rows;
}

/** Severity order of findings: risks first, then 数据不足, then the rules that found nothing. */
export const FINDING_LEVEL_ORDER: readonly FindingLevel[] = ['high', 'medium', 'low', 'insufficient', 'none'];
export const RISK_LEVELS: readonly FindingLevel[] = ['high', 'medium', 'low'];

export function sortFindings<F extends Finding>(findings: readonly F[]): F[] {
  const rank = (level: FindingLevel) => {
    const index = FINDING_LEVEL_ORDER.indexOf(level);
    return index < 0 ? FINDING_LEVEL_ORDER.length : index;
  };
  // Array.prototype.sort is stable: the engine's order stays within a level.
  return [...findings].sort((a, b) => rank(a.level) - rank(b.level));
}

export function isRisk(finding: Pick<Finding, 'level'>): boolean {
  return RISK_LEVELS.includes(finding.level);
}

export type FindingFilter = 'risk' | 'all' | FindingLevel;

export function filterFindings<F extends Finding>(findings: readonly F[], filter: FindingFilter): F[] {
  const sorted = sortFindings(findings);
  if (filter === 'all') return sorted;
  if (filter === 'risk') return sorted.filter(isRisk);
  return sorted.filter((finding) => finding.level === filter);
}

export function countByLevel(findings: readonly Finding[]): Record<FindingLevel, number> {
  const counts: Record<FindingLevel, number> = { high: 0, medium: 0, low: 0, none: 0, insufficient: 0 };
  for (const finding of findings) if (finding.level in counts) counts[finding.level] += 1;
  return counts;
}

function groupDigits(value: number): string {
  const [whole = '0', fraction] = String(value).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return fraction === undefined ? grouped : `${grouped}.${fraction}`;
}

/** A finding's figure as display text: money in fen → 元 through formatFen, ratios with %, counts grouped. */
/** A percentage for tables and figures: always two decimals, so a column reads in one format (12.30%, 5.00%). */
export function pctText(value: number): string {
  return `${value.toFixed(2)}%`;
}

export function formatFigure(figure: Pick<FindingFigure, 'value' | 'unit'>): string {
  const { value, unit } = figure;
  if (typeof value === 'string') return unit && unit !== 'fen' ? `${value} ${unit}` : value;
  if (unit === 'fen') return `${formatFen(Math.round(value))} 元`;
  if (unit === '%') return pctText(value);
  return unit ? `${groupDigits(value)} ${unit}` : groupDigits(value);
}

/** Herfindahl–Hirschman bands (the usual antitrust cut-offs on 0–10 000). */
export type ConcentrationBand = 'dispersed' | 'moderate' | 'concentrated';

export function concentrationBand(hhi: number): ConcentrationBand {
  if (hhi >= 2500) return 'concentrated';
  if (hhi >= 1500) return 'moderate';
  return 'dispersed';
}

/** The report's overall level, or null when the stored value is something else. */
export function overallLevelOf(level: string | null | undefined): OverallLevel | null {
  return level === 'high' || level === 'medium' || level === 'low' || level === 'none' ? level : null;
}

/** Which rules and thresholds a report was made with, as the reader sees it (cover, PDF). */
export function rulesVersionText(version: { id: number | null; date: string | null }): string {
  if (version.id === null) return t('reports.rulesVersion.default');
  return t('reports.rulesVersion.stored', { id: version.id, date: version.date ?? '-' });
}

export interface AnnotationLike {
  ruleId: string;
  status: 'verified' | 'explained';
  note: string | null;
  updatedBy: string | null;
  updateTime: string;
}

export function annotationsByRule<T extends AnnotationLike>(annotations: readonly T[]): Map<string, T> {
  return new Map(annotations.map((annotation) => [annotation.ruleId, annotation]));
}

function sourceText(source: ReportSource): string {
  return t('reports.findings.sourceItem', {
    file: source.fileName,
    uploader: source.uploadedBy ?? '-',
    time: source.finishedAt ?? '-',
  });
}

/** Which imports the figures came from (DESIGN §5): the files themselves when few, else the first and a count. */
export function sourcesLine(sources: readonly ReportSource[]): string {
  const [first] = sources;
  if (!first) return t('reports.findings.sourceNone');
  if (sources.length <= 2) return sources.map(sourceText).join('；');
  return t('reports.findings.sourceMore', { first: sourceText(first), count: sources.length });
}
