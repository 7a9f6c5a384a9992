import {
  buildComprehensiveReport,
  buildInvoiceReport,
  buildTaxReport,
  missingTaxData,
  type TaxReportInput,
} from '@taxlens/engine';
import { benchmarkTable } from '../benchmarks.repo.js';
import { invoiceCoverage, loadFigureSets, loadInvoices } from '../report-data.repo.js';
import { loadInvoiceReportInput } from './invoice-input.js';
import { payrollAndDeductions } from './payroll-deduction-input.js';
import type { BuildContext, BuiltReport, ReportKindDefinition } from './report-kind.types.js';

async function taxInput({
  db,
  company,
  periodStart,
  periodEnd,
  thresholds,
  excludedFamilies,
}: BuildContext): Promise<TaxReportInput> {
  const invoices = await loadInvoices(db, company.id, periodStart, periodEnd);
  const coverage = await invoiceCoverage(db, company.id);
  return {
    company: {
      taxNo: company.taxNo,
      name: company.name,
      industryCode: company.industryCode,
      industryName: company.industryName,
      regionCode: company.regionCode,
      taxpayerType: company.taxpayerType,
      accountingStandard: company.accountingStandard,
      registeredCapitalFen: company.registeredCapitalFen,
    },
    period: { start: periodStart, end: periodEnd },
    figureSets: await loadFigureSets(db, company.id),
    invoices: invoices.invoices.length > 0 ? invoices : null,
    // One contiguous stretch can be stated; with gaps the engine infers it from the invoices.
    invoicePeriod: coverage.length === 1 ? coverage[0] : null,
    benchmarks: await benchmarkTable(db),
    ...(await payrollAndDeductions(db, company.id)),
    ...(thresholds ? { thresholds } : {}),
    ...(excludedFamilies?.length ? { excludedFamilies } : {}),
  };
}

function built(
  report: ReturnType<typeof buildTaxReport> | ReturnType<typeof buildComprehensiveReport>,
  notification: Record<string, number>,
): BuiltReport {
  const counts = report.overview.counts;
  return {
    result: report as unknown as BuiltReport['result'],
    overallLevel: report.overview.level,
    counts: { high: counts.high, medium: counts.medium, low: counts.low },
    sources: report.sources,
    notification,
  };
}

const missingData: ReportKindDefinition['missingData'] = async (db, companyId, periodStart, periodEnd) =>
  missingTaxData({ start: periodStart, end: periodEnd }, await loadFigureSets(db, companyId));

/** 经营（税务）风险检测报告: statements, returns and invoices against each other and the industry benchmark. */
export const taxReportKind: ReportKindDefinition = {
  missingData,
  async build(context) {
    const report = buildTaxReport(await taxInput(context));
    return built(report, { ...report.notification });
  },
};

/** 综合税务风险报告: the tax report plus the invoice report's findings of the same period, scored 0–100. */
export const comprehensiveReportKind: ReportKindDefinition = {
  missingData,
  async build(context) {
    const input = await taxInput(context);
    // The invoice part is built exactly as the INVOICE report is, from the invoices already loaded.
    const invoiceFindings = input.invoices
      ? buildInvoiceReport(await loadInvoiceReportInput(context, input.invoices)).findings
      : null;
    const report = buildComprehensiveReport({ ...input, invoiceFindings });
    const result = built(report, { ...report.notification, score: report.score.value });
    const counts = report.notification;
    return {
      ...result,
      counts: { high: counts.highRiskAllNum, medium: counts.mediumRiskAllNum, low: counts.lowRiskAllNum },
    };
  },
};
