import type { FinancialStatementKind } from '@taxlens/shared';
import type { BenchmarkChoice, BenchmarkTable } from '../../benchmarks/industry-benchmark.types.js';
import type { Finding, FindingCounts, FindingFigure } from '../../rules/finding.types.js';
import type { ThresholdOverrides } from '../../rules/rule.types.js';
import type { InvoiceDataSet, OverallLevel, ReportPeriod } from '../invoice/invoice-report.types.js';

export interface TaxReportCompany {
  taxNo: string;
  name: string;
  /** GB/T 4754 section letter ('C') or division ('C39'). */
  industryCode?: string | null;
  industryName?: string | null;
  /** GB/T 2260 code of the tax-bureau region (province level or 计划单列市). */
  regionCode?: string | null;
  taxpayerType?: 'general' | 'small_scale' | null;
  /** Decides where R&D sits when a statement does not say its layout. */
  accountingStandard?: 'enterprise' | 'small_enterprise' | null;
  /** 注册资本 in fen, from the business registry; TAX_CAPITAL_NOT_PAID needs it. */
  registeredCapitalFen?: number | null;
}

/** Where a stored figure set came from, for the evidence shown with each figure. */
export interface FigureSetOrigin {
  kind: 'import' | 'manual';
  importId?: number | null;
  fileName?: string | null;
  /** When it was imported or last edited, ISO text. */
  at?: string | null;
}

/** One stored statement or return for one period, as the server keeps it (fen; the CIT rate in bp). */
export interface FinancialFigureSet {
  statement: FinancialStatementKind;
  /** 'YYYY-MM', 'YYYY-Qn' or 'YYYY'. Balance sheets are balances at the period's end. */
  period: string;
  /** 'general' | 'small'; null or absent → from the company's accounting standard. */
  layout?: string | null;
  figures: Readonly<Record<string, number>>;
  origin?: FigureSetOrigin | null;
}

export interface TaxReportInput {
  company: TaxReportCompany;
  /** Months 'YYYY-MM', both ends included; each calendar year it touches is analysed. */
  period: ReportPeriod;
  /** Every stored set of the company; sets before the period serve as the comparison base. */
  figureSets: readonly FinancialFigureSet[];
  /** The period's invoices and lines; absent → the invoice reconciliations say 数据不足. */
  invoices?: InvoiceDataSet | null;
  /**
   * Months the invoice export covers; default: first to last month with an invoice. A year is
   * compared with the books only when its months are all covered.
   */
  invoicePeriod?: ReportPeriod | null;
  /** Absent → DEFAULT_BENCHMARK_TABLE. */
  benchmarks?: BenchmarkTable | null;
  thresholds?: ThresholdOverrides;
  /** Rule families (rule categories) the firm left out of this report kind: their rules do not run. */
  excludedFamilies?: readonly string[];
  /** Monthly payroll totals from the 个税扣缴申报 and 社保 imports; absent → the payroll rule says 数据不足. */
  payroll?: readonly PayrollTotalsMonth[] | null;
  /** 勾选 (用途确认) deductible input tax by the month it is deducted in; absent → 数据不足. */
  deductions?: readonly DeductionMonth[] | null;
}

export interface PayrollTotalsMonth {
  period: string;
  source: 'iit' | 'social_insurance';
  headcount: number;
  wageFen: number;
}

export interface DeductionMonth {
  period: string;
  deductibleTaxFen: number;
}

/** Where one figure came from. */
export interface FigureSource {
  kind: FinancialStatementKind | 'invoices' | 'benchmark' | 'derived';
  /** 利润表, 增值税申报汇总, 销项发票, 行业基准, 计算 */
  label: string;
  /** Periods of the stored sets used. */
  periods: string[];
  periodText: string;
  /** 导入文件 a.xlsx（2025-03-01）/ 手工录入; one entry per distinct origin. */
  origins: string[];
  /** For a derived figure: how it was computed. */
  formula?: string;
}

export interface TaxFigure extends FindingFigure {
  source?: FigureSource;
}

export type TaxCategoryKey = 'declaration' | 'compliance' | 'operations';

export interface TaxFinding extends Finding {
  figures: TaxFigure[];
  categoryKey: TaxCategoryKey | 'invoice';
}

export type DataProblemCode =
  | 'INVALID_SET'
  | 'UNBALANCED'
  | 'SUM_MISMATCH'
  | 'PERIOD_CONFLICT'
  | 'PERIOD_OVERLAP'
  | 'TAX_EXCEEDS_SALES'
  | 'YTD_DECREASE'
  | 'MISSING_PERIOD';

export interface DataProblem {
  code: DataProblemCode;
  /** error: the set is left out of every rule; warning: used, and said here. */
  severity: 'error' | 'warning';
  statement: FinancialStatementKind | null;
  periods: string[];
  message: string;
}

export interface DataQualitySection {
  checkedSets: number;
  usedSets: number;
  excluded: { statement: FinancialStatementKind | null; period: string; reason: string }[];
  problems: DataProblem[];
  /** One Chinese sentence for the reader. */
  note: string;
}

export interface ReportSummary {
  level: OverallLevel;
  levelLabel: string;
  /** One sentence: the level and how many risks of each level. */
  headline: string;
  topRisks: { ruleId: string; title: string; level: Finding['level']; category: string; line: string }[];
  /** What to do first, most urgent first. */
  firstSteps: string[];
  /** Rules that could not run and what they need, in one sentence. */
  notChecked: string;
}

export interface YearTrendPoint {
  period: string;
  label: string;
  revenueFen: number | null;
  costFen: number | null;
  totalProfitFen: number | null;
  vatPayableFen: number | null;
  citPayableFen: number | null;
  vatBurdenPct: number | null;
  citContributionPct: number | null;
}

export interface VatPeriodPoint {
  period: string;
  salesFen: number | null;
  taxPayableFen: number | null;
  burdenPct: number | null;
}

export interface TaxCharts {
  yearly: YearTrendPoint[];
  /** Every VAT return of the analysed years, month or quarter, in order. */
  vatPeriods: VatPeriodPoint[];
  benchmark: { label: string; vatBurdenPct: number | null; citContributionPct: number | null; source: string };
}

export interface TaxCategoryGroup {
  key: TaxCategoryKey;
  name: string;
  /** The notification field that carries this group's count. */
  countField: 'sscwhsfxListNum' | 'szhsfxListNum' | 'jyfxListNum';
  /** Findings at high, medium or low level. */
  riskCount: number;
  counts: FindingCounts;
  findings: TaxFinding[];
}

export interface TaxNotification {
  sscwhsfxListNum: number;
  szhsfxListNum: number;
  jyfxListNum: number;
}

export interface TaxReport {
  kind: 'TAX';
  company: TaxReportCompany;
  period: ReportPeriod;
  years: number[];
  benchmark: BenchmarkChoice;
  overview: { level: OverallLevel; levelLabel: string; levelRule: string; counts: FindingCounts };
  notification: TaxNotification;
  summary: ReportSummary;
  charts: TaxCharts;
  dataQuality: DataQualitySection;
  categories: TaxCategoryGroup[];
  /** Every finding in report order. */
  findings: TaxFinding[];
  /** Stored sets the report read, with where they came from. */
  sources: { statement: FinancialStatementKind; period: string; origin: string; used: boolean }[];
}
