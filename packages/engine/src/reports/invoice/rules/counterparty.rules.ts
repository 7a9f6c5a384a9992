import { defineRule, evidenceOf, levelBy } from '../../../rules/define-rule.js';
import { percentText, share, yuanText } from '../../../rules/display.js';
import { isConsumerIndustry, isPersonalBuyer } from '../invoice-classify.js';
import { concentrationOf } from '../invoice-concentration.js';
import type { InvoiceRuleInput } from '../invoice-context.js';
import {
  countFigure,
  fenFigure,
  INVOICE_REPORT_TYPES,
  NO_PURCHASES,
  NO_SALES,
  pctFigure,
  SOURCE,
} from './invoice-rule.helpers.js';

const CATEGORY = '上下游';

const CONCENTRATION_THRESHOLDS = { highTop1: 0.8, mediumTop1: 0.5, mediumHhi: 2500, lowTop1: 0.3, lowHhi: 1500 };

function makeConcentrationRule(side: 'sales' | 'purchases') {
  const party = side === 'sales' ? '客户' : '供应商';
  return defineRule({
    id: side === 'sales' ? 'INV_TOP_CUSTOMER_CONCENTRATION' : 'INV_TOP_SUPPLIER_CONCENTRATION',
    title: `${party}集中度过高`,
    category: CATEGORY,
    reportTypes: INVOICE_REPORT_TYPES,
    dataNeeded: [side === 'sales' ? '销项发票购方及金额' : '进项发票销方及金额'],
    basis: `${SOURCE.ours}；HHI分档借用反垄断审查常用的1500/2500界限（美国司法部横向合并指南），仅作集中程度的参考。`,
    explanation:
      side === 'sales'
        ? '销售高度依赖少数客户，既是经营风险，也常见于关联交易转移利润或与特定对象之间的虚开；税务机关会关注交易价格是否公允。'
        : '采购高度依赖少数供应商，若该供应商出现走逃、失联或发票异常，大额进项可能被认定为异常凭证而需转出。',
    suggestion:
      side === 'sales'
        ? '核实主要客户是否为关联方、定价是否公允，备好合同与回款记录；适当分散客户。'
        : '核查主要供应商的经营状态与纳税信用，确认货物流、资金流与发票一致；适当分散供应商。',
    thresholds: CONCENTRATION_THRESHOLDS,
    describeThreshold: (limits) =>
      `第一大${party}金额占比≥${percentText(limits.highTop1)}为高风险；≥${percentText(limits.mediumTop1)}或HHI≥${limits.mediumHhi}为中风险；≥${percentText(limits.lowTop1)}或HHI≥${limits.lowHhi}为低风险`,
    check(input: InvoiceRuleInput, limits) {
      const view = input[side];
      if (view.blue.length === 0) return side === 'sales' ? NO_SALES : NO_PURCHASES;
      const concentration = concentrationOf(view.counterparties);
      const first = concentration.ranked[0];
      const hhi = Math.round(concentration.hhi);
      return {
        level: levelBy({
          high: concentration.top1Share >= limits.highTop1,
          medium: concentration.top1Share >= limits.mediumTop1 || hhi >= limits.mediumHhi,
          low: concentration.top1Share >= limits.lowTop1 || hhi >= limits.lowHhi,
        }),
        summary: `共${concentration.ranked.length}家${party}，第一大${party}${first ? `“${first.party.name}”` : ''}占${percentText(concentration.top1Share)}，前五大合计占${percentText(concentration.top5Share)}，HHI为${hhi}。`,
        figures: [
          countFigure(`${party}数量`, concentration.ranked.length, '家'),
          pctFigure(`第一大${party}占比`, concentration.top1Share),
          pctFigure(`前五大${party}占比`, concentration.top5Share),
          { label: 'HHI', value: hhi },
        ],
        evidence: first ? evidenceOf(first.party.invoiceKeys) : null,
      };
    },
  });
}

export const topCustomerRule = makeConcentrationRule('sales');
export const topSupplierRule = makeConcentrationRule('purchases');

export const newLargeCustomerRule = defineRule({
  id: 'INV_NEW_LARGE_CUSTOMER',
  title: '新增大客户',
  category: CATEGORY,
  reportTypes: INVOICE_REPORT_TYPES,
  dataNeeded: ['本期销项发票购方及金额', '上期销项发票'],
  basis: `${SOURCE.ours}：以上期无交易的客户本期销售额占比分级；上下游突变是${SOURCE.digitalWarning}之一。`,
  explanation:
    '上期从未交易的客户在本期即占销售额的大头，可能是新开拓的正常业务，也可能是临时接受委托开票或关联方转移。',
  suggestion: '核实新增大客户的背景（成立时间、经营范围、是否关联方）、合同与回款，确认交易真实。',
  thresholds: { lowShare: 0.1, mediumShare: 0.2, highShare: 0.4 },
  describeThreshold: (limits) =>
    `上期无交易的客户本期销售额占比：≥${percentText(limits.lowShare)}为低风险，≥${percentText(limits.mediumShare)}为中风险，≥${percentText(limits.highShare)}为高风险`,
  check(input: InvoiceRuleInput, limits) {
    if (input.sales.blue.length === 0) return NO_SALES;
    if (!input.previous) return { level: 'insufficient', missingData: ['上期发票数据'] };
    if (input.previous.sales.all.length === 0) {
      return { level: 'insufficient', missingData: ['上期销项发票（上期无销项，无法比较新增客户）'] };
    }
    const previous = input.previous.sales.counterparties;
    const concentration = concentrationOf(input.sales.counterparties);
    const added = concentration.ranked.filter((row) => !previous.has(row.party.key));
    const large = added.filter((row) => row.share >= limits.lowShare);
    const addedShare = added.reduce((sum, row) => sum + row.share, 0);
    const top = added[0];
    return {
      level: levelBy({
        high: (top?.share ?? 0) >= limits.highShare,
        medium: (top?.share ?? 0) >= limits.mediumShare,
        low: (top?.share ?? 0) >= limits.lowShare,
      }),
      summary: top
        ? `本期新增客户${added.length}家，合计占销售额${percentText(addedShare)}；最大的新增客户“${top.party.name}”占${percentText(top.share)}（${yuanText(top.party.amountFen)}）。`
        : '本期客户均在上期有过交易，无新增客户。',
      figures: [
        countFigure('新增客户数', added.length, '家'),
        pctFigure('新增客户销售额占比', addedShare),
        pctFigure('最大新增客户占比', top?.share ?? 0),
        countFigure('占比达标的新增客户', large.length, '家'),
      ],
      evidence: evidenceOf(large.flatMap((row) => row.party.invoiceKeys)),
    };
  },
});

export const selfCounterpartyRule = defineRule({
  id: 'INV_SELF_COUNTERPARTY',
  title: '自开自受发票',
  category: CATEGORY,
  reportTypes: INVOICE_REPORT_TYPES,
  dataNeeded: ['发票购销双方税号与名称', '本企业税号与名称'],
  basis: `${SOURCE.ours}；购销双方为同一纳税人不构成增值税应税交易，不应开具发票。`,
  explanation:
    '销方与购方是同一纳税人（同一税号，或对方名称与本企业相同），没有真实的购销关系，可能是虚增收入、虚抵进项或操作错误。',
  suggestion: '逐张核实并红冲错误开具的发票，涉及已抵扣进项的应作进项转出；内部调拨不应开具增值税发票。',
  thresholds: { highCount: 1 },
  describeThreshold: (limits) => `购销双方为同一纳税人的发票≥${limits.highCount}张即为高风险`,
  check(input: InvoiceRuleInput, limits) {
    if (input.sales.all.length === 0 && input.purchases.all.length === 0) {
      return { level: 'insufficient', missingData: ['销项与进项发票'] };
    }
    const ownName = input.company.name.trim();
    const self = [...input.sales.blue, ...input.purchases.blue].filter((invoice) => {
      const sameTaxNo = invoice.sellerTaxNo.trim() !== '' && invoice.sellerTaxNo.trim() === invoice.buyerTaxNo.trim();
      const otherName = (invoice.direction === 'sales' ? invoice.buyerName : invoice.sellerName).trim();
      return sameTaxNo || (ownName !== '' && otherName === ownName);
    });
    const amount = self.reduce((sum, invoice) => sum + invoice.totalFen, 0);
    return {
      level: levelBy({ high: self.length >= limits.highCount }),
      summary:
        self.length > 0
          ? `发现${self.length}张购销双方为本企业自身的发票，价税合计${yuanText(amount)}。`
          : '未发现购销双方为同一纳税人的发票。',
      figures: [countFigure('自开自受发票张数', self.length), fenFigure('价税合计', amount)],
      evidence: evidenceOf(self.map((invoice) => invoice.key)),
    };
  },
});

export const personalBuyerRule = defineRule({
  id: 'INV_PERSONAL_BUYER',
  title: '个人抬头销项发票占比高',
  category: CATEGORY,
  reportTypes: INVOICE_REPORT_TYPES,
  dataNeeded: ['销项发票购方名称与税号', '企业所属行业'],
  basis: `${SOURCE.ours}：个人抬头发票按金额或张数占销项超过30%为中风险（实务中该口径用于费用类发票；进项发票的购方即本企业，故用于销项），高、低档同为本机构经验阈值。`,
  explanation:
    '面向企业经营的公司大量向个人开票，可能是替他人开票供报销、以个人名义隐匿对公收入，或收入与资金流不一致。零售、餐饮等面向消费者的行业属正常。',
  suggestion: '核实个人抬头发票对应的真实购买人与收款方式；面向企业客户的业务应按实际付款单位开具。',
  thresholds: { minInvoices: 10, lowShare: 0.1, mediumShare: 0.3, highShare: 0.6 },
  describeThreshold: (limits) =>
    `个人抬头发票占销项金额或张数（取较高者，至少${limits.minInvoices}张）超过${percentText(limits.lowShare)}为低风险，超过${percentText(limits.mediumShare)}为中风险，超过${percentText(limits.highShare)}为高风险；零售、餐饮等面向消费者的行业最高为低风险`,
  check(input: InvoiceRuleInput, limits) {
    const blue = input.sales.blue;
    if (blue.length === 0) return NO_SALES;
    const personal = blue.filter(isPersonalBuyer);
    const personalAmount = personal.reduce((sum, invoice) => sum + invoice.amountFen, 0);
    const amountShare = share(personalAmount, input.sales.blueAmountFen);
    // Many small invoices to individuals are a pattern of their own, even when their amount is small.
    const countShare = share(personal.length, blue.length);
    const ratio = Math.max(amountShare, countShare);
    const figures = [
      countFigure('个人抬头发票张数', personal.length),
      fenFigure('个人抬头发票金额', personalAmount),
      pctFigure('个人抬头金额占比', amountShare),
      pctFigure('个人抬头张数占比', countShare),
    ];
    if (blue.length < limits.minInvoices) {
      return {
        level: 'none',
        summary: `销项发票仅${blue.length}张，少于${limits.minInvoices}张，不作判断。`,
        figures,
        evidence: null,
      };
    }
    let level = levelBy({
      high: ratio > limits.highShare,
      medium: ratio > limits.mediumShare,
      low: ratio > limits.lowShare,
    });
    const consumer = isConsumerIndustry(input.company.industry);
    if (consumer && level !== 'none') level = 'low';
    return {
      level,
      summary: `${blue.length}张销项发票中${personal.length}张开给个人（占张数${percentText(countShare)}），金额${yuanText(personalAmount)}（占销售额${percentText(amountShare)}）${consumer ? '；面向消费者的行业，最高按低风险' : ''}。`,
      figures,
      evidence: evidenceOf(personal.map((invoice) => invoice.key)),
    };
  },
});

export const COUNTERPARTY_RULES = [
  topCustomerRule,
  topSupplierRule,
  newLargeCustomerRule,
  selfCounterpartyRule,
  personalBuyerRule,
];
