import { defineRule, type InsufficientOutcome } from '../../../rules/define-rule.js';
import { percentText, wanText, yuanText } from '../../../rules/display.js';
import { rangesText } from '../figure-sets.js';
import type { TaxRuleInput, VatPeriod } from '../tax-context.js';
import {
  clean,
  derived,
  fenFigure,
  type Level,
  numFigure,
  pctFigure,
  TAX_CATEGORIES,
  TAX_REPORT_TYPES,
  TAX_SOURCE,
  textFigure,
  vatSalesOf,
  worse,
} from '../tax-rule.helpers.js';

const NO_VAT: InsufficientOutcome = { level: 'insufficient', missingData: ['报告期间的增值税申报（按月或按季）'] };

interface MonthFlag {
  month: number;
  flagged: boolean;
}

/** Every month of the report's VAT returns with a flag; a quarter flags all three months; gaps break runs. */
function monthFlags(periods: readonly VatPeriod[], flag: (period: VatPeriod) => boolean): MonthFlag[] {
  const months: MonthFlag[] = [];
  for (const period of periods) {
    const flagged = flag(period);
    for (let month = period.first; month <= period.last; month += 1) months.push({ month, flagged });
  }
  return months;
}

function runsOf(months: readonly MonthFlag[]) {
  let run = 0;
  let longest = 0;
  let previous = Number.NaN;
  const flagged: number[] = [];
  const perYear = new Map<number, number>();
  for (const { month, flagged: hit } of months) {
    run = hit ? (month === previous + 1 ? run + 1 : 1) : 0;
    previous = month;
    longest = Math.max(longest, run);
    if (!hit) continue;
    flagged.push(month);
    perYear.set(Math.floor(month / 12), (perYear.get(Math.floor(month / 12)) ?? 0) + 1);
  }
  return { longest, flagged, maxInYear: Math.max(0, ...perYear.values()) };
}

export const zeroDeclarationRule = defineRule({
  id: 'TAX_ZERO_DECLARATION',
  title: '增值税零申报',
  category: TAX_CATEGORIES.declaration,
  reportTypes: TAX_REPORT_TYPES,
  dataNeeded: ['报告期间的增值税申报（销售额、应纳税额）'],
  basis: `${TAX_SOURCE.creditRule}：无正当理由连续3个月或累计6个月增值税应纳税额为零的，不得评为A级；连续3个月零申报（电商、咨询类2个月）的提示为${TAX_SOURCE.ours}。`,
  explanation:
    '销售额和应纳税额均为零（零申报）持续数月，税务机关会关注是否有账外收入或“空壳”经营；有销售但应纳税额为零（多为留抵抵减）连续3个月或累计6个月，也会影响纳税信用A级评定。',
  suggestion:
    '确认零申报月份确无收入；有无票收入的补充申报；长期留抵的说明原因（见留抵规则），无正当理由的零申报会影响纳税信用。',
  thresholds: {
    highConsecutive: 3,
    highYearTotal: 6,
    mediumConsecutive: 2,
    payableConsecutive: 3,
    payableYearTotal: 6,
  },
  describeThreshold: (t) =>
    `销售额与应纳税额均为零的月份：连续≥${t.highConsecutive}个月或一年内累计≥${t.highYearTotal}个月为高风险，连续${t.mediumConsecutive}个月为中风险，其他为低风险；应纳税额为零（含有销售额的月份）连续≥${t.payableConsecutive}个月或一年内累计≥${t.payableYearTotal}个月至少为中风险`,
  check(input: TaxRuleInput, t) {
    if (input.vatPeriods.length === 0) return NO_VAT;
    const zero = runsOf(
      monthFlags(
        input.vatPeriods,
        (period) => vatSalesOf(period.figures) === 0 && (period.figures.taxPayable ?? 0) <= 0,
      ),
    );
    const payable = runsOf(monthFlags(input.vatPeriods, (period) => (period.figures.taxPayable ?? 0) <= 0));
    let level: Level = 'none';
    if (zero.longest >= t.highConsecutive || zero.maxInYear >= t.highYearTotal) level = 'high';
    else if (zero.longest >= t.mediumConsecutive) level = 'medium';
    else if (zero.flagged.length > 0) level = 'low';
    if (payable.longest >= t.payableConsecutive || payable.maxInYear >= t.payableYearTotal)
      level = worse(level, 'medium');
    const covered = input.vatPeriods.reduce((count, period) => count + period.last - period.first + 1, 0);
    const gaps = input.vatMissing.length > 0 ? `（${input.vatMissing.join('、')}无申报数据，未计入）` : '';
    return {
      level,
      summary:
        payable.flagged.length === 0
          ? `有申报数据的${covered}个月应纳税额均大于零${gaps}。`
          : `${covered}个月中零申报（销售额和税额均为零）${zero.flagged.length}个月、最长连续${zero.longest}个月；应纳税额为零${payable.flagged.length}个月、最长连续${payable.longest}个月、单年最多${payable.maxInYear}个月${gaps}。`,
      figures: [
        numFigure('有申报数据的月份', covered, '个月'),
        numFigure('零申报月份', zero.flagged.length, '个月'),
        numFigure('最长连续零申报', zero.longest, '个月'),
        numFigure('应纳税额为零的月份', payable.flagged.length, '个月'),
        numFigure('最长连续应纳税额为零', payable.longest, '个月'),
        textFigure('零申报月份明细', zero.flagged.length > 0 ? rangesText(zero.flagged) : '无', {
          kind: 'vat_return',
          label: '增值税申报汇总',
          periods: input.vatPeriods.map((period) => period.period),
          periodText: '报告期间各期',
          origins: [...new Set(input.vatPeriods.flatMap((period) => period.source.origins))],
        }),
      ],
      evidence: null,
    };
  },
});

export const creditBalancePersistentRule = defineRule({
  id: 'TAX_CREDIT_BALANCE_PERSISTENT',
  title: '留抵税额长期挂账',
  category: TAX_CATEGORIES.compliance,
  reportTypes: TAX_REPORT_TYPES,
  dataNeeded: ['报告期间的增值税申报（期末留抵税额）'],
  basis: `留抵税额按月取自增值税申报；财政部 税务总局 海关总署公告2019年第39号以“连续六个月增量留抵税额大于零”为留抵退税条件，本规则以6个月、12个月分级（${TAX_SOURCE.ours}）。`,
  explanation:
    '期末留抵税额长期存在，说明进项持续大于销项：可能是正常的投资期或存货积压，也可能是取得虚开发票、销项未申报；留抵退税申请时会被重点核查。',
  suggestion:
    '分析留抵形成原因（设备投资、存货、价格倒挂），准备采购合同与存货台账；符合条件的可申请留抵退税，但须先排除进项风险。',
  thresholds: { lowMonths: 3, mediumMonths: 6, highMonths: 12 },
  describeThreshold: (t) =>
    `期末留抵税额连续大于零 ≥ ${t.lowMonths}个月为低风险、≥ ${t.mediumMonths}个月为中风险、≥ ${t.highMonths}个月为高风险`,
  check(input: TaxRuleInput, t) {
    if (input.taxpayerType === 'small_scale') {
      return { level: 'none', summary: '小规模纳税人没有留抵税额，不适用。', figures: [], evidence: null };
    }
    const withBalance = input.vatPeriods.filter((period) => period.figures.closingCreditBalance !== undefined);
    if (withBalance.length === 0) return { level: 'insufficient', missingData: ['增值税申报的期末留抵税额'] };
    const runs = runsOf(monthFlags(withBalance, (period) => (period.figures.closingCreditBalance ?? 0) > 0));
    const last = withBalance.at(-1) as VatPeriod;
    const level: Level =
      runs.longest >= t.highMonths
        ? 'high'
        : runs.longest >= t.mediumMonths
          ? 'medium'
          : runs.longest >= t.lowMonths
            ? 'low'
            : 'none';
    const closing = last.figures.closingCreditBalance ?? 0;
    return {
      level,
      summary:
        runs.flagged.length > 0
          ? `期末留抵税额大于零的月份共${runs.flagged.length}个，最长连续${runs.longest}个月；${last.period}期末留抵${yuanText(closing)}。`
          : '各期期末均无留抵税额。',
      figures: [
        numFigure('留抵月份数', runs.flagged.length, '个月'),
        numFigure('最长连续留抵', runs.longest, '个月'),
        fenFigure(`${last.period}期末留抵税额`, closing, last.source),
      ],
      evidence: null,
    };
  },
});

/** The largest VAT sales of any run of returns spanning at most 12 months. */
function largestTwelveMonths(periods: readonly VatPeriod[]) {
  let best = { salesFen: 0, from: '', to: '', months: 0 };
  for (let start = 0; start < periods.length; start += 1) {
    let total = 0;
    const first = periods[start] as VatPeriod;
    for (let end = start; end < periods.length; end += 1) {
      const period = periods[end] as VatPeriod;
      const previous = periods[end - 1];
      if (period.last - first.first + 1 > 12 || (end > start && previous && period.first !== previous.last + 1)) break;
      total += vatSalesOf(period.figures);
      if (total > best.salesFen) {
        best = { salesFen: total, from: first.period, to: period.period, months: period.last - first.first + 1 };
      }
    }
  }
  return best;
}

export const smallScaleThresholdRule = defineRule({
  id: 'TAX_SMALL_SCALE_THRESHOLD',
  title: '小规模纳税人年销售额接近500万元',
  category: TAX_CATEGORIES.compliance,
  reportTypes: TAX_REPORT_TYPES,
  dataNeeded: ['报告期间的增值税申报（应税销售额、免税销售额）'],
  basis:
    '《财政部 税务总局关于统一增值税小规模纳税人标准的通知》（财税〔2018〕33号）：小规模纳税人标准为年应征增值税销售额500万元及以下；《增值税一般纳税人登记管理办法》（国家税务总局令第43号）：连续不超过12个月或四个季度的经营期内累计应征增值税销售额超过标准的，应办理一般纳税人登记。80%、90%的提示线为本机构经验阈值。',
  explanation:
    '销售额超过500万元仍按小规模纳税人申报，须补办一般纳税人登记，逾期未办的按一般纳税人税率计税且不得抵扣进项；接近标准时也常见拆分收入、推迟开票。',
  suggestion:
    '按月滚动计算连续12个月的销售额；预计超过标准的及早规划登记为一般纳税人，不得以拆分主体、延迟开票等方式规避。',
  thresholds: { limitFen: 500_000_000, lowShare: 0.8, mediumShare: 0.9 },
  describeThreshold: (t) =>
    `连续12个月（或四个季度）应征增值税销售额达到${wanText(t.limitFen)}的${percentText(t.lowShare)}为低风险、${percentText(t.mediumShare)}为中风险，超过${wanText(t.limitFen)}为高风险（仅小规模纳税人）`,
  check(input: TaxRuleInput, t) {
    if (input.taxpayerType === null) {
      return { level: 'insufficient', missingData: ['纳税人类型（企业资料未填写，增值税申报也未注明）'] };
    }
    const inferred = input.taxpayerTypeSource === 'vat_return' ? '（按增值税申报表判断）' : '';
    if (input.taxpayerType !== 'small_scale') {
      return { level: 'none', summary: `一般纳税人${inferred}，不适用。`, figures: [], evidence: null };
    }
    if (input.vatPeriods.length === 0) return NO_VAT;
    const best = largestTwelveMonths(input.vatPeriods);
    const share = clean(best.salesFen / t.limitFen);
    const level: Level =
      best.salesFen > t.limitFen ? 'high' : share >= t.mediumShare ? 'medium' : share >= t.lowShare ? 'low' : 'none';
    return {
      level,
      summary: `小规模纳税人${inferred}：${best.from}至${best.to}（${best.months}个月）累计应征增值税销售额${yuanText(best.salesFen)}，为标准${wanText(t.limitFen)}的${percentText(share)}。`,
      figures: [
        fenFigure('连续12个月最高销售额', best.salesFen, {
          kind: 'vat_return',
          label: '增值税申报汇总',
          periods: [best.from, best.to],
          periodText: `${best.from}至${best.to}`,
          origins: [...new Set(input.vatPeriods.flatMap((period) => period.source.origins))],
        }),
        fenFigure('小规模纳税人标准', t.limitFen),
        pctFigure('占标准比例', share, derived('连续12个月销售额 ÷ 500万元', `${best.from}至${best.to}`)),
      ],
      evidence: null,
    };
  },
});

export const VAT_PERIOD_RULES = [zeroDeclarationRule, creditBalancePersistentRule, smallScaleThresholdRule];
