import type { RuleDefinition } from '../../rules/rule.types.js';
import type { InvoiceRuleInput } from './invoice-context.js';
import { AMOUNT_RULES } from './rules/amount.rules.js';
import { COUNTERPARTY_RULES } from './rules/counterparty.rules.js';
import { counterpartyStatusRule } from './rules/counterparty-status.rules.js';
import { EXPENSE_RULES } from './rules/expense.rules.js';
import { GOODS_RULES } from './rules/goods.rules.js';
import { INPUT_RULES } from './rules/input.rules.js';
import { NEW_FAMILY_RULES } from './rules/new-families.rules.js';
import { RATE_RULES } from './rules/rate.rules.js';
import { RED_VOID_RULES } from './rules/red-void.rules.js';
import { RELATED_PARTY_RULES } from './rules/related-party.rules.js';
import { SCOPE_RULES } from './rules/scope.rules.js';
import { TIMING_RULES } from './rules/timing.rules.js';
import { TREND_RULES } from './rules/trend.rules.js';

/** Every rule of the invoice penetration report, in report order. */
export const INVOICE_RULES: readonly RuleDefinition<InvoiceRuleInput>[] = [
  ...TIMING_RULES,
  ...TREND_RULES,
  ...AMOUNT_RULES,
  ...COUNTERPARTY_RULES,
  counterpartyStatusRule,
  ...RED_VOID_RULES,
  ...INPUT_RULES,
  ...GOODS_RULES,
  ...RATE_RULES,
  ...NEW_FAMILY_RULES,
  ...EXPENSE_RULES,
  ...RELATED_PARTY_RULES,
  ...SCOPE_RULES,
];
