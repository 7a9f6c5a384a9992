import { benchmarkLabel } from '../../benchmarks/benchmark-lookup.js';
import { percent } from '../../rules/display.js';
import { contributionOf } from './rules/cit.rules.js';
import { burdenOf, taxableSalesOf } from './rules/vat.rules.js';
import type { PeriodData, TaxRuleInput } from './tax-context.js';
import type { DataQualitySection, TaxCharts, YearTrendPoint } from './tax-report.types.js';
import { read } from './tax-rule.helpers.js';

const pct = (ratio: number | null | undefined) => (ratio === null || ratio === undefined ? null : percent(ratio));

function point(data: PeriodData): YearTrendPoint {
  return {
    period: String(Math.floor(data.first / 12)),
    label: data.label,
    revenueFen: read(data.income, 'operatingRevenue') ?? null,
    costFen: read(data.income, 'operatingCost') ?? null,
    totalProfitFen: read(data.income, 'totalProfit') ?? null,
    vatPayableFen: read(data.vat, 'taxPayable') ?? null,
    citPayableFen: read(data.cit, 'taxPayable') ?? null,
    vatBurdenPct: pct(burdenOf(data)),
    citContributionPct: pct(contributionOf(data)?.ratio),
  };
}

const hasData = (item: YearTrendPoint) =>
  [item.revenueFen, item.vatPayableFen, item.citPayableFen, item.totalProfitFen].some((value) => value !== null);

/** Yearly trends (the year before the report first when it has data), every VAT return, the benchmark. */
export function buildCharts(context: TaxRuleInput): TaxCharts {
  const first = context.years[0];
  const base = first ? point(first.previous) : null;
  const yearly = [...(base && hasData(base) ? [base] : []), ...context.years.map(point)];
  const row = context.benchmark.row;
  return {
    yearly,
    vatPeriods: context.vatPeriods.map((period) => {
      const sales = taxableSalesOf(period.figures);
      const payable = period.figures.taxPayable;
      return {
        period: period.period,
        salesFen: sales,
        taxPayableFen: payable ?? null,
        burdenPct: sales > 0 && payable !== undefined ? percent(payable / sales) : null,
      };
    }),
    benchmark: {
      label: benchmarkLabel(context.benchmark),
      vatBurdenPct: row.vatBurdenPct,
      citContributionPct: row.citContributionPct,
      source: row.source,
    },
  };
}

export function buildDataQuality(context: TaxRuleInput, usedCount: number): DataQualitySection {
  const errors = context.problems.filter((problem) => problem.severity === 'error').length;
  const warnings = context.problems.length - errors;
  return {
    checkedSets: context.setCount,
    usedSets: usedCount,
    excluded: context.sets
      .filter((set) => set.excludedReason !== null)
      .map((set) => ({ statement: set.statement, period: set.period, reason: set.excludedReason ?? '' })),
    problems: context.problems,
    note:
      context.problems.length === 0
        ? '各期报表与申报数据未发现不平衡、期间重叠或金额矛盾。'
        : `发现${errors}个数据错误（相关报表或申报未参与检测）、${warnings}个提示，详见下表。`,
  };
}
