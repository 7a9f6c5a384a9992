import { failedFinding } from './define-rule.js';
import type { Finding, FindingCounts } from './finding.types.js';
import type { RuleCatalogueEntry, RuleDefinition, ThresholdOverrides, ThresholdValues } from './rule.types.js';

export interface RuleRunResult {
  findings: Finding[];
  counts: FindingCounts;
}

/** Merges the caller's overrides for one rule over its defaults; rejects unknown keys and wrong types. */
export function resolveThresholds<Input>(rule: RuleDefinition<Input>, overrides?: ThresholdOverrides): ThresholdValues {
  const override = overrides?.[rule.id];
  if (!override) return rule.thresholds;
  const merged: Record<string, ThresholdValues[string]> = { ...rule.thresholds };
  for (const [key, value] of Object.entries(override)) {
    const current = rule.thresholds[key];
    if (current === undefined) throw new Error(`阈值配置无效：规则${rule.id}没有参数“${key}”`);
    if (typeof value !== typeof current || (typeof value === 'number' && !Number.isFinite(value))) {
      throw new Error(`阈值配置无效：规则${rule.id}的参数“${key}”应为${typeof current}`);
    }
    merged[key] = value;
  }
  return merged;
}

/** Layers overrides (e.g. industry, then region, then the firm's own); later layers win per key. */
export function mergeThresholdOverrides(...layers: (ThresholdOverrides | undefined)[]): ThresholdOverrides {
  const merged: Record<string, Record<string, ThresholdValues[string]>> = {};
  for (const layer of layers) {
    if (!layer) continue;
    for (const [ruleId, values] of Object.entries(layer)) merged[ruleId] = { ...merged[ruleId], ...values };
  }
  return merged;
}

export function emptyCounts(): FindingCounts {
  return { high: 0, medium: 0, low: 0, none: 0, insufficient: 0 };
}

/** The rules outside the excluded families (a firm's report customisation); all of them when none. */
export function withoutFamilies<Rule extends { readonly category: string }>(
  rules: readonly Rule[],
  excluded: readonly string[] | undefined,
): readonly Rule[] {
  return excluded && excluded.length > 0 ? rules.filter((rule) => !excluded.includes(rule.category)) : rules;
}

/** Runs every rule; a rule that throws becomes an 'insufficient' finding so one bug cannot sink a report. */
export function runRules<Input>(
  rules: readonly RuleDefinition<Input>[],
  input: Input,
  overrides?: ThresholdOverrides,
): RuleRunResult {
  const findings: Finding[] = [];
  const counts = emptyCounts();
  for (const rule of rules) {
    let finding: Finding;
    try {
      finding = rule.evaluate(input, resolveThresholds(rule, overrides));
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const problem = message.startsWith('阈值配置无效') ? message : `规则执行出错（${message}）`;
      finding = failedFinding(rule, '—', problem);
    }
    counts[finding.level] += 1;
    findings.push(finding);
  }
  return { findings, counts };
}

/** The catalogue lines of a rule set, for the API's `rules` call. */
export function describeRules<Input>(rules: readonly RuleDefinition<Input>[]): RuleCatalogueEntry[] {
  return rules.map((rule) => ({
    id: rule.id,
    title: rule.title,
    category: rule.category,
    reportTypes: [...rule.reportTypes],
    dataNeeded: [...rule.dataNeeded],
    basis: rule.basis,
    thresholds: { ...rule.thresholds },
  }));
}
