import { buildInvoiceReport, type Finding } from '@taxlens/engine';
import type { PoolReportType } from '@taxlens/shared';
import type { Db } from '../../db/kysely.js';
import { countInvoices, invoiceSources, loadInvoices, previousPeriod } from './report-data.repo.js';

export interface ReportCompany {
  id: number;
  taxNo: string;
  name: string;
  industry: string | null;
  taxpayerType: string | null;
  invoiceLimitFen: number | null;
}

export interface BuildContext {
  db: Db;
  company: ReportCompany;
  periodStart: string;
  periodEnd: string;
}

export interface BuiltReport {
  result: { findings: Finding[] } & Record<string, unknown>;
  overallLevel: string;
  counts: { high: number; medium: number; low: number };
  sources: Record<string, unknown>[];
  /** Extra figures for the notification pop-up (spec §3 socket payload). */
  notification: Record<string, number>;
}

export interface ReportKindDefinition {
  /** What is missing for the period, in Chinese; empty when the report can be made. Checked before charging. */
  missingData(db: Db, companyId: number, periodStart: string, periodEnd: string): Promise<string[]>;
  build(context: BuildContext): Promise<BuiltReport>;
}

const invoiceReport: ReportKindDefinition = {
  async missingData(db, companyId, periodStart, periodEnd) {
    const count = await countInvoices(db, companyId, periodStart, periodEnd);
    return count > 0 ? [] : [`${periodStart} 至 ${periodEnd} 没有发票数据，请先导入电子税务局的全量发票查询导出文件`];
  },
  async build({ db, company, periodStart, periodEnd }) {
    const current = await loadInvoices(db, company.id, periodStart, periodEnd);
    const previous = previousPeriod(periodStart, periodEnd);
    const before = await loadInvoices(db, company.id, previous.start, previous.end);
    const report = buildInvoiceReport({
      ...current,
      company: {
        taxNo: company.taxNo,
        name: company.name,
        ...(company.industry ? { industry: company.industry } : {}),
        ...(company.taxpayerType ? { taxpayerType: company.taxpayerType } : {}),
      },
      period: { start: periodStart, end: periodEnd },
      ...(before.invoices.length > 0 ? { previousPeriod: before } : {}),
      ...(company.invoiceLimitFen ? { invoiceLimitFen: company.invoiceLimitFen } : {}),
    });
    const counts = report.overview.counts;
    const sources = await invoiceSources(db, company.id, periodStart, periodEnd);
    return {
      result: report as unknown as BuiltReport['result'],
      overallLevel: report.overview.level,
      counts: { high: counts.high, medium: counts.medium, low: counts.low },
      sources: sources.map((source) => ({
        importId: source.id,
        fileName: source.file_name,
        uploadedBy: source.source === 'share' ? '客户上传' : (source.nick_name ?? null),
        finishedAt: source.finished,
        invoices: source.invoices,
      })),
      notification: {
        highRiskListInvoiceNum: counts.high,
        mediumRiskListInvoiceNum: counts.medium,
        lowRiskListInvoiceNum: counts.low,
      },
    };
  },
};

/** Report kinds that can be generated now; a new kind adds its definition here. */
export const REPORT_KIND_DEFINITIONS: Partial<Record<PoolReportType, ReportKindDefinition>> = {
  INVOICE: invoiceReport,
};
