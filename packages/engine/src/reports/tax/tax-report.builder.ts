import { runRules, withoutFamilies } from '../../rules/rule-runner.js';
import type { ReportPeriod } from '../invoice/invoice-report.types.js';
import { checkFigureSets } from './data-quality.js';
import { monthIndex } from './figure-sets.js';
import { buildCharts, buildDataQuality } from './tax-charts.js';
import { buildTaxRuleInput, type TaxRuleInput, usedSetIndexes } from './tax-context.js';
import type { FinancialFigureSet, TaxReport, TaxReportCompany, TaxReportInput } from './tax-report.types.js';
import { TAX_RULES } from './tax-rules.js';
import {
  buildSummary,
  categoryGroups,
  countLevels,
  overviewOf,
  taxNotificationOf,
  toTaxFinding,
} from './tax-summary.js';

const MONTH = /^(19|20|21)\d\d-(0[1-9]|1[0-2])$/;

/**
 * What is missing before a TAX or COMPREHENSIVE report can be made, in Chinese; empty when it can.
 * For the server to check before charging: at least one statement or return that passes the
 * report's own data checks must touch the period, so nobody pays for a report of 数据不足 only.
 */
export function missingTaxData(
  period: ReportPeriod,
  figureSets: readonly FinancialFigureSet[],
  company: TaxReportCompany = { taxNo: '', name: '' },
): string[] {
  if (!MONTH.test(period.start) || !MONTH.test(period.end) || period.start > period.end) {
    return ['报告期间无效，应为起止月份（如 2024-01 至 2024-12）'];
  }
  const first = monthIndex(period.start);
  const last = monthIndex(period.end);
  const checked = checkFigureSets(figureSets, company);
  const touching = checked.sets.filter((set) => set.start <= last && set.end >= first);
  if (touching.length === 0) {
    return [
      `${period.start} 至 ${period.end} 没有财务报表或纳税申报数据，请先导入财务报表（资产负债表、利润表）和申报表汇总`,
    ];
  }
  if (touching.every((set) => checked.excluded.has(set.index))) {
    const reasons = [...new Set(touching.map((set) => checked.excluded.get(set.index)))].slice(0, 3).join('；');
    return [`${period.start} 至 ${period.end} 的报表或申报数据未通过数据检查（${reasons}），请更正后重新导入`];
  }
  return [];
}

/** Runs the tax rules once; the comprehensive report builds on the same result. */
export function evaluateTax(input: TaxReportInput) {
  const context = buildTaxRuleInput(input);
  const findings = runRules(withoutFamilies(TAX_RULES, input.excludedFamilies), context, input.thresholds).findings.map(
    toTaxFinding,
  );
  return { context, findings };
}

export function yearsText(context: TaxRuleInput): string {
  const years = context.years.map((slice) => slice.label);
  if (years.length <= 1) return years[0] ?? '';
  return `${years[0]}至${years.at(-1)}`;
}

/** What both tax reports carry alike: the company, the years, the benchmark, charts, data quality, sources. */
export function sharedReportParts(input: TaxReportInput, context: TaxRuleInput) {
  const used = usedSetIndexes(context);
  return {
    company: { ...input.company },
    period: { ...input.period },
    years: context.years.map((slice) => slice.year),
    benchmark: context.benchmark,
    charts: buildCharts(context),
    dataQuality: buildDataQuality(context, used.size),
    sources: context.sets.map((set) => ({
      statement: set.statement,
      period: set.period,
      origin: set.origin,
      used: used.has(`${set.statement}:${set.period}`),
    })),
  };
}

/** 经营（税务）风险检测报告: summary, charts, data quality and every finding in three categories, as plain JSON. */
export function buildTaxReport(input: TaxReportInput): TaxReport {
  const { context, findings } = evaluateTax(input);
  const counts = countLevels(findings);
  const categories = categoryGroups(findings);
  const { sources, ...shared } = sharedReportParts(input, context);
  return {
    kind: 'TAX',
    ...shared,
    overview: overviewOf(counts),
    notification: taxNotificationOf(categories),
    summary: buildSummary(
      `${input.company.name}${yearsText(context)}经营（税务）风险检测`,
      findings,
      counts,
      context.problems,
    ),
    categories,
    findings,
    sources,
  };
}
