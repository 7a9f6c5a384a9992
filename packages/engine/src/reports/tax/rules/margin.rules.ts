import { defineRule } from '../../../rules/define-rule.js';
import { percentText, yuanText } from '../../../rules/display.js';
import type { PeriodData, TaxRuleInput } from '../tax-context.js';
import type { TaxFigure } from '../tax-report.types.js';
import {
  benchmarkSource,
  clean,
  derived,
  fenFigure,
  type Level,
  missingOf,
  overYears,
  pctFigure,
  periodExpensesOf,
  pointsText,
  read,
  swingLevel,
  TAX_CATEGORIES,
  TAX_REPORT_TYPES,
  TAX_SOURCE,
  type YearResult,
} from '../tax-rule.helpers.js';

const CATEGORY = TAX_CATEGORIES.declaration;
const revenueOf = (data: PeriodData) => read(data.income, 'operatingRevenue');
const costOf = (data: PeriodData) => read(data.income, 'operatingCost');

export const expenseRatioHighRule = defineRule({
  id: 'TAX_EXPENSE_RATIO_HIGH',
  title: '期间费用率偏高',
  category: CATEGORY,
  reportTypes: TAX_REPORT_TYPES,
  dataNeeded: ['利润表（营业收入、期间费用）', '行业基准（期间费用率上限）'],
  basis: `期间费用率 = 期间费用 ÷ 营业收入（${TAX_SOURCE.assessment}）；上限取行业基准表，基准表未设上限的行业使用本规则默认上限30%；高于上限20%以上为高风险。上限与分级均为${TAX_SOURCE.ours}（制造业30%、服务业50%）。`,
  explanation: '期间费用占收入比重过高，可能虚列费用、将个人或关联方费用计入企业，或收入未全部入账。',
  suggestion: '按费用明细与同行业比较，核实大额费用的真实性与相关性，补齐合规凭证。',
  thresholds: { fallbackMaxRatio: 0.3, highMultiple: 1.2 },
  describeThreshold: (t) =>
    `期间费用率超过行业上限（行业基准表未设时为${percentText(t.fallbackMaxRatio)}）为中风险，超过上限的${t.highMultiple}倍为高风险`,
  check: (input: TaxRuleInput, t) =>
    overYears(input, (slice): YearResult => {
      const revenue = read(slice.income, 'operatingRevenue');
      if (!slice.income.ok || revenue === undefined) return { label: slice.label, missing: missingOf(slice.income) };
      if (revenue <= 0) return { label: slice.label, skip: `${slice.label}营业收入为零，费用率不适用。` };
      const expenses = periodExpensesOf(slice);
      const ratio = clean(expenses / revenue);
      const benchmarkPct = input.benchmark.row.expenseRatioMaxPct;
      const limit = benchmarkPct === null ? t.fallbackMaxRatio : benchmarkPct / 100;
      const limitName = benchmarkPct === null ? '本规则默认上限' : `“${input.benchmark.row.name}”上限`;
      const level: Level = ratio > limit * t.highMultiple ? 'high' : ratio > limit ? 'medium' : 'none';
      return {
        label: slice.label,
        level,
        line: `${slice.label}期间费用${yuanText(expenses)}，占营业收入${percentText(ratio)}，${limitName}为${percentText(limit)}`,
        figures: [
          fenFigure(`${slice.label}期间费用`, expenses, slice.income.source),
          fenFigure(`${slice.label}营业收入`, revenue, slice.income.source),
          pctFigure(`${slice.label}期间费用率`, ratio, derived('期间费用 ÷ 营业收入', slice.label)),
          pctFigure(
            `期间费用率上限（${limitName}）`,
            limit,
            benchmarkPct === null ? derived('规则阈值 fallbackMaxRatio', '—') : benchmarkSource(input.benchmark),
          ),
        ],
      };
    }),
});

export const grossMarginSwingRule = defineRule({
  id: 'TAX_GROSS_MARGIN_SWING',
  title: '毛利率异常波动',
  category: CATEGORY,
  reportTypes: TAX_REPORT_TYPES,
  dataNeeded: ['本年及上年同期利润表（营业收入、营业成本）'],
  basis: `毛利率 =（营业收入 − 营业成本）÷ 营业收入；负毛利对应《增值税暂行条例》第七条“价格明显偏低并无正当理由”的核定情形；波动20%、40%的分级为${TAX_SOURCE.ours}。`,
  explanation: '毛利率大起大落或为负，往往与少计收入、多转成本、销售价格明显偏低有关，也是存货和成本核算出错的信号。',
  suggestion: '分产品核对单价与单位成本，说明毛利率变化原因；售价低于成本的交易准备定价依据，防止被核定计税价格。',
  thresholds: { mediumSwing: 0.2, highSwing: 0.4, minPoints: 0.03 },
  describeThreshold: (t) =>
    `毛利率为负为高风险；与上年同期相比相对变动 ≥ ${percentText(t.mediumSwing)}为中风险、≥ ${percentText(t.highSwing)}为高风险（绝对变动不足${pointsText(t.minPoints)}不计）`,
  check: (input: TaxRuleInput, t) =>
    overYears(input, (slice): YearResult => {
      const margin = (data: PeriodData) => {
        const revenue = revenueOf(data);
        const cost = costOf(data);
        return revenue === undefined || cost === undefined || revenue <= 0 ? null : (revenue - cost) / revenue;
      };
      const current = margin(slice);
      if (current === null)
        return { label: slice.label, missing: [...missingOf(slice.income), `${slice.label}营业收入、营业成本`] };
      const base = margin(slice.previous);
      const figures: TaxFigure[] = [
        pctFigure(`${slice.label}毛利率`, current, derived('（营业收入 − 营业成本）÷ 营业收入', slice.label)),
      ];
      if (current < 0) {
        return {
          label: slice.label,
          level: 'high',
          line: `${slice.label}毛利率为${percentText(current)}，售价低于成本`,
          figures,
        };
      }
      if (base === null) return { label: slice.label, missing: [`${slice.previous.label}营业收入、营业成本`] };
      figures.push(
        pctFigure(
          `${slice.previous.label}毛利率`,
          base,
          derived('（营业收入 − 营业成本）÷ 营业收入', slice.previous.label),
        ),
      );
      const points = current - base;
      const swing = base === 0 ? 1 : clean(Math.abs(points) / Math.abs(base));
      figures.push(
        pctFigure(`${slice.label}毛利率相对变动`, swing, derived('|本期 − 上年同期| ÷ 上年同期', slice.label)),
      );
      const level = swingLevel(points, swing, t);
      return {
        label: slice.label,
        level,
        line: `${slice.label}毛利率${percentText(current)}，上年同期${percentText(base)}，相对变动${percentText(swing)}`,
        figures,
      };
    }),
});

export const MARGIN_RULES = [expenseRatioHighRule, grossMarginSwingRule];
