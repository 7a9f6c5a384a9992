import { INVOICE_RULES } from '../reports/invoice/invoice-rules.js';
import { TAX_RULES } from '../reports/tax/tax-rules.js';
import type { RuleCatalogueEntry } from './rule.types.js';
import { describeRules } from './rule-runner.js';

/**
 * Every rule the engine knows, for the API's `rules` call. Each report kind adds its rule set here;
 * a rule shared by several sets is listed once.
 */
export function ruleCatalogue(): RuleCatalogueEntry[] {
  const seen = new Set<string>();
  const entries: RuleCatalogueEntry[] = [];
  for (const entry of [...describeRules(INVOICE_RULES), ...describeRules(TAX_RULES)]) {
    if (seen.has(entry.id)) continue;
    seen.add(entry.id);
    entries.push(entry);
  }
  return entries;
}
