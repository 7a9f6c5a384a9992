import {
  buildComprehensiveReport,
  buildInvoiceReport,
  buildTaxReport,
  DEFAULT_BENCHMARK_TABLE,
  demoTaxDataset,
} from '@taxlens/engine';
import { type ReportDetail, reportDetailSchema } from '@taxlens/shared';
import type { AppInstance } from '../../app.js';
import { envelope, ok } from '../../lib/envelope.js';

const tags = ['reports'];

/**
 * Example reports (spec: exampleReport, exampleReportShy, and SendMsgByReport/findReportPreview for
 * the invoice report), free to open: built from the engine's
 * fictitious demo company with planted risks, so a prospect sees a full report before paying.
 */
/**
 * The sample company the examples are about: its own name and number, so an example is never
 * mistaken for a report on the demo group's real client (whose data differs).
 */
const SAMPLE_COMPANY = { name: '样本科技有限公司', taxNo: '91440300MA5SAMPLE8' };

type ExampleType = 'INVOICE' | 'TAX' | 'COMPREHENSIVE';

const EXAMPLE_NAMES: Record<ExampleType, string> = {
  INVOICE: '发票穿透报告（示例）',
  TAX: '经营（税务）风险检测报告（示例）',
  COMPREHENSIVE: '综合税务风险报告（示例）',
};

function exampleOf(reportType: ExampleType): ReportDetail {
  const demo = demoTaxDataset({ variant: 'risky' });
  const data = { ...demo, company: { ...demo.company, ...SAMPLE_COMPANY } };
  const input = { ...data, benchmarks: DEFAULT_BENCHMARK_TABLE };
  const invoiceReport = () =>
    data.invoices
      ? buildInvoiceReport({
          ...data.invoices,
          company: {
            taxNo: data.company.taxNo,
            name: data.company.name,
            ...(data.company.industryName ? { industry: data.company.industryName } : {}),
            taxpayerType: data.company.taxpayerType ?? null,
          },
          period: data.period,
        })
      : null;
  const tax = reportType === 'TAX' ? buildTaxReport(input) : null;
  const comprehensive =
    reportType === 'COMPREHENSIVE'
      ? buildComprehensiveReport({ ...input, invoiceFindings: invoiceReport()?.findings ?? null })
      : null;
  const report = tax ?? comprehensive ?? invoiceReport();
  if (!report) throw new Error('the demo dataset has no invoices');
  const counts = report.overview.counts;
  return {
    id: 0,
    reportType,
    reportName: EXAMPLE_NAMES[reportType],
    firmId: null,
    taxpayerName: `${data.company.name}（示例数据）`,
    taxNo: data.company.taxNo,
    periodStart: data.period.start,
    periodEnd: data.period.end,
    status: 'done',
    failureReason: null,
    overallLevel: report.overview.level,
    highCount: counts.high,
    mediumCount: counts.medium,
    lowCount: counts.low,
    score: comprehensive?.score.value ?? null,
    categoryCounts: tax?.notification ?? null,
    paidWith: '免费',
    refunded: false,
    creator: null,
    read: true,
    createTime: `${data.period.end}-28T00:00:00.000Z`,
    finishTime: null,
    result: report as unknown as Record<string, unknown>,
    findings: report.findings as unknown as ReportDetail['findings'],
    annotations: [],
    // An invoice report lists the imports behind it; the example has none.
    sources: 'sources' in report ? report.sources : [],
    watermark: { text: '示例报告', imageUrl: null },
    groupName: '税镜 TaxLens',
    groupLogo: null,
  };
}

const cache = new Map<string, ReportDetail>();
function cachedExample(reportType: ExampleType): ReportDetail {
  const hit = cache.get(reportType) ?? exampleOf(reportType);
  cache.set(reportType, hit);
  return hit;
}

export async function exampleReportsRoutes(app: AppInstance) {
  app.get(
    '/api/BusinessPanoramicReport/exampleReport',
    {
      config: { access: { permission: 'nsfw' } },
      schema: {
        tags,
        summary: '示例：经营（税务）风险检测报告（免费）',
        response: { 200: envelope(reportDetailSchema) },
      },
    },
    async () => ok(cachedExample('TAX')),
  );
  app.get(
    '/api/BusinessPanoramicReport/exampleReportShy',
    {
      config: { access: { permission: 'swfxtj' } },
      schema: { tags, summary: '示例：综合税务风险报告（免费）', response: { 200: envelope(reportDetailSchema) } },
    },
    async () => ok(cachedExample('COMPREHENSIVE')),
  );
  app.get(
    '/api/SendMsgByReport/findReportPreview',
    {
      config: { access: { permission: 'invoiceThrough' } },
      schema: { tags, summary: '示例：发票穿透报告（免费）', response: { 200: envelope(reportDetailSchema) } },
    },
    async () => ok(cachedExample('INVOICE')),
  );
}
