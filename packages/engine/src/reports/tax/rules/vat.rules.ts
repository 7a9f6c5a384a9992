import { defineRule } from '../../../rules/define-rule.js';
import { percentText, round2, yuanText } from '../../../rules/display.js';
import { monthLabel } from '../figure-sets.js';
import type { PeriodData, TaxRuleInput, YearSlice } from '../tax-context.js';
import {
  benchmarkSource,
  changeRate,
  clean,
  derived,
  fenFigure,
  type Level,
  numFigure,
  overYears,
  pctFigure,
  pointsText,
  read,
  swingLevel,
  TAX_CATEGORIES,
  TAX_REPORT_TYPES,
  TAX_SOURCE,
  type YearResult,
} from '../tax-rule.helpers.js';

const CATEGORY = TAX_CATEGORIES.compliance;
const SMALL_SCALE_SKIP = '小规模纳税人按征收率计税，不适用该指标。';

/** 应税销售额 for the burden: general + simplified; exempt sales bear no tax. */
export function taxableSalesOf(figures: Readonly<Record<string, number>>): number {
  return (figures.taxableSalesGeneral ?? 0) + (figures.taxableSalesSimplified ?? 0);
}

/** 增值税税负率 = 应纳税额 ÷ 应税销售额, or null without sales or a payable figure. */
export function burdenOf(data: PeriodData): number | null {
  if (!data.vat.ok) return null;
  const sales = taxableSalesOf(data.vat.figures);
  const payable = data.vat.figures.taxPayable;
  return sales > 0 && payable !== undefined ? payable / sales : null;
}

function vatMissing(data: PeriodData): string[] {
  if (!data.vat.ok) return data.vat.missing;
  return [`${data.label}增值税申报的应税销售额和应纳税额`];
}

/** Longest run of consecutive months whose return's burden is under `limit` (a quarter counts 3 months). */
function longestLowRun(input: TaxRuleInput, slice: YearSlice, limit: number) {
  let run = 0;
  let longest = 0;
  let end = -1;
  let previousLast = -2;
  for (const period of input.vatPeriods) {
    if (period.first < slice.first || period.last > slice.last) continue;
    const sales = taxableSalesOf(period.figures);
    const low = sales > 0 && clean((period.figures.taxPayable ?? 0) / sales) < clean(limit);
    const months = period.last - period.first + 1;
    // A gap in the returns breaks the run as a month above the limit does.
    const continues = period.first === previousLast + 1;
    run = low ? (continues ? run + months : months) : 0;
    previousLast = period.last;
    if (run > longest) {
      longest = run;
      end = period.last;
    }
  }
  return { longest, end };
}

export const vatBurdenLowRule = defineRule({
  id: 'TAX_VAT_BURDEN_LOW',
  title: '增值税税负率低于行业基准',
  category: CATEGORY,
  reportTypes: TAX_REPORT_TYPES,
  dataNeeded: ['各月（季）增值税申报（应税销售额、应纳税额）', '行业基准增值税税负率'],
  basis: `${TAX_SOURCE.assessment}：增值税税负率 = 本期应纳税额 ÷ 本期应税主营业务收入，与行业基准比较；低于基准30%、40%、60%的三级分级为${TAX_SOURCE.ours}（行业基准的来源与年份见报告所列基准表）。`,
  explanation:
    '税负率明显低于同行业，税务机关会怀疑少计销项（隐匿收入）或多抵进项（取得虚开、不合规发票），是纳税评估的首要指标。',
  suggestion:
    '分析税负偏低的原因（存货积压、新增设备进项、产品结构、出口），准备说明材料；同时核对进项发票的真实性与销项是否全部申报。',
  thresholds: { lowRatio: 0.7, mediumRatio: 0.6, monthRatio: 0.7, highConsecutiveMonths: 3 },
  describeThreshold: (t) =>
    `年度税负率低于行业基准的${percentText(t.lowRatio)}为低风险、低于${percentText(t.mediumRatio)}为中风险；连续${t.highConsecutiveMonths}个月以上低于基准的${percentText(t.monthRatio)}为高风险，不论年度税负率（仅一般纳税人）`,
  check: (input: TaxRuleInput, t) => {
    const pct = input.benchmark.row.vatBurdenPct;
    if (pct === null || pct <= 0) {
      return {
        level: 'insufficient',
        missingData: [
          '行业基准增值税税负率（无可靠基准：基准表未给该行业设税负率；平台运营可录入有出处、有年份的基准，税负率变动另由“增值税税负率波动”与本企业以前年度比较）',
        ],
      };
    }
    const benchmark = pct / 100;
    return overYears(input, (slice): YearResult => {
      if (input.taxpayerType === 'small_scale') return { label: slice.label, skip: SMALL_SCALE_SKIP };
      const burden = burdenOf(slice);
      if (burden === null || !slice.vat.ok) return { label: slice.label, missing: vatMissing(slice) };
      const ratio = clean(burden / benchmark);
      const run = longestLowRun(input, slice, benchmark * t.monthRatio);
      let level: Level = ratio < t.mediumRatio ? 'medium' : ratio < t.lowRatio ? 'low' : 'none';
      // domain-facts §3.2: three months in a row ≥30% under the benchmark is a red warning on its own.
      if (run.longest >= t.highConsecutiveMonths) level = 'high';
      const runText =
        run.longest > 0
          ? `，最长连续${run.longest}个月低于基准的${percentText(t.monthRatio)}（至${monthLabel(run.end)}）`
          : '';
      return {
        label: slice.label,
        level,
        line: `${slice.label}增值税税负率${percentText(burden)}，为行业基准${pct}%的${percentText(ratio)}${runText}`,
        figures: [
          fenFigure(`${slice.label}应纳税额`, slice.vat.figures.taxPayable ?? 0, slice.vat.source),
          fenFigure(`${slice.label}应税销售额`, taxableSalesOf(slice.vat.figures), slice.vat.source),
          pctFigure(`${slice.label}增值税税负率`, burden, derived('应纳税额 ÷ 应税销售额', slice.label)),
          pctFigure('行业基准税负率', benchmark, benchmarkSource(input.benchmark)),
          pctFigure(`${slice.label}税负率 ÷ 基准`, ratio, derived('税负率 ÷ 行业基准', slice.label)),
          numFigure(`${slice.label}最长连续偏低月数`, run.longest, '个月', derived('按各期申报逐月计算', slice.label)),
        ],
      };
    });
  },
});

export const vatBurdenSwingRule = defineRule({
  id: 'TAX_VAT_BURDEN_SWING',
  title: '增值税税负率波动异常',
  category: CATEGORY,
  reportTypes: TAX_REPORT_TYPES,
  dataNeeded: ['本年及上年同期增值税申报（应税销售额、应纳税额）'],
  basis: `${TAX_SOURCE.assessment}：增值税税负率指标需结合本企业各期变动判断；税负率变动超过20%为中风险、超过50%为高风险，为${TAX_SOURCE.ours}。`,
  explanation: '经营模式不变而税负率大幅波动，可能是集中抵扣进项、延迟确认销项或跨期调节应纳税额。',
  suggestion: '逐月列示销项、进项与税负率，说明波动原因（大额设备进项、政策变化、集中采购），备好相关合同与发票。',
  thresholds: { mediumSwing: 0.2, highSwing: 0.5, minPoints: 0.002 },
  describeThreshold: (t) =>
    `税负率与上年同期相比相对变动 ≥ ${percentText(t.mediumSwing)}为中风险、≥ ${percentText(t.highSwing)}为高风险（绝对变动不足${pointsText(t.minPoints)}不计；仅一般纳税人）`,
  check: (input: TaxRuleInput, t) =>
    overYears(input, (slice): YearResult => {
      if (input.taxpayerType === 'small_scale') return { label: slice.label, skip: SMALL_SCALE_SKIP };
      const current = burdenOf(slice);
      const base = burdenOf(slice.previous);
      if (current === null) return { label: slice.label, missing: vatMissing(slice) };
      if (base === null) return { label: slice.label, missing: vatMissing(slice.previous) };
      const points = current - base;
      const swing = base === 0 ? (points === 0 ? 0 : 1) : clean(Math.abs(points) / Math.abs(base));
      const level = swingLevel(points, swing, t);
      return {
        label: slice.label,
        level,
        line: `${slice.label}税负率${percentText(current)}，上年同期${percentText(base)}，相对变动${percentText(swing)}`,
        figures: [
          pctFigure(`${slice.label}增值税税负率`, current, derived('应纳税额 ÷ 应税销售额', slice.label)),
          pctFigure(
            `${slice.previous.label}增值税税负率`,
            base,
            derived('应纳税额 ÷ 应税销售额', slice.previous.label),
          ),
          pctFigure(`${slice.label}税负率相对变动`, swing, derived('|本期 − 上年同期| ÷ 上年同期', slice.label)),
        ],
      };
    }),
});

export const elasticityTaxRevenueRule = defineRule({
  id: 'TAX_ELASTICITY_TAX_REVENUE',
  title: '税收与收入弹性异常',
  category: CATEGORY,
  reportTypes: TAX_REPORT_TYPES,
  dataNeeded: ['本年及上年同期增值税申报（应税销售额、应纳税额）'],
  basis: `税收弹性 = 应纳税额变动率 ÷ 销售额变动率（${TAX_SOURCE.assessment}：销售额变动率与税负率配合分析），实务中以0.8—1.2为正常区间；收入与应纳税额反向变动超过30%为中风险，为${TAX_SOURCE.ours}。`,
  explanation: '销售额增长而应纳税额不增反降（或增幅明显较小），说明进项抵扣增长过快或销项未全部申报。',
  suggestion:
    '对比销售额与进项税额的增长，核实大额进项的业务实质；存货积压导致的，可按“存货增加额 × 适用税率”还原后说明。',
  thresholds: { lowBand: 0.8, highBand: 1.2, minChange: 0.05, highOppositeGap: 0.3 },
  describeThreshold: (t) =>
    `销售额与应纳税额变动率均不足${percentText(t.minChange)}不计；两者反向变动且相差超过${pointsText(t.highOppositeGap)}为高风险；销售额增长而弹性系数低于${t.lowBand}为中风险；弹性系数高于${t.highBand}或其他偏离为低风险（仅一般纳税人）`,
  check: (input: TaxRuleInput, t) =>
    overYears(input, (slice): YearResult => {
      if (input.taxpayerType === 'small_scale') return { label: slice.label, skip: SMALL_SCALE_SKIP };
      if (!slice.vat.ok) return { label: slice.label, missing: slice.vat.missing };
      if (!slice.previous.vat.ok) return { label: slice.label, missing: slice.previous.vat.missing };
      const sales = changeRate(taxableSalesOf(slice.vat.figures), taxableSalesOf(slice.previous.vat.figures));
      const tax = changeRate(read(slice.vat, 'taxPayable') ?? 0, read(slice.previous.vat, 'taxPayable') ?? 0);
      if (sales === null || tax === null) {
        return {
          label: slice.label,
          missing: [`${slice.previous.label}的应税销售额和应纳税额（为零时无法计算变动率）`],
        };
      }
      const elasticity = sales === 0 ? null : clean(tax / sales);
      let level: Level = 'none';
      if (Math.abs(sales) >= t.minChange || Math.abs(tax) >= t.minChange) {
        if (sales * tax < 0 && Math.abs(sales - tax) > t.highOppositeGap) level = 'high';
        else if (sales > 0 && elasticity !== null && elasticity < t.lowBand) level = 'medium';
        else if (elasticity === null || elasticity > t.highBand || elasticity < t.lowBand) level = 'low';
      }
      const shown = elasticity === null ? '无法计算' : String(round2(elasticity));
      return {
        label: slice.label,
        level,
        line: `${slice.label}应税销售额变动${percentText(sales)}、应纳税额变动${percentText(tax)}，弹性系数${shown}`,
        figures: [
          pctFigure(`${slice.label}应税销售额变动率`, sales, derived('（本期 − 上年同期）÷ 上年同期', slice.label)),
          pctFigure(`${slice.label}应纳税额变动率`, tax, derived('（本期 − 上年同期）÷ 上年同期', slice.label)),
          elasticity === null
            ? { label: `${slice.label}税收弹性`, value: shown }
            : numFigure(
                `${slice.label}税收弹性`,
                elasticity,
                '',
                derived('应纳税额变动率 ÷ 销售额变动率', slice.label),
              ),
        ],
      };
    }),
});

export const inputOutputRatioRule = defineRule({
  id: 'TAX_INPUT_OUTPUT_RATIO',
  title: '进项税额与销项税额比偏高',
  category: CATEGORY,
  reportTypes: TAX_REPORT_TYPES,
  dataNeeded: ['各月（季）增值税申报（销项税额、进项税额）'],
  basis: `${TAX_SOURCE.ours}：进销项税额比≥1.5为中风险（长期大额留抵），≥1与≥1.2为低风险提示；税负率指标公式见${TAX_SOURCE.assessment}。`,
  explanation:
    '全年进项税额接近或超过销项税额，企业长期不交或少交增值税，可能存在虚抵进项、购进与销售不匹配或存货大量积压。',
  suggestion: '核对大额进项发票对应的货物去向（入库、领用、销售），积压存货和新购设备单独说明；异常进项应做转出。',
  thresholds: { lowRatio: 1, mediumRatio: 1.2, highRatio: 1.5 },
  describeThreshold: (t) =>
    `年度进项税额 ÷ 销项税额 ≥ ${t.lowRatio}为低风险、≥ ${t.mediumRatio}为中风险、≥ ${t.highRatio}为高风险（仅一般纳税人）`,
  check: (input: TaxRuleInput, t) =>
    overYears(input, (slice): YearResult => {
      if (input.taxpayerType === 'small_scale') return { label: slice.label, skip: SMALL_SCALE_SKIP };
      if (!slice.vat.ok) return { label: slice.label, missing: slice.vat.missing };
      const output = slice.vat.figures.outputTax;
      const inputTax = slice.vat.figures.inputTax;
      if (output === undefined || inputTax === undefined)
        return { label: slice.label, missing: [`${slice.label}销项税额、进项税额`] };
      const ratio = output > 0 ? clean(inputTax / output) : inputTax > 0 ? Number.POSITIVE_INFINITY : 0;
      const level: Level =
        ratio >= t.highRatio ? 'high' : ratio >= t.mediumRatio ? 'medium' : ratio >= t.lowRatio ? 'low' : 'none';
      const shown = Number.isFinite(ratio) ? round2(ratio) : '无销项';
      return {
        label: slice.label,
        level,
        line: `${slice.label}进项税额${yuanText(inputTax)}，销项税额${yuanText(output)}，进销比${shown}`,
        figures: [
          fenFigure(`${slice.label}销项税额`, output, slice.vat.source),
          fenFigure(`${slice.label}进项税额`, inputTax, slice.vat.source),
          Number.isFinite(ratio)
            ? numFigure(`${slice.label}进销项税额比`, ratio, '', derived('进项税额 ÷ 销项税额', slice.label))
            : { label: `${slice.label}进销项税额比`, value: '无销项' },
        ],
      };
    }),
});

export const VAT_RULES = [vatBurdenLowRule, vatBurdenSwingRule, elasticityTaxRevenueRule, inputOutputRatioRule];
