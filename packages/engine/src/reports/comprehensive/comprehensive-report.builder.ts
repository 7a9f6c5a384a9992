import type { Finding } from '../../rules/finding.types.js';
import { evaluateTax, sharedReportParts, yearsText } from '../tax/tax-report.builder.js';
import type { TaxFinding } from '../tax/tax-report.types.js';
import {
  buildSummary,
  categoryGroups,
  countLevels,
  OVERALL_LABELS,
  overviewOf,
  rankRisks,
} from '../tax/tax-summary.js';
import type {
  ComprehensiveNotification,
  ComprehensiveReport,
  ComprehensiveReportInput,
  InvoicePart,
} from './comprehensive-report.types.js';
import { scoreFindings } from './comprehensive-score.js';

const NO_INVOICE_NOTE =
  '未提供同期发票穿透报告的检测结果，本报告不含发票风险部分，发票类扣分为0；生成发票穿透报告后重新生成可补全。';

function invoicePart(findings: readonly Finding[] | null | undefined): InvoicePart {
  if (!findings) return { included: false, note: NO_INVOICE_NOTE, counts: countLevels([]), findings: [] };
  const own: TaxFinding[] = findings.map((finding) => ({ ...finding, categoryKey: 'invoice' }));
  return {
    included: true,
    note: `已纳入同期发票穿透报告的${own.length}项检测结果。`,
    counts: countLevels(own),
    findings: own,
  };
}

/** 综合税务风险报告: the tax report plus the invoice report's findings, scored 0–100 with the method shown. */
export function buildComprehensiveReport(input: ComprehensiveReportInput): ComprehensiveReport {
  const { context, findings: taxFindings } = evaluateTax(input);
  const invoice = invoicePart(input.invoiceFindings);
  const findings = [...taxFindings, ...invoice.findings];
  const counts = countLevels(findings);
  const ranked = rankRisks(findings);
  const summary = buildSummary(
    `${input.company.name}${yearsText(context)}综合税务风险`,
    findings,
    counts,
    context.problems,
  );
  if (!invoice.included) summary.notChecked = `${summary.notChecked}${NO_INVOICE_NOTE}`;
  const notification: ComprehensiveNotification = {
    highRiskAllNum: counts.high,
    mediumRiskAllNum: counts.medium,
    lowRiskAllNum: counts.low,
  };
  const { sources, ...shared } = sharedReportParts(input, context);
  const score = scoreFindings(findings);
  return {
    kind: 'COMPREHENSIVE',
    ...shared,
    // One scale: the overall level is the score's, so the cover never says 高风险 beside 优.
    overview: {
      ...overviewOf(counts),
      level: score.level,
      levelLabel: OVERALL_LABELS[score.level],
      levelRule: score.levelRule,
    },
    score,
    notification,
    summary,
    categories: categoryGroups(taxFindings),
    invoice,
    ranking: {
      high: ranked.filter((finding) => finding.level === 'high'),
      medium: ranked.filter((finding) => finding.level === 'medium'),
      low: ranked.filter((finding) => finding.level === 'low'),
    },
    findings,
    sources,
  };
}
