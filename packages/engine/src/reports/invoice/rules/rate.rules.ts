import type { NormalizedInvoiceLine } from '../../../model/invoice.js';
import { defineRule, evidenceOf, levelBy } from '../../../rules/define-rule.js';
import { percentText, share, yuanText } from '../../../rules/display.js';
import { exemptionFor } from '../exemptions.js';
import { isDeductibleKind, isSmallScale, rateLabelOf } from '../invoice-classify.js';
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
  basis: `${SOURCE.ours}；开票系统按每行“金额×税率”计算税额，只会产生分位舍入尾差，本规则容差取6分，差额征税（差额开票）明细不参与比对。`,
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
  title: '免税销售与进项税额转出',
  category: CATEGORY,
  reportTypes: INVOICE_REPORT_TYPES,
  dataNeeded: ['销项发票明细的税率', '进项发票税额', '企业所属行业与纳税人类型'],
  basis:
    '免税项目须符合相应政策条件（如医疗机构提供的医疗服务，财税〔2016〕36号附件3第一条第（七）项）；用于免征增值税项目的购进货物、服务的进项税额不得抵扣（《增值税暂行条例》第十条），无法划分的按免税销售额占全部销售额的比例计算转出（财税〔2016〕36号附件1第二十九条）。金额分级为本机构经验阈值（参照税务师实务中常用的预警口径设定，平台可按行业、地区调整）。',
  explanation:
    '免税本身不是风险；需要核实的是免税依据是否与企业的业务相符，以及一般纳税人是否把免税项目耗用的进项税额作了转出。',
  suggestion:
    '对照所列免税政策核对条件与留存资料；一般纳税人按估算数核对增值税申报表“进项税额转出”栏次，少转出的补转并更正申报。',
  thresholds: { lowTransferFen: 100_000, mediumTransferFen: 1_000_000, unknownBasisShare: 0.2 },
  describeThreshold: (limits) =>
    `一般纳税人按免税销售占比估算的应转出进项税额≥${yuanText(limits.mediumTransferFen)}为中风险（需核对申报表进项税额转出），≥${yuanText(limits.lowTransferFen)}为低风险；行业无对应免税政策而免税销售占比≥${percentText(limits.unknownBasisShare)}为低风险`,
  check(input: InvoiceRuleInput, limits) {
    if (input.sales.all.length === 0) return NO_SALES;
    if (input.sales.lines.length === 0) return NO_SALES_LINES;
    let total = 0;
    let exempt = 0;
    let nonTaxable = 0;
    const keys: string[] = [];
    for (const line of input.sales.lines) {
      total += line.amountFen;
      const label = rateLabelOf(line);
      if (label === '免税') {
        exempt += line.amountFen;
        keys.push(line.invoiceKey);
      } else if (label === '不征税') {
        nonTaxable += line.amountFen;
      }
    }
    const ratio = share(exempt, total);
    const exemption = exemptionFor(input.company.industry, input.company.taxpayerType);
    let inputTax = 0;
    for (const invoice of [...input.purchases.blue, ...input.purchases.red]) {
      if (isDeductibleKind(invoice)) inputTax += invoice.taxFen;
    }
    const general = !isSmallScale(input.company.taxpayerType);
    // 不得抵扣的进项税额 = 无法划分的全部进项税额 × 免税销售额 ÷ 全部销售额 (all input treated as shared).
    const transfer = general && exempt > 0 ? Math.round(Math.max(0, inputTax) * ratio) : 0;
    const figures = [
      fenFigure('免税销售金额', exempt),
      pctFigure('免税销售占比', ratio),
      fenFigure('不征税销售金额', nonTaxable),
      fenFigure('可抵扣进项税额', inputTax),
      fenFigure('估算应转出进项税额', transfer),
      { label: '适用的免税政策', value: exemption ? `${exemption.name}（${exemption.citation}）` : '未能按行业确定' },
    ];
    if (exempt <= 0) {
      return { level: 'none', summary: '本期没有免税销售。', figures, evidence: null };
    }
    const basisText = exemption
      ? `按企业行业，对应的免税政策为${exemption.name}（${exemption.citation}）`
      : '企业行业没有对应的常见免税政策，需确认免税依据';
    const transferText = general
      ? `；按免税销售占比估算，应转出进项税额约${yuanText(transfer)}，请与增值税申报表“进项税额转出”核对`
      : '；小规模纳税人不抵扣进项，无需转出';
    return {
      level: levelBy({
        medium: transfer >= limits.mediumTransferFen,
        low: transfer >= limits.lowTransferFen || (!exemption && ratio >= limits.unknownBasisShare),
      }),
      summary: `免税销售${yuanText(exempt)}，占销项明细金额${percentText(ratio)}。${basisText}${transferText}。`,
      figures,
      evidence: evidenceOf(keys),
    };
  },
});

export const RATE_RULES = [rateInconsistentRule, taxCalcMismatchRule, exemptSalesShareRule];
