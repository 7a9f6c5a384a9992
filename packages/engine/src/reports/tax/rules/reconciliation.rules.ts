import { defineRule } from '../../../rules/define-rule.js';
import { percentText, yuanText } from '../../../rules/display.js';
import type { TaxRuleInput, YearSlice } from '../tax-context.js';
import {
  clean,
  derived,
  fenFigure,
  invoicesMissing,
  type Level,
  missingOf,
  overYears,
  pctFigure,
  read,
  TAX_CATEGORIES,
  TAX_REPORT_TYPES,
  TAX_SOURCE,
  tier,
  vatSalesOf,
  type YearResult,
} from '../tax-rule.helpers.js';

const CATEGORY = TAX_CATEGORIES.declaration;

/** |a − base| ÷ base; 100% when the base is zero but a is not. */
export function gapRatio(value: number, base: number): number {
  if (base > 0) return clean(Math.abs(value - base) / base);
  return value === base ? 0 : 1;
}

interface Pair {
  slice: YearSlice;
  left: { name: string; fen: number; figure: ReturnType<typeof fenFigure> };
  right: { name: string; fen: number; figure: ReturnType<typeof fenFigure> };
}

/** A year's two amounts, their gap in fen and in %, and the figures with their sources. */
function compare(pair: Pair, level: (ratio: number, gapFen: number) => Level, basisName: string): YearResult {
  const { slice, left, right } = pair;
  const gap = left.fen - right.fen;
  const ratio = gapRatio(left.fen, right.fen);
  return {
    label: slice.label,
    level: level(ratio, gap),
    line: `${slice.label}${left.name}${yuanText(left.fen)}，${right.name}${yuanText(right.fen)}，差额${yuanText(gap)}（占${basisName}${percentText(ratio)}）`,
    figures: [
      left.figure,
      right.figure,
      fenFigure(`${slice.label}差额`, gap, derived(`${left.name} − ${right.name}`, slice.label)),
      pctFigure(`${slice.label}差异率`, ratio, derived(`|差额| ÷ ${basisName}`, slice.label)),
    ],
  };
}

function side(slice: YearSlice, name: string, fen: number, source: Parameters<typeof fenFigure>[2]) {
  return { name, fen, figure: fenFigure(`${slice.label}${name}`, fen, source) };
}

export const revenueGapVatCitRule = defineRule({
  id: 'TAX_REVENUE_GAP_VAT_CIT',
  title: '增值税与所得税申报收入差异',
  category: CATEGORY,
  reportTypes: TAX_REPORT_TYPES,
  dataNeeded: ['各月（季）增值税申报销售额', '企业所得税申报营业收入（年度或累计）'],
  basis: `增值税申报销售额与企业所得税申报营业收入应基本一致（视同销售、价外费用、资产处置等除外）；差异≥10%为中风险、≥20%为高风险，为${TAX_SOURCE.ours}（实务中10%、20%两种预警口径并存）。`,
  explanation:
    '增值税申报销售额与企业所得税申报营业收入口径接近，差异过大时税务机关会怀疑少报收入；视同销售、价外费用、出售固定资产、收入确认时点不同等可以合理解释部分差异。',
  suggestion:
    '逐月核对增值税申报表与账面收入，编制差异调节表（视同销售、不动产及固定资产处置、跨期确认等），无法解释的差异应补充申报。',
  thresholds: { mediumGap: 0.1, highGap: 0.2, minGapFen: 1_000_000 },
  describeThreshold: (t) =>
    `|增值税申报销售额 − 所得税申报营业收入| ÷ 所得税申报营业收入 ≥ ${percentText(t.mediumGap)}为中风险，≥ ${percentText(t.highGap)}为高风险（差额不足${yuanText(t.minGapFen)}不计）`,
  check: (input: TaxRuleInput, t) =>
    overYears(input, (slice) => {
      const missing = missingOf(slice.vat, slice.cit);
      const cit = read(slice.cit, 'operatingRevenue');
      if (missing.length > 0 || !slice.vat.ok || !slice.cit.ok) return { label: slice.label, missing };
      if (cit === undefined) return { label: slice.label, missing: [`${slice.label}企业所得税申报的营业收入`] };
      const vat = vatSalesOf(slice.vat.figures);
      return compare(
        {
          slice,
          left: side(slice, '增值税申报销售额', vat, slice.vat.source),
          right: side(slice, '所得税申报营业收入', cit, slice.cit.source),
        },
        (ratio, gap) => (Math.abs(gap) < t.minGapFen ? 'none' : tier(ratio, { high: t.highGap, medium: t.mediumGap })),
        '所得税申报营业收入',
      );
    }),
});

export const revenueGapInvoiceBooksRule = defineRule({
  id: 'TAX_REVENUE_GAP_INVOICE_BOOKS',
  title: '开票收入与账面收入差异',
  category: CATEGORY,
  reportTypes: TAX_REPORT_TYPES,
  dataNeeded: ['报告期间销项发票', '同期利润表营业收入'],
  basis: `《增值税暂行条例》第十九条：先开具发票的，纳税义务发生时间为开具发票的当天；开票收入与账面收入差异的10%、20%分级参照申报收入差异的实务预警线，未开票收入的低风险线同为${TAX_SOURCE.ours}。`,
  explanation:
    '开票金额（不含税、扣除红字）明显高于账面营业收入，说明已开票收入可能未入账或挂往来科目；账面收入远高于开票，则存在大量无票收入，需确认已如实申报。',
  suggestion:
    '核对开票明细与收入明细账，查明已开票未入账的收入（预收、挂往来、跨期），补记收入并调整申报；无票收入应在增值税申报表“未开具发票”栏如实填报。',
  thresholds: { mediumExcess: 0.1, highExcess: 0.2, lowShortfall: 0.3, minGapFen: 1_000_000 },
  describeThreshold: (t) =>
    `开票收入高于账面收入的部分 ÷ 账面收入 ≥ ${percentText(t.mediumExcess)}为中风险、≥ ${percentText(t.highExcess)}为高风险；账面收入高于开票收入 ≥ ${percentText(t.lowShortfall)}为低风险（差额不足${yuanText(t.minGapFen)}不计）`,
  check: (input: TaxRuleInput, t) =>
    overYears(input, (slice) => {
      const missing = [...invoicesMissing(input, slice), ...missingOf(slice.income)];
      const books = read(slice.income, 'operatingRevenue');
      if (missing.length > 0 || !slice.invoices || !slice.income.ok) return { label: slice.label, missing };
      if (books === undefined) return { label: slice.label, missing: [`${slice.label}利润表营业收入`] };
      const invoiced = slice.invoices.salesAmountFen;
      return compare(
        {
          slice,
          left: side(slice, '开票收入（不含税）', invoiced, slice.invoices.source),
          right: side(slice, '账面营业收入', books, slice.income.source),
        },
        (ratio, gap) => {
          if (Math.abs(gap) < t.minGapFen) return 'none';
          if (gap > 0) return tier(ratio, { high: t.highExcess, medium: t.mediumExcess });
          return tier(ratio, { low: t.lowShortfall });
        },
        '账面营业收入',
      );
    }),
});

export const revenueGapInvoiceVatRule = defineRule({
  id: 'TAX_REVENUE_GAP_INVOICE_VAT',
  title: '开票收入与增值税申报收入差异',
  category: CATEGORY,
  reportTypes: TAX_REPORT_TYPES,
  dataNeeded: ['报告期间销项发票', '同期增值税申报销售额'],
  basis:
    '《增值税暂行条例》第十九条：先开具发票的，纳税义务发生时间为开具发票的当天，开票收入应全部申报；预警线（1%、5%）为本机构经验阈值。',
  explanation: '增值税申报销售额低于同期开票金额，意味着部分已开票收入未申报，是金税系统“票表比对”的直接预警项。',
  suggestion: '逐月比对开票汇总与申报表销售额（含免税、简易计税栏次），查明少报月份并更正申报、补缴税款及滞纳金。',
  thresholds: { mediumShortfall: 0.01, highShortfall: 0.05, minGapFen: 1_000_000 },
  describeThreshold: (t) =>
    `开票收入高于增值税申报销售额的部分 ÷ 申报销售额 ≥ ${percentText(t.mediumShortfall)}为中风险、≥ ${percentText(t.highShortfall)}为高风险（差额不足${yuanText(t.minGapFen)}不计）；申报大于开票（无票收入）不计风险`,
  check: (input: TaxRuleInput, t) =>
    overYears(input, (slice) => {
      const missing = [...invoicesMissing(input, slice), ...missingOf(slice.vat)];
      if (missing.length > 0 || !slice.invoices || !slice.vat.ok) return { label: slice.label, missing };
      return compare(
        {
          slice,
          left: side(slice, '开票收入（不含税）', slice.invoices.salesAmountFen, slice.invoices.source),
          right: side(slice, '增值税申报销售额', vatSalesOf(slice.vat.figures), slice.vat.source),
        },
        (ratio, gap) =>
          gap < t.minGapFen ? 'none' : tier(ratio, { high: t.highShortfall, medium: t.mediumShortfall }),
        '增值税申报销售额',
      );
    }),
});

export const revenueGapBooksCitRule = defineRule({
  id: 'TAX_REVENUE_GAP_BOOKS_CIT',
  title: '账面收入与所得税申报收入差异',
  category: CATEGORY,
  reportTypes: TAX_REPORT_TYPES,
  dataNeeded: ['利润表营业收入', '企业所得税申报营业收入'],
  basis:
    '企业所得税年度纳税申报表（A100000）及预缴申报表的营业收入按会计核算（利润表）填报，两者应一致；预警线为本机构经验阈值。',
  explanation: '所得税申报的营业收入应与利润表一致，不一致说明申报表或报表有误，或存在两套账。',
  suggestion: '核对所得税申报表营业收入与利润表，差异原因写入底稿；申报有误的应更正申报。',
  thresholds: { mediumGap: 0.01, highGap: 0.1, minGapFen: 1_000_000 },
  describeThreshold: (t) =>
    `|利润表营业收入 − 所得税申报营业收入| ÷ 利润表营业收入 ≥ ${percentText(t.mediumGap)}为中风险、≥ ${percentText(t.highGap)}为高风险（差额不足${yuanText(t.minGapFen)}不计）`,
  check: (input: TaxRuleInput, t) =>
    overYears(input, (slice) => {
      const missing = missingOf(slice.income, slice.cit);
      const books = read(slice.income, 'operatingRevenue');
      const cit = read(slice.cit, 'operatingRevenue');
      if (missing.length > 0 || !slice.income.ok || !slice.cit.ok) return { label: slice.label, missing };
      if (books === undefined || cit === undefined)
        return { label: slice.label, missing: ['营业收入（利润表或所得税申报）'] };
      return compare(
        {
          slice,
          left: side(slice, '所得税申报营业收入', cit, slice.cit.source),
          right: side(slice, '利润表营业收入', books, slice.income.source),
        },
        (ratio, gap) => (Math.abs(gap) < t.minGapFen ? 'none' : tier(ratio, { high: t.highGap, medium: t.mediumGap })),
        '利润表营业收入',
      );
    }),
});

export const profitGapBooksCitRule = defineRule({
  id: 'TAX_PROFIT_GAP_BOOKS_CIT',
  title: '账面利润与所得税申报利润差异',
  category: CATEGORY,
  reportTypes: TAX_REPORT_TYPES,
  dataNeeded: ['利润表利润总额', '企业所得税申报利润总额'],
  basis:
    '企业所得税申报表的利润总额按会计核算填报，税会差异通过纳税调整项目体现，不应改动利润总额；预警线为本机构经验阈值。',
  explanation: '申报的利润总额与账面不一致，纳税调整就失去了起点，常见于报表与申报分别编制或申报后调账未更正。',
  suggestion: '以账面利润总额为起点重新核对纳税调整明细，申报有误的更正申报。',
  thresholds: { mediumGap: 0.05, highGap: 0.2, minGapFen: 1_000_000 },
  describeThreshold: (t) =>
    `|所得税申报利润总额 − 利润表利润总额| ÷ |利润表利润总额| ≥ ${percentText(t.mediumGap)}为中风险、≥ ${percentText(t.highGap)}为高风险（差额不足${yuanText(t.minGapFen)}不计）`,
  check: (input: TaxRuleInput, t) =>
    overYears(input, (slice) => {
      const missing = missingOf(slice.income, slice.cit);
      const books = read(slice.income, 'totalProfit');
      const cit = read(slice.cit, 'totalProfit');
      if (missing.length > 0 || !slice.income.ok || !slice.cit.ok) return { label: slice.label, missing };
      if (books === undefined || cit === undefined)
        return { label: slice.label, missing: ['利润总额（利润表或所得税申报）'] };
      const gap = cit - books;
      const ratio = books === 0 ? (gap === 0 ? 0 : 1) : clean(Math.abs(gap) / Math.abs(books));
      return {
        label: slice.label,
        level: Math.abs(gap) < t.minGapFen ? 'none' : tier(ratio, { high: t.highGap, medium: t.mediumGap }),
        line: `${slice.label}所得税申报利润总额${yuanText(cit)}，利润表利润总额${yuanText(books)}，差额${yuanText(gap)}（${percentText(ratio)}）`,
        figures: [
          fenFigure(`${slice.label}所得税申报利润总额`, cit, slice.cit.source),
          fenFigure(`${slice.label}利润表利润总额`, books, slice.income.source),
          fenFigure(`${slice.label}差额`, gap, derived('申报利润总额 − 账面利润总额', slice.label)),
          pctFigure(`${slice.label}差异率`, ratio, derived('|差额| ÷ |账面利润总额|', slice.label)),
        ],
      };
    }),
});

export const RECONCILIATION_RULES = [
  revenueGapVatCitRule,
  revenueGapInvoiceBooksRule,
  revenueGapInvoiceVatRule,
  revenueGapBooksCitRule,
  profitGapBooksCitRule,
];
