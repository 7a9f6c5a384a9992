import { benchmarkLabel } from '../../benchmarks/benchmark-lookup.js';
import type { BenchmarkChoice } from '../../benchmarks/industry-benchmark.types.js';
import type { InsufficientOutcome, RuleOutcome } from '../../rules/define-rule.js';
import { percent, round2 } from '../../rules/display.js';
import type { RuleReportType } from '../../rules/rule.types.js';
import type { Cover } from './figure-sets.js';
import type { PeriodData, TaxRuleInput, YearSlice } from './tax-context.js';
import type { FigureSource, TaxCategoryKey, TaxFigure } from './tax-report.types.js';

export const TAX_REPORT_TYPES: readonly RuleReportType[] = ['TAX', 'COMPREHENSIVE'];

export const TAX_CATEGORIES: Readonly<Record<TaxCategoryKey, string>> = {
  declaration: '申报与财务核算风险',
  compliance: '税种合规风险',
  operations: '经营风险',
};

/**
 * What a threshold rests on, in the words a client report can carry: regulations by official
 * number; figures no regulation fixes are the firm's experience thresholds (client-text.test.ts
 * checks that no website, internal note or rule id gets in).
 */
export const TAX_SOURCE = {
  assessment: '《纳税评估管理办法（试行）》（国税发〔2005〕43号）附件（规定指标公式，预警值由各地税务机关确定）',
  creditRule: '《纳税缴费信用管理办法》（国家税务总局公告2025年第12号，2025年7月1日起施行）',
  notice38: '《国家税务总局关于异常增值税扣税凭证管理等有关事项的公告》（国家税务总局公告2019年第38号）',
  ours: '本机构经验阈值（参照税务师实务中常用的预警口径设定，平台可按行业、地区调整）',
} as const;

export type Level = RuleOutcome['level'];
const RANK: Readonly<Record<Level, number>> = { high: 3, medium: 2, low: 1, none: 0 };
export const worse = (a: Level, b: Level): Level => (RANK[a] >= RANK[b] ? a : b);

// ---- figures with their source

export function fenFigure(label: string, fen: number, source?: FigureSource): TaxFigure {
  return { label, value: fen, unit: 'fen', ...(source ? { source } : {}) };
}

export function pctFigure(label: string, ratio: number, source?: FigureSource): TaxFigure {
  return { label, value: percent(ratio), unit: '%', ...(source ? { source } : {}) };
}

export function numFigure(label: string, value: number, unit: string, source?: FigureSource): TaxFigure {
  return { label, value: round2(value), unit, ...(source ? { source } : {}) };
}

export function textFigure(label: string, value: string, source?: FigureSource): TaxFigure {
  return { label, value, ...(source ? { source } : {}) };
}

/** A difference of two ratios as 百分点: 0.1 → "10个百分点". */
export function pointsText(difference: number): string {
  return `${percent(difference)}个百分点`;
}

export function derived(formula: string, periodText: string): FigureSource {
  return { kind: 'derived', label: '计算', periods: [], periodText, origins: [], formula };
}

export function benchmarkSource(choice: BenchmarkChoice): FigureSource {
  return {
    kind: 'benchmark',
    label: benchmarkLabel(choice),
    periods: [],
    periodText: '—',
    origins: [choice.table],
    formula: choice.reason,
  };
}

// ---- readers

/** A figure of a cover, or undefined when the cover failed or the key was not given. */
export function read(cover: Cover, key: string): number | undefined {
  return cover.ok ? cover.figures[key] : undefined;
}

export const sum = (cover: Cover, keys: readonly string[]) =>
  keys.reduce((total, key) => total + (read(cover, key) ?? 0), 0);

/** 应税销售额 of a VAT return or sum: general + simplified + exempt. */
export function vatSalesOf(figures: Readonly<Record<string, number>>): number {
  return (figures.taxableSalesGeneral ?? 0) + (figures.taxableSalesSimplified ?? 0) + (figures.exemptSales ?? 0);
}

/** R&D: its own line in the 一般企业 layout, inside 管理费用 (研究费用) in the 小企业 one. */
export function researchOf(data: PeriodData): number {
  return read(data.income, data.layout === 'small' ? 'researchCosts' : 'researchAndDevelopmentExpenses') ?? 0;
}

/** 期间费用 = 销售 + 管理 + 研发（一般企业单列）+ 财务; in the 小企业 layout R&D is already in 管理费用. */
export function periodExpensesOf(data: PeriodData): number {
  const base = sum(data.income, ['sellingExpenses', 'adminExpenses', 'financialExpenses']);
  return data.layout === 'small' ? base : base + (read(data.income, 'researchAndDevelopmentExpenses') ?? 0);
}

/**
 * Drops floating-point noise below 1e-12 so a ratio of fen amounts that is exactly on a threshold
 * (0.024 ÷ 0.03 − 1 = −0.2) compares as exact; display rounding happens elsewhere.
 */
export function clean(value: number): number {
  return Number.isFinite(value) ? Math.round(value * 1e12) / 1e12 : value;
}

/** (current − base) ÷ base; null when the base is not positive. */
export function changeRate(current: number, base: number): number | null {
  return base > 0 ? clean((current - base) / base) : null;
}

/** Revenue of a part year scaled to twelve months, for ratios against year-end balances. */
export function annualized(fen: number, monthCount: number): number {
  return monthCount >= 12 ? fen : Math.round((fen * 12) / monthCount);
}

/** Why a period has no invoice totals: none given, or the invoices do not cover all its months. */
export function invoicesMissing(input: TaxRuleInput, data: PeriodData): string[] {
  if (data.invoices) return [];
  if (!input.invoicesGiven) return ['发票数据（电子税务局全量发票查询导出）'];
  const covered = input.invoiceCoverage ? `只覆盖${input.invoiceCoverage}` : '在报告期间内没有发票';
  return [`${data.label}完整的发票数据（已导入的发票${covered}）`];
}

export function missingOf(...covers: Cover[]): string[] {
  return covers.flatMap((cover) => (cover.ok ? [] : cover.missing));
}

// ---- one check per year, combined into one finding

export interface YearCheck {
  label: string;
  level: Level;
  /** A clause with the figures, e.g. 2024年度税负率0.91%，低于基准的60%. */
  line: string;
  figures: TaxFigure[];
}

export type YearResult = YearCheck | { label: string; missing: string[] } | { label: string; skip: string };

const isCheck = (result: YearResult): result is YearCheck => 'level' in result;

/**
 * Runs `check` on every year of the report and keeps the worst level. Years without data are
 * named in the summary; only when no year could be checked is the finding 数据不足.
 */
export function overYears(
  input: TaxRuleInput,
  check: (slice: YearSlice) => YearResult,
): RuleOutcome | InsufficientOutcome {
  if (input.years.length === 0) return { level: 'insufficient', missingData: ['有效的报告期间（起止月份）'] };
  const results = input.years.map(check);
  const checks = results.filter(isCheck);
  const missing = results.flatMap((result) => ('missing' in result ? [result] : []));
  const skipped = results.flatMap((result) => ('skip' in result ? [result] : []));
  if (checks.length === 0) {
    if (skipped.length > 0 && missing.length === 0) {
      return { level: 'none', summary: skipped[0]?.skip ?? '不适用。', figures: [], evidence: null };
    }
    return { level: 'insufficient', missingData: [...new Set(missing.flatMap((result) => result.missing))] };
  }
  const level = checks.reduce<Level>((worst, result) => worse(worst, result.level), 'none');
  const worst = checks.find((result) => result.level === level) as YearCheck;
  const lines = [worst.line, ...checks.filter((result) => result !== worst).map((result) => result.line)];
  const notes = [
    ...(missing.length > 0 ? [`${missing.map((result) => result.label).join('、')}数据不足，未检测`] : []),
    ...skipped.map((result) => result.skip.replace(/。$/, '')),
  ];
  const noteText = notes.length > 0 ? `（${notes.join('；')}）` : '';
  return {
    level,
    summary: `${lines.join('；')}${noteText}。`,
    figures: checks.flatMap((result) => result.figures),
    evidence: null,
  };
}

/** The level of a ratio against tiered limits, highest first; `above` flips the comparison. */
/**
 * A ratio's swing between two periods: nothing below `minPoints` of absolute change (a tiny base
 * makes any change look large), else by the relative swing.
 */
export function swingLevel(
  points: number,
  swing: number,
  limits: { minPoints: number; highSwing: number; mediumSwing: number },
): Level {
  if (Math.abs(points) < limits.minPoints) return 'none';
  return tier(swing, { high: limits.highSwing, medium: limits.mediumSwing });
}

export function tier(value: number, limits: { high?: number; medium?: number; low?: number }, above = true): Level {
  const hit = (limit: number | undefined) => limit !== undefined && (above ? value >= limit : value <= limit);
  if (hit(limits.high)) return 'high';
  if (hit(limits.medium)) return 'medium';
  if (hit(limits.low)) return 'low';
  return 'none';
}
