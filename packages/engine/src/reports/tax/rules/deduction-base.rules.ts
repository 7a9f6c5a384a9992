import { defineRule } from '../../../rules/define-rule.js';
import { percentText, round2, yuanText } from '../../../rules/display.js';
import { monthIndex } from '../figure-sets.js';
import type { TaxRuleInput } from '../tax-context.js';
import {
  derived,
  fenFigure,
  missingOf,
  numFigure,
  overYears,
  read,
  TAX_CATEGORIES,
  TAX_REPORT_TYPES,
  TAX_SOURCE,
  type YearResult,
} from '../tax-rule.helpers.js';

/**
 * 存货扣税比 (TAX_INVENTORY_INPUT_RATIO): declared 进项税额 ÷ 进项税额控制额, where the control
 * amount = (期末存货 − 期初存货 + 营业成本 + 期初应付账款 − 期末应付账款) × the main purchase rate.
 * Freight is left out: it is inside cost today and deductible at 9%, so the control amount is a
 * little high, never low.
 */
export const inventoryInputRatioRule = defineRule({
  id: 'TAX_INVENTORY_INPUT_RATIO',
  title: '存货扣税比异常（申报进项税额超过进项税额控制额）',
  category: TAX_CATEGORIES.compliance,
  reportTypes: TAX_REPORT_TYPES,
  dataNeeded: ['增值税申报进项税额', '利润表营业成本', '期初、期末资产负债表存货与应付账款'],
  basis: `${TAX_SOURCE.assessment}所列增值税评估指标“进项税金控制额”：（期末存货较期初增加额 + 本期销售成本 + 期末应付账款较期初减少额）× 主要外购货物的增值税税率；本报告不单列运费。比值1.2、1.6与差额10万元的分级为${TAX_SOURCE.ours}；购进固定资产、在建工程较多的年度比值会偏高。`,
  explanation:
    '申报抵扣的进项税额明显多于按存货增加、成本结转和付款情况推算的进项税额，可能存在虚抵进项、把不得抵扣的进项（集体福利、免税项目）作了抵扣，或账面存货、成本不实。',
  suggestion:
    '按月核对进项税额对应的采购是否已入库或计入成本、固定资产；不得抵扣的进项作转出，账面不实的调整存货与成本。',
  thresholds: { mainRate: 0.13, mediumRatio: 1.2, highRatio: 1.6, minExcessFen: 10_000_000 },
  describeThreshold: (t) =>
    `申报进项税额 ÷ 进项税额控制额（主要外购货物税率${percentText(t.mainRate)}）≥${t.mediumRatio}且超出≥${yuanText(t.minExcessFen)}为中风险，≥${t.highRatio}为高风险；小规模纳税人不适用`,
  check(input: TaxRuleInput, t) {
    if (input.taxpayerType === 'small_scale') {
      return { level: 'none', summary: '不适用：小规模纳税人不抵扣进项税额。', figures: [], evidence: null };
    }
    return overYears(input, (slice): YearResult => {
      const missing = missingOf(slice.vat, slice.income, slice.opening, slice.closing);
      if (missing.length > 0) return { label: slice.label, missing };
      const declared = read(slice.vat, 'inputTax') ?? 0;
      const cost = read(slice.income, 'operatingCost') ?? 0;
      const inventoryUp = (read(slice.closing, 'inventory') ?? 0) - (read(slice.opening, 'inventory') ?? 0);
      const payablesDown =
        (read(slice.opening, 'accountsPayable') ?? 0) - (read(slice.closing, 'accountsPayable') ?? 0);
      const base = inventoryUp + cost + payablesDown;
      const control = Math.round(base * t.mainRate);
      if (control <= 0) return { label: slice.label, skip: `${slice.label}进项税额控制额不为正，未评价。` };
      const ratio = declared / control;
      const excess = declared - control;
      const big = excess >= t.minExcessFen;
      const level = big && ratio >= t.highRatio ? 'high' : big && ratio >= t.mediumRatio ? 'medium' : 'none';
      return {
        label: slice.label,
        level,
        line: `${slice.label}申报进项税额${yuanText(declared)}，进项税额控制额${yuanText(control)}（存货增加${yuanText(inventoryUp)}、营业成本${yuanText(cost)}、应付账款${payablesDown >= 0 ? '减少' : '增加'}${yuanText(Math.abs(payablesDown))}，× ${percentText(t.mainRate)}），比值${round2(ratio)}`,
        figures: [
          fenFigure(`${slice.label}申报进项税额`, declared, slice.vat.ok ? slice.vat.source : undefined),
          fenFigure(
            `${slice.label}进项税额控制额`,
            control,
            derived(
              `（期末存货 − 期初存货 + 营业成本 + 期初应付账款 − 期末应付账款）× ${percentText(t.mainRate)}`,
              slice.label,
            ),
          ),
          numFigure(`${slice.label}存货扣税比`, ratio, '倍', derived('申报进项税额 ÷ 进项税额控制额', slice.label)),
        ],
      };
    });
  },
});

/**
 * 职工福利费14%、职工教育经费8%、工会经费2% (TAX_WAGE_BASED_LIMITS): the limits from the wages of
 * the 个税扣缴申报 import, against the training invoices (the part of 职工教育经费 invoices show).
 * Welfare and union spending are in the ledger, which is not imported: the finding says so.
 */
export const wageBasedLimitsRule = defineRule({
  id: 'TAX_WAGE_BASED_LIMITS',
  title: '职工福利费、职工教育经费、工会经费扣除限额',
  category: TAX_CATEGORIES.declaration,
  reportTypes: TAX_REPORT_TYPES,
  dataNeeded: [
    '个税扣缴申报导出（工资薪金）',
    '进项发票明细（培训费）',
    '科目余额表或A105050表（福利费、工会经费发生额，未导入）',
  ],
  basis: `《企业所得税法实施条例》第四十条：职工福利费不超过工资薪金总额14%的部分准予扣除；第四十一条：工会经费不超过2%；第四十二条及《财政部 税务总局关于企业职工教育经费税前扣除政策的通知》（财税〔2018〕51号）：职工教育经费不超过8%的部分准予扣除，超过部分准予在以后纳税年度结转扣除；工资薪金总额按《国家税务总局关于企业工资薪金及职工福利费扣除问题的通知》（国税函〔2009〕3号）。超出10万元的分级为${TAX_SOURCE.ours}。`,
  explanation:
    '三项经费以工资薪金总额为基数计算扣除限额，超过部分须纳税调增（教育经费可结转）。以个税申报的工资薪金计算限额，可以核对账面经费是否超限，也可以发现工资基数不实。',
  suggestion:
    '汇算清缴时按A105050表逐项计算三项经费的限额与调增额；福利费、工会经费请按科目余额表核对（工会经费凭工会经费收入专用收据或税务机关代收凭据扣除）。',
  thresholds: { welfareRate: 0.14, educationRate: 0.08, unionRate: 0.02, mediumExcessFen: 10_000_000 },
  describeThreshold: (t) =>
    `职工福利费≤工资薪金${percentText(t.welfareRate)}、职工教育经费≤${percentText(t.educationRate)}、工会经费≤${percentText(t.unionRate)}；发票可见的培训费超过教育经费限额为低风险，超出≥${yuanText(t.mediumExcessFen)}为中风险`,
  check(input: TaxRuleInput, t) {
    const iit = (input.payroll ?? []).filter((row) => row.source === 'iit');
    if (iit.length === 0) return { level: 'insufficient', missingData: ['个税扣缴申报导出（工资薪金）'] };
    return overYears(input, (slice): YearResult => {
      const rows = iit.filter((row) => monthIndex(row.period) >= slice.first && monthIndex(row.period) <= slice.last);
      if (rows.length === 0) return { label: slice.label, missing: [`${slice.label}的个税扣缴申报`] };
      if (!slice.invoices) return { label: slice.label, missing: [`${slice.label}完整的进项发票（培训费）`] };
      const wages = rows.reduce((sum, row) => sum + row.wageFen, 0);
      const months = new Set(rows.map((row) => row.period)).size;
      const welfare = Math.round(wages * t.welfareRate);
      const education = Math.round(wages * t.educationRate);
      const union = Math.round(wages * t.unionRate);
      const training = Math.max(0, slice.invoices.trainingFen);
      const excess = training - education;
      const level = excess >= t.mediumExcessFen ? 'medium' : excess > 0 ? 'low' : 'none';
      const partial = months < slice.monthCount ? `（个税申报只有${months}个月）` : '';
      return {
        label: slice.label,
        level,
        line: `${slice.label}工资薪金${yuanText(wages)}${partial}：职工福利费限额${yuanText(welfare)}、职工教育经费限额${yuanText(education)}、工会经费限额${yuanText(union)}；发票可见的培训费${yuanText(training)}，${excess > 0 ? `超过教育经费限额${yuanText(excess)}（可结转以后年度扣除）` : '未超过教育经费限额'}；福利费、工会经费的发生额在科目余额表中，未导入，未比对`,
        figures: [
          fenFigure(`${slice.label}工资薪金（个税申报）`, wages),
          fenFigure(`${slice.label}职工福利费限额（14%）`, welfare, derived('工资薪金 × 14%', slice.label)),
          fenFigure(`${slice.label}职工教育经费限额（8%）`, education, derived('工资薪金 × 8%', slice.label)),
          fenFigure(`${slice.label}工会经费限额（2%）`, union, derived('工资薪金 × 2%', slice.label)),
          fenFigure(`${slice.label}培训费（发票）`, training, slice.invoices.source),
        ],
      };
    });
  },
});

export const DEDUCTION_BASE_RULES = [inventoryInputRatioRule, wageBasedLimitsRule];
