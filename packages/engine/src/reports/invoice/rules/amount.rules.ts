import type { NormalizedInvoice } from '../../../model/invoice.js';
import { defineRule, evidenceOf, levelBy } from '../../../rules/define-rule.js';
import { percentText, share, wanText, yuanText } from '../../../rules/display.js';
import { daysBetween } from '../invoice-calendar.js';
import { counterpartyOf, isConstructionIndustry, isTradeIndustry } from '../invoice-classify.js';
import type { InvoiceRuleInput } from '../invoice-context.js';
import {
  countFigure,
  fenFigure,
  INVOICE_REPORT_TYPES,
  NO_SALES,
  pctFigure,
  pushTo,
  SOURCE,
} from './invoice-rule.helpers.js';

const CATEGORY = '开票金额';

/** 最高开票限额 versions (金额, fen): 十万元版, 百万元版, 千万元版. */
const COMMON_LIMITS_FEN = [10_000_000, 100_000_000, 1_000_000_000];

export const nearLimitRule = defineRule({
  id: 'INV_NEAR_LIMIT',
  title: '顶额开票',
  category: CATEGORY,
  reportTypes: INVOICE_REPORT_TYPES,
  dataNeeded: ['销项发票金额', '单张发票最高开票限额（未提供时按最大单张金额推断）'],
  basis: `${SOURCE.waihuics}：多数发票金额超过限额90%即为顶额开票（${SOURCE.gddaxing}取60%，两者不一致，本产品取90%以减少误报）；张数占比分级为${SOURCE.ours}。数电发票将顶额开票列为黄色预警触发项（${SOURCE.travel}）。`,
  explanation: '发票金额贴近单张限额，常见于为规避限额拆分业务、或虚开时按限额批量开具，是税务机关识别虚开的典型特征。',
  suggestion: '核对贴近限额发票的合同与交付，确有大额业务的应申请提高限额或按合同整笔开具，避免拆分开票。',
  thresholds: { nearRatio: 0.9, highShare: 0.3, mediumShare: 0.1, lowCount: 1 },
  describeThreshold: (limits) =>
    `单张金额（不含税）达到限额的${percentText(limits.nearRatio)}即为顶额发票；占销项发票张数≥${percentText(limits.highShare)}为高风险，≥${percentText(limits.mediumShare)}为中风险，≥${limits.lowCount}张为低风险`,
  check(input: InvoiceRuleInput, limits) {
    const blue = input.sales.blue;
    if (blue.length === 0) return NO_SALES;
    let maxAmount = 0;
    for (const invoice of blue) maxAmount = Math.max(maxAmount, invoice.amountFen);
    let limit = input.invoiceLimitFen;
    const inferred = limit === null;
    if (limit === null) limit = COMMON_LIMITS_FEN.find((candidate) => maxAmount < candidate) ?? null;
    if (limit === null || limit <= 0) {
      return {
        level: 'insufficient',
        missingData: ['单张发票最高开票限额（最大单张金额已达1000万元，无法按常见限额推断）'],
      };
    }
    const floor = Math.ceil(limit * limits.nearRatio);
    const near = blue.filter((invoice) => invoice.amountFen >= floor && invoice.amountFen <= limit);
    const above = blue.filter((invoice) => invoice.amountFen > limit).length;
    const nearShare = near.length / blue.length;
    const limitText = `${wanText(limit)}${inferred ? '（未提供限额，按最大单张金额推断为常见限额10万/100万/1000万元中的一档）' : ''}`;
    return {
      level: levelBy({
        high: nearShare >= limits.highShare,
        medium: nearShare >= limits.mediumShare,
        low: near.length >= limits.lowCount,
      }),
      summary: `${blue.length}张销项发票中${near.length}张金额达到限额${limitText}的${percentText(limits.nearRatio)}，占${percentText(nearShare)}${above > 0 ? `；另有${above}张超过所给限额，限额可能有误` : ''}。`,
      figures: [
        fenFigure(inferred ? '推断的单张限额' : '单张限额', limit),
        countFigure('销项发票张数', blue.length),
        countFigure('顶额发票张数', near.length),
        pctFigure('顶额发票占比', nearShare),
        fenFigure('最大单张金额', maxAmount),
      ],
      threshold: `${limits.nearRatio * 100}%×${limitText}；占比≥${percentText(limits.highShare)}为高风险，≥${percentText(limits.mediumShare)}为中风险，≥${limits.lowCount}张为低风险`,
      evidence: evidenceOf(near.map((invoice) => invoice.key)),
    };
  },
});

/** Invoices of one group that fall in a window of `windowDays` with at least `minCount` others. */
function clusteredInGroup(group: NormalizedInvoice[], minCount: number, windowDays: number): NormalizedInvoice[] {
  const sorted = [...group].sort((a, b) => a.issuedAt.localeCompare(b.issuedAt));
  const flagged = new Set<NormalizedInvoice>();
  let start = 0;
  for (let end = 0; end < sorted.length; end += 1) {
    while (daysBetween(sorted[start]!.issuedAt, sorted[end]!.issuedAt) > windowDays) start += 1;
    if (end - start + 1 >= minCount) for (let i = start; i <= end; i += 1) flagged.add(sorted[i]!);
  }
  return [...flagged];
}

export const splitSameAmountRule = defineRule({
  id: 'INV_SPLIT_SAME_AMOUNT',
  title: '同一对方短期同额多张发票',
  category: CATEGORY,
  reportTypes: INVOICE_REPORT_TYPES,
  dataNeeded: ['销项与进项发票的对方、价税合计、开票日期'],
  basis: `${SOURCE.openImpl}：同一对方45天内≥3张同额发票视为拆分开票；单张最低金额与组数分级为${SOURCE.ours}。`,
  explanation:
    '对同一对方在短期内开具多张金额完全相同的发票，常见于拆分大额业务以规避限额或监控，也可能是虚开的批量痕迹。',
  suggestion: '核对同额发票是否对应真实的分批交付或分期结算，保留合同分期条款；无合理原因的应合并开具。',
  thresholds: { minCount: 3, windowDays: 45, minTotalFen: 1_000_000, highGroups: 3, mediumGroups: 1 },
  describeThreshold: (limits) =>
    `同一对方${limits.windowDays}天内≥${limits.minCount}张价税合计相同（≥${yuanText(limits.minTotalFen)}）的发票为一组；≥${limits.highGroups}组为高风险，≥${limits.mediumGroups}组为中风险`,
  check(input: InvoiceRuleInput, limits) {
    if (input.sales.all.length === 0 && input.purchases.all.length === 0) {
      return { level: 'insufficient', missingData: ['销项与进项发票'] };
    }
    const flaggedKeys: string[] = [];
    const groupsBySide = { sales: 0, purchase: 0 };
    let flaggedAmount = 0;
    for (const side of [input.sales, input.purchases]) {
      const groups = new Map<string, NormalizedInvoice[]>();
      for (const invoice of side.blue) {
        if (invoice.totalFen < limits.minTotalFen) continue;
        pushTo(groups, `${counterpartyOf(invoice).key}|${invoice.totalFen}`, invoice);
      }
      for (const group of groups.values()) {
        if (group.length < limits.minCount) continue;
        const clustered = clusteredInGroup(group, limits.minCount, limits.windowDays);
        if (clustered.length === 0) continue;
        groupsBySide[side.direction] += 1;
        for (const invoice of clustered) {
          flaggedKeys.push(invoice.key);
          flaggedAmount += invoice.totalFen;
        }
      }
    }
    const groupCount = groupsBySide.sales + groupsBySide.purchase;
    return {
      level: levelBy({ high: groupCount >= limits.highGroups, medium: groupCount >= limits.mediumGroups }),
      summary:
        groupCount > 0
          ? `发现${groupCount}组同一对方${limits.windowDays}天内≥${limits.minCount}张同额发票（销项${groupsBySide.sales}组、进项${groupsBySide.purchase}组），共${flaggedKeys.length}张、价税合计${yuanText(flaggedAmount)}。`
          : `未发现同一对方${limits.windowDays}天内≥${limits.minCount}张同额发票。`,
      figures: [
        countFigure('销项同额组数', groupsBySide.sales, '组'),
        countFigure('进项同额组数', groupsBySide.purchase, '组'),
        countFigure('涉及发票张数', flaggedKeys.length),
        fenFigure('涉及价税合计', flaggedAmount),
      ],
      evidence: evidenceOf(flaggedKeys),
    };
  },
});

export const roundAmountRule = defineRule({
  id: 'INV_ROUND_AMOUNT',
  title: '整数金额发票占比高',
  category: CATEGORY,
  reportTypes: INVOICE_REPORT_TYPES,
  dataNeeded: ['销项与进项发票价税合计'],
  basis: `${SOURCE.ours}；正常购销按单价×数量计价，价税合计恰为整千元的发票比例很低，大量整数金额是虚开、拼凑发票的常见特征。`,
  explanation: '价税合计恰为整千元的发票占比过高，说明开票金额可能不是按实际交易计价，而是按约定金额“凑票”。',
  suggestion: '抽查整数金额发票对应的合同、结算单和付款记录，确认金额来源；服务费按合同固定价计费的应留存合同。',
  thresholds: { roundUnitFen: 100_000, minInvoices: 10, lowShare: 0.15, mediumShare: 0.3, highShare: 0.6 },
  describeThreshold: (limits) =>
    `价税合计为${yuanText(limits.roundUnitFen)}整数倍的发票占本方张数（至少${limits.minInvoices}张）：≥${percentText(limits.lowShare)}为低风险，≥${percentText(limits.mediumShare)}为中风险，≥${percentText(limits.highShare)}为高风险；销项、进项分别计算，取较高者`,
  check(input: InvoiceRuleInput, limits) {
    if (input.sales.all.length === 0 && input.purchases.all.length === 0) {
      return { level: 'insufficient', missingData: ['销项与进项发票'] };
    }
    const rows = [input.sales, input.purchases].map((side) => {
      const round = side.blue.filter((invoice) => invoice.totalFen > 0 && invoice.totalFen % limits.roundUnitFen === 0);
      const checked = side.blue.length >= limits.minInvoices;
      return { side, round, ratio: share(round.length, side.blue.length), checked };
    });
    const [sales, purchases] = rows as [(typeof rows)[0], (typeof rows)[0]];
    const worst = Math.max(...rows.filter((row) => row.checked).map((row) => row.ratio), 0);
    const sideText = (row: typeof sales, name: string) =>
      row.checked
        ? `${name}${row.round.length}/${row.side.blue.length}张（${percentText(row.ratio)}）`
        : `${name}不足${limits.minInvoices}张未判断`;
    return {
      level: levelBy({
        high: worst >= limits.highShare,
        medium: worst >= limits.mediumShare,
        low: worst >= limits.lowShare,
      }),
      summary: `价税合计为整千元的发票：${sideText(sales, '销项')}，${sideText(purchases, '进项')}。`,
      figures: [
        countFigure('销项整数金额发票', sales.round.length),
        pctFigure('销项整数金额占比', sales.ratio),
        countFigure('进项整数金额发票', purchases.round.length),
        pctFigure('进项整数金额占比', purchases.ratio),
      ],
      evidence: evidenceOf(rows.filter((row) => row.checked).flatMap((row) => row.round.map((invoice) => invoice.key))),
    };
  },
});

export const largeSingleRule = defineRule({
  id: 'INV_LARGE_SINGLE',
  title: '单张大额销项发票',
  category: CATEGORY,
  reportTypes: INVOICE_REPORT_TYPES,
  dataNeeded: ['销项发票价税合计', '企业所属行业'],
  basis: `${SOURCE.cwabc}：商贸企业单张超过100万元、建筑企业超过300万元为大额发票风险点；其他行业暂按商贸标准；张数分级为${SOURCE.ours}。`,
  explanation: '单张大额发票是数电发票监控和税务稽查抽选的重点，若缺少相应规模的合同、物流和资金流，容易被认定为虚开。',
  suggestion: '为每张大额发票备齐合同、验收或进度确认、物流与银行回款凭证，做到“四流一致”。',
  thresholds: {
    tradeLimitFen: 100_000_000,
    constructionLimitFen: 300_000_000,
    lowCount: 1,
    mediumCount: 3,
    highCount: 10,
  },
  describeThreshold: (limits) =>
    `单张价税合计超过${wanText(limits.tradeLimitFen)}（建筑业${wanText(limits.constructionLimitFen)}）：≥${limits.lowCount}张为低风险，≥${limits.mediumCount}张为中风险，≥${limits.highCount}张为高风险`,
  check(input: InvoiceRuleInput, limits) {
    if (input.sales.blue.length === 0) return NO_SALES;
    const construction = isConstructionIndustry(input.company.industry);
    const limit = construction ? limits.constructionLimitFen : limits.tradeLimitFen;
    const sector = construction ? '建筑业' : isTradeIndustry(input.company.industry) ? '商贸' : '行业未识别，暂按商贸';
    const large = input.sales.blue.filter((invoice) => invoice.totalFen > limit);
    const largeAmount = large.reduce((sum, invoice) => sum + invoice.totalFen, 0);
    return {
      level: levelBy({
        high: large.length >= limits.highCount,
        medium: large.length >= limits.mediumCount,
        low: large.length >= limits.lowCount,
      }),
      summary: `按${sector}标准（单张超过${wanText(limit)}），有${large.length}张大额销项发票，价税合计${yuanText(largeAmount)}。`,
      figures: [
        fenFigure('适用单张标准', limit),
        countFigure('大额发票张数', large.length),
        fenFigure('大额发票价税合计', largeAmount),
      ],
      threshold: `单张价税合计超过${wanText(limit)}（${sector}）：≥${limits.lowCount}张为低风险，≥${limits.mediumCount}张为中风险，≥${limits.highCount}张为高风险`,
      evidence: evidenceOf(large.map((invoice) => invoice.key)),
    };
  },
});

export const AMOUNT_RULES = [nearLimitRule, splitSameAmountRule, roundAmountRule, largeSingleRule];
