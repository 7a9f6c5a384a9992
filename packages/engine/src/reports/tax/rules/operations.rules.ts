import { defineRule } from '../../../rules/define-rule.js';
import { percentText, round2, yuanText } from '../../../rules/display.js';
import type { PeriodData, TaxRuleInput } from '../tax-context.js';
import type { TaxFigure } from '../tax-report.types.js';
import {
  annualized,
  changeRate,
  clean,
  derived,
  fenFigure,
  type Level,
  missingOf,
  numFigure,
  overYears,
  pctFigure,
  read,
  TAX_CATEGORIES,
  TAX_REPORT_TYPES,
  TAX_SOURCE,
  type YearResult,
} from '../tax-rule.helpers.js';

const CATEGORY = TAX_CATEGORIES.operations;
const revenueOf = (data: PeriodData) => read(data.income, 'operatingRevenue');

export const revenueChangeRule = defineRule({
  id: 'TAX_REVENUE_CHANGE',
  title: '营业收入变动异常',
  category: CATEGORY,
  reportTypes: TAX_REPORT_TYPES,
  dataNeeded: ['本年及上年同期利润表营业收入'],
  basis: `${TAX_SOURCE.assessment}：主营业务收入变动率 =（本期 − 基期）÷ 基期，超出预警值提示少报收入或多列成本；30%、50%的分级为${TAX_SOURCE.ours}。`,
  explanation: '收入大幅下降而经营规模未变，可能隐匿收入；大幅增长则需关注是否有虚开、突击开票或关联交易。',
  suggestion: '说明收入变动的业务原因（客户、订单、价格、停产），准备合同与回款记录。',
  thresholds: { lowChange: 0.3, mediumChange: 0.5 },
  describeThreshold: (t) =>
    `营业收入比上年同期增减 ≥ ${percentText(t.lowChange)}为低风险、≥ ${percentText(t.mediumChange)}为中风险`,
  check: (input: TaxRuleInput, t) =>
    overYears(input, (slice): YearResult => {
      const missing = missingOf(slice.income, slice.previous.income);
      const current = revenueOf(slice);
      const base = revenueOf(slice.previous);
      if (missing.length > 0 || current === undefined || base === undefined) {
        return { label: slice.label, missing: missing.length > 0 ? missing : ['营业收入（本年或上年同期）'] };
      }
      const change = changeRate(current, base);
      if (change === null) return { label: slice.label, skip: `${slice.previous.label}营业收入为零，不适用。` };
      const size = Math.abs(change);
      return {
        label: slice.label,
        level: size >= t.mediumChange ? 'medium' : size >= t.lowChange ? 'low' : 'none',
        line: `${slice.label}营业收入${yuanText(current)}，上年同期${yuanText(base)}，变动${percentText(change)}`,
        figures: [
          fenFigure(`${slice.label}营业收入`, current, slice.income.ok ? slice.income.source : undefined),
          fenFigure(
            `${slice.previous.label}营业收入`,
            base,
            slice.previous.income.ok ? slice.previous.income.source : undefined,
          ),
          pctFigure(`${slice.label}营业收入变动率`, change, derived('（本期 − 上年同期）÷ 上年同期', slice.label)),
        ],
      };
    }),
});

export const continuousLossRule = defineRule({
  id: 'TAX_CONTINUOUS_LOSS',
  title: '连续亏损',
  category: CATEGORY,
  reportTypes: TAX_REPORT_TYPES,
  dataNeeded: ['各年度利润表利润总额（或企业所得税申报利润总额）'],
  basis: `长期亏损仍持续经营是纳税评估的常见疑点（${TAX_SOURCE.assessment}中的所得税类指标）；连续2年、3年的分级为${TAX_SOURCE.ours}。`,
  explanation:
    '连续亏损却能持续经营、甚至扩大规模，税务机关会怀疑收入未全部入账或成本费用虚列；亏损还影响以后年度的弥补与股东的资金往来。',
  suggestion: '分析亏损原因并留存证据（价格、产能、投入期），检查收入是否完整、成本费用是否真实，规范亏损弥补台账。',
  thresholds: { mediumYears: 2, highYears: 3 },
  describeThreshold: (t) =>
    `利润总额连续亏损 ≥ ${t.highYears}个年度为高风险、${t.mediumYears}个年度为中风险；仅最近一年亏损为低风险`,
  check(input: TaxRuleInput, t) {
    const first = input.years[0];
    if (!first) return { level: 'insufficient', missingData: ['有效的报告期间（起止月份）'] };
    const series = [first.previous, ...input.years].map((data) => {
      const fromBooks = read(data.income, 'totalProfit');
      const profit = fromBooks ?? read(data.cit, 'totalProfit');
      const cover = fromBooks !== undefined ? data.income : data.cit;
      return { data, profit, source: cover.ok ? cover.source : undefined };
    });
    const known = series.filter((item) => item.profit !== undefined);
    if (known.length === 0) return { level: 'insufficient', missingData: ['各年度利润表或企业所得税申报的利润总额'] };
    let run = 0;
    let longest = 0;
    for (const item of series) {
      run = item.profit !== undefined && item.profit < 0 ? run + 1 : 0;
      longest = Math.max(longest, run);
    }
    const latest = known.at(-1);
    const latestLoss = latest?.profit !== undefined && latest.profit < 0;
    const level: Level =
      longest >= t.highYears ? 'high' : longest >= t.mediumYears ? 'medium' : latestLoss ? 'low' : 'none';
    const figures: TaxFigure[] = known.map((item) =>
      fenFigure(`${item.data.label}利润总额`, item.profit ?? 0, item.source),
    );
    figures.push(numFigure('最长连续亏损', longest, '年'));
    const text = known.map((item) => `${item.data.label}${yuanText(item.profit ?? 0)}`).join('、');
    return {
      level,
      summary: `利润总额：${text}；最长连续亏损${longest}年。`,
      figures,
      evidence: null,
    };
  },
});

export const inventoryHighRule = defineRule({
  id: 'TAX_INVENTORY_HIGH',
  title: '存货余额偏高',
  category: CATEGORY,
  reportTypes: TAX_REPORT_TYPES,
  dataNeeded: ['期末资产负债表（存货、实收资本）', '利润表营业收入'],
  basis: `${TAX_SOURCE.ours}：期末存货超过实收资本或营业收入的50%为风险点，超过营业收入100%为高风险；存货积压会压低当期增值税税负（${TAX_SOURCE.assessment}存货类指标）。`,
  explanation: '存货大量积压会压低当期税负（进项已抵、销项未出），也可能是已销售未开票、未确认收入（账实不符）。',
  suggestion: '盘点存货并与账面核对，说明积压原因；已发出未开票的商品及时确认收入，毁损变质的按规定处理进项转出。',
  thresholds: { lowCapitalShare: 0.5, mediumRevenueShare: 0.5, highRevenueShare: 1 },
  describeThreshold: (t) =>
    `期末存货 ÷ 年化营业收入 > ${percentText(t.mediumRevenueShare)}为中风险、> ${percentText(t.highRevenueShare)}为高风险；存货 ÷ 实收资本 > ${percentText(t.lowCapitalShare)}为低风险`,
  check: (input: TaxRuleInput, t) =>
    overYears(input, (slice): YearResult => {
      const missing = missingOf(slice.closing, slice.income);
      const inventory = read(slice.closing, 'inventory');
      const revenue = revenueOf(slice);
      if (missing.length > 0 || !slice.closing.ok || !slice.income.ok || revenue === undefined) {
        return { label: slice.label, missing: missing.length > 0 ? missing : ['营业收入'] };
      }
      const stock = inventory ?? 0;
      const yearly = annualized(revenue, slice.monthCount);
      const capital = read(slice.closing, 'paidInCapital') ?? 0;
      const toRevenue = yearly > 0 ? clean(stock / yearly) : stock > 0 ? Number.POSITIVE_INFINITY : 0;
      const toCapital = capital > 0 ? clean(stock / capital) : 0;
      const level: Level =
        toRevenue > t.highRevenueShare
          ? 'high'
          : toRevenue > t.mediumRevenueShare
            ? 'medium'
            : toCapital > t.lowCapitalShare
              ? 'low'
              : 'none';
      const revenueText = Number.isFinite(toRevenue) ? percentText(toRevenue) : '（无收入）';
      return {
        label: slice.label,
        level,
        line: `${slice.label}末存货${yuanText(stock)}，为年化营业收入的${revenueText}、实收资本的${percentText(toCapital)}`,
        figures: [
          fenFigure(`${slice.label}末存货`, stock, slice.closing.source),
          fenFigure(`${slice.label}年化营业收入`, yearly, derived(`营业收入 × 12 ÷ ${slice.monthCount}`, slice.label)),
          fenFigure(`${slice.label}末实收资本`, capital, slice.closing.source),
          Number.isFinite(toRevenue)
            ? pctFigure(`${slice.label}存货 ÷ 营业收入`, toRevenue, derived('期末存货 ÷ 年化营业收入', slice.label))
            : { label: `${slice.label}存货 ÷ 营业收入`, value: '无收入' },
          pctFigure(`${slice.label}存货 ÷ 实收资本`, toCapital, derived('期末存货 ÷ 实收资本', slice.label)),
        ],
      };
    }),
});

/** 存货周转次数 = 年化营业成本 ÷ 平均存货 (opening and closing; closing alone when the opening is missing). */
function turnoverOf(data: PeriodData): { turnover: number; method: string } | null {
  const cost = read(data.income, 'operatingCost');
  const closing = read(data.closing, 'inventory');
  if (cost === undefined || closing === undefined) return null;
  const opening = read(data.opening, 'inventory');
  const average = opening === undefined ? closing : (opening + closing) / 2;
  if (average <= 0) return null;
  return {
    turnover: annualized(cost, data.monthCount) / average,
    method: opening === undefined ? '年化营业成本 ÷ 期末存货' : '年化营业成本 ÷（期初存货 + 期末存货）÷ 2',
  };
}

export const inventoryTurnoverRule = defineRule({
  id: 'TAX_INVENTORY_TURNOVER',
  title: '存货周转异常',
  category: CATEGORY,
  reportTypes: TAX_REPORT_TYPES,
  dataNeeded: ['本年及上年同期利润表营业成本', '期初、期末资产负债表存货'],
  basis: `${TAX_SOURCE.ours}：存货周转过快（平均每月超过5次）提示货物不落地，周转率下降30%、50%分级；存货周转指标见${TAX_SOURCE.assessment}。`,
  explanation:
    '周转率骤降说明存货积压或成本结转偏少、收入未确认；周转快得离谱（货物“过票”不落地）则是虚开发票的典型特征。',
  suggestion: '核对存货进出库记录与成本结转，周转过快的检查货物流、资金流与发票流是否一致。',
  thresholds: { mediumDrop: 0.3, highDrop: 0.5, maxTurnover: 60 },
  describeThreshold: (t) =>
    `存货周转次数比上年同期下降 ≥ ${percentText(t.mediumDrop)}为中风险、≥ ${percentText(t.highDrop)}为高风险；年周转超过${t.maxTurnover}次（月均5次）为中风险`,
  check: (input: TaxRuleInput, t) =>
    overYears(input, (slice): YearResult => {
      const current = turnoverOf(slice);
      if (!current) {
        const missing = missingOf(slice.income, slice.closing);
        return missing.length > 0
          ? { label: slice.label, missing }
          : { label: slice.label, skip: `${slice.label}无存货，不适用。` };
      }
      const figures: TaxFigure[] = [
        numFigure(`${slice.label}存货周转次数`, current.turnover, '次', derived(current.method, slice.label)),
      ];
      const base = turnoverOf(slice.previous);
      const tooFast = current.turnover > t.maxTurnover;
      if (!base && !tooFast)
        return { label: slice.label, missing: missingOf(slice.previous.income, slice.previous.closing) };
      let level: Level = tooFast ? 'medium' : 'none';
      let line = `${slice.label}存货周转${round2(current.turnover)}次`;
      if (base) {
        const change = changeRate(current.turnover, base.turnover) ?? 0;
        figures.push(
          numFigure(
            `${slice.previous.label}存货周转次数`,
            base.turnover,
            '次',
            derived(base.method, slice.previous.label),
          ),
          pctFigure(`${slice.label}周转次数变动率`, change, derived('（本期 − 上年同期）÷ 上年同期', slice.label)),
        );
        if (change <= -t.highDrop) level = 'high';
        else if (change <= -t.mediumDrop && level === 'none') level = 'medium';
        line += `，上年同期${round2(base.turnover)}次，变动${percentText(change)}`;
      }
      return { label: slice.label, level, line, figures };
    }),
});

export const OPERATIONS_RULES = [revenueChangeRule, continuousLossRule, inventoryHighRule, inventoryTurnoverRule];
