import type { NormalizedInvoice } from '../../../model/invoice.js';
import { defineRule, evidenceOf, levelBy } from '../../../rules/define-rule.js';
import { percentText, wanText, yuanText } from '../../../rules/display.js';
import { monthOf } from '../invoice-calendar.js';
import { isSmallScale } from '../invoice-classify.js';
import type { InvoiceRuleInput } from '../invoice-context.js';
import { addTo, countFigure, fenFigure, INVOICE_REPORT_TYPES, pctFigure, SOURCE } from './invoice-rule.helpers.js';

/**
 * 对开 (INV_MUTUAL_INVOICING): parties that are both customer and supplier, each way at least
 * `minEachWayFen` (net, excl. tax). Formula: min(sales to P, purchases from P) per party P.
 */
export const mutualInvoicingRule = defineRule({
  id: 'INV_MUTUAL_INVOICING',
  title: '对开发票（同一对方既是客户又是供应商）',
  category: '上下游',
  reportTypes: INVOICE_REPORT_TYPES,
  dataNeeded: ['销项与进项发票的对方税号与名称、金额'],
  basis: `${SOURCE.ours}：同一对方双向开票各达10万元为中风险、各达100万元为高风险。互相开票（对开）、循环开票是税务机关识别虚开增值税发票和虚增收入的常见特征，需有真实、独立的双向业务支持。`,
  explanation:
    '本企业向同一对方销售、又从其采购，且双向金额都不小，可能是正常的购销往来（如互为上下游），也可能是没有真实货物流转的对开发票，用于虚增收入或虚抵进项。',
  suggestion: '逐一说明双向交易的业务实质，核对两个方向的合同、货物流与资金流是否相互独立、真实。',
  thresholds: { minEachWayFen: 10_000_000, highEachWayFen: 100_000_000 },
  describeThreshold: (limits) =>
    `同一对方（按税号合并，无税号按规范化名称）销售与采购（不含税、扣除红冲）均≥${wanText(limits.minEachWayFen)}为中风险，均≥${wanText(limits.highEachWayFen)}为高风险`,
  check(input: InvoiceRuleInput, limits) {
    if (input.sales.all.length === 0 || input.purchases.all.length === 0) {
      return { level: 'insufficient', missingData: ['同一期间的销项与进项发票'] };
    }
    const mutual = [...input.sales.counterparties.values()]
      .map((customer) => ({ customer, supplier: input.purchases.counterparties.get(customer.key) }))
      .filter((pair) => pair.supplier !== undefined)
      .map((pair) => ({ ...pair, both: Math.min(pair.customer.amountFen, pair.supplier?.amountFen ?? 0) }))
      .filter((pair) => pair.both >= limits.minEachWayFen)
      .sort((a, b) => b.both - a.both);
    const top = mutual[0];
    const names = mutual.slice(0, 5).map((pair) => {
      const bought = pair.supplier?.amountFen ?? 0;
      return `${pair.customer.name}（销售${yuanText(pair.customer.amountFen)}、采购${yuanText(bought)}）`;
    });
    return {
      level: levelBy({ high: (top?.both ?? 0) >= limits.highEachWayFen, medium: mutual.length > 0 }),
      summary:
        mutual.length > 0
          ? `${mutual.length}家对方既是客户又是供应商且双向金额较大：${names.join('；')}${mutual.length > 5 ? '等' : ''}。`
          : '未发现双向金额较大的对开对方。',
      figures: [countFigure('对开对方', mutual.length, '家'), fenFigure('最大的双向较小金额', top?.both ?? 0)],
      evidence: evidenceOf(
        mutual.flatMap((pair) => [...pair.customer.invoiceKeys, ...(pair.supplier?.invoiceKeys ?? [])]),
      ),
    };
  },
});

const SMALL_SCALE_LIMIT_FEN = 500_000_000;

/**
 * 小规模纳税人 rolling 12 months (INV_SMALL_SCALE_ROLLING): the largest sum of net sales (excl. tax)
 * over 12 consecutive months, current and previous period together, against 500万元.
 */
export const smallScaleRollingRule = defineRule({
  id: 'INV_SMALL_SCALE_ROLLING',
  title: '小规模纳税人连续12个月销售额接近或超过500万元',
  category: '开票趋势',
  reportTypes: INVOICE_REPORT_TYPES,
  dataNeeded: ['销项发票金额与开票日期（本期与上期）', '纳税人类型'],
  basis:
    '《财政部 税务总局关于统一增值税小规模纳税人标准的通知》（财税〔2018〕33号）：小规模纳税人标准为年应征增值税销售额500万元及以下；《增值税一般纳税人登记管理办法》（国家税务总局令第43号）：连续不超过12个月的经营期内累计应征增值税销售额超过标准的，应办理一般纳税人登记。80%、90%的提示线为本机构经验阈值。',
  explanation:
    '小规模纳税人连续12个月的开票销售额超过500万元后，应在规定期限内登记为一般纳税人；逾期未登记的，按销售额依照增值税税率计算应纳税额，不得抵扣进项税额。只看发票时，未开票收入未计入。',
  suggestion: '按月滚动计算连续12个月的应税销售额（含未开票收入），接近标准时提前规划，超过的及时办理一般纳税人登记。',
  thresholds: { lowShare: 0.8, mediumShare: 0.9, limitFen: SMALL_SCALE_LIMIT_FEN },
  describeThreshold: (limits) =>
    `任意连续12个月开票销售额（不含税、扣除红冲）超过${wanText(limits.limitFen)}为高风险，达到${percentText(limits.mediumShare)}为中风险，达到${percentText(limits.lowShare)}为低风险；仅小规模纳税人`,
  check(input: InvoiceRuleInput, limits) {
    if (!isSmallScale(input.company.taxpayerType)) {
      return { level: 'none', summary: '不适用：本企业不是小规模纳税人。', figures: [], evidence: null };
    }
    if (input.sales.all.length === 0) {
      return { level: 'insufficient', missingData: ['销项发票'] };
    }
    const byMonth = new Map<string, number>();
    const invoices: NormalizedInvoice[] = [...input.sales.blue, ...input.sales.red];
    for (const invoice of [
      ...invoices,
      ...(input.previous ? [...input.previous.sales.blue, ...input.previous.sales.red] : []),
    ]) {
      addTo(byMonth, monthOf(invoice.issuedAt), invoice.amountFen);
    }
    const months = [...input.previousMonths, ...input.months];
    let best = { end: '', sum: 0 };
    for (let end = 0; end < months.length; end += 1) {
      let sum = 0;
      for (let index = Math.max(0, end - 11); index <= end; index += 1) sum += byMonth.get(months[index] ?? '') ?? 0;
      if (sum > best.sum) best = { end: months[end] ?? '', sum };
    }
    const ratio = best.sum / limits.limitFen;
    const start = months[Math.max(0, months.indexOf(best.end) - 11)] ?? '';
    return {
      level: levelBy({
        high: best.sum > limits.limitFen,
        medium: ratio >= limits.mediumShare,
        low: ratio >= limits.lowShare,
      }),
      summary: `连续12个月开票销售额最高为${yuanText(best.sum)}（${start}至${best.end || '—'}），为${wanText(limits.limitFen)}标准的${percentText(ratio)}。`,
      figures: [
        fenFigure('连续12个月最高开票销售额', best.sum),
        { label: '所在期间', value: best.end ? `${start}至${best.end}` : '—' },
        pctFigure('占500万元标准', ratio),
      ],
      evidence: null,
    };
  },
});

export const NEW_FAMILY_RULES = [mutualInvoicingRule, smallScaleRollingRule];
