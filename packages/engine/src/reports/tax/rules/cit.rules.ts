import { defineRule } from '../../../rules/define-rule.js';
import { percentText, yuanText } from '../../../rules/display.js';
import type { PeriodData, TaxRuleInput } from '../tax-context.js';
import type { TaxFigure } from '../tax-report.types.js';
import {
  benchmarkSource,
  changeRate,
  clean,
  derived,
  fenFigure,
  type Level,
  overYears,
  pctFigure,
  read,
  TAX_CATEGORIES,
  TAX_REPORT_TYPES,
  TAX_SOURCE,
  type YearResult,
} from '../tax-rule.helpers.js';

const CATEGORY = TAX_CATEGORIES.compliance;

/** 所得税贡献率 = 实际应纳所得税额 ÷ 营业收入 (both from the CIT return; accrued, not paid). */
export function contributionOf(data: PeriodData): { ratio: number; tax: number; revenue: number } | null {
  const tax = read(data.cit, 'taxPayable');
  const revenue = read(data.cit, 'operatingRevenue') ?? read(data.income, 'operatingRevenue');
  if (tax === undefined || revenue === undefined || revenue <= 0) return null;
  return { ratio: tax / revenue, tax, revenue };
}

const isLoss = (data: PeriodData) => (read(data.cit, 'totalProfit') ?? read(data.income, 'totalProfit') ?? 0) <= 0;

function contributionFigures(data: PeriodData, found: { ratio: number; tax: number; revenue: number }): TaxFigure[] {
  const source = data.cit.ok ? data.cit.source : undefined;
  return [
    fenFigure(`${data.label}实际应纳所得税额`, found.tax, source),
    fenFigure(`${data.label}营业收入`, found.revenue, source),
    pctFigure(`${data.label}所得税贡献率`, found.ratio, derived('实际应纳所得税额 ÷ 营业收入', data.label)),
  ];
}

export const citContributionLowRule = defineRule({
  id: 'TAX_CIT_CONTRIBUTION_LOW',
  title: '所得税贡献率偏低',
  category: CATEGORY,
  reportTypes: TAX_REPORT_TYPES,
  dataNeeded: ['企业所得税申报（实际应纳所得税额、营业收入）', '行业基准所得税贡献率或以前年度申报'],
  basis: `所得税贡献率 = 应纳所得税额 ÷ 主营业务收入（${TAX_SOURCE.assessment}所得税类指标；本规则取申报表“实际应纳所得税额”即应纳口径，不用实缴数）；低于行业基准20%为中风险、50%为高风险，为${TAX_SOURCE.ours}。基准表无此项时与本企业以前年度平均值比较。`,
  explanation: '所得税贡献率明显低于同行业或本企业以往水平，可能少计收入、多列成本费用或不当享受优惠。',
  suggestion: '对照以前年度与同行业，说明利润率下降的原因；核查大额成本费用与税收优惠的适用条件。',
  thresholds: { mediumRatio: 0.8, highRatio: 0.5 },
  describeThreshold: (t) =>
    `所得税贡献率低于比较基准（行业基准，未设置时为本企业以前年度平均值）的${percentText(t.mediumRatio)}为中风险、低于${percentText(t.highRatio)}为高风险；亏损年度不适用`,
  check: (input: TaxRuleInput, t) => {
    const pct = input.benchmark.row.citContributionPct;
    const earlier: { label: string; ratio: number }[] = [];
    const first = input.years[0];
    const firstBase = first ? contributionOf(first.previous) : null;
    if (first && firstBase && !isLoss(first.previous))
      earlier.push({ label: first.previous.label, ratio: firstBase.ratio });
    return overYears(input, (slice): YearResult => {
      const found = contributionOf(slice);
      const history = [...earlier];
      if (found && !isLoss(slice)) earlier.push({ label: slice.label, ratio: found.ratio });
      if (!found)
        return {
          label: slice.label,
          missing: slice.cit.ok ? [`${slice.label}所得税申报的应纳税额、营业收入`] : slice.cit.missing,
        };
      if (isLoss(slice))
        return { label: slice.label, skip: `${slice.label}亏损，所得税贡献率不适用（见连续亏损规则）。` };
      const own = history.length > 0 ? history.reduce((total, item) => total + item.ratio, 0) / history.length : null;
      const base = pct !== null ? pct / 100 : own;
      if (base === null || base <= 0) {
        return { label: slice.label, missing: ['行业基准所得税贡献率（基准表未设置）或以前年度的企业所得税申报'] };
      }
      const baseName =
        pct !== null
          ? `行业基准“${input.benchmark.row.name}”`
          : `本企业${history.map((item) => item.label).join('、')}平均值`;
      const relative = clean(found.ratio / base);
      const level: Level = relative < t.highRatio ? 'high' : relative < t.mediumRatio ? 'medium' : 'none';
      return {
        label: slice.label,
        level,
        line: `${slice.label}所得税贡献率${percentText(found.ratio)}，为${baseName}${percentText(base)}的${percentText(relative)}`,
        figures: [
          ...contributionFigures(slice, found),
          pctFigure(
            `比较基准（${baseName}）`,
            base,
            pct !== null
              ? benchmarkSource(input.benchmark)
              : derived('以前年度所得税贡献率的平均值', history.map((item) => item.label).join('、')),
          ),
        ],
      };
    });
  },
});

export const citContributionSwingRule = defineRule({
  id: 'TAX_CIT_CONTRIBUTION_SWING',
  title: '所得税贡献率大幅下降',
  category: CATEGORY,
  reportTypes: TAX_REPORT_TYPES,
  dataNeeded: ['本年及上年同期企业所得税申报'],
  basis: `所得税贡献变动率 =（评估期 − 基期）÷ 基期（${TAX_SOURCE.assessment}所得税类指标）；下降30%、50%的分级为${TAX_SOURCE.ours}。`,
  explanation: '收入规模相近而所得税贡献率大幅下降，提示成本费用异常增长或收入少计。',
  suggestion: '比较两年的毛利率、期间费用率和纳税调整项目，找出贡献率下降的具体来源并留存说明。',
  thresholds: { mediumDrop: 0.3, highDrop: 0.5 },
  describeThreshold: (t) =>
    `所得税贡献率比上年同期下降 ≥ ${percentText(t.mediumDrop)}为中风险、≥ ${percentText(t.highDrop)}为高风险（上年亏损不适用）`,
  check: (input: TaxRuleInput, t) =>
    overYears(input, (slice): YearResult => {
      const current = contributionOf(slice);
      const base = contributionOf(slice.previous);
      if (!current)
        return {
          label: slice.label,
          missing: slice.cit.ok ? [`${slice.label}所得税申报的应纳税额、营业收入`] : slice.cit.missing,
        };
      if (!base)
        return {
          label: slice.label,
          missing: slice.previous.cit.ok
            ? [`${slice.previous.label}所得税申报的应纳税额、营业收入`]
            : slice.previous.cit.missing,
        };
      const change = changeRate(current.ratio, base.ratio);
      if (change === null) return { label: slice.label, skip: `${slice.previous.label}无应纳所得税额，不适用。` };
      const level: Level = change <= -t.highDrop ? 'high' : change <= -t.mediumDrop ? 'medium' : 'none';
      return {
        label: slice.label,
        level,
        line: `${slice.label}所得税贡献率${percentText(current.ratio)}，上年同期${percentText(base.ratio)}，变动${percentText(change)}`,
        figures: [
          ...contributionFigures(slice, current),
          ...contributionFigures(slice.previous, base),
          pctFigure(`${slice.label}所得税贡献变动率`, change, derived('（本期 − 上年同期）÷ 上年同期', slice.label)),
        ],
      };
    }),
});

export const citBurdenVsProfitRule = defineRule({
  id: 'TAX_CIT_BURDEN_VS_PROFIT',
  title: '所得税负担率与利润不匹配',
  category: CATEGORY,
  reportTypes: TAX_REPORT_TYPES,
  dataNeeded: ['企业所得税申报（利润总额、应纳税所得额、减免所得税额、实际应纳所得税额）'],
  basis: `所得税税收负担率 = 应纳所得税额 ÷ 利润总额；5%下限取小型微利企业实际税负（财政部 税务总局公告2023年第12号：减按25%计入应纳税所得额，按20%税率缴纳）。`,
  explanation: '有利润却几乎不交所得税，需要有亏损弥补、加计扣除、免税收入或税收优惠等理由；否则可能纳税调整不当。',
  suggestion: '核对纳税调整明细、弥补亏损台账与优惠备案资料，确认应纳税额计算无误。',
  thresholds: { minBurden: 0.05 },
  describeThreshold: (t) =>
    `利润总额为正、应纳税所得额为正而实际应纳所得税额为零且无减免为高风险；所得税负担率低于${percentText(t.minBurden)}为中风险；有减免税额而为零为低风险`,
  check: (input: TaxRuleInput, t) =>
    overYears(input, (slice): YearResult => {
      if (!slice.cit.ok) return { label: slice.label, missing: slice.cit.missing };
      const f = slice.cit.figures;
      const profit = f.totalProfit;
      const payable = f.taxPayable;
      if (profit === undefined || payable === undefined)
        return { label: slice.label, missing: [`${slice.label}所得税申报的利润总额、实际应纳所得税额`] };
      if (profit <= 0) return { label: slice.label, skip: `${slice.label}利润总额不为正，不适用。` };
      const burden = clean(payable / profit);
      const taxable = f.taxableIncome ?? profit;
      const relief = f.taxRelief ?? 0;
      let level: Level = 'none';
      if (payable <= 0 && taxable > 0) level = relief > 0 ? 'low' : 'high';
      else if (burden < t.minBurden) level = 'medium';
      return {
        label: slice.label,
        level,
        line: `${slice.label}利润总额${yuanText(profit)}，实际应纳所得税额${yuanText(payable)}，负担率${percentText(burden)}`,
        figures: [
          fenFigure(`${slice.label}利润总额`, profit, slice.cit.source),
          fenFigure(`${slice.label}应纳税所得额`, taxable, slice.cit.source),
          fenFigure(`${slice.label}减免所得税额`, relief, slice.cit.source),
          fenFigure(`${slice.label}实际应纳所得税额`, payable, slice.cit.source),
          pctFigure(`${slice.label}所得税负担率`, burden, derived('实际应纳所得税额 ÷ 利润总额', slice.label)),
        ],
      };
    }),
});

export const incomeTaxExpenseGapRule = defineRule({
  id: 'TAX_INCOME_TAX_EXPENSE_GAP',
  title: '所得税费用与申报应纳税额差异',
  category: TAX_CATEGORIES.declaration,
  reportTypes: TAX_REPORT_TYPES,
  dataNeeded: ['利润表所得税费用', '企业所得税申报实际应纳所得税额'],
  basis: `所得税费用 = 当期所得税 + 递延所得税；差异应能由递延所得税解释（《企业会计准则第18号——所得税》；小企业会计准则采用应付税款法，两者应基本一致）。分级为${TAX_SOURCE.ours}。`,
  explanation: '账面所得税费用与申报的应纳所得税额差异较大，说明计提与申报脱节，或存在未入账的纳税调整。',
  suggestion: '核对所得税费用的计提依据，小企业应与申报数一致；执行企业会计准则的列示递延所得税明细。',
  thresholds: { lowGap: 0.3, mediumGap: 1, minGapFen: 5_000_000 },
  describeThreshold: (t) =>
    `|所得税费用 − 实际应纳所得税额| ÷ 实际应纳所得税额 ≥ ${percentText(t.lowGap)}为低风险、≥ ${percentText(t.mediumGap)}为中风险（差额不足${yuanText(t.minGapFen)}不计）`,
  check: (input: TaxRuleInput, t) =>
    overYears(input, (slice): YearResult => {
      if (!slice.income.ok) return { label: slice.label, missing: slice.income.missing };
      if (!slice.cit.ok) return { label: slice.label, missing: slice.cit.missing };
      const expense = slice.income.figures.incomeTaxExpense;
      const payable = slice.cit.figures.taxPayable;
      if (expense === undefined || payable === undefined)
        return { label: slice.label, missing: [`${slice.label}所得税费用、实际应纳所得税额`] };
      const gap = expense - payable;
      const ratio = payable > 0 ? clean(Math.abs(gap) / payable) : gap === 0 ? 0 : 1;
      const level: Level =
        Math.abs(gap) < t.minGapFen ? 'none' : ratio >= t.mediumGap ? 'medium' : ratio >= t.lowGap ? 'low' : 'none';
      return {
        label: slice.label,
        level,
        line: `${slice.label}所得税费用${yuanText(expense)}，申报实际应纳所得税额${yuanText(payable)}，差额${yuanText(gap)}`,
        figures: [
          fenFigure(`${slice.label}所得税费用`, expense, slice.income.source),
          fenFigure(`${slice.label}实际应纳所得税额`, payable, slice.cit.source),
          pctFigure(`${slice.label}差异率`, ratio, derived('|所得税费用 − 应纳所得税额| ÷ 应纳所得税额', slice.label)),
        ],
      };
    }),
});

export const surchargeVsVatRule = defineRule({
  id: 'TAX_SURCHARGE_VS_VAT',
  title: '税金及附加与增值税不匹配',
  category: CATEGORY,
  reportTypes: TAX_REPORT_TYPES,
  dataNeeded: ['利润表税金及附加', '增值税申报应纳税额'],
  basis:
    '《城市维护建设税法》税率7%、5%、1%，教育费附加3%，地方教育附加2%，均以实际缴纳的增值税、消费税为计税依据，合计不低于6%；财政部 税务总局公告2023年第12号对小规模纳税人、小型微利企业减半征收（合计不低于3%）。',
  explanation: '税金及附加低于按增值税计算的附加税费下限，可能漏计提、漏申报附加税费，或增值税申报数与账面不符。',
  suggestion: '按应纳增值税额逐月复核城建税、教育费附加和地方教育附加的计提与申报，补提补缴。',
  thresholds: { generalMinRatio: 0.06, smallScaleMinRatio: 0.03 },
  describeThreshold: (t) =>
    `税金及附加 ÷ 增值税应纳税额低于${percentText(t.generalMinRatio)}（小规模纳税人${percentText(t.smallScaleMinRatio)}）为中风险`,
  check: (input: TaxRuleInput, t) =>
    overYears(input, (slice): YearResult => {
      if (!slice.income.ok) return { label: slice.label, missing: slice.income.missing };
      if (!slice.vat.ok) return { label: slice.label, missing: slice.vat.missing };
      const surcharges = slice.income.figures.taxesAndSurcharges ?? 0;
      const vat = slice.vat.figures.taxPayable ?? 0;
      if (vat <= 0) return { label: slice.label, skip: `${slice.label}增值税应纳税额为零，不适用。` };
      const ratio = clean(surcharges / vat);
      const floor = input.taxpayerType === 'small_scale' ? t.smallScaleMinRatio : t.generalMinRatio;
      return {
        label: slice.label,
        level: ratio < floor ? 'medium' : 'none',
        line: `${slice.label}税金及附加${yuanText(surcharges)}，为增值税应纳税额${yuanText(vat)}的${percentText(ratio)}（下限${percentText(floor)}）`,
        figures: [
          fenFigure(`${slice.label}税金及附加`, surcharges, slice.income.source),
          fenFigure(`${slice.label}增值税应纳税额`, vat, slice.vat.source),
          pctFigure(`${slice.label}税金及附加 ÷ 增值税`, ratio, derived('税金及附加 ÷ 增值税应纳税额', slice.label)),
        ],
      };
    }),
});

export const CIT_RULES = [
  citContributionLowRule,
  citContributionSwingRule,
  citBurdenVsProfitRule,
  incomeTaxExpenseGapRule,
  surchargeVsVatRule,
];
