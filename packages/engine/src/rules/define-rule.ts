import type { Finding, FindingEvidence, FindingFigure, FindingLevel } from './finding.types.js';
import type { RuleDefinition, RuleReportType, ThresholdValues } from './rule.types.js';

/** Drill-down lists stop here; `total` still counts every invoice. */
export const EVIDENCE_CAP = 200;

/** What a rule's check decides; the rule's fixed texts are added by `defineRule`. */
export interface RuleOutcome {
  level: Exclude<FindingLevel, 'insufficient'>;
  summary: string;
  figures: FindingFigure[];
  /** Overrides the rule's threshold text when the check had to choose (e.g. an inferred limit). */
  threshold?: string;
  evidence: FindingEvidence | null;
  suggestion?: string;
}

export interface InsufficientOutcome {
  level: 'insufficient';
  missingData: string[];
  summary?: string;
}

export interface RuleSpec<Input, Thresholds extends ThresholdValues> {
  id: string;
  title: string;
  category: string;
  reportTypes: readonly RuleReportType[];
  dataNeeded: readonly string[];
  basis: string;
  explanation: string;
  suggestion: string;
  thresholds: Thresholds;
  describeThreshold(thresholds: Thresholds): string;
  check(input: Input, thresholds: Thresholds): RuleOutcome | InsufficientOutcome;
}

const NONE_SUGGESTION = '未发现异常，保持现有做法并定期复核。';

/** Builds a rule whose findings always carry the rule's own id, title, category and basis. */
export function defineRule<Input, Thresholds extends ThresholdValues>(
  spec: RuleSpec<Input, Thresholds>,
): RuleDefinition<Input, Thresholds> {
  return {
    id: spec.id,
    title: spec.title,
    category: spec.category,
    reportTypes: spec.reportTypes,
    dataNeeded: spec.dataNeeded,
    basis: spec.basis,
    explanation: spec.explanation,
    suggestion: spec.suggestion,
    thresholds: spec.thresholds,
    evaluate(input, thresholds) {
      const outcome = spec.check(input, thresholds);
      const base = {
        ruleId: spec.id,
        title: spec.title,
        category: spec.category,
        explanation: spec.explanation,
        basis: spec.basis,
      };
      if (outcome.level === 'insufficient') {
        return {
          ...base,
          level: 'insufficient',
          summary: outcome.summary ?? `数据不足，未检测：缺少${outcome.missingData.join('、')}。`,
          figures: [],
          threshold: spec.describeThreshold(thresholds),
          evidence: null,
          suggestion: `补充${outcome.missingData.join('、')}后重新生成报告。`,
          missingData: outcome.missingData,
        };
      }
      return {
        ...base,
        level: outcome.level,
        summary: outcome.summary,
        figures: outcome.figures,
        threshold: outcome.threshold ?? spec.describeThreshold(thresholds),
        evidence: outcome.evidence,
        suggestion: outcome.level === 'none' ? NONE_SUGGESTION : (outcome.suggestion ?? spec.suggestion),
      };
    },
  };
}

/** The finding the runner reports for a rule that could not run (bad thresholds, a bug). */
export function failedFinding<Input>(rule: RuleDefinition<Input>, threshold: string, problem: string): Finding {
  return {
    ruleId: rule.id,
    title: rule.title,
    category: rule.category,
    level: 'insufficient',
    summary: `数据不足，未检测：${problem}`,
    figures: [],
    threshold,
    evidence: null,
    explanation: rule.explanation,
    basis: rule.basis,
    suggestion: '请联系平台管理员处理后重新生成报告。',
    missingData: [problem],
  };
}

/** Evidence from invoice keys in order met; duplicates are dropped, the list is capped. */
export function evidenceOf(keys: Iterable<string>, cap = EVIDENCE_CAP): FindingEvidence | null {
  const seen = new Set<string>();
  for (const key of keys) seen.add(key);
  if (seen.size === 0) return null;
  const invoiceKeys: string[] = [];
  for (const key of seen) {
    if (invoiceKeys.length >= cap) break;
    invoiceKeys.push(key);
  }
  return { invoiceKeys, total: seen.size };
}

/** The first level whose test passes, else 'none'; tests go from high to low. */
export function levelBy(tests: { high?: boolean; medium?: boolean; low?: boolean }): RuleOutcome['level'] {
  if (tests.high) return 'high';
  if (tests.medium) return 'medium';
  if (tests.low) return 'low';
  return 'none';
}
