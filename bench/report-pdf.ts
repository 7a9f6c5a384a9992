/**
 * Reports through the running product, end to end: request → the generate job (loads the data
 * from PostgreSQL, runs the rules, stores the result) → the PDF (Chromium prints the report's
 * print view). The invoice report covers a company with 100 000 imported invoice lines; the tax
 * and comprehensive reports cover the demo company's three years. Prints figures only.
 * Run: npx tsx bench/report-pdf.ts (needs the built web client: npm run build -w apps/web)
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { writeInvoiceExportFixture } from '../packages/engine/src/fixtures/invoice-export-fixture.js';
import { bindCompany, callApi, uploadInvoices } from './lib/api.js';
import { invoiceStages } from './lib/invoice-stages.js';
import { login, startProduct } from './lib/server.js';

const LINES = 100_000;
const DEMO_FIRM_ID = 1;

interface ReportState {
  status: string;
  createTime: string;
  finishTime: string | null;
  failureReason: string | null;
}

async function generate(
  url: string,
  token: string,
  request: { firmId: number; reportType: string; periodStart: string; periodEnd: string },
): Promise<{ id: number; wallSeconds: number; serverSeconds: number }> {
  const start = performance.now();
  const { reportId } = await callApi<{ reportId: number }>(url, token, '/api/ReportPool/create', { body: request });
  for (;;) {
    const detail = await callApi<ReportState>(url, token, `/api/ReportPool/detail?id=${reportId}`);
    if (detail.status === 'failed') throw new Error(`报告生成失败：${detail.failureReason}`);
    if (detail.status === 'done' && detail.finishTime) {
      return {
        id: reportId,
        wallSeconds: (performance.now() - start) / 1000,
        serverSeconds: (Date.parse(detail.finishTime) - Date.parse(detail.createTime)) / 1000,
      };
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function fetchPdf(url: string, token: string, id: number): Promise<{ seconds: number; kb: number }> {
  const start = performance.now();
  const response = await fetch(`${url}/api/ReportPool/pdf?id=${id}`, { headers: { token } });
  const bytes = await response.arrayBuffer();
  if (!response.ok || response.headers.get('content-type') !== 'application/pdf') {
    throw new Error(`PDF 导出失败：${response.status} ${new TextDecoder().decode(bytes).slice(0, 200)}`);
  }
  return { seconds: (performance.now() - start) / 1000, kb: bytes.byteLength / 1024 };
}

async function main(): Promise<void> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'taxlens-report-bench-'));
  const product = await startProduct();
  try {
    const token = await login(product.url, '13800000001');
    const file = path.join(dir, 'export.csv');
    const written = await writeInvoiceExportFixture(
      { seed: 11, lineCount: LINES, months: 12, format: 'csv' },
      { path: file },
    );
    const firmId = await bindCompany(product.url, token, written.company.name, written.company.taxNo);
    const imported = await uploadInvoices(product.url, token, firmId, file);
    const periods = imported.periods.slice().sort();

    console.log('报告生成与 PDF 基准 (report generation and PDF through the product)');
    const runs = [
      {
        label: `INVOICE, ${imported.lines} lines`,
        request: { firmId, reportType: 'INVOICE', periodStart: periods[0] ?? '', periodEnd: periods.at(-1) ?? '' },
      },
      ...(['TAX', 'COMPREHENSIVE'] as const).map((reportType) => ({
        label: `${reportType}, demo company 2023–2025`,
        request: { firmId: DEMO_FIRM_ID, reportType, periodStart: '2023-01', periodEnd: '2025-12' },
      })),
    ];
    for (const run of runs) {
      const report = await generate(product.url, token, run.request);
      const first = await fetchPdf(product.url, token, report.id);
      const cached = await fetchPdf(product.url, token, report.id);
      console.log(
        `  ${run.label}: generated in ${report.serverSeconds.toFixed(2)} s on the server ` +
          `(${report.wallSeconds.toFixed(2)} s request to done); PDF ${first.seconds.toFixed(2)} s ` +
          `(${first.kb.toFixed(0)} KiB), cached ${cached.seconds.toFixed(2)} s`,
      );
    }
    await invoiceStages(product.databaseUrl, firmId, periods[0] ?? '', periods.at(-1) ?? '');
    const load = os.loadavg().map((value) => value.toFixed(1));
    console.log(`  machine: ${os.cpus().length} cores, load average ${load.join(' ')}, node ${process.version}`);
  } catch (error) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    console.error(product.output().split('\n').slice(-30).join('\n'));
    throw error;
  } finally {
    await product.stop();
    await rm(dir, { recursive: true, force: true });
  }
}

await main();
