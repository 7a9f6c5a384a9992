import { defineRule, evidenceOf, levelBy } from '../../../rules/define-rule.js';
import { percentText, round2, share, yuanText } from '../../../rules/display.js';
import { isDeductibleKind, isSmallScale } from '../invoice-classify.js';
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

const CATEGORY = '进项与销项';

function makeFlaggedRule(side: 'purchases' | 'sales') {
  const input = side === 'purchases';
  return defineRule({
    id: input ? 'INV_ABNORMAL_INPUT' : 'INV_ABNORMAL_OUTPUT',
    title: input ? '进项异常凭证与疑点发票' : '销项发票被标记为异常或疑点',
    category: CATEGORY,
    reportTypes: INVOICE_REPORT_TYPES,
    dataNeeded: [input ? '进项发票的发票风险等级' : '销项发票的发票风险等级'],
    basis: input
      ? `${SOURCE.notice38}：列入异常凭证的专用发票，尚未抵扣的暂不允许抵扣，已抵扣的须作进项转出；疑点发票为税务机关标记的可疑凭证。`
      : `${SOURCE.notice38}；本企业开出的发票被标记为异常凭证或疑点发票，说明开票行为已被税务机关关注。`,
    explanation: input
      ? '导出数据中“发票风险等级”为异常凭证或疑点发票的进项，抵扣可能被暂停或要求转出，并可能引发对上游的协查。'
      : '销项发票在税务系统中被标记为异常或疑点，下游将无法正常抵扣，本企业可能面临核查、降低授信或停票。',
    suggestion: input
      ? '逐张核实异常凭证的业务真实性，已抵扣的及时作进项转出或按规定申请核实；暂停向相关供应商付款。'
      : '尽快联系主管税务机关了解标记原因，准备合同、物流与资金流资料说明交易真实性。',
    thresholds: { abnormalHighCount: 1, suspectMediumCount: 1 },
    describeThreshold: (limits) =>
      `发票风险等级为“异常凭证”的≥${limits.abnormalHighCount}张为高风险，为“疑点发票”的≥${limits.suspectMediumCount}张为中风险`,
    check(ruleInput: InvoiceRuleInput, limits) {
      const view = ruleInput[side];
      if (view.all.length === 0) return input ? NO_PURCHASES : NO_SALES;
      const rated = view.blue.filter((invoice) => invoice.riskLevel !== null);
      if (rated.length === 0) return { level: 'insufficient', missingData: ['发票风险等级（导出未包含该列）'] };
      const abnormal = rated.filter((invoice) => invoice.riskLevel === 'abnormal');
      const suspect = rated.filter((invoice) => invoice.riskLevel === 'suspect');
      const flagged = [...abnormal, ...suspect];
      const tax = flagged.reduce((sum, invoice) => sum + invoice.taxFen, 0);
      const unrated = view.blue.length - rated.length;
      return {
        level: levelBy({
          high: abnormal.length >= limits.abnormalHighCount,
          medium: suspect.length >= limits.suspectMediumCount,
        }),
        summary: `${rated.length}张有风险等级的${input ? '进项' : '销项'}发票中，异常凭证${abnormal.length}张、疑点发票${suspect.length}张，涉及税额${yuanText(tax)}${unrated > 0 ? `（另有${unrated}张无风险等级）` : ''}。`,
        figures: [
          countFigure('异常凭证张数', abnormal.length),
          countFigure('疑点发票张数', suspect.length),
          fenFigure('涉及税额', tax),
          countFigure('无风险等级的发票', unrated),
        ],
        evidence: evidenceOf(flagged.map((invoice) => invoice.key)),
      };
    },
  });
}

export const abnormalInputRule = makeFlaggedRule('purchases');
export const abnormalOutputRule = makeFlaggedRule('sales');

export const inputOutputRatioRule = defineRule({
  id: 'INV_INPUT_OUTPUT_RATIO',
  title: '进项税额明显高于销项税额',
  category: CATEGORY,
  reportTypes: INVOICE_REPORT_TYPES,
  dataNeeded: ['销项发票税额', '进项专用发票及可抵扣凭证税额', '纳税人类型'],
  basis: `${SOURCE.ours}：可抵扣进项税额达到销项税额1.5倍（长期大额留抵）为中风险，1.2倍、2倍为低、高风险；税负率指标公式见${SOURCE.assessment}。`,
  explanation:
    '进项税额长期高于销项，企业持续留抵、几乎不缴增值税，可能存在虚抵进项、隐匿销售收入或存货积压，是税负率预警的主要原因。',
  suggestion:
    '核对大额进项的业务实质与存货、固定资产去向，检查是否存在未开票收入；留抵来自固定资产或备货的，留存说明材料。',
  thresholds: { lowRatio: 1.2, mediumRatio: 1.5, highRatio: 2 },
  describeThreshold: (limits) =>
    `可抵扣进项税额÷销项税额：≥${limits.lowRatio}为低风险，≥${limits.mediumRatio}为中风险，≥${limits.highRatio}为高风险；小规模纳税人不适用`,
  check(input: InvoiceRuleInput, limits) {
    if (input.sales.all.length === 0) return NO_SALES;
    if (input.purchases.all.length === 0) return NO_PURCHASES;
    let inputTax = 0;
    for (const invoice of [...input.purchases.blue, ...input.purchases.red]) {
      if (isDeductibleKind(invoice)) inputTax += invoice.taxFen;
    }
    const outputTax = input.sales.netTaxFen;
    const ratio = outputTax > 0 ? inputTax / outputTax : inputTax > 0 ? Number.POSITIVE_INFINITY : 0;
    const figures = [
      fenFigure('可抵扣进项税额', inputTax),
      fenFigure('销项税额', outputTax),
      { label: '进销项税额比', value: Number.isFinite(ratio) ? round2(ratio) : '销项税额为零' },
    ];
    if (isSmallScale(input.company.taxpayerType)) {
      return { level: 'none', summary: '小规模纳税人不抵扣进项税额，本指标不适用。', figures, evidence: null };
    }
    const ratioText = Number.isFinite(ratio) ? `${round2(ratio)}` : '无穷大（销项税额为零）';
    return {
      level: levelBy({
        high: ratio >= limits.highRatio,
        medium: ratio >= limits.mediumRatio,
        low: ratio >= limits.lowRatio,
      }),
      summary: `可抵扣进项税额${yuanText(inputTax)}，销项税额${yuanText(outputTax)}，进销项税额比为${ratioText}${input.company.taxpayerType ? '' : '（纳税人类型未知，按一般纳税人判断）'}。`,
      figures,
      evidence: null,
    };
  },
});

export const ordinaryInputShareRule = defineRule({
  id: 'INV_ORDINARY_INPUT_SHARE',
  title: '进项普通发票占比高',
  category: CATEGORY,
  reportTypes: INVOICE_REPORT_TYPES,
  dataNeeded: ['进项发票票种与金额', '纳税人类型'],
  basis: `${SOURCE.ours}；通行费电子普票、铁路电子客票、航空电子行程单可抵扣，不计入普票。`,
  explanation:
    '一般纳税人的进项大部分为不可抵扣的普通发票，说明采购多来自小规模或个人、可能存在费用列支不实或把个人消费计入企业成本，也会推高税负。',
  suggestion: '梳理普票进项的供应商与用途，能取得专用发票的改为取得专票；与经营无关的费用不得税前扣除。',
  thresholds: { lowShare: 0.5, mediumShare: 0.7 },
  describeThreshold: (limits) =>
    `不可抵扣的普通发票占进项金额：≥${percentText(limits.lowShare)}为低风险，≥${percentText(limits.mediumShare)}为中风险；小规模纳税人不适用`,
  check(input: InvoiceRuleInput, limits) {
    const blue = input.purchases.blue;
    if (blue.length === 0) return NO_PURCHASES;
    const ordinary = blue.filter((invoice) => !isDeductibleKind(invoice));
    const ordinaryAmount = ordinary.reduce((sum, invoice) => sum + invoice.amountFen, 0);
    const ratio = share(ordinaryAmount, input.purchases.blueAmountFen);
    const figures = [
      countFigure('普通发票张数', ordinary.length),
      fenFigure('普通发票金额', ordinaryAmount),
      pctFigure('普通发票金额占比', ratio),
    ];
    if (isSmallScale(input.company.taxpayerType)) {
      return { level: 'none', summary: '小规模纳税人不抵扣进项税额，本指标不适用。', figures, evidence: null };
    }
    return {
      level: levelBy({ medium: ratio >= limits.mediumShare, low: ratio >= limits.lowShare }),
      summary: `进项普通发票${ordinary.length}张、金额${yuanText(ordinaryAmount)}，占进项金额${percentText(ratio)}${input.company.taxpayerType ? '' : '（纳税人类型未知，按一般纳税人判断）'}。`,
      figures,
      evidence: evidenceOf(ordinary.map((invoice) => invoice.key)),
    };
  },
});

export const INPUT_RULES = [abnormalInputRule, abnormalOutputRule, inputOutputRatioRule, ordinaryInputShareRule];
