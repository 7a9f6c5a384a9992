import { defineRule } from '../../../rules/define-rule.js';
import { percentText, round2, yuanText } from '../../../rules/display.js';
import type { TaxRuleInput, YearSlice } from '../tax-context.js';
import type { TaxFigure } from '../tax-report.types.js';
import {
  changeRate,
  clean,
  derived,
  fenFigure,
  type Level,
  missingOf,
  numFigure,
  overYears,
  pctFigure,
  periodExpensesOf,
  pointsText,
  read,
  TAX_CATEGORIES,
  TAX_REPORT_TYPES,
  TAX_SOURCE,
  worse,
  type YearResult,
} from '../tax-rule.helpers.js';

const CATEGORY = TAX_CATEGORIES.declaration;

/** This year's and last year's value of one income-statement reading, with the change rate. */
function changeOf(slice: YearSlice, name: string, readValue: (data: YearSlice['previous']) => number | undefined) {
  const current = readValue(slice);
  const base = readValue(slice.previous);
  if (current === undefined || base === undefined) return null;
  const rate = changeRate(current, base);
  const figures: TaxFigure[] = [
    fenFigure(`${slice.label}${name}`, current, slice.income.ok ? slice.income.source : undefined),
    fenFigure(
      `${slice.previous.label}${name}`,
      base,
      slice.previous.income.ok ? slice.previous.income.source : undefined,
    ),
  ];
  if (rate !== null)
    figures.push(pctFigure(`${slice.label}${name}变动率`, rate, derived('（本期 − 上年同期）÷ 上年同期', slice.label)));
  return { current, base, rate, figures };
}

function needBoth(slice: YearSlice): string[] {
  return missingOf(slice.income, slice.previous.income);
}

const revenueOf = (data: YearSlice['previous']) => read(data.income, 'operatingRevenue');
const costOf = (data: YearSlice['previous']) => read(data.income, 'operatingCost');

type Change = NonNullable<ReturnType<typeof changeOf>> & { rate: number };

/** An elasticity check: both change rates, or why not. */
function rates(
  slice: YearSlice,
  first: [string, typeof revenueOf],
  second: [string, typeof revenueOf],
): { label: string; missing: string[] } | { a: Change; b: Change } {
  const missing = needBoth(slice);
  if (missing.length > 0) return { label: slice.label, missing };
  const a = changeOf(slice, first[0], first[1]);
  const b = changeOf(slice, second[0], second[1]);
  if (!a || !b) return { label: slice.label, missing: [`${slice.label}及上年同期的${first[0]}、${second[0]}`] };
  if (a.rate === null || b.rate === null)
    return { label: slice.label, missing: [`上年同期${first[0]}或${second[0]}为零，无法计算变动率`] };
  return { a: { ...a, rate: a.rate }, b: { ...b, rate: b.rate } };
}

export const elasticityRevenueCostRule = defineRule({
  id: 'TAX_ELASTICITY_REVENUE_COST',
  title: '收入成本弹性异常',
  category: CATEGORY,
  reportTypes: TAX_REPORT_TYPES,
  dataNeeded: ['本年及上年同期利润表（营业收入、营业成本）'],
  basis: `${TAX_SOURCE.assessment}：主营业务收入变动率、主营业务成本变动率；收入成本弹性 = 收入变动率 ÷ 成本变动率，实务中以0.8—1.2为正常区间；分级为${TAX_SOURCE.ours}。`,
  explanation: '成本增长快于收入、或收入下降而成本上升，可能存在少计收入、多转成本或虚列成本，是纳税评估的常用比对。',
  suggestion:
    '核对成本结转方法与存货盘点，说明成本增幅大于收入的原因（原材料涨价、产品结构变化），备好采购合同与出入库记录。',
  thresholds: { lowBand: 0.8, highBand: 1.2, minChange: 0.05, mediumGapPoints: 0.1 },
  describeThreshold: (t) =>
    `收入、成本变动率均不足${percentText(t.minChange)}不计；收入下降而成本上升为高风险；成本变动率高出收入变动率${pointsText(t.mediumGapPoints)}以上为中风险；弹性系数不在${t.lowBand}—${t.highBand}之间为低风险`,
  check: (input: TaxRuleInput, t) =>
    overYears(input, (slice): YearResult => {
      const found = rates(slice, ['营业收入', revenueOf], ['营业成本', costOf]);
      if ('missing' in found) return found;
      const { a: revenue, b: cost } = found;
      const elasticity = cost.rate === 0 ? null : clean(revenue.rate / cost.rate);
      let level: Level = 'none';
      if (Math.abs(revenue.rate) >= t.minChange || Math.abs(cost.rate) >= t.minChange) {
        if (revenue.rate < 0 && cost.rate > 0) level = 'high';
        else if (cost.rate - revenue.rate >= t.mediumGapPoints) level = 'medium';
        else if (elasticity === null || elasticity < t.lowBand || elasticity > t.highBand) level = 'low';
      }
      const shown = elasticity === null ? '无法计算（成本未变动）' : String(round2(elasticity));
      return {
        label: slice.label,
        level,
        line: `${slice.label}营业收入变动${percentText(revenue.rate)}、营业成本变动${percentText(cost.rate)}，弹性系数${shown}`,
        figures: [
          ...revenue.figures,
          ...cost.figures,
          elasticity === null
            ? { label: `${slice.label}收入成本弹性`, value: shown }
            : numFigure(`${slice.label}收入成本弹性`, elasticity, '', derived('收入变动率 ÷ 成本变动率', slice.label)),
        ],
      };
    }),
});

export const elasticityExpenseRevenueRule = defineRule({
  id: 'TAX_ELASTICITY_EXPENSE_REVENUE',
  title: '期间费用与收入变动弹性异常',
  category: CATEGORY,
  reportTypes: TAX_REPORT_TYPES,
  dataNeeded: ['本年及上年同期利润表（营业收入、销售费用、管理费用、研发费用、财务费用）'],
  basis: `期间费用与收入变动弹性 = 期间费用变动率 ÷ 主营业务收入变动率（${TAX_SOURCE.assessment}中费用变动率指标的延伸），实务中以0.8—1.2为正常区间；分级为${TAX_SOURCE.ours}。`,
  explanation: '费用增长明显快于收入，或收入下降而费用上升，可能存在虚列费用、以费用列支个人消费或提前税前扣除。',
  suggestion: '按费用明细核对增长较快的项目，检查发票、合同与付款记录是否齐全，不得扣除的项目在汇算清缴中纳税调增。',
  thresholds: { highBand: 1.2, minChange: 0.05, mediumGapPoints: 0.3 },
  describeThreshold: (t) =>
    `收入、费用变动率均不足${percentText(t.minChange)}不计；收入下降而费用上升、或费用变动率高出收入变动率${pointsText(t.mediumGapPoints)}以上为中风险；收入与费用同向增长但弹性系数大于${t.highBand}为低风险`,
  check: (input: TaxRuleInput, t) =>
    overYears(input, (slice): YearResult => {
      const found = rates(
        slice,
        ['期间费用', (data) => (data.income.ok ? periodExpensesOf(data) : undefined)],
        ['营业收入', revenueOf],
      );
      if ('missing' in found) return found;
      const { a: expense, b: revenue } = found;
      const elasticity = revenue.rate === 0 ? null : clean(expense.rate / revenue.rate);
      let level: Level = 'none';
      if (Math.abs(revenue.rate) >= t.minChange || Math.abs(expense.rate) >= t.minChange) {
        if ((revenue.rate < 0 && expense.rate >= t.minChange) || expense.rate - revenue.rate >= t.mediumGapPoints) {
          level = 'medium';
        } else if (revenue.rate > 0 && expense.rate > 0 && elasticity !== null && elasticity > t.highBand) {
          level = 'low';
        }
      }
      const shown = elasticity === null ? '无法计算（收入未变动）' : String(round2(elasticity));
      return {
        label: slice.label,
        level,
        line: `${slice.label}期间费用变动${percentText(expense.rate)}、营业收入变动${percentText(revenue.rate)}，弹性系数${shown}`,
        figures: [
          ...expense.figures,
          ...revenue.figures,
          elasticity === null
            ? { label: `${slice.label}费用收入弹性`, value: shown }
            : numFigure(
                `${slice.label}费用收入弹性`,
                elasticity,
                '',
                derived('期间费用变动率 ÷ 收入变动率', slice.label),
              ),
        ],
      };
    }),
});

const EXPENSE_ITEMS = [
  ['销售费用', 'sellingExpenses'],
  ['管理费用', 'adminExpenses'],
  ['财务费用', 'financialExpenses'],
] as const;

export const expenseChangeRule = defineRule({
  id: 'TAX_EXPENSE_CHANGE',
  title: '期间费用变动异常',
  category: CATEGORY,
  reportTypes: TAX_REPORT_TYPES,
  dataNeeded: ['本年及上年同期利润表（销售费用、管理费用、财务费用、营业收入）'],
  basis: `${TAX_SOURCE.assessment}：营业（管理、财务）费用变动率 =（本期 − 基期）÷ 基期；分级为${TAX_SOURCE.ours}。`,
  explanation: '单项费用的增幅远超收入增幅，常见于虚列费用、跨期列支或把资本性支出计入费用。',
  suggestion: '对增幅异常的费用项目抽查凭证（发票、合同、付款、业务实质），不合规的在汇算清缴中调增。',
  thresholds: { lowExcess: 0.5, mediumExcess: 1, minIncreaseFen: 10_000_000 },
  describeThreshold: (t) =>
    `销售、管理、财务费用任一项的变动率减去营业收入变动率 ≥ ${pointsText(t.lowExcess)}为低风险、≥ ${pointsText(t.mediumExcess)}为中风险（增加额不足${yuanText(t.minIncreaseFen)}不计）`,
  check: (input: TaxRuleInput, t) =>
    overYears(input, (slice): YearResult => {
      const missing = needBoth(slice);
      if (missing.length > 0) return { label: slice.label, missing };
      const revenue = changeOf(slice, '营业收入', revenueOf);
      if (!revenue || revenue.rate === null) return { label: slice.label, missing: ['上年同期营业收入'] };
      let level: Level = 'none';
      const lines: string[] = [];
      const figures: TaxFigure[] = [...revenue.figures];
      for (const [name, key] of EXPENSE_ITEMS) {
        const item = changeOf(slice, name, (data) => read(data.income, key));
        if (!item || item.rate === null) continue;
        figures.push(...item.figures);
        const excess = item.rate - revenue.rate;
        if (item.current - item.base < t.minIncreaseFen) continue;
        const itemLevel: Level = excess >= t.mediumExcess ? 'medium' : excess >= t.lowExcess ? 'low' : 'none';
        if (itemLevel === 'none') continue;
        level = worse(level, itemLevel);
        lines.push(`${name}增长${percentText(item.rate)}`);
      }
      return {
        label: slice.label,
        level,
        line:
          lines.length > 0
            ? `${slice.label}${lines.join('、')}，而营业收入变动${percentText(revenue.rate)}`
            : `${slice.label}各项期间费用增幅与营业收入（${percentText(revenue.rate)}）相称`,
        figures,
      };
    }),
});

export const ACCOUNTING_RULES = [elasticityRevenueCostRule, elasticityExpenseRevenueRule, expenseChangeRule];
