import { FINDING_LEVEL_LABELS, type Finding, type FindingCounts } from '../../rules/finding.types.js';
import { emptyCounts } from '../../rules/rule-runner.js';
import type { OverallLevel } from '../invoice/invoice-report.types.js';
import { OVERALL_LEVEL_RULE, overallLevelOf } from '../invoice/overview.section.js';
import type {
  DataProblem,
  ReportSummary,
  TaxCategoryGroup,
  TaxCategoryKey,
  TaxFinding,
  TaxNotification,
} from './tax-report.types.js';
import { TAX_CATEGORIES } from './tax-rule.helpers.js';

export const OVERALL_LABELS: Readonly<Record<OverallLevel, string>> = {
  high: FINDING_LEVEL_LABELS.high,
  medium: FINDING_LEVEL_LABELS.medium,
  low: FINDING_LEVEL_LABELS.low,
  none: '未发现明显风险',
};

const KEY_BY_NAME = new Map<string, TaxCategoryKey>(
  (Object.entries(TAX_CATEGORIES) as [TaxCategoryKey, string][]).map(([key, name]) => [name, key]),
);

const COUNT_FIELDS: Readonly<Record<TaxCategoryKey, TaxCategoryGroup['countField']>> = {
  declaration: 'sscwhsfxListNum',
  compliance: 'szhsfxListNum',
  operations: 'jyfxListNum',
};

const RISK_LEVELS = new Set<Finding['level']>(['high', 'medium', 'low']);
export const isRisk = (finding: Finding) => RISK_LEVELS.has(finding.level);

/** A tax rule's finding with its category key; figures keep the source each rule attached. */
export function toTaxFinding(finding: Finding): TaxFinding {
  return { ...finding, figures: finding.figures, categoryKey: KEY_BY_NAME.get(finding.category) ?? 'declaration' };
}

export function countLevels(findings: readonly Finding[]): FindingCounts {
  const counts = emptyCounts();
  for (const finding of findings) counts[finding.level] += 1;
  return counts;
}

export function overviewOf(counts: FindingCounts) {
  const level = overallLevelOf(counts);
  return { level, levelLabel: OVERALL_LABELS[level], levelRule: OVERALL_LEVEL_RULE, counts };
}

export function categoryGroups(findings: readonly TaxFinding[]): TaxCategoryGroup[] {
  return (Object.keys(TAX_CATEGORIES) as TaxCategoryKey[]).map((key) => {
    const own = findings.filter((finding) => finding.categoryKey === key);
    return {
      key,
      name: TAX_CATEGORIES[key],
      countField: COUNT_FIELDS[key],
      riskCount: own.filter(isRisk).length,
      counts: countLevels(own),
      findings: own,
    };
  });
}

/** The counts the report-done notification carries (spec socket payload): risks per category. */
export function taxNotificationOf(groups: readonly TaxCategoryGroup[]): TaxNotification {
  const notification: TaxNotification = { sscwhsfxListNum: 0, szhsfxListNum: 0, jyfxListNum: 0 };
  for (const group of groups) notification[group.countField] = group.riskCount;
  return notification;
}

const RANK: Readonly<Record<Finding['level'], number>> = { high: 0, medium: 1, low: 2, none: 3, insufficient: 4 };

/** Risks most severe first, report order within a level. */
export function rankRisks<F extends Finding>(findings: readonly F[]): F[] {
  return findings
    .map((finding, index) => ({ finding, index }))
    .filter(({ finding }) => isRisk(finding))
    .sort((a, b) => RANK[a.finding.level] - RANK[b.finding.level] || a.index - b.index)
    .map(({ finding }) => finding);
}

/** The first clause of a summary, enough for one line. */
function firstClause(summary: string): string {
  const clause = summary.split('；')[0] ?? summary;
  return clause.endsWith('。') ? clause : `${clause}。`;
}

const TOP_RISKS = 5;
const FIRST_STEPS = 3;

export function buildSummary(
  subject: string,
  findings: readonly Finding[],
  counts: FindingCounts,
  problems: readonly DataProblem[],
): ReportSummary {
  const { level, levelLabel } = overviewOf(counts);
  const ranked = rankRisks(findings);
  const steps: string[] = [];
  const errors = problems.filter((problem) => problem.severity === 'error');
  if (errors.length > 0) {
    steps.push(`先更正${errors.length}处数据问题（见“数据质量”），有问题的报表或申报未参与检测。`);
  }
  for (const finding of ranked.filter((item) => item.level !== 'low')) {
    if (steps.length >= FIRST_STEPS) break;
    const step = `${finding.title}：${finding.suggestion}`;
    if (!steps.includes(step)) steps.push(step);
  }
  if (steps.length === 0) {
    steps.push(
      ranked.length > 0 ? '逐项核对低风险提示并留存说明材料。' : '未发现需要优先处理的风险，建议每年复核一次。',
    );
  }
  const missing = new Map<string, number>();
  for (const finding of findings) {
    if (finding.level !== 'insufficient') continue;
    for (const item of finding.missingData ?? []) missing.set(item, (missing.get(item) ?? 0) + 1);
  }
  const mainMissing = [...missing]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 3)
    .map(([item]) => item);
  return {
    level,
    levelLabel,
    headline: `${subject}：${levelLabel}，发现高风险${counts.high}项、中风险${counts.medium}项、低风险${counts.low}项，${counts.insufficient}项因数据不足未检测。`,
    topRisks: ranked.slice(0, TOP_RISKS).map((finding) => ({
      ruleId: finding.ruleId,
      title: finding.title,
      level: finding.level,
      category: finding.category,
      line: `${finding.title}（${FINDING_LEVEL_LABELS[finding.level]}）：${firstClause(finding.summary)}`,
    })),
    firstSteps: steps,
    notChecked:
      counts.insufficient > 0
        ? `${counts.insufficient}项规则数据不足，未检测；主要缺少：${mainMissing.join('；')}。`
        : '全部规则均已检测。',
  };
}
