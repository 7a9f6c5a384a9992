import type { TaxFinding } from '../tax/tax-report.types.js';
import { TAX_CATEGORIES } from '../tax/tax-rule.helpers.js';
import type {
  ComprehensiveScore,
  ScoreCoverage,
  ScoreGroupKey,
  ScoreMethod,
  ScoreRow,
} from './comprehensive-report.types.js';

/**
 * The comprehensive score: start at 100, deduct per finding by level, cap the deduction of each
 * group so one noisy area cannot sink the score alone. The caps add up to 100, so the score stays
 * within 0–100. Findings that are 未发现异常 or 数据不足 deduct nothing.
 */
export const SCORE_METHOD: ScoreMethod = {
  start: 100,
  perFinding: { high: 10, medium: 5, low: 2 },
  caps: { declaration: 30, compliance: 30, operations: 20, invoice: 20 },
  grades: [
    { min: 90, label: '优（风险较低）' },
    { min: 75, label: '良（存在一定风险）' },
    { min: 60, label: '中（风险较高）' },
    { min: 0, label: '差（风险高）' },
  ],
  maxInsufficientShare: 0.3,
};

const GROUP_NAMES: Readonly<Record<ScoreGroupKey, string>> = { ...TAX_CATEGORIES, invoice: '发票风险' };
const ORDER: readonly ScoreGroupKey[] = ['declaration', 'compliance', 'operations', 'invoice'];

export function describeMethod(method: ScoreMethod): string {
  const caps = ORDER.map((key) => `${GROUP_NAMES[key]}最多扣${method.caps[key]}分`).join('、');
  const grades = method.grades
    .map((grade, index) =>
      grade.min <= 0 && index > 0
        ? `低于${method.grades[index - 1]?.min}分为${grade.label}`
        : `${grade.min}分及以上为${grade.label}`,
    )
    .join('，');
  const share = Math.round(method.maxInsufficientShare * 100);
  return `满分${method.start}分。每项高风险扣${method.perFinding.high}分、中风险扣${method.perFinding.medium}分、低风险扣${method.perFinding.low}分，未发现异常和数据不足的规则不扣分；各类别扣分设上限：${caps}；总分不低于0分。${grades}。数据不足的规则超过${share}%时，不评为最高等级。`;
}

export function scoreFindings(findings: readonly TaxFinding[], method: ScoreMethod = SCORE_METHOD): ComprehensiveScore {
  const rows: ScoreRow[] = ORDER.map((key) => {
    const own = findings.filter((finding) => finding.categoryKey === key);
    const count = (level: 'high' | 'medium' | 'low') => own.filter((finding) => finding.level === level).length;
    const high = count('high');
    const medium = count('medium');
    const low = count('low');
    const rawDeduction =
      high * method.perFinding.high + medium * method.perFinding.medium + low * method.perFinding.low;
    const cap = method.caps[key];
    return {
      key,
      name: GROUP_NAMES[key],
      high,
      medium,
      low,
      rawDeduction,
      cap,
      deduction: Math.min(rawDeduction, cap),
    };
  });
  const total = rows.reduce((sum, row) => sum + row.deduction, 0);
  const value = Math.max(0, method.start - total);
  const coverage = coverageOf(findings, method);
  const gradeIndex = Math.max(
    0,
    method.grades.findIndex((candidate) => value >= candidate.min),
  );
  // A thin check cannot earn the top grade: the next one is given instead.
  const shown = coverage.limited && gradeIndex === 0 ? 1 : gradeIndex;
  const grade = method.grades[shown]?.label ?? method.grades.at(-1)?.label ?? '';
  const parts = rows.map((row) => `${row.deduction}（${row.name}）`).join(' − ');
  return {
    value,
    grade,
    method: describeMethod(method),
    rows,
    calculation: `${method.start} − ${parts} = ${value}`,
    parameters: method,
    coverage,
  };
}

function coverageOf(findings: readonly TaxFinding[], method: ScoreMethod): ScoreCoverage {
  const total = findings.length;
  const insufficient = findings.filter((finding) => finding.level === 'insufficient').length;
  const limited = total > 0 && insufficient / total > method.maxInsufficientShare;
  const base = `共${total}项规则，已检测${total - insufficient}项，数据不足${insufficient}项`;
  return {
    total,
    checked: total - insufficient,
    insufficient,
    limited,
    note: limited
      ? `${base}，超过${Math.round(method.maxInsufficientShare * 100)}%，评分仅供参考，不评为最高等级`
      : base,
  };
}
