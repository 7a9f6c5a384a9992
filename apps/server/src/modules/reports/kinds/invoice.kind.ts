import { buildInvoiceReport } from '@taxlens/engine';
import { countInvoices, invoiceSources } from '../report-data.repo.js';
import { loadInvoiceReportInput } from './invoice-input.js';
import type { BuiltReport, ReportKindDefinition } from './report-kind.types.js';

/** 发票穿透报告: the invoices of the period, with the same span before it for comparisons. */
export const invoiceReportKind: ReportKindDefinition = {
  async missingData(db, companyId, periodStart, periodEnd) {
    const count = await countInvoices(db, companyId, periodStart, periodEnd);
    return count > 0 ? [] : [`${periodStart} 至 ${periodEnd} 没有发票数据，请先导入电子税务局的全量发票查询导出文件`];
  },
  async build(context) {
    const { db, company, periodStart, periodEnd } = context;
    // The sources (which imports) are read while the lines load and the rules run.
    const sourcesRead = invoiceSources(db, company.id, periodStart, periodEnd);
    sourcesRead.catch(() => {});
    const input = await loadInvoiceReportInput(context);
    const report = { ...buildInvoiceReport(input), counterpartyData: input.counterpartyData };
    const counts = report.overview.counts;
    const sources = await sourcesRead;
    return {
      result: report as unknown as BuiltReport['result'],
      overallLevel: report.overview.level,
      counts: { high: counts.high, medium: counts.medium, low: counts.low },
      sources: sources.map((source) => ({
        importId: source.id,
        fileName: source.file_name,
        uploadedBy: source.source === 'share' ? '客户上传链接' : (source.nick_name ?? null),
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
