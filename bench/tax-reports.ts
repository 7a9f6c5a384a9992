/**
 * 经营（税务）风险检测报告 and 综合税务风险报告 on three years of monthly data (monthly income
 * statements and VAT returns, quarterly and annual CIT returns, year-end balance sheets) and
 * 100 000 invoice lines over the same 36 months. Prints figures only: median build time and peak RSS.
 * Run: npx tsx bench/tax-reports.ts
 */
import { createInvoiceFixture } from '../packages/engine/src/fixtures/invoice-export-fixture.js';
import type { NormalizedInvoice, NormalizedInvoiceLine } from '../packages/engine/src/model/invoice.js';
import { buildComprehensiveReport } from '../packages/engine/src/reports/comprehensive/comprehensive-report.builder.js';
import { buildInvoiceReport } from '../packages/engine/src/reports/invoice/invoice-report.builder.js';
import { buildTaxReport } from '../packages/engine/src/reports/tax/tax-report.builder.js';
import { demoTaxDataset } from '../packages/engine/src/reports/tax/testing/demo-tax.dataset.js';

const RUNS = 5;
const LINES = 100_000;

const generateStart = performance.now();
const dataset = demoTaxDataset({ variant: 'risky', monthlyStatements: true, withInvoices: false });
const fixture = createInvoiceFixture({
  seed: 7,
  companyTaxNo: dataset.company.taxNo,
  companyName: dataset.company.name,
  startMonth: dataset.period.start,
  months: 36,
  lineCount: LINES,
});
const invoices: NormalizedInvoice[] = [];
const lines: NormalizedInvoiceLine[] = [];
for (const item of fixture.invoices()) {
  invoices.push(item.invoice);
  lines.push(...item.lines);
}
const generateMs = performance.now() - generateStart;

const input = { ...dataset, invoices: { invoices, lines } };

/** Median and range of `RUNS` calls, in ms, and the last result. */
function time<T>(build: () => T): { median: number; min: number; max: number; result: T } {
  const timings: number[] = [];
  let result = build();
  for (let run = 0; run < RUNS; run += 1) {
    const start = performance.now();
    result = build();
    timings.push(performance.now() - start);
  }
  timings.sort((a, b) => a - b);
  return { median: timings[Math.floor(RUNS / 2)] ?? 0, min: timings[0] ?? 0, max: timings.at(-1) ?? 0, result };
}

const show = (figures: { median: number; min: number; max: number }) =>
  `median ${figures.median.toFixed(0)} ms of ${RUNS} runs (min ${figures.min.toFixed(0)}, max ${figures.max.toFixed(0)})`;

const tax = time(() => buildTaxReport(input));
const invoice = time(() =>
  buildInvoiceReport({
    company: { taxNo: dataset.company.taxNo, name: dataset.company.name },
    period: dataset.period,
    invoices,
    lines,
  }),
);
const comprehensive = time(() => buildComprehensiveReport({ ...input, invoiceFindings: invoice.result.findings }));
const endToEnd = {
  median: invoice.median + comprehensive.median,
  min: invoice.min + comprehensive.min,
  max: invoice.max + comprehensive.max,
};

console.log('经营（税务）风险与综合税务风险报告基准 (tax reports bench)');
console.log(`  figure sets: ${dataset.figureSets.length} (3 years, monthly income statements and VAT returns)`);
console.log(`  invoices: ${invoices.length} invoices, ${lines.length} lines over 36 months`);
console.log(`  data generation: ${generateMs.toFixed(0)} ms (not part of the report time)`);
console.log(`  TAX report: ${show(tax)}, ${tax.result.findings.length} findings, level ${tax.result.overview.level}`);
console.log(`  invoice report (input of COMPREHENSIVE): ${show(invoice)}`);
console.log(
  `  COMPREHENSIVE report, invoice findings given: ${show(comprehensive)}, score ${comprehensive.result.score.value}`,
);
console.log(`  COMPREHENSIVE including the invoice report: median ${endToEnd.median.toFixed(0)} ms`);
console.log(`  peak RSS: ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB`);
console.log(`  node ${process.version}, ${process.platform} ${process.arch}`);
