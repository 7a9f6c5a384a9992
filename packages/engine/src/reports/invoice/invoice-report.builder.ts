import { runRules, withoutFamilies } from '../../rules/rule-runner.js';
import { buildCounterparties } from './counterparties.section.js';
import { buildGoods } from './goods.section.js';
import { buildInvoiceRuleInput } from './invoice-context.js';
import type { InvoiceReport, InvoiceReportInput } from './invoice-report.types.js';
import { INVOICE_RULES } from './invoice-rules.js';
import { buildOverview } from './overview.section.js';

/** 发票穿透报告: overview, counterparties, goods and every invoice rule's finding, as plain JSON. */
export function buildInvoiceReport(input: InvoiceReportInput): InvoiceReport {
  const context = buildInvoiceRuleInput(input);
  const { findings, counts } = runRules(
    withoutFamilies(INVOICE_RULES, input.excludedFamilies),
    context,
    input.thresholds,
  );
  return {
    kind: 'INVOICE',
    company: { ...input.company },
    period: { ...input.period },
    overview: buildOverview(counts, context, context.months),
    counterparties: buildCounterparties(context),
    goods: buildGoods(context),
    findings,
  };
}
