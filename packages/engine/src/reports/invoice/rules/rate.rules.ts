import type { NormalizedInvoiceLine } from '../../../model/invoice.js';
import { defineRule, evidenceOf, levelBy } from '../../../rules/define-rule.js';
import { percentText, share, yuanText } from '../../../rules/display.js';
import { rateLabelOf } from '../invoice-classify.js';
import type { InvoiceRuleInput } from '../invoice-context.js';
import { rateSpreadOf } from '../invoice-goods.js';
import { countFigure, fenFigure, INVOICE_REPORT_TYPES, NO_SALES, pctFigure, SOURCE } from './invoice-rule.helpers.js';

const CATEGORY = '品目与税率';
const NO_SALES_LINES = { level: 'insufficient' as const, missingData: ['销项发票明细（信息汇总表）'] };

export const rateInconsistentRule = defineRule({
  id: 'INV_RATE_INCONSISTENT',
  title: '同一商品适用不同税率',
  category: CATEGORY,
  reportTypes: INVOICE_REPORT_TYPES,
  dataNeeded: ['销项发票明细的税收分类编码与税率'],
  basis: `${SOURCE.ours}；同一税收分类编码的货物或服务应适用同一税率（《增值税暂行条例》第二条），零税率（出口）与小规模1%/3%减征不计。`,
  explanation: '同一商品按不同税率开票，可能是错用低税率少缴税款，也可能是跨越税率调整期或兼营未分别核算，需逐项说明。',
  suggestion: '逐项核对适用税率的依据，错用低税率的应红冲重开并补缴税款；跨越税率调整期的留存说明。',
  thresholds: { mediumMinorFen: 1_000_000, highMinorFen: 50_000_000 },
  describeThreshold: (limits) =>
    `同一税收分类编码按两种以上税率开具：非主要税率的金额≥${yuanText(limits.highMinorFen)}为高风险，≥${yuanText(limits.mediumMinorFen)}为中风险，其余为低风险`,
  check(input: InvoiceRuleInput, limits) {
    if (input.sales.all.length === 0) return NO_SALES;
    if (input.sales.lines.length === 0) return NO_SALES_LINES;
    const spread = rateSpreadOf(input.sales.lines);
    // The main rate of each item is the one with the largest amount; the rest is what needs explaining.
    const minorUses = spread.flatMap((row) => row.rates.slice(1));
    const minorAmount = minorUses.reduce((sum, use) => sum + use.amountFen, 0);
    const examples = spread
      .slice(0, 3)
      .map((row) => `${row.category ?? row.key}（${row.rates.map((use) => use.rate).join('、')}）`);
    return {
      level: levelBy({
        high: minorAmount >= limits.highMinorFen,
        medium: minorAmount >= limits.mediumMinorFen,
        low: spread.length > 0,
      }),
      summary:
        spread.length > 0
          ? `${spread.length}个商品编码按多种税率开具：${examples.join('；')}${spread.length > 3 ? '等' : ''}，非主要税率金额${yuanText(minorAmount)}。`
          : '同一商品编码均按同一税率开具。',
      figures: [countFigure('多税率商品数', spread.length, '个'), fenFigure('非主要税率金额', minorAmount)],
      evidence: evidenceOf(minorUses.flatMap((use) => use.invoiceKeys)),
    };
  },
});

/** Tax a line should carry: amount × rate, rounded half away from zero so red lines mirror blue ones. */
function expectedTax(line: NormalizedInvoiceLine, rateBp: number): number {
  const raw = (Math.abs(line.amountFen) * rateBp) / 10_000;
  return Math.sign(line.amountFen) * Math.round(raw);
}

export const taxCalcMismatchRule = defineRule({
  id: 'INV_TAX_CALC_MISMATCH',
  title: '票面税额与金额、税率不符',
  category: CATEGORY,
  reportTypes: INVOICE_REPORT_TYPES,
  dataNeeded: ['销项与进项发票明细的金额、税率、税额'],
  basis: `${SOURCE.ours}；开票系统允许的税额尾差通常为±0.06元（常见说法，未核实），差额征税（差额开票）明细不参与比对。`,
  explanation: '明细税额与“金额×税率”相差超过尾差，说明发票可能经过改动、开票系统外生成，或导入数据有误。',
  suggestion: '抽取不符的发票到全国增值税发票查验平台查验票面信息，确认真伪；属导入错误的更正数据后重新生成报告。',
  thresholds: { toleranceFen: 6, lowCount: 1, mediumCount: 3, highShare: 0.1 },
  describeThreshold: (limits) =>
    `明细税额与金额×税率相差超过${limits.toleranceFen}分的发票：≥${limits.lowCount}张为低风险，≥${limits.mediumCount}张为中风险，占核对发票≥${percentText(limits.highShare)}为高风险`,
  check(input: InvoiceRuleInput, limits) {
    if (input.sales.lines.length + input.purchases.lines.length === 0) {
      return { level: 'insufficient', missingData: ['发票明细（信息汇总表）'] };
    }
    const checked = new Set<string>();
    const flagged = new Set<string>();
    let gap = 0;
    for (const line of input.sales.lines.concat(input.purchases.lines)) {
      if (line.taxRateBp === null || line.specialBusiness?.includes('差额')) continue;
      checked.add(line.invoiceKey);
      const difference = line.taxFen - expectedTax(line, line.taxRateBp);
      if (Math.abs(difference) > limits.toleranceFen) {
        flagged.add(line.invoiceKey);
        gap += difference;
      }
    }
    const ratio = share(flagged.size, checked.size);
    return {
      level: levelBy({
        high: ratio >= limits.highShare && flagged.size >= limits.mediumCount,
        medium: flagged.size >= limits.mediumCount,
        low: flagged.size >= limits.lowCount,
      }),
      summary: `核对了${checked.size}张发票的明细税额，${flagged.size}张与金额×税率不符，差额合计${yuanText(gap)}。`,
      figures: [
        countFigure('核对发票张数', checked.size),
        countFigure('税额不符发票张数', flagged.size),
        pctFigure('不符占比', ratio),
        fenFigure('税额差额合计', gap),
      ],
      evidence: evidenceOf(flagged),
    };
  },
});

export const exemptSalesShareRule = defineRule({
  id: 'INV_EXEMPT_SALES_SHARE',
  title: '免税及不征税销售占比高',
  category: CATEGORY,
  reportTypes: INVOICE_REPORT_TYPES,
  dataNeeded: ['销项发票明细的税率'],
  basis: `${SOURCE.ours}；享受免税须符合相应政策条件并按规定备案或留存资料。`,
  explanation:
    '较大比例的销售按免税或不征税开具，若不符合免税条件或未分别核算，将被要求补税并调整已抵扣的进项（免税项目对应进项不得抵扣）。',
  suggestion: '核对免税项目的政策依据与备案资料，确认免税项目对应的进项已作转出，兼营项目分别核算。',
  thresholds: { lowShare: 0.2, mediumShare: 0.5 },
  describeThreshold: (limits) =>
    `税率为免税或不征税的销项明细金额占比：≥${percentText(limits.lowShare)}为低风险，≥${percentText(limits.mediumShare)}为中风险`,
  check(input: InvoiceRuleInput, limits) {
    if (input.sales.all.length === 0) return NO_SALES;
    if (input.sales.lines.length === 0) return NO_SALES_LINES;
    let total = 0;
    let exempt = 0;
    const keys: string[] = [];
    for (const line of input.sales.lines) {
      total += line.amountFen;
      const label = rateLabelOf(line);
      if (label === '免税' || label === '不征税') {
        exempt += line.amountFen;
        keys.push(line.invoiceKey);
      }
    }
    const ratio = share(exempt, total);
    return {
      level: levelBy({ medium: ratio >= limits.mediumShare, low: ratio >= limits.lowShare }),
      summary: `免税及不征税销售金额${yuanText(exempt)}，占销项明细金额${percentText(ratio)}。`,
      figures: [fenFigure('免税及不征税金额', exempt), pctFigure('免税及不征税占比', ratio)],
      evidence: evidenceOf(keys),
    };
  },
});

export const RATE_RULES = [rateInconsistentRule, taxCalcMismatchRule, exemptSalesShareRule];
