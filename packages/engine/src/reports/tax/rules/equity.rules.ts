import { defineRule } from '../../../rules/define-rule.js';
import { percentText, yuanText } from '../../../rules/display.js';
import type { Cover } from '../figure-sets.js';
import type { TaxRuleInput } from '../tax-context.js';
import {
  clean,
  derived,
  fenFigure,
  type Level,
  missingOf,
  overYears,
  pctFigure,
  read,
  TAX_CATEGORIES,
  TAX_REPORT_TYPES,
  TAX_SOURCE,
  type YearResult,
} from '../tax-rule.helpers.js';

const CATEGORY = TAX_CATEGORIES.operations;

/** 所有者权益合计, or 资产总计 − 负债合计 when the total line was not given. */
function equityOf(cover: Cover): number | undefined {
  const total = read(cover, 'totalEquity');
  if (total !== undefined) return total;
  const assets = read(cover, 'totalAssets');
  const liabilities = read(cover, 'totalLiabilities');
  return assets !== undefined && liabilities !== undefined ? assets - liabilities : undefined;
}

export const otherReceivablesShareholderRule = defineRule({
  id: 'TAX_OTHER_RECEIVABLES_SHAREHOLDER',
  title: '其他应收款较大（可能为股东借款）',
  category: CATEGORY,
  reportTypes: TAX_REPORT_TYPES,
  dataNeeded: ['期末资产负债表（其他应收款、资产总计、实收资本）', '上年同期末资产负债表'],
  basis: `财税〔2003〕158号第二条：纳税年度内个人投资者从其投资企业借款，年度终了后既不归还、又未用于企业生产经营的，视为企业对个人投资者的红利分配，按“利息、股息、红利所得”计征个人所得税；比例阈值为${TAX_SOURCE.ours}（报表无法区分借款人，需核实）。`,
  explanation:
    '其他应收款余额大、跨年不减少，常见于股东或关联方借款、备用金长期挂账，可能被视同分红补征个人所得税，也可能掩盖无票支出。',
  suggestion: '列出其他应收款明细与借款人，股东借款在年度终了前归还或按股息红利代扣个税；与经营无关的往来及时清理。',
  thresholds: { lowAssetShare: 0.1, mediumAssetShare: 0.2, mediumCapitalShare: 0.5 },
  describeThreshold: (t) =>
    `期末其他应收款 ÷ 资产总计 ≥ ${percentText(t.lowAssetShare)}为低风险；≥ ${percentText(t.mediumAssetShare)}或 ÷ 实收资本 ≥ ${percentText(t.mediumCapitalShare)}为中风险；连续两个年末均达到中风险条件为高风险`,
  check: (input: TaxRuleInput, t) =>
    overYears(input, (slice): YearResult => {
      if (!slice.closing.ok) return { label: slice.label, missing: slice.closing.missing };
      const measure = (cover: Cover) => {
        const other = read(cover, 'otherReceivables') ?? 0;
        const assets = read(cover, 'totalAssets') ?? 0;
        const capital = read(cover, 'paidInCapital') ?? 0;
        const toAssets = assets > 0 ? clean(other / assets) : 0;
        const toCapital = capital > 0 ? clean(other / capital) : 0;
        return {
          other,
          toAssets,
          toCapital,
          large: toAssets >= t.mediumAssetShare || toCapital >= t.mediumCapitalShare,
        };
      };
      const now = measure(slice.closing);
      const before = slice.previous.closing.ok ? measure(slice.previous.closing) : null;
      const yearEnd = slice.last % 12 === 11;
      let level: Level = now.large ? 'medium' : now.toAssets >= t.lowAssetShare ? 'low' : 'none';
      if (now.large && before?.large && yearEnd) level = 'high';
      const beforeText = before ? `，上年末${yuanText(before.other)}` : '';
      return {
        label: slice.label,
        level,
        line: `${slice.label}末其他应收款${yuanText(now.other)}，占资产总计${percentText(now.toAssets)}、实收资本${percentText(now.toCapital)}${beforeText}`,
        figures: [
          fenFigure(`${slice.label}末其他应收款`, now.other, slice.closing.source),
          pctFigure(`${slice.label}其他应收款 ÷ 资产总计`, now.toAssets, derived('其他应收款 ÷ 资产总计', slice.label)),
          pctFigure(
            `${slice.label}其他应收款 ÷ 实收资本`,
            now.toCapital,
            derived('其他应收款 ÷ 实收资本', slice.label),
          ),
          ...(before && slice.previous.closing.ok
            ? [fenFigure(`${slice.previous.label}末其他应收款`, before.other, slice.previous.closing.source)]
            : []),
        ],
      };
    }),
});

export const undistributedProfitRule = defineRule({
  id: 'TAX_UNDISTRIBUTED_PROFIT',
  title: '未分配利润较高且未分配',
  category: CATEGORY,
  reportTypes: TAX_REPORT_TYPES,
  dataNeeded: ['期初、期末资产负债表（未分配利润、盈余公积、实收资本）', '利润表净利润'],
  basis: `股东取得股息红利按20%缴纳个人所得税（《个人所得税法》）；长期不分配、再以借款等方式使用资金的，按财税〔2003〕158号视同分红。分配额 = 期初未分配利润 + 净利润 − 盈余公积增加 − 期末未分配利润；阈值为${TAX_SOURCE.ours}。`,
  explanation:
    '有持续盈利、未分配利润远超实收资本而多年不分配，税务机关会关注股东是否通过借款、报销等方式变相取得分红而未缴个税，以及今后转增资本的个税。',
  suggestion: '规划利润分配并依法代扣个人所得税；股东往来款按158号文处理；转增资本前评估个税影响。',
  thresholds: { lowCapitalMultiple: 1, mediumCapitalMultiple: 3, distributedShare: 0.01 },
  describeThreshold: (t) =>
    `年度盈利且分配额不足净利润的${percentText(t.distributedShare)}时，期末未分配利润 ≥ 实收资本的${t.lowCapitalMultiple}倍为低风险、≥ ${t.mediumCapitalMultiple}倍为中风险`,
  check: (input: TaxRuleInput, t) =>
    overYears(input, (slice): YearResult => {
      const missing = missingOf(slice.opening, slice.closing, slice.income);
      if (missing.length > 0 || !slice.closing.ok || !slice.income.ok) return { label: slice.label, missing };
      const closing = read(slice.closing, 'undistributedProfit') ?? 0;
      const opening = read(slice.opening, 'undistributedProfit') ?? 0;
      const reserve = (read(slice.closing, 'surplusReserve') ?? 0) - (read(slice.opening, 'surplusReserve') ?? 0);
      const net = read(slice.income, 'netProfit') ?? 0;
      const capital = read(slice.closing, 'paidInCapital') ?? 0;
      const distributed = opening + net - reserve - closing;
      const kept = net > 0 && distributed <= net * t.distributedShare;
      const multiple = capital > 0 ? clean(closing / capital) : 0;
      const level: Level = !kept
        ? 'none'
        : multiple >= t.mediumCapitalMultiple
          ? 'medium'
          : multiple >= t.lowCapitalMultiple
            ? 'low'
            : 'none';
      return {
        label: slice.label,
        level,
        line: `${slice.label}末未分配利润${yuanText(closing)}，为实收资本的${percentText(multiple)}，本期净利润${yuanText(net)}，估算分配额${yuanText(distributed)}`,
        figures: [
          fenFigure(`${slice.label}末未分配利润`, closing, slice.closing.source),
          fenFigure(`${slice.label}初未分配利润`, opening, slice.opening.ok ? slice.opening.source : undefined),
          fenFigure(`${slice.label}净利润`, net, slice.income.source),
          fenFigure(`${slice.label}末实收资本`, capital, slice.closing.source),
          fenFigure(
            `${slice.label}估算分配额`,
            distributed,
            derived('期初未分配利润 + 净利润 − 盈余公积增加 − 期末未分配利润', slice.label),
          ),
        ],
      };
    }),
});

export const capitalNotPaidRule = defineRule({
  id: 'TAX_CAPITAL_NOT_PAID',
  title: '注册资本未足额实缴',
  category: CATEGORY,
  reportTypes: TAX_REPORT_TYPES,
  dataNeeded: ['注册资本（工商登记信息）', '期末资产负债表实收资本', '利润表财务费用（利息费用）'],
  basis:
    '国税函〔2009〕312号：投资者在规定期限内未缴足应缴资本额的，企业借款利息中相当于未缴足资本额应付利息的部分，不得在计算应纳税所得额时扣除；2024年施行的《公司法》要求有限责任公司认缴出资五年内缴足。',
  explanation: '注册资本未缴足而企业有借款利息支出，部分利息不得税前扣除；未缴足的出资也是股东的法定责任。',
  suggestion: '核对公司章程约定的出资期限；未缴足期间的借款利息按312号文计算不得扣除部分并纳税调增；按期完成实缴。',
  thresholds: {},
  describeThreshold: () => '实收资本低于注册资本且有利息费用为中风险，低于注册资本而无利息费用为低风险',
  check(input: TaxRuleInput) {
    const registered = input.company.registeredCapitalFen;
    if (registered === undefined || registered === null) {
      return { level: 'insufficient', missingData: ['注册资本（工商登记信息）'] };
    }
    const latest = [...input.years].reverse().find((slice) => slice.closing.ok);
    if (!latest?.closing.ok) return { level: 'insufficient', missingData: ['期末资产负债表'] };
    const paid = read(latest.closing, 'paidInCapital') ?? 0;
    const interest = read(latest.income, 'interestExpenses') ?? read(latest.income, 'financialExpenses') ?? 0;
    const shortfall = registered - paid;
    const level: Level = shortfall <= 0 ? 'none' : interest > 0 ? 'medium' : 'low';
    return {
      level,
      summary: `注册资本${yuanText(registered)}，${latest.label}末实收资本${yuanText(paid)}，未缴足${yuanText(Math.max(0, shortfall))}；同期利息（财务）费用${yuanText(interest)}。`,
      figures: [
        fenFigure('注册资本', registered, {
          kind: 'derived',
          label: '企业登记信息',
          periods: [],
          periodText: '—',
          origins: ['企业档案'],
        }),
        fenFigure(`${latest.label}末实收资本`, paid, latest.closing.source),
        fenFigure('未缴足金额', Math.max(0, shortfall), derived('注册资本 − 实收资本', latest.label)),
        fenFigure(`${latest.label}利息费用`, interest, latest.income.ok ? latest.income.source : undefined),
      ],
      evidence: null,
    };
  },
});

export const otherPayablesLargeRule = defineRule({
  id: 'TAX_OTHER_PAYABLES_LARGE',
  title: '其他应付款较大',
  category: CATEGORY,
  reportTypes: TAX_REPORT_TYPES,
  dataNeeded: ['期末资产负债表（其他应付款、资产总计）'],
  basis: `《企业所得税法实施条例》第二十二条：确实无法偿付的应付款项属于其他收入；其他应付款挂账隐匿收入为常见稽查点。比例阈值为${TAX_SOURCE.ours}。`,
  explanation: '其他应付款余额大、长期挂账，可能是把销售收入挂在往来科目，或存在无法支付而未转收入的款项、股东借款。',
  suggestion: '列出其他应付款明细与账龄，属于收入的确认收入，确实无法偿付的转入营业外收入，股东借款保留借款合同。',
  thresholds: { lowShare: 0.15, mediumShare: 0.3 },
  describeThreshold: (t) =>
    `期末其他应付款 ÷ 资产总计 ≥ ${percentText(t.lowShare)}为低风险、≥ ${percentText(t.mediumShare)}为中风险`,
  check: (input: TaxRuleInput, t) =>
    overYears(input, (slice): YearResult => {
      if (!slice.closing.ok) return { label: slice.label, missing: slice.closing.missing };
      const payables = read(slice.closing, 'otherPayables') ?? 0;
      const assets = read(slice.closing, 'totalAssets') ?? 0;
      if (assets <= 0) return { label: slice.label, missing: [`${slice.label}末资产总计`] };
      const share = clean(payables / assets);
      return {
        label: slice.label,
        level: share >= t.mediumShare ? 'medium' : share >= t.lowShare ? 'low' : 'none',
        line: `${slice.label}末其他应付款${yuanText(payables)}，占资产总计${percentText(share)}`,
        figures: [
          fenFigure(`${slice.label}末其他应付款`, payables, slice.closing.source),
          fenFigure(`${slice.label}末资产总计`, assets, slice.closing.source),
          pctFigure(`${slice.label}其他应付款 ÷ 资产总计`, share, derived('其他应付款 ÷ 资产总计', slice.label)),
        ],
      };
    }),
});

export const negativeEquityRule = defineRule({
  id: 'TAX_NEGATIVE_EQUITY',
  title: '资不抵债',
  category: CATEGORY,
  reportTypes: TAX_REPORT_TYPES,
  dataNeeded: ['期末资产负债表（所有者权益合计或资产、负债合计）'],
  basis: `所有者权益为负即资不抵债；亏损超过实收资本一半的提示为${TAX_SOURCE.ours}。`,
  explanation:
    '资不抵债的企业持续经营存疑，欠税、走逃风险上升，上下游会被提示风险；长期资不抵债而照常经营，也提示账外资金支持或收入未入账。',
  suggestion: '分析资不抵债的原因与资金来源，股东借款保留合同；评估持续经营能力，按期申报缴税，避免欠税。',
  thresholds: { lowCapitalShare: 0.5 },
  describeThreshold: (t) => `期末所有者权益为负为高风险；低于实收资本的${percentText(t.lowCapitalShare)}为低风险`,
  check: (input: TaxRuleInput, t) =>
    overYears(input, (slice): YearResult => {
      if (!slice.closing.ok) return { label: slice.label, missing: slice.closing.missing };
      const equity = equityOf(slice.closing);
      if (equity === undefined) return { label: slice.label, missing: [`${slice.label}末所有者权益合计`] };
      const capital = read(slice.closing, 'paidInCapital') ?? 0;
      const level: Level = equity < 0 ? 'high' : capital > 0 && equity < capital * t.lowCapitalShare ? 'low' : 'none';
      return {
        label: slice.label,
        level,
        line: `${slice.label}末所有者权益${yuanText(equity)}，实收资本${yuanText(capital)}`,
        figures: [
          fenFigure(`${slice.label}末所有者权益`, equity, slice.closing.source),
          fenFigure(`${slice.label}末实收资本`, capital, slice.closing.source),
        ],
      };
    }),
});

export const EQUITY_RULES = [
  otherReceivablesShareholderRule,
  undistributedProfitRule,
  capitalNotPaidRule,
  otherPayablesLargeRule,
  negativeEquityRule,
];
