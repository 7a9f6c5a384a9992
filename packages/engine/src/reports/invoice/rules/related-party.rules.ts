import { defineRule, evidenceOf, levelBy } from '../../../rules/define-rule.js';
import { wanText, yuanText } from '../../../rules/display.js';
import { cleanTaxNo } from '../counterparty-identity.js';
import type { CounterpartyTotals, InvoiceRuleInput } from '../invoice-context.js';
import { relationOf } from '../related-names.js';
import { countFigure, EXPERIENCE, fenFigure, INVOICE_REPORT_TYPES } from './invoice-rule.helpers.js';

const CATEGORY = '上下游';
const ARM_LENGTH =
  '《企业所得税法》第四十一条：企业与其关联方之间的业务往来，不符合独立交易原则而减少应纳税收入或者所得额的，税务机关有权按照合理方法调整；《国家税务总局关于完善关联申报和同期资料管理有关事项的公告》（国家税务总局公告2016年第42号）规定关联交易的申报义务';

interface RelatedParty {
  name: string;
  reason: string;
  salesFen: number;
  purchaseFen: number;
  redFen: number;
  keys: string[];
  redKeys: string[];
}

function relatedParties(input: InvoiceRuleInput): RelatedParty[] {
  const found = new Map<string, RelatedParty>();
  const visit = (party: CounterpartyTotals, side: 'sales' | 'purchase') => {
    const reason = relationOf(input.company, party);
    if (!reason) return;
    let entry = found.get(party.key);
    if (!entry) {
      entry = { name: party.name, reason, salesFen: 0, purchaseFen: 0, redFen: 0, keys: [], redKeys: [] };
      found.set(party.key, entry);
    }
    if (side === 'sales') entry.salesFen += party.amountFen;
    else entry.purchaseFen += party.amountFen;
    entry.keys.push(...party.invoiceKeys);
  };
  for (const party of input.sales.counterparties.values()) visit(party, 'sales');
  for (const party of input.purchases.counterparties.values()) visit(party, 'purchase');
  for (const red of input.sales.red) {
    const entry = found.get(input.partyOf(red).key);
    if (!entry) continue;
    entry.redFen -= red.amountFen;
    entry.redKeys.push(red.key);
  }
  return [...found.values()].sort(
    (a, b) => b.redFen - a.redFen || b.salesFen + b.purchaseFen - (a.salesFen + a.purchaseFen),
  );
}

/**
 * 关联方与分支机构 (INV_RELATED_PARTIES): counterparties whose tax number starts with the company's,
 * whose name contains the company's full name, or that share its 字号; graded on red sales invoices
 * issued to them (large reds to related names), else on the related trade itself.
 */
export const relatedPartiesRule = defineRule({
  id: 'INV_RELATED_PARTIES',
  title: '与疑似关联方、分支机构的交易及红冲',
  category: CATEGORY,
  reportTypes: INVOICE_REPORT_TYPES,
  dataNeeded: ['发票购销双方税号与名称', '本企业税号与名称'],
  basis: `${ARM_LENGTH}。按税号前缀、名称包含本企业全称或字号相同识别疑似关联方，以及向其红冲10万元、100万元的分级，为${EXPERIENCE}。`,
  explanation:
    '与名称或税号相近的企业（关联公司、分支机构）交易，价格与条件可能不独立；向关联方大额红冲，可能是通过关联方之间开票、冲票调节收入的所属期或在关联方之间转移利润。识别只凭名称与税号，实际关联关系以股权登记和关联申报为准。',
  suggestion:
    '核实这些对方与本企业的股权或控制关系；属于关联方的，按独立交易原则定价并在年度关联业务往来报告表中申报；大额红冲逐笔说明退货或折让的原因与凭证。',
  thresholds: { lowTradeFen: 10_000_000, mediumRedFen: 10_000_000, highRedFen: 100_000_000 },
  describeThreshold: (limits) =>
    `向疑似关联方开具的红字发票（不含税）合计≥${wanText(limits.mediumRedFen)}为中风险、≥${wanText(limits.highRedFen)}为高风险；无大额红冲而与其交易合计≥${wanText(limits.lowTradeFen)}为低风险`,
  check(input: InvoiceRuleInput, limits) {
    if (input.sales.all.length === 0 && input.purchases.all.length === 0) {
      return { level: 'insufficient', missingData: ['销项与进项发票'] };
    }
    const related = relatedParties(input);
    const trade = related.reduce((sum, party) => sum + Math.abs(party.salesFen) + Math.abs(party.purchaseFen), 0);
    const reds = related.reduce((sum, party) => sum + party.redFen, 0);
    const names = related.slice(0, 5).map((party) => {
      const red = party.redFen > 0 ? `，红冲${yuanText(party.redFen)}` : '';
      return `${party.name}（${party.reason}；销售${yuanText(party.salesFen)}、采购${yuanText(party.purchaseFen)}${red}）`;
    });
    return {
      level: levelBy({
        high: reds >= limits.highRedFen,
        medium: reds >= limits.mediumRedFen,
        low: trade >= limits.lowTradeFen,
      }),
      summary:
        related.length > 0
          ? `${related.length}家对方疑似本企业的关联方或分支机构：${names.join('；')}${related.length > 5 ? '等' : ''}。`
          : '未发现税号或名称与本企业相近的对方。',
      figures: [
        countFigure('疑似关联对方', related.length, '家'),
        fenFigure('与其交易金额（不含税）', trade),
        fenFigure('向其红冲金额（不含税）', reds),
      ],
      evidence: evidenceOf(
        reds >= limits.mediumRedFen
          ? related.flatMap((party) => party.redKeys)
          : related.flatMap((party) => party.keys),
      ),
    };
  },
});

/**
 * 环开 (INV_CIRCULAR_INVOICING): A sells to B, B sells to C, C sells to A, each edge at least
 * `minEdgeFen` (excl. tax). The B→C edges come from invoices of the firm's other clients in the same
 * period: a cycle is only visible where the firm holds those invoices, and the finding says so.
 */
export const circularInvoicingRule = defineRule({
  id: 'INV_CIRCULAR_INVOICING',
  title: '环开发票（本企业→客户→供应商→本企业）',
  category: CATEGORY,
  reportTypes: INVOICE_REPORT_TYPES,
  dataNeeded: ['本企业销项与进项发票的对方税号', '本机构已导入的其他企业同期发票（对方之间的开票）'],
  basis: `《中华人民共和国发票管理办法》第二十一条：不得为他人、为自己、让他人为自己、介绍他人开具与实际经营业务情况不符的发票；循环开票（环开）是税务机关识别虚开、虚增收入的典型特征。每段金额10万元、100万元的分级为${EXPERIENCE}。`,
  explanation:
    '本企业卖给甲、甲卖给乙、乙又卖回本企业，资金与发票绕一圈回到原处，常见于虚增收入、虚构业绩或虚抵进项；真实的循环贸易也存在，但需要有独立的货物流与资金流。',
  suggestion:
    '逐环核对三段交易的合同、货物交付与运输、资金往来是否真实独立；对没有实物流转的环节停止开票并评估补税风险。',
  thresholds: { minEdgeFen: 10_000_000, highEdgeFen: 100_000_000 },
  describeThreshold: (limits) =>
    `本企业→客户、客户→供应商、供应商→本企业三段（不含税、同期）均≥${wanText(limits.minEdgeFen)}为中风险，均≥${wanText(limits.highEdgeFen)}为高风险`,
  check(input: InvoiceRuleInput, limits) {
    if (input.sales.all.length === 0 || input.purchases.all.length === 0) {
      return { level: 'insufficient', missingData: ['同一期间的销项与进项发票'] };
    }
    const network = input.network;
    if (!network || network.companyCount === 0) {
      return {
        level: 'insufficient',
        missingData: ['本机构其他企业的同期发票（客户与供应商之间是否开票，只能从对方的发票看到）'],
      };
    }
    const customers = new Map<string, CounterpartyTotals>();
    for (const party of input.sales.counterparties.values())
      if (party.taxNo && party.amountFen >= limits.minEdgeFen) customers.set(party.taxNo, party);
    const suppliers = new Map<string, CounterpartyTotals>();
    for (const party of input.purchases.counterparties.values())
      if (party.taxNo && party.amountFen >= limits.minEdgeFen) suppliers.set(party.taxNo, party);
    const cycles = network.edges
      .map((edge) => ({
        customer: customers.get(cleanTaxNo(edge.sellerTaxNo)),
        supplier: suppliers.get(cleanTaxNo(edge.buyerTaxNo)),
        middleFen: edge.amountFen,
      }))
      .filter(
        (cycle): cycle is { customer: CounterpartyTotals; supplier: CounterpartyTotals; middleFen: number } =>
          cycle.customer !== undefined &&
          cycle.supplier !== undefined &&
          cycle.customer.key !== cycle.supplier.key &&
          cycle.middleFen >= limits.minEdgeFen,
      )
      .map((cycle) => ({
        ...cycle,
        smallest: Math.min(cycle.customer.amountFen, cycle.middleFen, cycle.supplier.amountFen),
      }))
      .sort((a, b) => b.smallest - a.smallest);
    const scope = `（在本机构已导入的${network.companyCount}家其他企业的同期发票范围内识别）`;
    const top = cycles[0];
    return {
      level: levelBy({ high: (top?.smallest ?? 0) >= limits.highEdgeFen, medium: cycles.length > 0 }),
      summary:
        cycles.length > 0
          ? `发现${cycles.length}个环：${cycles
              .slice(0, 3)
              .map(
                (cycle) =>
                  `本企业→${cycle.customer.name}（${yuanText(cycle.customer.amountFen)}）→${cycle.supplier.name}（${yuanText(cycle.middleFen)}）→本企业（${yuanText(cycle.supplier.amountFen)}）`,
              )
              .join('；')}${scope}。`
          : `未发现客户与供应商之间相互开票构成的环${scope}。`,
      figures: [countFigure('环开链条', cycles.length, '个'), fenFigure('最大环的最小一段金额', top?.smallest ?? 0)],
      evidence: evidenceOf(cycles.flatMap((cycle) => [...cycle.customer.invoiceKeys, ...cycle.supplier.invoiceKeys])),
    };
  },
});

export const RELATED_PARTY_RULES = [relatedPartiesRule, circularInvoicingRule];
