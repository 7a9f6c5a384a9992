import type { NormalizedInvoiceLine } from '../../../model/invoice.js';
import { defineRule, evidenceOf, levelBy } from '../../../rules/define-rule.js';
import { percentText, share, yuanText } from '../../../rules/display.js';
import type { InvoiceRuleInput } from '../invoice-context.js';
import {
  countFigure,
  fenFigure,
  INVOICE_REPORT_TYPES,
  lineTextMatches,
  NO_PURCHASES,
  NO_SALES,
  pctFigure,
  SOURCE,
} from './invoice-rule.helpers.js';

const CATEGORY = '费用与扣除';
const ENTERTAINMENT = /餐饮/;
const ADVERTISING = /广告|宣传|推广/;
const SERVICE_HOTSPOT = /咨询|会议|会务|劳务|推广|技术服务/;
/** 化妆品制造或销售、医药制造、饮料制造（不含酒类制造）: 30% instead of 15%. */
const HIGH_AD_INDUSTRY = /化妆品|医药制造|药品制造|饮料/;

function sumOf(lines: readonly NormalizedInvoiceLine[], pattern: RegExp): { fen: number; keys: string[] } {
  let fen = 0;
  const keys: string[] = [];
  for (const line of lines) {
    if (!lineTextMatches(pattern, line)) continue;
    fen += line.amountFen;
    keys.push(line.invoiceKey);
  }
  return { fen, keys };
}

/**
 * 企业所得税扣除限额 from purchase invoices (INV_CIT_DEDUCTION_LIMITS): 业务招待费 E deductible
 * min(60% × E, 5‰ × revenue); 广告费和业务宣传费 A deductible up to 15% (30%) of revenue. Revenue is
 * the period's net sales; only invoiced expenses are seen.
 */
export const citDeductionLimitsRule = defineRule({
  id: 'INV_CIT_DEDUCTION_LIMITS',
  title: '业务招待费、广告宣传费超过税前扣除限额',
  category: CATEGORY,
  reportTypes: INVOICE_REPORT_TYPES,
  dataNeeded: [
    '进项发票明细（餐饮、广告宣传类）',
    '销项发票金额（营业收入）',
    '工资薪金（职工福利费、教育经费、工会经费限额需要）',
  ],
  basis:
    '《企业所得税法实施条例》第四十三条：业务招待费按发生额的60%扣除，最高不超过当年销售（营业）收入的5‰；第四十四条：广告费和业务宣传费不超过当年销售（营业）收入15%的部分准予扣除，超过部分结转以后年度（化妆品制造或销售、医药制造和饮料制造（不含酒类制造）企业为30%，财政部 税务总局公告2020年第43号）；第四十条至第四十二条的职工福利费14%、工会经费2%、职工教育经费8%（财税〔2018〕51号）以工资薪金为基数，需工资数据。调增金额10万元的分级为本机构经验阈值。',
  explanation:
    '业务招待费和广告宣传费有税前扣除限额，超过的部分须在汇算清缴时纳税调增；按发票估算可以提前发现超限额和可能把其他支出记作招待费的情况。',
  suggestion:
    '按汇算口径归集全年业务招待费与广告宣传费（含无票支出），计算限额并在A105000表纳税调增；广告费超限部分登记结转。',
  thresholds: {
    entertainmentShare: 0.6,
    entertainmentRevenueRate: 0.005,
    adRate: 0.15,
    adRateHigh: 0.3,
    mediumFen: 10_000_000,
  },
  describeThreshold: (limits) =>
    `业务招待费按${percentText(limits.entertainmentShare)}计算后超过收入${limits.entertainmentRevenueRate * 1000}‰的部分，或广告宣传费超过收入${percentText(limits.adRate)}（特定行业${percentText(limits.adRateHigh)}）的部分：有超出为低风险，超出合计≥${yuanText(limits.mediumFen)}为中风险`,
  check(input: InvoiceRuleInput, limits) {
    if (input.sales.blue.length === 0) return NO_SALES;
    if (input.purchases.lines.length === 0) {
      return { level: 'insufficient', missingData: ['进项发票明细（信息汇总表）'] };
    }
    const revenue = Math.max(0, input.sales.netAmountFen);
    const entertainment = sumOf(input.purchases.lines, ENTERTAINMENT);
    const advertising = sumOf(input.purchases.lines, ADVERTISING);
    const entertainmentCap = Math.round(revenue * limits.entertainmentRevenueRate);
    const sixty = Math.round(entertainment.fen * limits.entertainmentShare);
    const entertainmentAllowed = Math.min(sixty, entertainmentCap);
    // Beyond the 40% every company adjusts, what the 5‰ cap takes away.
    const capExcess = Math.max(0, sixty - entertainmentCap);
    const adRate = HIGH_AD_INDUSTRY.test(input.company.industry ?? '') ? limits.adRateHigh : limits.adRate;
    const adCap = Math.round(revenue * adRate);
    const adExcess = Math.max(0, advertising.fen - adCap);
    const excess = capExcess + adExcess;
    return {
      level: levelBy({ medium: excess >= limits.mediumFen, low: excess > 0 }),
      summary: `按发票估算：业务招待费${yuanText(entertainment.fen)}，可扣除${yuanText(entertainmentAllowed)}（60%为${yuanText(sixty)}，收入5‰为${yuanText(entertainmentCap)}），需纳税调增${yuanText(entertainment.fen - entertainmentAllowed)}；广告宣传费${yuanText(advertising.fen)}，限额${yuanText(adCap)}（收入的${percentText(adRate)}），超出${yuanText(adExcess)}。职工福利费、教育经费、工会经费的限额以工资薪金为基数，由经营（税务）风险检测报告按个税扣缴申报的工资计算，本报告未检测。`,
      figures: [
        fenFigure('营业收入（开票）', revenue),
        fenFigure('业务招待费（发票）', entertainment.fen),
        fenFigure('业务招待费可扣除', entertainmentAllowed),
        fenFigure('业务招待费受5‰限额影响的金额', capExcess),
        fenFigure('广告宣传费（发票）', advertising.fen),
        fenFigure('广告宣传费限额', adCap),
        fenFigure('广告宣传费超出限额', adExcess),
      ],
      evidence: excess > 0 ? evidenceOf([...entertainment.keys, ...advertising.keys]) : null,
    };
  },
});

/** 服务类采购热点 (INV_SERVICE_PURCHASE_HOTSPOT): consulting-type purchases ÷ revenue, by supplier. */
export const servicePurchaseHotspotRule = defineRule({
  id: 'INV_SERVICE_PURCHASE_HOTSPOT',
  title: '咨询、会议、劳务、推广等服务采购占比高',
  category: CATEGORY,
  reportTypes: INVOICE_REPORT_TYPES,
  dataNeeded: ['进项发票明细（货物或应税劳务名称）', '销项发票金额'],
  basis: `${SOURCE.ours}：咨询、技术服务、会议、劳务、推广类采购占营业收入10%、20%、40%分级；此类服务无实物流转，是虚开、虚列成本的高发品目。暂无可靠的分行业基准。`,
  explanation:
    '咨询费、会议费、劳务费、推广费等服务没有货物流可以核对，金额大、集中在少数供应商时，税务机关常要求提供服务成果证明。',
  suggestion:
    '为大额服务采购备齐合同、服务成果（报告、会议记录、推广数据）与付款记录；核实供应商是否有提供该服务的能力。',
  thresholds: { lowShare: 0.1, mediumShare: 0.2, highShare: 0.4 },
  describeThreshold: (limits) =>
    `咨询、技术服务、会议、劳务、推广类采购（不含税）占开票营业收入：≥${percentText(limits.lowShare)}为低风险，≥${percentText(limits.mediumShare)}为中风险，≥${percentText(limits.highShare)}为高风险`,
  check(input: InvoiceRuleInput, limits) {
    if (input.sales.blue.length === 0) return NO_SALES;
    if (input.purchases.all.length === 0) return NO_PURCHASES;
    const revenue = Math.max(0, input.sales.netAmountFen);
    const bySupplier = new Map<string, number>();
    // Suppliers are looked up only when some line is a service purchase.
    let purchaseParty: Map<string, string> | null = null;
    const hot = sumOf(input.purchases.lines, SERVICE_HOTSPOT);
    for (const line of input.purchases.lines) {
      if (!lineTextMatches(SERVICE_HOTSPOT, line)) continue;
      purchaseParty ??= new Map(input.purchases.all.map((invoice) => [invoice.key, input.partyOf(invoice).name]));
      const name = purchaseParty.get(line.invoiceKey) ?? '';
      bySupplier.set(name, (bySupplier.get(name) ?? 0) + line.amountFen);
    }
    const ratio = share(hot.fen, revenue);
    const top = [...bySupplier].sort((a, b) => b[1] - a[1]).slice(0, 3);
    const purchaseTotal = input.purchases.lines.reduce((sum, line) => sum + line.amountFen, 0);
    return {
      level: levelBy({
        high: ratio >= limits.highShare,
        medium: ratio >= limits.mediumShare,
        low: ratio >= limits.lowShare,
      }),
      summary:
        hot.fen > 0
          ? `咨询、会议、劳务、推广等服务采购${yuanText(hot.fen)}，占营业收入${percentText(ratio)}、占采购${percentText(share(hot.fen, purchaseTotal))}；主要供应商：${top.map(([name, fen]) => `${name}（${yuanText(fen)}）`).join('、')}。`
          : '本期没有咨询、会议、劳务、推广类服务采购。',
      figures: [
        fenFigure('服务类采购金额', hot.fen),
        pctFigure('占营业收入', ratio),
        pctFigure('占采购金额', share(hot.fen, purchaseTotal)),
        countFigure('涉及供应商', bySupplier.size, '家'),
      ],
      evidence: ratio >= limits.lowShare ? evidenceOf(hot.keys) : null,
    };
  },
});

export const EXPENSE_RULES = [citDeductionLimitsRule, servicePurchaseHotspotRule];
