import type { OverallLevel } from '../invoice/invoice-report.types.js';
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
    { min: 90, label: '优（风险较低）', level: 'low' },
    { min: 75, label: '良（存在一定风险）', level: 'medium' },
    { min: 60, label: '中（风险较高）', level: 'high' },
    { min: 0, label: '差（风险高）', level: 'high' },
  ],
  maxInsufficientShare: 0.3,
};

const LEVEL_NAMES: Readonly<Record<OverallLevel, string>> = {
  high: '高风险',
  medium: '中风险',
  low: '低风险',
  none: '未发现明显风险',
};

function describeLevels(method: ScoreMethod): string {
  return method.grades
    .map((grade, index) => {
      const above = method.grades[index - 1];
      const range = above ? `${grade.min}–${above.min - 1}分` : `${grade.min}分及以上`;
      return `${range}${grade.label.replace(/（.*$/, '')}（${LEVEL_NAMES[grade.level]}）`;
    })
    .join('，');
}

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
  const levels = method.grades
    .map((grade) => `${grade.label.replace(/（.*$/, '')}为${LEVEL_NAMES[grade.level]}`)
    .join('、');
  return `满分${method.start}分。每项高风险扣${method.perFinding.high}分、中风险扣${method.perFinding.medium}分、低风险扣${method.perFinding.low}分，未发现异常和数据不足的规则不扣分；各类别扣分设上限：${caps}；总分不低于0分。${grades}。有高风险发现或数据不足的规则超过${share}%时，不评为最高等级。综合风险等级由得分等级决定：${levels}；没有任何风险发现时为未发现明显风险。`;
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
  // A thin check, or any high-risk finding, cannot earn the top grade: the next one is given instead.
  const anyHigh = rows.some((row) => row.high > 0);
  const withheld = (coverage.limited || anyHigh) && gradeIndex === 0 && method.grades.length > 1;
  const shown = withheld ? 1 : gradeIndex;
  const chosen = method.grades[shown] ?? method.grades.at(-1);
  const grade = chosen?.label ?? '';
  const anyRisk = rows.some((row) => row.high + row.medium + row.low > 0);
  const level: OverallLevel = !anyRisk ? 'none' : (chosen?.level ?? 'high');
  const reason = withheld
    ? anyHigh
      ? '（有高风险发现，不评为最高等级）'
      : '（数据不足的规则较多，不评为最高等级）'
    : '';
  const parts = rows.map((row) => `${row.deduction}（${row.name}）`).join(' − ');
  return {
    value,
    grade,
    level,
    levelRule: `综合得分${value}分，等级${grade}${reason}，综合风险等级为${LEVEL_NAMES[level]}。等级与得分是同一标尺：${describeLevels(method)}。`,
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
