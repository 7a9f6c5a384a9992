import type { InvoiceDataSet, InvoiceReportCompany, InvoiceReportInput } from '@taxlens/engine';
import { type CounterpartyDataNote, counterpartyStatuses } from '../../companydata/counterparty-status.js';
import { invoiceNetwork } from '../invoice-network.repo.js';
import { invoiceCoverage, loadInvoices, previousPeriod } from '../report-data.repo.js';
import type { BuildContext, ReportCompany } from './report-kind.types.js';

/** The company as the invoice rules see it: the stored taxpayer-type enum passes through unchanged. */
export function invoiceCompanyOf(company: ReportCompany): InvoiceReportCompany {
  const industry = company.industryName ?? company.industryCode;
  return {
    taxNo: company.taxNo,
    name: company.name,
    ...(industry ? { industry } : {}),
    taxpayerType: company.taxpayerType,
  };
}

/**
 * Everything the invoice report needs for a period: its invoices, the same span before it, the
 * months the imports cover and the company's facts. The INVOICE report and the COMPREHENSIVE
 * report's invoice part both build from this, so they cannot drift apart.
 */
export async function loadInvoiceReportInput(
  { db, company, periodStart, periodEnd, thresholds, excludedFamilies }: BuildContext,
  current?: InvoiceDataSet,
): Promise<InvoiceReportInput & { counterpartyData: CounterpartyDataNote | null }> {
  const previous = previousPeriod(periodStart, periodEnd);
  // Independent reads in parallel: PostgreSQL builds one while Node parses another.
  const [invoices, before, coverage] = await Promise.all([
    current ?? loadInvoices(db, company.id, periodStart, periodEnd),
    loadInvoices(db, company.id, previous.start, previous.end),
    invoiceCoverage(db, company.id),
  ]);
  // Counterparty statuses from the company-data provider; without any, the rule says 数据不足.
  const { statuses, note } = await counterpartyStatuses(db, company.taxNo, [invoices, before]);
  return {
    ...invoices,
    ...(statuses.size > 0 ? { counterpartyStatus: statuses } : {}),
    counterpartyData: note,
    invoiceNetwork: await invoiceNetwork(db, company.id, periodStart, periodEnd, invoices),
    company: invoiceCompanyOf(company),
    period: { start: periodStart, end: periodEnd },
    ...(before.invoices.length > 0 ? { previousPeriod: before } : {}),
    ...(coverage.length > 0 ? { invoiceCoverage: coverage } : {}),
    ...(company.invoiceLimitFen ? { invoiceLimitFen: company.invoiceLimitFen } : {}),
    ...(thresholds ? { thresholds } : {}),
    ...(excludedFamilies?.length ? { excludedFamilies } : {}),
  };
}
