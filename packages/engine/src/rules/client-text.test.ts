import { describe, expect, it } from 'vitest';
import { DEFAULT_BENCHMARK_TABLE } from '../benchmarks/industry-benchmarks.table.js';
import { buildComprehensiveReport } from '../reports/comprehensive/comprehensive-report.builder.js';
import { buildInvoiceReport } from '../reports/invoice/invoice-report.builder.js';
import { INVOICE_RULES } from '../reports/invoice/invoice-rules.js';
import { PLANTS } from '../reports/invoice/testing/anomaly.fixtures.js';
import { cleanWorkbench } from '../reports/invoice/testing/workbench.fixtures.js';
import { TAX_RULES } from '../reports/tax/tax-rules.js';
import { demoTaxDataset } from '../reports/tax/testing/demo-tax.dataset.js';
import type { Finding } from './finding.types.js';

/**
 * The report is handed to the client under the firm's name: its texts cite regulations by number
 * and label the firm's own thresholds, never a website, a hearsay source, an internal note or a
 * rule id.
 */
const FORBIDDEN: readonly [RegExp, string][] = [
  [/https?:\/\//i, 'web address'],
  [/\b[a-z0-9-]+\.(?:cn|com|net|org|gov|io|top)\b/i, 'web domain'],
  [/网传/, '网传'],
  [/非官方/, '非官方'],
  [/题库/, '题库'],
  [/某开源/, '某开源实现'],
  [/domain facts/i, 'domain facts'],
  [/后备上限/, 'internal word'],
  [/本产品设定/, 'internal word'],
  [/\b(?:INV|TAX|CIT|VAT|TEST)_[A-Z0-9_]+\b/, 'rule id'],
  [/fixture|示例数据/i, 'fixture name'],
];

const ALL_RULES = [...INVOICE_RULES, ...TAX_RULES];
const ruleIds = new Set(ALL_RULES.map((rule) => rule.id));

function problemsOf(where: string, text: string): string[] {
  const found = FORBIDDEN.filter(([pattern]) => pattern.test(text)).map(([, name]) => `${where}: ${name} in “${text}”`);
  for (const id of ruleIds) if (text.includes(id)) found.push(`${where}: rule id ${id}`);
  return found;
}

function findingProblems(findings: readonly Finding[]): string[] {
  return findings.flatMap((finding) =>
    [
      finding.title,
      finding.summary,
      finding.threshold,
      finding.explanation,
      finding.basis,
      finding.suggestion,
      ...(finding.missingData ?? []),
      ...finding.figures.map((figure) => `${figure.label} ${figure.value}`),
    ].flatMap((text) => problemsOf(finding.ruleId, text)),
  );
}

describe('client-facing rule text', () => {
  it('the scan itself catches a domain, 网传 and a rule id', () => {
    expect(problemsOf('x', '实务口径：cwabc.cn 文章')).not.toEqual([]);
    expect(problemsOf('x', '网传税负率表')).not.toEqual([]);
    expect(problemsOf('x', '由 INV_GOODS_MISMATCH 判断')).not.toEqual([]);
    expect(problemsOf('x', '财税〔2018〕33号')).toEqual([]);
  });

  it('no rule’s title, basis, explanation, suggestion or threshold carries a domain, hearsay or a rule id', () => {
    const problems = ALL_RULES.flatMap((rule) =>
      [rule.title, rule.basis, rule.explanation, rule.suggestion, ...rule.dataNeeded].flatMap((text) =>
        problemsOf(rule.id, text),
      ),
    );
    expect(problems).toEqual([]);
  });

  it('no finding of the invoice report, clean or with every anomaly planted, carries one either', () => {
    const bench = cleanWorkbench();
    for (const { plant } of Object.values(PLANTS)) plant(bench);
    expect(findingProblems(buildInvoiceReport(bench).findings)).toEqual([]);
    expect(findingProblems(buildInvoiceReport(cleanWorkbench()).findings)).toEqual([]);
  });

  it('no finding of the comprehensive report (risky data) carries one either', () => {
    const report = buildComprehensiveReport({
      ...demoTaxDataset({ variant: 'risky' }),
      invoiceFindings: buildInvoiceReport(cleanWorkbench()).findings,
    });
    expect(findingProblems(report.findings)).toEqual([]);
    const rows = DEFAULT_BENCHMARK_TABLE.rows.flatMap((row) => problemsOf(row.key, `${row.name} ${row.source}`));
    expect([...rows, ...problemsOf('table', DEFAULT_BENCHMARK_TABLE.name)]).toEqual([]);
  });
});
