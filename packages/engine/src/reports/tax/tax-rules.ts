import type { RuleDefinition } from '../../rules/rule.types.js';
import { ACCOUNTING_RULES } from './rules/accounting.rules.js';
import { BALANCE_SHEET_RULES } from './rules/balance-sheet.rules.js';
import {
  citBurdenVsProfitRule,
  citContributionLowRule,
  citContributionSwingRule,
  incomeTaxExpenseGapRule,
  surchargeVsVatRule,
} from './rules/cit.rules.js';
import { DATA_QUALITY_RULES } from './rules/data-quality.rules.js';
import { DEDUCTION_BASE_RULES } from './rules/deduction-base.rules.js';
import { EQUITY_RULES } from './rules/equity.rules.js';
import { LOCAL_TAX_RULES } from './rules/local-tax.rules.js';
import { MARGIN_RULES } from './rules/margin.rules.js';
import { OPERATIONS_RULES } from './rules/operations.rules.js';
import { PAYROLL_DEDUCTION_RULES } from './rules/payroll-deduction.rules.js';
import { RECONCILIATION_RULES } from './rules/reconciliation.rules.js';
import { RESEARCH_RULES } from './rules/research.rules.js';
import { VAT_RULES } from './rules/vat.rules.js';
import { VAT_INPUT_RULES } from './rules/vat-input.rules.js';
import {
  creditBalancePersistentRule,
  smallScaleThresholdRule,
  zeroDeclarationRule,
} from './rules/vat-periods.rules.js';
import type { TaxRuleInput } from './tax-context.js';

/** Every rule of the 经营（税务）风险检测报告, in report order: 申报与财务核算, 税种合规, 经营. */
export const TAX_RULES: readonly RuleDefinition<TaxRuleInput>[] = [
  ...RECONCILIATION_RULES,
  zeroDeclarationRule,
  incomeTaxExpenseGapRule,
  ...ACCOUNTING_RULES,
  ...MARGIN_RULES,
  ...DATA_QUALITY_RULES,
  ...VAT_RULES,
  ...VAT_INPUT_RULES,
  creditBalancePersistentRule,
  smallScaleThresholdRule,
  citContributionLowRule,
  citContributionSwingRule,
  citBurdenVsProfitRule,
  surchargeVsVatRule,
  ...RESEARCH_RULES,
  ...OPERATIONS_RULES,
  ...BALANCE_SHEET_RULES,
  ...EQUITY_RULES,
  ...PAYROLL_DEDUCTION_RULES,
  ...LOCAL_TAX_RULES,
  ...DEDUCTION_BASE_RULES,
];
