/**
 * Invoice penetration report on about 100 000 invoice lines of synthetic normalised data (plus a
 * previous period of the same size). Prints figures only: median build time and peak RSS.
 * Run: npx tsx bench/invoice-report.ts
 */

import { buildInvoiceRuleInput } from '../packages/engine/src/reports/invoice/invoice-context.js';
import { buildInvoiceReport } from '../packages/engine/src/reports/invoice/invoice-report.builder.js';
import { INVOICE_RULES } from '../packages/engine/src/reports/invoice/invoice-rules.js';
import { EXPENSE_RULES } from '../packages/engine/src/reports/invoice/rules/expense.rules.js';
import { NEW_FAMILY_RULES } from '../packages/engine/src/reports/invoice/rules/new-families.rules.js';
import { RELATED_PARTY_RULES } from '../packages/engine/src/reports/invoice/rules/related-party.rules.js';
import { SCOPE_RULES } from '../packages/engine/src/reports/invoice/rules/scope.rules.js';
import {
  buildCleanYear,
  customerOf,
  normalStatuses,
  supplierOf,
} from '../packages/engine/src/reports/invoice/testing/clean-company.fixtures.js';
import { COMPANY } from '../packages/engine/src/reports/invoice/testing/invoice.fixtures.js';
import { runRules } from '../packages/engine/src/rules/rule-runner.js';

const RUNS = 5;
// 12 months × (3 300 sales + 2 200 purchases) invoices × 1.5 lines on average ≈ 99 000 lines.
const SIZE = { salesPerMonth: 3300, purchasesPerMonth: 2200, customerCount: 2000, supplierCount: 600 };

const generateStart = performance.now();
const current = buildCleanYear({ ...SIZE, year: 2024 });
const previous = buildCleanYear({ ...SIZE, year: 2023 });
const generateMs = performance.now() - generateStart;

const input = {
  company: COMPANY,
  period: { start: '2024-01', end: '2024-12' },
  invoices: current.invoices,
  lines: current.lines,
  previousPeriod: previous,
  counterpartyStatus: normalStatuses(current, previous),
  // 环开 reads edges between other clients of the firm: 1 000 customer→supplier edges from 5 companies.
  invoiceNetwork: {
    edges: Array.from({ length: 1000 }, (_, index) => ({
      sellerTaxNo: customerOf(index % SIZE.customerCount).taxNo,
      buyerTaxNo: supplierOf((index * 7) % SIZE.supplierCount).taxNo,
      amountFen: 5_000_000 + index,
    })),
    companyCount: 5,
  },
};

/** Median and range of `RUNS` builds, in ms. */
function time(reportInput: Parameters<typeof buildInvoiceReport>[0]): { median: number; min: number; max: number } {
  const timings: number[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    const start = performance.now();
    buildInvoiceReport(reportInput);
    timings.push(performance.now() - start);
  }
  timings.sort((a, b) => a - b);
  return { median: timings[Math.floor(RUNS / 2)] ?? 0, min: timings[0] ?? 0, max: timings.at(-1) ?? 0 };
}

const alone = time({ ...input, previousPeriod: undefined });
const withPrevious = time(input);
const findings = buildInvoiceReport(input).findings.length;
const show = (figures: { median: number; min: number; max: number }) =>
  `median ${figures.median.toFixed(0)} ms of ${RUNS} runs (min ${figures.min.toFixed(0)}, max ${figures.max.toFixed(0)})`;

console.log('发票穿透报告基准 (invoice report bench)');
console.log(`  current period: ${current.invoices.length} invoices, ${current.lines.length} lines`);
console.log(`  previous period: ${previous.invoices.length} invoices, ${previous.lines.length} lines`);
console.log(`  data generation: ${generateMs.toFixed(0)} ms (not part of the report time)`);
console.log(`  report, current period only: ${show(alone)}`);
console.log(`  report, with previous period and statuses: ${show(withPrevious)}, ${findings} findings`);
// The rules alone on a ready context: the families added for issue 11 beside the rest.
const context = buildInvoiceRuleInput(input);
const FAMILIES = [...NEW_FAMILY_RULES, ...EXPENSE_RULES, ...RELATED_PARTY_RULES, ...SCOPE_RULES];
const newIds = new Set(FAMILIES.map((rule) => rule.id));
const timeRules = (rules: typeof INVOICE_RULES) => {
  const timings: number[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    const start = performance.now();
    runRules(rules, context);
    timings.push(performance.now() - start);
  }
  timings.sort((a, b) => a - b);
  return timings[Math.floor(RUNS / 2)] ?? 0;
};
const older = timeRules(INVOICE_RULES.filter((rule) => !newIds.has(rule.id)));
const added = timeRules(FAMILIES);
console.log(
  `  rules only (context ready): ${INVOICE_RULES.length - newIds.size} earlier rules ${older.toFixed(0)} ms, ${newIds.size} new-family rules ${added.toFixed(0)} ms (medians)`,
);
console.log(`  peak RSS: ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB`);
console.log(`  node ${process.version}, ${process.platform} ${process.arch}`);
