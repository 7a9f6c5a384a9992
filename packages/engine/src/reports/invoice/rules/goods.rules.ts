import { defineRule, evidenceOf, type InsufficientOutcome, levelBy } from '../../../rules/define-rule.js';
import { percentText, share, yuanText } from '../../../rules/display.js';
import { isTradeIndustry } from '../invoice-classify.js';
import type { InvoiceRuleInput } from '../invoice-context.js';
import { type GoodsProfile, goodsProfileOf, keysOfNature, natureShare } from '../invoice-goods.js';
import { fenFigure, INVOICE_REPORT_TYPES, pctFigure, SOURCE } from './invoice-rule.helpers.js';

const CATEGORY = '品目与税率';
const LINES_NEEDED = ['销项与进项发票明细（信息汇总表）', '税收分类编码'];

/** Both sides need lines, mostly coded, before goods can be compared. */
function missingGoodsData(input: InvoiceRuleInput, minCodedShare: number): InsufficientOutcome | null {
  const sales = goodsProfileOf(input.sales);
  const purchases = goodsProfileOf(input.purchases);
  const missing: string[] = [];
  if (sales.lineCount === 0) missing.push('销项发票明细（信息汇总表）');
  if (purchases.lineCount === 0) missing.push('进项发票明细（信息汇总表）');
  if (missing.length > 0) return { level: 'insufficient', missingData: missing };
  if (sales.codedShare < minCodedShare || purchases.codedShare < minCodedShare) {
    return {
      level: 'insufficient',
      missingData: [`税收分类编码（有编码的明细金额不足${percentText(minCodedShare)}）`],
    };
  }
  return null;
}

function goodsAmount(profile: GoodsProfile): number {
  return Math.max(0, profile.byNature.get('goods') ?? 0);
}

export const goodsMismatchRule = defineRule({
  id: 'INV_GOODS_MISMATCH',
  title: '进销品目不匹配',
  category: CATEGORY,
  reportTypes: INVOICE_REPORT_TYPES,
  dataNeeded: LINES_NEEDED,
  basis: `进销严重背离（如购进钢材、煤炭却只销售软件服务）是税务机关识别走逃（失联）企业和虚开的常见特征（国家税务总局公告2016年第76号所指异常情形之一）；按税收分类编码首位区分货物与服务，比例界限为${SOURCE.ours}。`,
  explanation: '购进的主要是货物而销售几乎全是服务（或反之），进项与销项缺乏对应关系，是虚开、虚抵进项的典型特征。',
  suggestion: '说明购进货物的用途与去向（自用、在建工程、转售），核对是否存在未开票的货物销售或取得与业务无关的进项。',
  thresholds: {
    minCodedShare: 0.5,
    purchaseGoodsShare: 0.5,
    purchaseGoodsToSales: 0.3,
    salesGoodsMax: 0.1,
    salesGoodsShare: 0.5,
    purchaseGoodsMin: 0.1,
  },
  describeThreshold: (limits) =>
    `高风险：进项中货物≥${percentText(limits.purchaseGoodsShare)}且货物进项≥销售额的${percentText(limits.purchaseGoodsToSales)}，而销项中货物<${percentText(limits.salesGoodsMax)}；中风险：销项中货物≥${percentText(limits.salesGoodsShare)}而购进货物不足货物销售额的${percentText(limits.purchaseGoodsMin)}`,
  check(input: InvoiceRuleInput, limits) {
    const missing = missingGoodsData(input, limits.minCodedShare);
    if (missing) return missing;
    const sales = goodsProfileOf(input.sales);
    const purchases = goodsProfileOf(input.purchases);
    const salesGoods = natureShare(sales, 'goods');
    const purchaseGoods = natureShare(purchases, 'goods');
    const goodsIn = goodsAmount(purchases);
    const goodsOut = goodsAmount(sales);
    const boughtNotUsed =
      purchaseGoods >= limits.purchaseGoodsShare &&
      goodsIn >= limits.purchaseGoodsToSales * Math.max(0, sales.netAmountFen) &&
      salesGoods < limits.salesGoodsMax;
    const soldNotBought = salesGoods >= limits.salesGoodsShare && goodsIn < limits.purchaseGoodsMin * goodsOut;
    return {
      level: levelBy({ high: boughtNotUsed, medium: soldNotBought }),
      summary: `销项中货物占${percentText(salesGoods)}，进项中货物占${percentText(purchaseGoods)}；购进货物${yuanText(goodsIn)}，销售货物${yuanText(goodsOut)}${boughtNotUsed ? '，以购进货物为主却几乎只销售服务' : soldNotBought ? '，以销售货物为主却几乎未购进货物' : ''}。`,
      figures: [
        pctFigure('销项货物占比', salesGoods),
        pctFigure('进项货物占比', purchaseGoods),
        fenFigure('购进货物金额', goodsIn),
        fenFigure('销售货物金额', goodsOut),
      ],
      evidence: null,
    };
  },
});

function makeUnmatchedRule(direction: 'sold' | 'bought') {
  const sold = direction === 'sold';
  return defineRule({
    id: sold ? 'INV_SOLD_NOT_BOUGHT' : 'INV_BOUGHT_NOT_SOLD',
    title: sold ? '有销无进：销售的货物从未购进' : '有进无销：购进的货物从未销售',
    category: CATEGORY,
    reportTypes: INVOICE_REPORT_TYPES,
    dataNeeded: [...LINES_NEEDED, '企业所属行业', '上期进项发票明细（可选）'],
    basis: `${SOURCE.ours}；按商品和服务税收分类简称（*类别*）比对进销品目，适用于商贸企业，制造企业进销品目本就不同，最高按低风险。`,
    explanation: sold
      ? '商贸企业销售的货物在本期和上期都没有对应的进项，可能存在无票采购（成本不实）或虚开销项。'
      : '商贸企业购进的货物在本期没有对应的销售，可能是存货积压，也可能是销售未开票（隐匿收入）或取得与经营无关的进项。',
    suggestion: sold
      ? '核对这些货物的采购来源与入库记录，无票采购的应取得合规发票；并核实销项发票是否如实开具。'
      : '核对这些货物的库存与去向，已销售未开票的应确认无票收入并申报。',
    thresholds: { minCodedShare: 0.5, mediumShare: 0.3, highShare: 0.6, salesGoodsShare: 0.5, purchaseGoodsMin: 0.1 },
    describeThreshold: (limits) =>
      `未匹配的货物金额占本方货物金额：≥${percentText(limits.mediumShare)}为中风险，≥${percentText(limits.highShare)}为高风险（商贸企业；其他行业最高为低风险）`,
    check(input: InvoiceRuleInput, limits) {
      const missing = missingGoodsData(input, limits.minCodedShare);
      if (missing) return missing;
      const sales = goodsProfileOf(input.sales);
      const purchases = goodsProfileOf(input.purchases);
      const goodsIn = goodsAmount(purchases);
      const goodsOut = goodsAmount(sales);
      const own = sold ? sales : purchases;
      const ownGoods = sold ? goodsOut : goodsIn;
      const notApplicable = (summary: string) => ({ level: 'none' as const, summary, figures: [], evidence: null });
      if (ownGoods <= 0) return notApplicable(sold ? '本期未销售货物，不适用。' : '本期未购进货物，不适用。');
      if (sold && goodsIn < limits.purchaseGoodsMin * goodsOut) {
        return notApplicable('几乎未购进货物，由“进销品目不匹配”判断。');
      }
      if (!sold && natureShare(sales, 'goods') < limits.salesGoodsShare) {
        return notApplicable('销售以服务为主，购进货物不要求对应销售，由“进销品目不匹配”判断。');
      }
      const other = keysOfNature(sold ? purchases : sales, 'goods');
      if (sold && input.previous)
        for (const key of keysOfNature(goodsProfileOf(input.previous.purchases), 'goods')) other.add(key);
      const unmatched = [...keysOfNature(own, 'goods')]
        .map((key) => own.byKey.get(key)!)
        .filter((aggregate) => !other.has(aggregate.key))
        .sort((a, b) => b.amountFen - a.amountFen);
      const unmatchedAmount = unmatched.reduce((sum, aggregate) => sum + aggregate.amountFen, 0);
      const ratio = share(unmatchedAmount, ownGoods);
      const trade = isTradeIndustry(input.company.industry);
      let level = levelBy({ high: ratio >= limits.highShare, medium: ratio >= limits.mediumShare });
      if (!trade && level !== 'none') level = 'low';
      const names = unmatched.slice(0, 5).map((aggregate) => aggregate.key);
      return {
        level,
        summary: `${sold ? '销售' : '购进'}的货物中有${unmatched.length}类${sold ? '未见购进' : '未见销售'}，金额${yuanText(unmatchedAmount)}，占${percentText(ratio)}${names.length > 0 ? `（${names.join('、')}${unmatched.length > 5 ? '等' : ''}）` : ''}${trade ? '' : '；非商贸或行业未知，最高按低风险'}。`,
        figures: [
          { label: sold ? '未见购进的品类数' : '未见销售的品类数', value: unmatched.length, unit: '类' },
          fenFigure('未匹配金额', unmatchedAmount),
          pctFigure('未匹配金额占比', ratio),
        ],
        evidence: evidenceOf(unmatched.flatMap((aggregate) => aggregate.invoiceKeys)),
      };
    },
  });
}

export const soldNotBoughtRule = makeUnmatchedRule('sold');
export const boughtNotSoldRule = makeUnmatchedRule('bought');

export const GOODS_RULES = [goodsMismatchRule, soldNotBoughtRule, boughtNotSoldRule];
