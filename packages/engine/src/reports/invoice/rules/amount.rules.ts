import type { NormalizedInvoice } from '../../../model/invoice.js';
import { defineRule, evidenceOf, levelBy } from '../../../rules/define-rule.js';
import { percentText, share, wanText, yuanText } from '../../../rules/display.js';
import { daysBetween, monthOf } from '../invoice-calendar.js';
import { isConstructionIndustry, isTradeIndustry } from '../invoice-classify.js';
import type { InvoiceRuleInput, SideView } from '../invoice-context.js';
import {
  countFigure,
  EXPERIENCE,
  fenFigure,
  INVOICE_REPORT_TYPES,
  lineTextMatches,
  NO_SALES,
  pctFigure,
  pushTo,
  SOURCE,
} from './invoice-rule.helpers.js';

const CATEGORY = '开票金额';

/**
 * 税控 (old-system) invoices carry a per-invoice limit (最高开票限额); 数电 invoices have none, only a
 * total credit line (授信额度). A 数电 invoice has a 20-digit number or a 数电 kind code.
 */
export function isDigitalInvoice(invoice: NormalizedInvoice): boolean {
  return (
    (invoice.digitalNumber !== null && /^\d{20}$/.test(invoice.digitalNumber)) ||
    (invoice.kindCode !== null && /^(8\d|5[1-9]|6[1-9])$/.test(invoice.kindCode)) ||
    (invoice.source?.includes('电子发票服务平台') ?? false)
  );
}

export const nearLimitRule = defineRule({
  id: 'INV_NEAR_LIMIT',
  title: '顶额开票',
  category: CATEGORY,
  reportTypes: INVOICE_REPORT_TYPES,
  dataNeeded: ['税控系统开具的销项发票金额', '单张发票最高开票限额（企业资料中填写）'],
  basis: `${EXPERIENCE}：单张金额达到最高开票限额90%即视为顶额（实务中有60%、90%两种口径，取90%以减少误报），张数占比分级同为本机构经验阈值。数电发票没有单张限额，只有总授信额度，本规则只适用于税控系统开具、且已知限额的发票。`,
  explanation: '发票金额贴近单张限额，常见于为规避限额拆分业务、或虚开时按限额批量开具，是税务机关识别虚开的典型特征。',
  suggestion: '核对贴近限额发票的合同与交付，确有大额业务的应申请提高限额或按合同整笔开具，避免拆分开票。',
  thresholds: { nearRatio: 0.9, highShare: 0.3, mediumShare: 0.1, lowCount: 1 },
  describeThreshold: (limits) =>
    `税控发票单张金额（不含税）达到最高开票限额的${percentText(limits.nearRatio)}即为顶额发票；占税控销项发票张数≥${percentText(limits.highShare)}为高风险，≥${percentText(limits.mediumShare)}为中风险，≥${limits.lowCount}张为低风险；数电发票不适用`,
  check(input: InvoiceRuleInput, limits) {
    if (input.sales.blue.length === 0) return NO_SALES;
    // The limit is never inferred from the largest invoice: that flags the largest invoice by construction.
    const controlled = input.sales.blue.filter((invoice) => !isDigitalInvoice(invoice));
    const digital = input.sales.blue.length - controlled.length;
    if (controlled.length === 0) {
      return {
        level: 'none',
        summary: `不适用：本期${digital}张销项发票均为数电发票，数电发票没有单张开票限额。`,
        figures: [countFigure('数电发票张数', digital)],
        evidence: null,
      };
    }
    const limit = input.invoiceLimitFen;
    if (limit === null || limit <= 0) {
      return {
        level: 'insufficient',
        missingData: [
          `税控发票的单张最高开票限额（本期有${controlled.length}张税控系统开具的销项发票；请在企业资料中填写限额）`,
        ],
      };
    }
    let maxAmount = 0;
    for (const invoice of controlled) maxAmount = Math.max(maxAmount, invoice.amountFen);
    const floor = Math.ceil(limit * limits.nearRatio);
    const near = controlled.filter((invoice) => invoice.amountFen >= floor && invoice.amountFen <= limit);
    const above = controlled.filter((invoice) => invoice.amountFen > limit).length;
    const nearShare = near.length / controlled.length;
    return {
      level: levelBy({
        high: nearShare >= limits.highShare,
        medium: nearShare >= limits.mediumShare,
        low: near.length >= limits.lowCount,
      }),
      summary: `${controlled.length}张税控销项发票中${near.length}张金额达到限额${wanText(limit)}的${percentText(limits.nearRatio)}，占${percentText(nearShare)}${above > 0 ? `；另有${above}张超过所填限额，限额可能有误` : ''}${digital > 0 ? `（另有${digital}张数电发票，无单张限额，不适用）` : ''}。`,
      figures: [
        fenFigure('单张限额', limit),
        countFigure('税控销项发票张数', controlled.length),
        countFigure('顶额发票张数', near.length),
        pctFigure('顶额发票占比', nearShare),
        fenFigure('最大单张金额', maxAmount),
      ],
      evidence: evidenceOf(near.map((invoice) => invoice.key)),
    };
  },
});

/** Invoices of one group that fall in a window of `windowDays` with at least `minCount` others. */
function clusteredInGroup(group: NormalizedInvoice[], minCount: number, windowDays: number): NormalizedInvoice[] {
  // Same-format digit strings: code-unit order is their time order (localeCompare is far slower).
  const sorted = [...group].sort((a, b) => (a.issuedAt < b.issuedAt ? -1 : a.issuedAt > b.issuedAt ? 1 : 0));
  const flagged = new Set<NormalizedInvoice>();
  let start = 0;
  for (let end = 0; end < sorted.length; end += 1) {
    while (daysBetween(sorted[start]!.issuedAt, sorted[end]!.issuedAt) > windowDays) start += 1;
    if (end - start + 1 >= minCount) for (let i = start; i <= end; i += 1) flagged.add(sorted[i]!);
  }
  return [...flagged];
}

/** Blue invoices of a side that red invoices flush completely (status 已红冲-全额, or reds summing to it). */
function fullyFlushed(input: InvoiceRuleInput, side: SideView): Set<string> {
  const flushedBy = new Map<string, number>();
  for (const red of side.red) {
    const blue = red.redOfNumber ? input.findInvoice(red.redOfNumber.trim()) : undefined;
    if (blue) flushedBy.set(blue.key, (flushedBy.get(blue.key) ?? 0) - red.amountFen);
  }
  const keys = new Set<string>();
  for (const blue of side.blue) {
    if (blue.status === 'red_full' || (flushedBy.get(blue.key) ?? 0) >= blue.amountFen) keys.add(blue.key);
  }
  return keys;
}

const PERIODIC_LINE = /租赁|租金|物业|服务费|维护费|年费|管理费/;
const PERIODIC_REMARK = /租|物业|服务期|\d{1,2}月份?|季度|年度|期间/;

/** Invoices that say what a lease or service contract bills: 不动产经营租赁 lines or a period in the remark. */
function periodicKeys(side: SideView): Set<string> {
  const keys = new Set<string>();
  for (const line of side.lines) {
    if (line.specialBusiness?.includes('不动产经营租赁') || lineTextMatches(PERIODIC_LINE, line)) {
      keys.add(line.invoiceKey);
    }
  }
  for (const invoice of side.blue) if (invoice.remark && PERIODIC_REMARK.test(invoice.remark)) keys.add(invoice.key);
  return keys;
}

/** One invoice a month, each billing a lease or a service: a contract's instalments, not splitting. */
function isPeriodic(group: readonly NormalizedInvoice[], periodic: ReadonlySet<string>): boolean {
  const months = new Set(group.map((invoice) => monthOf(invoice.issuedAt)));
  return months.size === group.length && group.every((invoice) => periodic.has(invoice.key));
}

export const splitSameAmountRule = defineRule({
  id: 'INV_SPLIT_SAME_AMOUNT',
  title: '同一对方短期同额多张发票',
  category: CATEGORY,
  reportTypes: INVOICE_REPORT_TYPES,
  dataNeeded: [
    '销项与进项发票的对方、价税合计、开票日期',
    '红字发票关联的蓝字发票',
    '发票明细与备注（识别租赁、服务合同的按月发票）',
  ],
  basis: `${EXPERIENCE}：同一对方45天内3张及以上价税合计相同的发票视为疑似拆分开票，单张最低金额与组数分级同为本机构经验阈值。已全额红冲的发票及其重开发票只计一次；租赁、服务合同按月开具的等额发票（如不动产经营租赁）不属于拆分。`,
  explanation:
    '对同一对方在短期内开具多张金额完全相同的发票，常见于拆分大额业务以规避限额或监控，也可能是虚开的批量痕迹。',
  suggestion: '核对同额发票是否对应真实的分批交付或分期结算，保留合同分期条款；无合理原因的应合并开具。',
  thresholds: { minCount: 3, windowDays: 45, minTotalFen: 1_000_000, highGroups: 3, mediumGroups: 1 },
  describeThreshold: (limits) =>
    `同一对方${limits.windowDays}天内≥${limits.minCount}张价税合计相同（≥${yuanText(limits.minTotalFen)}）的发票为一组（全额红冲的发票不计，租赁、服务合同每月一张的等额发票不计）；≥${limits.highGroups}组为高风险，≥${limits.mediumGroups}组为中风险`,
  check(input: InvoiceRuleInput, limits) {
    if (input.sales.all.length === 0 && input.purchases.all.length === 0) {
      return { level: 'insufficient', missingData: ['销项与进项发票'] };
    }
    const flaggedKeys: string[] = [];
    const groupsBySide = { sales: 0, purchase: 0 };
    let flaggedAmount = 0;
    let flushedCount = 0;
    let periodicGroups = 0;
    for (const side of [input.sales, input.purchases]) {
      const flushed = fullyFlushed(input, side);
      flushedCount += flushed.size;
      // Read only when a group clusters: scanning every line's text is the rule's largest cost.
      let periodic: Set<string> | null = null;
      const groups = new Map<string, NormalizedInvoice[]>();
      for (const invoice of side.blue) {
        if (invoice.totalFen < limits.minTotalFen || flushed.has(invoice.key)) continue;
        pushTo(groups, `${input.partyOf(invoice).key}|${invoice.totalFen}`, invoice);
      }
      for (const group of groups.values()) {
        if (group.length < limits.minCount) continue;
        const clustered = clusteredInGroup(group, limits.minCount, limits.windowDays);
        if (clustered.length === 0) continue;
        periodic ??= periodicKeys(side);
        if (isPeriodic(group, periodic)) {
          periodicGroups += 1;
          continue;
        }
        groupsBySide[side.direction] += 1;
        for (const invoice of clustered) {
          flaggedKeys.push(invoice.key);
          flaggedAmount += invoice.totalFen;
        }
      }
    }
    const groupCount = groupsBySide.sales + groupsBySide.purchase;
    const notes = [
      ...(flushedCount > 0 ? [`${flushedCount}张已全额红冲的发票未计入`] : []),
      ...(periodicGroups > 0 ? [`${periodicGroups}组为租赁或服务合同按月开具的等额发票，不属拆分`] : []),
    ];
    const noteText = notes.length > 0 ? `（${notes.join('；')}）` : '';
    return {
      level: levelBy({ high: groupCount >= limits.highGroups, medium: groupCount >= limits.mediumGroups }),
      summary:
        groupCount > 0
          ? `发现${groupCount}组同一对方${limits.windowDays}天内≥${limits.minCount}张同额发票（销项${groupsBySide.sales}组、进项${groupsBySide.purchase}组），共${flaggedKeys.length}张、价税合计${yuanText(flaggedAmount)}${noteText}。`
          : `未发现同一对方${limits.windowDays}天内≥${limits.minCount}张同额发票${noteText}。`,
      figures: [
        countFigure('销项同额组数', groupsBySide.sales, '组'),
        countFigure('进项同额组数', groupsBySide.purchase, '组'),
        countFigure('涉及发票张数', flaggedKeys.length),
        fenFigure('涉及价税合计', flaggedAmount),
        countFigure('按月租赁或服务发票组数', periodicGroups, '组'),
        countFigure('已全额红冲未计入的发票', flushedCount),
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
  basis: `${SOURCE.ours}：商贸企业单张价税合计超过100万元、建筑企业超过300万元为大额发票，其他行业暂按商贸标准，按张数分级。`,
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
