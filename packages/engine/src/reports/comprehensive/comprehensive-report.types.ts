import type { BenchmarkChoice } from '../../benchmarks/industry-benchmark.types.js';
import type { Finding, FindingCounts } from '../../rules/finding.types.js';
import type { OverallLevel, ReportPeriod } from '../invoice/invoice-report.types.js';
import type {
  DataQualitySection,
  ReportSummary,
  TaxCategoryGroup,
  TaxCategoryKey,
  TaxCharts,
  TaxFinding,
  TaxReport,
  TaxReportCompany,
  TaxReportInput,
} from '../tax/tax-report.types.js';

export interface ComprehensiveReportInput extends TaxReportInput {
  /** `findings` of the 发票穿透报告 for the same period; absent or null → the report says it has none. */
  invoiceFindings?: readonly Finding[] | null;
}

export type ScoreGroupKey = TaxCategoryKey | 'invoice';

/** One line of the score table: the deductions of one group before and after its cap. */
export interface ScoreRow {
  key: ScoreGroupKey;
  name: string;
  high: number;
  medium: number;
  low: number;
  /** Points the findings would deduct without the cap. */
  rawDeduction: number;
  cap: number;
  /** Points actually deducted: min(raw, cap). */
  deduction: number;
}

export interface ScoreMethod {
  start: number;
  perFinding: { high: number; medium: number; low: number };
  caps: Record<ScoreGroupKey, number>;
  /**
   * Lowest score of each grade, highest first, with the overall level the grade means: the
   * comprehensive report's level comes from its score, one scale for both.
   */
  grades: { min: number; label: string; level: OverallLevel }[];
  /** Above this share of 数据不足 rules the top grade is not given: a thinly checked company is not 优. */
  maxInsufficientShare: number;
}

/** How many rules had their data: a score over few checked rules says less. */
export interface ScoreCoverage {
  total: number;
  checked: number;
  insufficient: number;
  /** True when the 数据不足 share exceeds the method's limit and the top grade was withheld. */
  limited: boolean;
  /** The coverage in one Chinese sentence, for the summary and the score section. */
  note: string;
}

export interface ComprehensiveScore {
  value: number;
  grade: string;
  /** The overall level of the grade (未发现明显风险 when no rule found a risk); the report's level. */
  level: OverallLevel;
  /** How the grade and level were decided, in one Chinese sentence. */
  levelRule: string;
  /** The method in one paragraph of Chinese. */
  method: string;
  rows: ScoreRow[];
  /** The arithmetic: 100 − 10 − 6 − … = 74. */
  calculation: string;
  /** The method as data, so a reader (or a test) can recompute the score. */
  parameters: ScoreMethod;
  coverage: ScoreCoverage;
}

export interface ComprehensiveNotification {
  highRiskAllNum: number;
  mediumRiskAllNum: number;
  lowRiskAllNum: number;
}

export interface InvoicePart {
  included: boolean;
  /** Chinese: where the invoice findings came from, or that there were none. */
  note: string;
  counts: FindingCounts;
  findings: TaxFinding[];
}

export interface ComprehensiveReport {
  kind: 'COMPREHENSIVE';
  company: TaxReportCompany;
  period: ReportPeriod;
  years: number[];
  benchmark: BenchmarkChoice;
  overview: { level: OverallLevel; levelLabel: string; levelRule: string; counts: FindingCounts };
  score: ComprehensiveScore;
  notification: ComprehensiveNotification;
  summary: ReportSummary;
  charts: TaxCharts;
  dataQuality: DataQualitySection;
  /** The three tax categories, as in the TAX report. */
  categories: TaxCategoryGroup[];
  invoice: InvoicePart;
  /** Every risk (tax and invoice) by level, most severe first. */
  ranking: { high: TaxFinding[]; medium: TaxFinding[]; low: TaxFinding[] };
  /** Tax findings, then invoice findings. */
  findings: TaxFinding[];
  sources: TaxReport['sources'];
}
