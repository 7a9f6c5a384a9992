import { defineRule } from '../../../rules/define-rule.js';
import { percentText, round2, yuanText } from '../../../rules/display.js';
import type { TaxRuleInput } from '../tax-context.js';
import {
  clean,
  derived,
  fenFigure,
  invoicesMissing,
  type Level,
  missingOf,
  numFigure,
  overYears,
  pctFigure,
  read,
  TAX_CATEGORIES,
  TAX_REPORT_TYPES,
  TAX_SOURCE,
  vatSalesOf,
  type YearResult,
} from '../tax-rule.helpers.js';

const CATEGORY = TAX_CATEGORIES.compliance;

export const inputTransferOutRule = defineRule({
  id: 'TAX_INPUT_TRANSFER_OUT',
  title: '进项税额转出比例偏高',
  category: CATEGORY,
  reportTypes: TAX_REPORT_TYPES,
  dataNeeded: ['各月（季）增值税申报（进项税额、进项税额转出）'],
  basis: `${TAX_SOURCE.notice38}：已抵扣的异常凭证进项税额应转出；转出比例分级为${TAX_SOURCE.ours}。`,
  explanation:
    '进项税额转出占比较高，常见于取得异常凭证、非正常损失或用于免税项目；大额转出往往是税务机关已发出异常凭证通知的结果，需查明上游风险。',
  suggestion:
    '列明各期转出原因（异常凭证、非正常损失、集体福利、免税项目），涉及异常凭证的核实上游企业状况，防止再次取得。',
  thresholds: { lowShare: 0.05, mediumShare: 0.1 },
  describeThreshold: (t) =>
    `进项税额转出 ÷ 进项税额 ≥ ${percentText(t.lowShare)}为低风险、≥ ${percentText(t.mediumShare)}为中风险`,
  check: (input: TaxRuleInput, t) =>
    overYears(input, (slice): YearResult => {
      if (!slice.vat.ok) return { label: slice.label, missing: slice.vat.missing };
      const inputTax = slice.vat.figures.inputTax ?? 0;
      const transfer = slice.vat.figures.inputTaxTransferredOut ?? 0;
      if (inputTax <= 0) return { label: slice.label, skip: `${slice.label}无进项税额，不适用。` };
      const share = clean(transfer / inputTax);
      const level: Level = share >= t.mediumShare ? 'medium' : share >= t.lowShare ? 'low' : 'none';
      return {
        label: slice.label,
        level,
        line: `${slice.label}进项税额转出${yuanText(transfer)}，占进项税额${percentText(share)}`,
        figures: [
          fenFigure(`${slice.label}进项税额`, inputTax, slice.vat.source),
          fenFigure(`${slice.label}进项税额转出`, transfer, slice.vat.source),
          pctFigure(`${slice.label}转出比例`, share, derived('进项税额转出 ÷ 进项税额', slice.label)),
        ],
      };
    }),
});

export const exemptNoTransferOutRule = defineRule({
  id: 'TAX_EXEMPT_NO_TRANSFER_OUT',
  title: '有免税销售额但未转出进项',
  category: CATEGORY,
  reportTypes: TAX_REPORT_TYPES,
  dataNeeded: ['各月（季）增值税申报（免税销售额、进项税额、进项税额转出）'],
  basis:
    '《增值税暂行条例》第十条：用于免征增值税项目的购进货物、劳务、服务等的进项税额不得从销项税额中抵扣（2026年起《增值税法》延续此规定）；兼营免税项目无法划分的按销售额比例转出。免税占比5%的起点为本机构经验阈值。',
  explanation: '有免税销售却没有任何进项税额转出，说明免税项目耗用的进项可能被一并抵扣了。',
  suggestion: '按免税销售额占比计算应转出的进项税额（无法划分时按公式），补作转出并更正申报。',
  thresholds: { minExemptShare: 0.05 },
  describeThreshold: (t) =>
    `免税销售额占全部销售额 ≥ ${percentText(t.minExemptShare)}、有进项税额而进项税额转出为零为中风险`,
  check: (input: TaxRuleInput, t) =>
    overYears(input, (slice): YearResult => {
      if (!slice.vat.ok) return { label: slice.label, missing: slice.vat.missing };
      const figures = slice.vat.figures;
      const total = vatSalesOf(figures);
      const exempt = figures.exemptSales ?? 0;
      const share = total > 0 ? clean(exempt / total) : 0;
      const transfer = figures.inputTaxTransferredOut ?? 0;
      const inputTax = figures.inputTax ?? 0;
      const level: Level = share >= t.minExemptShare && inputTax > 0 && transfer === 0 ? 'medium' : 'none';
      return {
        label: slice.label,
        level,
        line:
          exempt > 0
            ? `${slice.label}免税销售额${yuanText(exempt)}（占${percentText(share)}），进项税额转出${yuanText(transfer)}`
            : `${slice.label}无免税销售额`,
        figures: [
          fenFigure(`${slice.label}免税销售额`, exempt, slice.vat.source),
          pctFigure(`${slice.label}免税销售占比`, share, derived('免税销售额 ÷ 全部销售额', slice.label)),
          fenFigure(`${slice.label}进项税额转出`, transfer, slice.vat.source),
        ],
      };
    }),
});

export const inputDeclaredVsInvoicesRule = defineRule({
  id: 'TAX_INPUT_DECLARED_VS_INVOICES',
  title: '申报进项税额大于取得专票税额',
  category: CATEGORY,
  reportTypes: TAX_REPORT_TYPES,
  dataNeeded: ['报告期间进项发票', '同期增值税申报进项税额'],
  basis: `进项抵扣须有合法扣税凭证（增值税专用发票、海关缴款书、农产品收购发票、通行费及旅客运输票据等）；预警线为${TAX_SOURCE.ours}。`,
  explanation:
    '申报抵扣的进项税额明显大于同期取得的专用发票税额，需要其他扣税凭证支持；否则可能多抵进项。勾选抵扣的时间差也会造成差异。',
  suggestion:
    '列出专票以外的扣税凭证（海关缴款书、农产品、通行费、旅客运输），与勾选认证记录核对；无凭证的抵扣应转出。',
  thresholds: { mediumExcess: 0.1, minGapFen: 1_000_000 },
  describeThreshold: (t) =>
    `（申报进项税额 − 取得专票税额）÷ 取得专票税额 ≥ ${percentText(t.mediumExcess)}为中风险（差额不足${yuanText(t.minGapFen)}不计；仅一般纳税人）`,
  check: (input: TaxRuleInput, t) =>
    overYears(input, (slice): YearResult => {
      if (input.taxpayerType === 'small_scale') return { label: slice.label, skip: '小规模纳税人不抵扣进项，不适用。' };
      if (!slice.invoices) return { label: slice.label, missing: invoicesMissing(input, slice) };
      if (!slice.vat.ok) return { label: slice.label, missing: slice.vat.missing };
      const declared = slice.vat.figures.inputTax ?? 0;
      const special = slice.invoices.purchaseSpecialTaxFen;
      const gap = declared - special;
      const excess = special > 0 ? clean(gap / special) : declared > 0 ? 1 : 0;
      const level: Level = gap >= t.minGapFen && excess >= t.mediumExcess ? 'medium' : 'none';
      return {
        label: slice.label,
        level,
        line: `${slice.label}申报进项税额${yuanText(declared)}，取得专用发票税额${yuanText(special)}，差额${yuanText(gap)}`,
        figures: [
          fenFigure(`${slice.label}申报进项税额`, declared, slice.vat.source),
          fenFigure(`${slice.label}取得专票税额`, special, slice.invoices.source),
          pctFigure(`${slice.label}超出比例`, excess, derived('（申报进项 − 专票税额）÷ 专票税额', slice.label)),
        ],
      };
    }),
});

export const purchasesVsCostRule = defineRule({
  id: 'TAX_PURCHASES_VS_COST',
  title: '采购与销售成本不匹配',
  category: CATEGORY,
  reportTypes: TAX_REPORT_TYPES,
  dataNeeded: ['报告期间进项发票', '利润表营业成本', '期初、期末资产负债表存货'],
  basis: `进销项匹配分析：本期采购 ≈ 营业成本 + 期末存货 − 期初存货（存货变动公式，${TAX_SOURCE.assessment}单位产成品原材料耗用率的同类比对）；倍数阈值为${TAX_SOURCE.ours}。`,
  explanation:
    '取得的采购发票远多于成本与存货增加所需，可能虚抵进项或存在账外销售；成本远大于取得的采购发票，可能以无票支出、白条或虚列成本入账（人工成本占比高的服务业除外）。',
  suggestion:
    '编制进销存勾稽表（期初存货 + 本期采购 − 期末存货 = 营业成本），逐项说明差异；无票成本取得合规凭证，费用性采购单独列示。',
  thresholds: { mediumExcessRatio: 1.5, lowShortRatio: 0.5 },
  describeThreshold: (t) =>
    `采购发票金额 ÷（营业成本 + 存货增加额）≥ ${t.mediumExcessRatio}为中风险，≤ ${t.lowShortRatio}为低风险`,
  check: (input: TaxRuleInput, t) =>
    overYears(input, (slice): YearResult => {
      if (!slice.invoices) return { label: slice.label, missing: invoicesMissing(input, slice) };
      const missing = missingOf(slice.income, slice.opening, slice.closing);
      const cost = read(slice.income, 'operatingCost');
      const opening = read(slice.opening, 'inventory');
      const closing = read(slice.closing, 'inventory');
      if (missing.length > 0 || cost === undefined || opening === undefined || closing === undefined) {
        return {
          label: slice.label,
          missing: missing.length > 0 ? missing : [`${slice.label}营业成本、期初及期末存货`],
        };
      }
      const needed = cost + closing - opening;
      if (needed <= 0) return { label: slice.label, skip: `${slice.label}营业成本与存货增加额合计不为正，不适用。` };
      const purchases = slice.invoices.purchaseAmountFen;
      const ratio = clean(purchases / needed);
      const level: Level = ratio >= t.mediumExcessRatio ? 'medium' : ratio <= t.lowShortRatio ? 'low' : 'none';
      return {
        label: slice.label,
        level,
        line: `${slice.label}采购发票金额${yuanText(purchases)}，营业成本加存货增加额${yuanText(needed)}，比值${round2(ratio)}`,
        figures: [
          fenFigure(`${slice.label}采购发票金额（不含税）`, purchases, slice.invoices.source),
          fenFigure(`${slice.label}营业成本`, cost, slice.income.ok ? slice.income.source : undefined),
          fenFigure('期初存货', opening, slice.opening.ok ? slice.opening.source : undefined),
          fenFigure('期末存货', closing, slice.closing.ok ? slice.closing.source : undefined),
          numFigure(
            `${slice.label}采购 ÷ 耗用`,
            ratio,
            '',
            derived('采购发票金额 ÷（营业成本 + 期末存货 − 期初存货）', slice.label),
          ),
        ],
      };
    }),
});

export const VAT_INPUT_RULES = [
  inputTransferOutRule,
  exemptNoTransferOutRule,
  inputDeclaredVsInvoicesRule,
  purchasesVsCostRule,
];
