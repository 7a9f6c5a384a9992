import type { NormalizedInvoice } from '../../../model/invoice.js';
import { defineRule, evidenceOf, levelBy } from '../../../rules/define-rule.js';
import { percentText, share, wanText, yuanText } from '../../../rules/display.js';
import { monthOf, yearOf } from '../invoice-calendar.js';
import type { InvoiceRuleInput } from '../invoice-context.js';
import {
  countFigure,
  EXPERIENCE,
  fenFigure,
  INVOICE_REPORT_TYPES,
  NO_SALES,
  pctFigure,
  SOURCE,
} from './invoice-rule.helpers.js';

const CATEGORY = '红冲与作废';

const RATIO_LEVELS = { lowRatio: 0.05, mediumRatio: 0.1, highRatio: 0.2 };

export const redRatioRule = defineRule({
  id: 'INV_RED_RATIO',
  title: '销项红冲比例高',
  category: CATEGORY,
  reportTypes: INVOICE_REPORT_TYPES,
  dataNeeded: ['销项发票（含红字发票）金额'],
  basis: `${SOURCE.ours}；红冲率是各地纳税评估与数电风险监控的常用指标，但未见公开的统一预警值。`,
  explanation:
    '红冲金额占销售额比例高，可能是开票管理混乱，也可能是先开后冲以调节收入所属期、或对方抵扣后再冲减以少缴税款。',
  suggestion: '逐笔核对红字发票的原因（退货、折让、开票错误）与红字信息确认单，确认红冲与业务一致并及时调整收入。',
  thresholds: RATIO_LEVELS,
  describeThreshold: (limits) =>
    `红字发票金额（绝对值）占蓝字销项金额：≥${percentText(limits.lowRatio)}为低风险，≥${percentText(limits.mediumRatio)}为中风险，≥${percentText(limits.highRatio)}为高风险`,
  check(input: InvoiceRuleInput, limits) {
    const { blue, red, blueAmountFen } = input.sales;
    if (blue.length === 0 && red.length === 0) return NO_SALES;
    const redAmount = 0 - red.reduce((sum, invoice) => sum + invoice.amountFen, 0);
    const ratio = share(redAmount, blueAmountFen);
    return {
      level: levelBy({
        high: ratio >= limits.highRatio,
        medium: ratio >= limits.mediumRatio,
        low: ratio >= limits.lowRatio,
      }),
      summary: `销项红字发票${red.length}张、金额${yuanText(redAmount)}，占蓝字销项金额${yuanText(blueAmountFen)}的${percentText(ratio)}。`,
      figures: [
        countFigure('红字发票张数', red.length),
        fenFigure('红字金额（绝对值）', redAmount),
        fenFigure('蓝字金额', blueAmountFen),
        pctFigure('红冲金额比例', ratio),
        pctFigure('红冲张数比例', share(red.length, blue.length)),
      ],
      evidence: evidenceOf(red.map((invoice) => invoice.key)),
    };
  },
});

function isDigital(invoice: NormalizedInvoice): boolean {
  return invoice.digitalNumber !== null || (invoice.kindCode?.startsWith('8') ?? false);
}

export const voidRatioRule = defineRule({
  id: 'INV_VOID_RATIO',
  title: '销项作废比例高',
  category: CATEGORY,
  reportTypes: INVOICE_REPORT_TYPES,
  dataNeeded: ['销项发票状态（含已作废）'],
  basis: `${SOURCE.ours}；作废率是纳税评估常用的开票管理指标，未见公开的统一预警值。数电发票不能作废，只能红冲。`,
  explanation: '作废发票比例高，可能是开票管理混乱，也可能是开具后交对方使用再作废以隐匿收入。',
  suggestion: '核对作废发票的原因与全部联次（纸质发票）是否收回，建立开票复核制度。',
  thresholds: RATIO_LEVELS,
  describeThreshold: (limits) =>
    `已作废发票占销项发票张数：≥${percentText(limits.lowRatio)}为低风险，≥${percentText(limits.mediumRatio)}为中风险，≥${percentText(limits.highRatio)}为高风险`,
  check(input: InvoiceRuleInput, limits) {
    const { all, voided } = input.sales;
    if (all.length === 0) return NO_SALES;
    const ratio = voided.length / all.length;
    const voidAmount = voided.reduce((sum, invoice) => sum + invoice.amountFen, 0);
    const allDigital = voided.length === 0 && all.every(isDigital);
    return {
      level: levelBy({
        high: ratio >= limits.highRatio,
        medium: ratio >= limits.mediumRatio,
        low: ratio >= limits.lowRatio,
      }),
      summary: `${all.length}张销项发票中已作废${voided.length}张，占${percentText(ratio)}，作废金额${yuanText(voidAmount)}${allDigital ? '（均为数电发票，数电发票不能作废）' : ''}。`,
      figures: [
        countFigure('销项发票张数', all.length),
        countFigure('作废张数', voided.length),
        pctFigure('作废张数比例', ratio),
        fenFigure('作废金额', voidAmount),
      ],
      evidence: evidenceOf(voided.map((invoice) => invoice.key)),
    };
  },
});

/** Year of the blue invoice a red one flushes: from the linked invoice, else from a 20-digit 数电 number. */
function blueYearOf(red: NormalizedInvoice, input: InvoiceRuleInput): number | null {
  const number = red.redOfNumber?.trim();
  if (!number) return null;
  const blue = input.findInvoice(number);
  if (blue) return yearOf(blue.issuedAt);
  return /^\d{20}$/.test(number) ? 2000 + Number(number.slice(0, 2)) : null;
}

export const crossYearRedRule = defineRule({
  id: 'INV_CROSS_YEAR_RED',
  title: '跨年度红冲',
  category: CATEGORY,
  reportTypes: INVOICE_REPORT_TYPES,
  dataNeeded: ['销项红字发票及其备注中的被红冲蓝字发票号码', '上期发票（用于查找蓝字发票）'],
  basis: `${SOURCE.ours}：红冲以前年度发票达到50万元为高风险（汇算清缴后红冲影响已申报年度），10万元为中风险；本规则无法得知汇算申报时间，凡跨年度红冲均计入。红字发票开具须有对应的红字发票信息确认单。`,
  explanation:
    '本年红冲以前年度开具的发票，会减少以前年度已申报的收入，需同步更正以前年度的增值税与企业所得税处理，常被用作调节利润的手段。',
  suggestion: '核对跨年度红冲的原因与红字信息确认单，按规定调整所属年度的收入与纳税申报，留存退货或折让证明。',
  thresholds: { lowFen: 1, mediumFen: 10_000_000, highFen: 50_000_000 },
  describeThreshold: (limits) =>
    `红冲以前年度蓝字发票的金额（不含税，绝对值）：≥${wanText(limits.highFen)}为高风险，≥${wanText(limits.mediumFen)}为中风险，≥${yuanText(limits.lowFen)}为低风险`,
  check(input: InvoiceRuleInput, limits) {
    if (input.sales.all.length === 0) return NO_SALES;
    const red = input.sales.red;
    const cross: NormalizedInvoice[] = [];
    let unlinked = 0;
    for (const invoice of red) {
      const blueYear = blueYearOf(invoice, input);
      if (blueYear === null) unlinked += 1;
      else if (blueYear < yearOf(invoice.issuedAt)) cross.push(invoice);
    }
    if (red.length > 0 && unlinked === red.length) {
      return {
        level: 'insufficient',
        missingData: ['红字发票备注中的被红冲蓝字发票号码（全部红字发票均无法关联蓝字发票）'],
      };
    }
    const crossAmount = 0 - cross.reduce((sum, invoice) => sum + invoice.amountFen, 0);
    return {
      level: levelBy({
        high: crossAmount >= limits.highFen,
        medium: crossAmount >= limits.mediumFen,
        low: crossAmount >= limits.lowFen,
      }),
      summary:
        red.length === 0
          ? '本期无销项红字发票。'
          : `${red.length}张销项红字发票中${cross.length}张红冲以前年度发票，金额${yuanText(crossAmount)}${unlinked > 0 ? `；${unlinked}张无法关联蓝字发票，未计入` : ''}。`,
      figures: [
        countFigure('红字发票张数', red.length),
        countFigure('跨年度红冲张数', cross.length),
        fenFigure('跨年度红冲金额', crossAmount),
        countFigure('无法关联蓝票的红字发票', unlinked),
      ],
      evidence: evidenceOf(cross.map((invoice) => invoice.key)),
    };
  },
});

/** A month whose red sales invoices flush more than its blue ones issued: who, and which blues. */
interface RedMonth {
  month: string;
  blueFen: number;
  redFen: number;
  reds: NormalizedInvoice[];
}

function redHeavyMonths(input: InvoiceRuleInput): RedMonth[] {
  const months = new Map<string, RedMonth>();
  const entry = (month: string) => {
    let found = months.get(month);
    if (!found) {
      found = { month, blueFen: 0, redFen: 0, reds: [] };
      months.set(month, found);
    }
    return found;
  };
  for (const invoice of input.sales.blue) entry(monthOf(invoice.issuedAt)).blueFen += invoice.amountFen;
  for (const invoice of input.sales.red) {
    const found = entry(monthOf(invoice.issuedAt));
    found.redFen -= invoice.amountFen;
    found.reds.push(invoice);
  }
  return [...months.values()]
    .filter((month) => month.redFen > month.blueFen)
    .sort((a, b) => a.month.localeCompare(b.month));
}

export const largeRedFlushRule = defineRule({
  id: 'INV_LARGE_RED_FLUSH',
  title: '大额红冲（当月红冲超过当月开票）',
  category: CATEGORY,
  reportTypes: INVOICE_REPORT_TYPES,
  dataNeeded: ['销项发票（含红字发票）金额与开票日期', '红字发票备注中的被红冲蓝字发票号码'],
  basis: `${EXPERIENCE}（按红冲金额分级）。红字发票冲减的是蓝字发票所属期已申报的收入，应有对应的红字发票信息确认单与退货、折让或开票有误的依据。`,
  explanation:
    '某月红字发票金额超过当月开具的蓝字发票，当月销售为负，说明集中冲减了以前月份的收入；这不是“无销售”，而是需要逐张说明原因的大额红冲。',
  suggestion: '逐张核对当月红字发票对应的蓝字发票、红字发票信息确认单与退货或折让证明，确认收入冲减的所属期正确。',
  thresholds: { mediumFen: 1_000_000, highFen: 50_000_000 },
  describeThreshold: (limits) =>
    `当月红字金额（不含税，绝对值）超过当月蓝字金额的月份：红冲超出部分合计≥${wanText(limits.highFen)}为高风险，≥${wanText(limits.mediumFen)}为中风险，其余为低风险`,
  check(input: InvoiceRuleInput, limits) {
    if (input.sales.all.length === 0) return NO_SALES;
    const months = redHeavyMonths(input);
    const excess = months.reduce((sum, month) => sum + month.redFen - month.blueFen, 0);
    const reds = months.flatMap((month) => month.reds);
    const blues = reds.flatMap((red) => {
      const blue = red.redOfNumber ? input.findInvoice(red.redOfNumber.trim()) : undefined;
      return blue ? [blue] : [];
    });
    const parties = [...new Set(reds.map((red) => input.partyOf(red).name || '（无购方名称）'))];
    const blueText = blues
      .slice(0, 5)
      .map(
        (blue) =>
          `${blue.digitalNumber ?? blue.number ?? blue.key}（${blue.issuedAt.slice(0, 10)}，${yuanText(blue.amountFen)}）`,
      );
    const monthText = months.map(
      (month) => `${month.month}红冲${yuanText(month.redFen)}、开票${yuanText(month.blueFen)}`,
    );
    return {
      level:
        months.length === 0
          ? 'none'
          : levelBy({ high: excess >= limits.highFen, medium: excess >= limits.mediumFen, low: true }),
      summary:
        months.length === 0
          ? '没有红冲金额超过当月开票金额的月份。'
          : `${months.length}个月红冲超过当月开票（${monthText.join('；')}），涉及购方${parties.slice(0, 5).join('、')}${parties.length > 5 ? '等' : ''}；被红冲的蓝字发票${blues.length > 0 ? `：${blueText.join('、')}${blues.length > 5 ? `等${blues.length}张` : ''}` : '未能从红字发票备注关联到'}。`,
      figures: [
        countFigure('红冲超过开票的月份', months.length, '个月'),
        fenFigure('红冲超出当月开票的金额', excess),
        countFigure('这些月份的红字发票', reds.length),
        countFigure('关联到的被红冲蓝字发票', blues.length),
      ],
      evidence: evidenceOf([...reds, ...blues].map((invoice) => invoice.key)),
    };
  },
});

export const RED_VOID_RULES = [redRatioRule, voidRatioRule, crossYearRedRule, largeRedFlushRule];
