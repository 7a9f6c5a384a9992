import { defineRule } from '../../../rules/define-rule.js';
import { percentText, yuanText } from '../../../rules/display.js';
import type { TaxRuleInput, YearSlice } from '../tax-context.js';
import type { TaxFigure } from '../tax-report.types.js';
import {
  derived,
  fenFigure,
  invoicesMissing,
  missingOf,
  overYears,
  read,
  TAX_CATEGORIES,
  TAX_REPORT_TYPES,
  TAX_SOURCE,
  type YearResult,
} from '../tax-rule.helpers.js';

const CATEGORY = TAX_CATEGORIES.compliance;

/**
 * What 税金及附加 can hold besides the VAT surcharges: the 小企业 line 城镇土地使用税、房产税、车船税、
 * 印花税 when given, else 税金及附加 minus the lowest surcharges on the VAT payable (6%, small-scale
 * 3%: 城建税1% + 教育费附加3% + 地方教育附加2%, halved for small-scale). Generous on purpose: a
 * finding means even this upper bound cannot hold the tax the invoices imply.
 */
function otherTaxesRoom(
  input: TaxRuleInput,
  slice: YearSlice,
): { fen: number; how: string; figures: TaxFigure[] } | null {
  if (!slice.income.ok) return null;
  const lineValue = slice.layout === 'small' ? read(slice.income, 'propertyRelatedTaxes') : undefined;
  if (lineValue !== undefined) {
    return {
      fen: lineValue,
      how: '利润表“城镇土地使用税、房产税、车船税、印花税”为',
      figures: [fenFigure(`${slice.label}城镇土地使用税、房产税、车船税、印花税`, lineValue, slice.income.source)],
    };
  }
  const total = read(slice.income, 'taxesAndSurcharges') ?? 0;
  const vat = slice.vat.ok ? (slice.vat.figures.taxPayable ?? 0) : 0;
  const floor = input.taxpayerType === 'small_scale' ? 0.03 : 0.06;
  const surcharges = Math.round(Math.max(0, vat) * floor);
  const room = total - surcharges;
  return {
    fen: room,
    how: slice.vat.ok
      ? `税金及附加扣除按增值税${percentText(floor)}估算的附加税费后余`
      : '税金及附加（增值税申报未导入，未扣除附加税费）为',
    figures: [
      fenFigure(`${slice.label}税金及附加`, total, slice.income.source),
      fenFigure(
        `${slice.label}可容纳的其他税金`,
        room,
        derived(`税金及附加 − 增值税应纳税额 × ${percentText(floor)}`, slice.label),
      ),
    ],
  };
}

/**
 * 印花税 on 买卖合同 (TAX_STAMP_DUTY): 0.3‰ of goods sold and bought (invoice amounts excl. VAT,
 * 税收分类编码 1…), against what the income statement can hold for it.
 */
export const stampDutyRule = defineRule({
  id: 'TAX_STAMP_DUTY',
  title: '印花税（买卖合同）可能少计',
  category: CATEGORY,
  reportTypes: TAX_REPORT_TYPES,
  dataNeeded: ['销项与进项发票明细（货物）', '利润表税金及附加', '增值税申报（可选，用于扣除附加税费）'],
  basis: `《中华人民共和国印花税法》第五条、第六条及所附《印花税税目税率表》：买卖合同（动产买卖合同）按价款的万分之三贴花，计税依据不包括列明的增值税税款；《财政部 税务总局关于印花税若干事项政策执行口径的公告》（财政部 税务总局公告2022年第22号）：未另立买卖合同的订单、要货单等单据也应缴纳。以发票金额代替合同价款、低于估算额50%的分级为${TAX_SOURCE.ours}。`,
  explanation:
    '货物购销双方都要按买卖合同缴纳印花税。按发票估算的应纳印花税明显高于账面可能计提的金额，说明可能漏报印花税（常见于未签书面合同而以订单成交的购销）。',
  suggestion: '按合同或订单逐月汇总购销金额，核对印花税申报；未申报的补报补缴，并按季（或按次）申报后续合同。',
  thresholds: { rate: 0.0003, mediumShare: 0.5, minDutyFen: 100_000, highDutyFen: 1_000_000 },
  describeThreshold: (t) =>
    `估算印花税（货物购销金额 × ${t.rate * 10_000}‱）≥${yuanText(t.minDutyFen)}，而账面可容纳的其他税金低于其${percentText(t.mediumShare)}为中风险；账面为零且估算≥${yuanText(t.highDutyFen)}为高风险`,
  check: (input: TaxRuleInput, t) =>
    overYears(input, (slice): YearResult => {
      if (!slice.invoices) return { label: slice.label, missing: invoicesMissing(input, slice) };
      const room = otherTaxesRoom(input, slice);
      if (!room) return { label: slice.label, missing: missingOf(slice.income) };
      const base = Math.max(0, slice.invoices.salesGoodsFen) + Math.max(0, slice.invoices.purchaseGoodsFen);
      const duty = Math.round(base * t.rate);
      if (duty < t.minDutyFen) {
        return {
          label: slice.label,
          skip: `${slice.label}货物购销金额${yuanText(base)}，估算印花税不足${yuanText(t.minDutyFen)}，未评价。`,
        };
      }
      const level =
        room.fen <= 0 && duty >= t.highDutyFen ? 'high' : room.fen < duty * t.mediumShare ? 'medium' : 'none';
      return {
        label: slice.label,
        level,
        line: `${slice.label}货物购销${yuanText(base)}，按万分之三估算印花税${yuanText(duty)}；${room.how}${yuanText(room.fen)}`,
        figures: [
          fenFigure(`${slice.label}货物销售（发票）`, slice.invoices.salesGoodsFen, slice.invoices.source),
          fenFigure(`${slice.label}货物采购（发票）`, slice.invoices.purchaseGoodsFen, slice.invoices.source),
          fenFigure(`${slice.label}估算印花税`, duty, derived('（货物销售 + 货物采购）× 0.3‰', slice.label)),
          ...room.figures,
        ],
      };
    }),
});

/**
 * 房产税 / 城镇土地使用税 signals (TAX_PROPERTY_LAND_TAX): rent received for property (房产税 from
 * rent, 12%) or 投资性房地产 held, against what the income statement can hold for these taxes.
 */
export const propertyLandTaxRule = defineRule({
  id: 'TAX_PROPERTY_LAND_TAX',
  title: '出租或持有房产而房产税、城镇土地使用税可能未计',
  category: CATEGORY,
  reportTypes: TAX_REPORT_TYPES,
  dataNeeded: ['销项发票明细（不动产经营租赁）', '资产负债表投资性房地产', '利润表税金及附加'],
  basis: `《中华人民共和国房产税暂行条例》第三条、第四条：出租的房产以租金收入为计税依据，税率12%；自用的按房产原值减除10%至30%后的余值，税率1.2%；《中华人民共和国城镇土地使用税暂行条例》第二条：使用城镇土地的单位为纳税人。账面低于按租金估算额50%的分级为${TAX_SOURCE.ours}。`,
  explanation:
    '开具不动产租赁发票说明本企业出租房产，应按租金的12%缴纳房产税；持有投资性房地产也应缴纳房产税和城镇土地使用税。账面税金容纳不下这些税款，可能漏报。',
  suggestion:
    '列出出租与自用的房产、土地清单，核对房产税（从租、从价）与城镇土地使用税的申报；漏报的补缴并关注滞纳金。',
  thresholds: { rentRate: 0.12, mediumShare: 0.5, minRentFen: 1_000_000 },
  describeThreshold: (t) =>
    `开具不动产租赁发票（租金≥${yuanText(t.minRentFen)}）而账面可容纳的其他税金低于租金×${percentText(t.rentRate)}的${percentText(t.mediumShare)}，或持有投资性房地产而账面无任何其他税金，为中风险`,
  check: (input: TaxRuleInput, t) =>
    overYears(input, (slice): YearResult => {
      if (!slice.invoices) return { label: slice.label, missing: invoicesMissing(input, slice) };
      const room = otherTaxesRoom(input, slice);
      if (!room) return { label: slice.label, missing: missingOf(slice.income) };
      const rent = Math.max(0, slice.invoices.rentIncomeFen);
      const property = read(slice.closing, 'investmentProperty') ?? 0;
      if (rent < t.minRentFen && property <= 0) {
        return {
          label: slice.label,
          skip: `${slice.label}未见出租房产的发票或投资性房地产，未评价（自用房产与土地需房产、土地清单，未导入）。`,
        };
      }
      const expected = Math.round(rent * t.rentRate);
      const level =
        (rent >= t.minRentFen && room.fen < expected * t.mediumShare) || (property > 0 && room.fen <= 0)
          ? 'medium'
          : 'none';
      const figures: TaxFigure[] = [
        fenFigure(`${slice.label}不动产租赁收入（发票）`, rent, slice.invoices.source),
        fenFigure(`${slice.label}按租金估算的房产税`, expected, derived('租金收入 × 12%', slice.label)),
        ...room.figures,
      ];
      if (property > 0)
        figures.push(
          fenFigure(`${slice.label}期末投资性房地产`, property, slice.closing.ok ? slice.closing.source : undefined),
        );
      return {
        label: slice.label,
        level,
        line: `${slice.label}不动产租赁收入${yuanText(rent)}（按12%估算房产税${yuanText(expected)}）${property > 0 ? `，期末投资性房地产${yuanText(property)}` : ''}；${room.how}${yuanText(room.fen)}`,
        figures,
      };
    }),
});

export const LOCAL_TAX_RULES = [stampDutyRule, propertyLandTaxRule];
