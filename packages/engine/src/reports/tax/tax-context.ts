import type { StatementLayout, TaxpayerType } from '@taxlens/shared';
import { benchmarkFor } from '../../benchmarks/benchmark-lookup.js';
import type { BenchmarkChoice } from '../../benchmarks/industry-benchmark.types.js';
import { DEFAULT_BENCHMARK_TABLE } from '../../benchmarks/industry-benchmarks.table.js';
import type { ReportPeriod } from '../invoice/invoice-report.types.js';
import { type CheckedSets, checkFigureSets } from './data-quality.js';
import {
  balanceAt,
  type Cover,
  coverFlow,
  coverYearToDate,
  flowPieces,
  monthIndex,
  monthLabel,
  rangesText,
  type StoredSet,
  sourceOf,
} from './figure-sets.js';
import { type InvoiceTotals, invoiceMonths, invoiceTotals, type MonthTotals } from './invoice-totals.js';
import type {
  DataProblem,
  DeductionMonth,
  FigureSource,
  PayrollTotalsMonth,
  TaxReportCompany,
  TaxReportInput,
} from './tax-report.types.js';
import { taxpayerTypeOf } from './taxpayer-type.js';

/** The figures of one stretch of months, each read the way its statement works. */
export interface PeriodData {
  /** 2024年度, or 2024年1月至6月 for part of a year. */
  label: string;
  first: number;
  last: number;
  monthCount: number;
  layout: StatementLayout;
  income: Cover;
  vat: Cover;
  cit: Cover;
  /** Balance sheet at the end of the month before `first`. */
  opening: Cover;
  closing: Cover;
  invoices: InvoiceTotals | null;
}

/** One calendar year of the report period, with the same months a year earlier as its base. */
export interface YearSlice extends PeriodData {
  year: number;
  previous: PeriodData;
}

export interface VatPeriod {
  period: string;
  first: number;
  last: number;
  figures: Readonly<Record<string, number>>;
  source: FigureSource;
}

/** What every tax rule receives. */
export interface TaxRuleInput {
  company: TaxReportCompany;
  period: ReportPeriod;
  /** The company's stored type, else the one its VAT returns state; null when neither says. */
  taxpayerType: TaxpayerType | null;
  /** Where taxpayerType came from, for the findings that depend on it. */
  taxpayerTypeSource: 'company' | 'vat_return' | null;
  years: YearSlice[];
  /** The VAT returns of the report period, in order, non-overlapping. */
  vatPeriods: VatPeriod[];
  /** Months of the report period without a usable VAT return, as text. */
  vatMissing: string[];
  benchmark: BenchmarkChoice;
  problems: DataProblem[];
  /** Every readable stored set, with the reason it was left out, if it was. */
  sets: { statement: StoredSet['statement']; period: string; origin: string; excludedReason: string | null }[];
  setCount: number;
  invoicesGiven: boolean;
  payroll: readonly PayrollTotalsMonth[] | null;
  deductions: readonly DeductionMonth[] | null;
  /** Months the invoices cover (text), null when none fall in the report period. */
  invoiceCoverage: string | null;
}

const labelOf = (year: number, first: number, last: number) =>
  last - first === 11 && first % 12 === 0
    ? `${year}年度`
    : first === last
      ? monthLabel(first)
      : `${monthLabel(first)}至${(last % 12) + 1}月`;

function periodData(
  checked: CheckedSets,
  company: TaxReportCompany,
  invoices: { months: Map<number, MonthTotals> | null; covered: { first: number; last: number } | null },
  first: number,
  last: number,
): PeriodData {
  const of = (statement: StoredSet['statement']) => checked.sets.filter((set) => set.statement === statement);
  const year = Math.floor(first / 12);
  const label = labelOf(year, first, last);
  const income = coverFlow('income_statement', of('income_statement'), checked.excluded, first, last);
  const layout: StatementLayout = income.ok
    ? (income.used[0]?.layout ?? 'general')
    : company.accountingStandard === 'small_enterprise'
      ? 'small'
      : 'general';
  const sheets = of('balance_sheet');
  return {
    label,
    first,
    last,
    monthCount: last - first + 1,
    layout,
    income,
    vat: coverFlow('vat_return', of('vat_return'), checked.excluded, first, last),
    cit: coverYearToDate(of('cit_return'), checked.excluded, first, last),
    opening: balanceAt(sheets, checked.excluded, first - 1),
    closing: balanceAt(sheets, checked.excluded, last),
    invoices: invoiceTotals(invoices.months, invoices.covered, first, last, label),
  };
}

/** The stated invoice period, else first to last month with an invoice, within the report period. */
function coverageOf(
  input: TaxReportInput,
  months: Map<number, MonthTotals>,
  start: number,
  end: number,
): { first: number; last: number } | null {
  const stated = input.invoicePeriod;
  if (stated && MONTH_PATTERN.test(stated.start) && MONTH_PATTERN.test(stated.end)) {
    const first = Math.max(start, monthIndex(stated.start));
    const last = Math.min(end, monthIndex(stated.end));
    return first <= last ? { first, last } : null;
  }
  const inside = [...months.keys()].filter((month) => month >= start && month <= end);
  return inside.length > 0 ? { first: Math.min(...inside), last: Math.max(...inside) } : null;
}

function coverageText(covered: { first: number; last: number } | null): string | null {
  if (!covered) return null;
  return rangesText(Array.from({ length: covered.last - covered.first + 1 }, (_, index) => covered.first + index));
}

const MONTH_PATTERN = /^(19|20|21)\d\d-(0[1-9]|1[0-2])$/;
/** A longer span is surely a mistake; the report stays readable and fast. */
const MAX_YEARS = 10;

function missingProblems(years: readonly YearSlice[]): DataProblem[] {
  const problems: DataProblem[] = [];
  for (const slice of years) {
    const missing = [slice.income, slice.vat, slice.cit, slice.closing].flatMap((cover) =>
      cover.ok ? [] : cover.missing,
    );
    if (missing.length === 0) continue;
    problems.push({
      code: 'MISSING_PERIOD',
      severity: 'warning',
      statement: null,
      periods: [String(slice.year)],
      message: `${slice.label}缺少：${missing.join('；')}。相关规则未检测该期间。`,
    });
  }
  return problems;
}

export function buildTaxRuleInput(input: TaxReportInput): TaxRuleInput {
  const checked = checkFigureSets(input.figureSets, input.company);
  const valid = MONTH_PATTERN.test(input.period.start) && MONTH_PATTERN.test(input.period.end);
  const start = valid ? monthIndex(input.period.start) : 0;
  const end = valid ? Math.min(monthIndex(input.period.end), start + MAX_YEARS * 12 - 1) : -1;
  const months = input.invoices ? invoiceMonths(input.invoices) : null;
  const invoices = { months, covered: months ? coverageOf(input, months, start, end) : null };
  const years: YearSlice[] = [];
  for (let year = Math.floor(start / 12); valid && year <= Math.floor(end / 12); year += 1) {
    const first = Math.max(start, year * 12);
    const last = Math.min(end, year * 12 + 11);
    years.push({
      ...periodData(checked, input.company, invoices, first, last),
      year,
      previous: periodData(checked, input.company, invoices, first - 12, last - 12),
    });
  }
  const vatSets = checked.sets.filter((set) => set.statement === 'vat_return');
  const pieces = valid ? flowPieces(vatSets, checked.excluded, start, end) : null;
  const benchmarks = input.benchmarks ?? DEFAULT_BENCHMARK_TABLE;
  return {
    company: input.company,
    period: input.period,
    ...taxpayerTypeOf(input),
    years,
    vatPeriods: (pieces?.used ?? []).map((set) => ({
      period: set.period,
      first: set.start,
      last: set.end,
      figures: set.figures,
      source: sourceOf('vat_return', [set]),
    })),
    vatMissing: pieces && pieces.missingMonths.length > 0 ? [rangesText(pieces.missingMonths)] : [],
    benchmark: benchmarkFor(
      benchmarks,
      { code: input.company.industryCode, name: input.company.industryName },
      input.company.regionCode,
    ),
    problems: [...checked.problems, ...missingProblems(years)],
    sets: checked.sets.map((set) => ({
      statement: set.statement,
      period: set.period,
      origin: set.origin,
      excludedReason: checked.excluded.get(set.index) ?? null,
    })),
    setCount: input.figureSets.length,
    invoicesGiven: Boolean(input.invoices),
    payroll: input.payroll ?? null,
    deductions: input.deductions ?? null,
    invoiceCoverage: coverageText(invoices.covered),
  };
}

/** The stored sets and whether any rule could use them, for the report's source list. */
export function usedSetIndexes(context: TaxRuleInput): Set<string> {
  const used = new Set<string>();
  const note = (cover: Cover) => {
    if (cover.ok) for (const set of cover.used) used.add(`${set.statement}:${set.period}`);
  };
  for (const slice of context.years) {
    for (const data of [slice, slice.previous]) {
      for (const cover of [data.income, data.vat, data.cit, data.opening, data.closing]) note(cover);
    }
  }
  for (const period of context.vatPeriods) used.add(`vat_return:${period.period}`);
  return used;
}
