/**
 * The report results as plain types, for clients that show them (the web client): `import type`
 * from '@taxlens/engine/types' brings no engine code into a bundle. Types only, on purpose.
 */
export type {
  BenchmarkChoice,
  BenchmarkMatch,
  GrossMarginBand,
  IndustryBenchmark,
} from './benchmarks/industry-benchmark.types.js';
export type {
  ComprehensiveNotification,
  ComprehensiveReport,
  ComprehensiveScore,
  InvoicePart,
  ScoreGroupKey,
  ScoreMethod,
  ScoreRow,
} from './reports/comprehensive/comprehensive-report.types.js';
export type {
  CounterpartyRow,
  CounterpartySide,
  GoodsRow,
  InvoiceCounterparties,
  InvoiceGoods,
  InvoiceOverview,
  InvoiceReport,
  InvoiceReportCompany,
  MoneyTotals,
  MonthTotals,
  OverallLevel,
  RateSpread,
  ReportPeriod,
  SideOverview,
} from './reports/invoice/invoice-report.types.js';
export type {
  DataProblem,
  DataProblemCode,
  DataQualitySection,
  FigureSource,
  ReportSummary,
  TaxCategoryGroup,
  TaxCategoryKey,
  TaxCharts,
  TaxFigure,
  TaxFinding,
  TaxNotification,
  TaxReport,
  TaxReportCompany,
  VatPeriodPoint,
  YearTrendPoint,
} from './reports/tax/tax-report.types.js';
export type {
  Finding,
  FindingCounts,
  FindingEvidence,
  FindingFigure,
  FindingLevel,
} from './rules/finding.types.js';
