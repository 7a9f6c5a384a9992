import type {
  ComprehensiveScore,
  FigureSource,
  FindingCounts,
  ScoreRow,
  TaxCategoryGroup,
  TaxCategoryKey,
  TaxNotification,
} from '@taxlens/engine/types';
import { FINANCIAL_STATEMENTS, type FinancialStatementKind, formatPeriod, parsePeriod } from '@taxlens/shared';
import { t } from '../../../locales';
import type { StoredSetSource } from '../report-view.types';

/** Shaping of the tax and comprehensive reports' sections; no React, tested on its own. */

export interface CategoryCount {
  key: TaxCategoryKey;
  name: string;
  /** Risks (high, medium, low) of the category, as the notification carries it. */
  count: number;
  counts: FindingCounts;
}

/** The three tax categories with their risk counts read from the notification fields the engine names. */
export function categoryCounts(
  notification: TaxNotification,
  categories: readonly TaxCategoryGroup[],
): CategoryCount[] {
  return categories.map((group) => ({
    key: group.key,
    name: group.name,
    count: notification[group.countField] ?? group.riskCount,
    counts: group.counts,
  }));
}

export interface ScoreTableRow extends ScoreRow {
  /** The cap cut the deduction. */
  capped: boolean;
}

export interface ScoreTable {
  rows: ScoreTableRow[];
  total: Omit<ScoreRow, 'key' | 'name'>;
}

/** The score table's rows and their sum (the sum of deductions is what the score subtracts). */
export function scoreTable(score: Pick<ComprehensiveScore, 'rows'>): ScoreTable {
  const rows = score.rows.map((row) => ({ ...row, capped: row.rawDeduction > row.cap }));
  const sum = (pick: (row: ScoreRow) => number) => rows.reduce((total, row) => total + pick(row), 0);
  return {
    rows,
    total: {
      high: sum((row) => row.high),
      medium: sum((row) => row.medium),
      low: sum((row) => row.low),
      rawDeduction: sum((row) => row.rawDeduction),
      cap: sum((row) => row.cap),
      deduction: sum((row) => row.deduction),
    },
  };
}

export type ScoreTone = 'success' | 'normal' | 'warning' | 'error';
const GRADE_TONES: readonly ScoreTone[] = ['success', 'normal', 'warning', 'error'];

/** The score's colour by its grade: the best grade green, the worst red, whatever the cut-offs are. */
type GradedScore = Pick<ComprehensiveScore, 'value' | 'parameters'> & { grade?: string };

/** The grade the engine gave (it may withhold the top one on thin data), else the one the value reaches. */
function gradeIndex(score: GradedScore): number {
  const grades = score.parameters.grades;
  const byLabel = grades.findIndex((grade) => grade.label === score.grade);
  return byLabel >= 0 ? byLabel : grades.findIndex((grade) => score.value >= grade.min);
}

export function scoreTone(score: GradedScore): ScoreTone {
  const grades = score.parameters.grades;
  const index = gradeIndex(score);
  if (index < 0) return 'error';
  if (index === grades.length - 1 && grades.length > 1) return 'error';
  return GRADE_TONES[Math.min(index, GRADE_TONES.length - 2)] ?? 'error';
}

export interface GradeBand {
  label: string;
  /** 90分及以上 … 低于60分 */
  range: string;
  current: boolean;
}

/** The grades with their score ranges, the report's own grade marked (by its score, not its label). */
export function gradeBands(score: GradedScore): GradeBand[] {
  const grades = score.parameters.grades;
  const currentIndex = gradeIndex(score);
  return grades.map((grade, index) => {
    const above = grades[index - 1];
    return {
      label: grade.label,
      range:
        grade.min <= 0 && above
          ? t('taxReport.score.gradeBelow', { min: above.min })
          : t('taxReport.score.gradeFrom', { min: grade.min }),
      current: index === currentIndex,
    };
  });
}

/** A figure's source in reading order: what and when, how it was computed, which files. */
export function figureSourceLines(source: FigureSource): string[] {
  const lines = source.formula
    ? [`${source.label}${source.periodText ? `（${source.periodText}）` : ''}：${source.formula}`]
    : [source.periodText ? `${source.label} · ${source.periodText}` : source.label];
  if (source.origins.length > 0) lines.push(source.origins.join('；'));
  return lines;
}

const KIND_ORDER = ['year', 'quarter', 'month'] as const;

function periodIndex(period: string): { kind: (typeof KIND_ORDER)[number]; index: number } | null {
  const parts = parsePeriod(period);
  if (!parts) return null;
  if (parts.kind === 'month') return { kind: 'month', index: parts.year * 12 + parts.month - 1 };
  if (parts.kind === 'quarter') return { kind: 'quarter', index: parts.year * 4 + parts.quarter - 1 };
  return { kind: 'year', index: parts.year };
}

/** Periods as runs: 2023年1月至2025年12月（36期）、2022年度; years first, then quarters, then months. */
export function periodRunsText(periods: readonly string[]): string {
  const parsed = [...new Set(periods)].map((period) => ({ period, at: periodIndex(period) }));
  const pieces: string[] = [];
  for (const kind of KIND_ORDER) {
    const own = parsed
      .flatMap((item) => (item.at?.kind === kind ? [{ period: item.period, index: item.at.index }] : []))
      .sort((a, b) => a.index - b.index);
    let start = 0;
    for (let end = 0; end < own.length; end += 1) {
      const current = own[end];
      const next = own[end + 1];
      if (current && next && next.index === current.index + 1) continue;
      const first = own[start];
      if (first && current) {
        const count = end - start + 1;
        pieces.push(
          count === 1
            ? formatPeriod(first.period)
            : t('taxReport.sources.run', { from: formatPeriod(first.period), to: formatPeriod(current.period), count }),
        );
      }
      start = end + 1;
    }
  }
  pieces.push(...parsed.filter((item) => item.at === null).map((item) => item.period));
  return pieces.join('、');
}

/** The shared catalogue's name of a statement or return (资产负债表, 增值税申报汇总 …). */
export function statementLabel(statement: FinancialStatementKind | null): string {
  return statement ? FINANCIAL_STATEMENTS[statement] : t('taxReport.sources.unknownStatement');
}

export interface StoredSetGroup {
  key: string;
  statement: FinancialStatementKind | null;
  origin: string;
  used: boolean;
  count: number;
  periodsText: string;
}

const STATEMENT_ORDER: readonly (FinancialStatementKind | null)[] = [
  'balance_sheet',
  'income_statement',
  'vat_return',
  'cit_return',
  null,
];

/** Stored sets by statement, origin and use, periods as runs: dozens of monthly returns in one row. */
export function groupStoredSets(sets: readonly StoredSetSource[]): StoredSetGroup[] {
  const groups = new Map<
    string,
    { statement: FinancialStatementKind | null; origin: string; used: boolean; periods: string[] }
  >();
  for (const set of sets) {
    const key = `${set.statement ?? '-'}|${set.origin}|${set.used ? 1 : 0}`;
    const group = groups.get(key) ?? { statement: set.statement, origin: set.origin, used: set.used, periods: [] };
    group.periods.push(set.period);
    groups.set(key, group);
  }
  return [...groups.entries()]
    .map(([key, group]) => ({
      key,
      statement: group.statement,
      origin: group.origin,
      used: group.used,
      count: group.periods.length,
      periodsText: periodRunsText(group.periods),
    }))
    .sort(
      (a, b) =>
        STATEMENT_ORDER.indexOf(a.statement) - STATEMENT_ORDER.indexOf(b.statement) ||
        Number(b.used) - Number(a.used) ||
        a.origin.localeCompare(b.origin, 'zh-CN'),
    );
}
