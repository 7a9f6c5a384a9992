/**
 * The official return forms as the e-tax bureau prints and exports them, and which of their lines
 * are the figures the tax reports use (packages/shared/financials.ts). Lines are found by their
 * 栏次 / 行次 number, which the forms print on every line; the label only confirms the number
 * (a version whose numbering moved is caught, not misread).
 */

export type OfficialFormKind =
  | 'vat_general'
  | 'vat_small'
  | 'vat_sales_schedule'
  | 'vat_input_schedule'
  | 'cit_annual'
  | 'cit_prepay';

export const OFFICIAL_FORM_NAMES: Record<OfficialFormKind, string> = {
  vat_general: '增值税及附加税费申报表（一般纳税人适用）',
  vat_small: '增值税及附加税费申报表（小规模纳税人适用）',
  vat_sales_schedule: '增值税及附加税费申报表附列资料（一）（本期销售情况明细）',
  vat_input_schedule: '增值税及附加税费申报表附列资料（二）（本期进项税额明细）',
  cit_annual: '企业所得税年度纳税申报表（A类）A100000',
  cit_prepay: '企业所得税月（季）度预缴纳税申报表（A类）',
};

/** Recognises a form by its title block; the schedules first, as their titles contain the main title. */
export function detectOfficialForm(title: string): OfficialFormKind | null {
  const text = title.normalize('NFKC').replace(/\s/g, '');
  // The product's own summary template names the official forms in its notes; it is no form.
  if (/申报汇总/.test(text)) return null;
  if (/附列资料\(一\)|附列资料一|本期销售情况明细/.test(text)) return 'vat_sales_schedule';
  if (/附列资料\(二\)|附列资料二|本期进项税额明细/.test(text)) return 'vat_input_schedule';
  if (/增值税(及附加税费)?(纳税)?申报表/.test(text)) {
    if (/附列资料|附表|减免税申报明细|附加税费情况表/.test(text) && !/主表/.test(text)) return null;
    return /小规模/.test(text) ? 'vat_small' : 'vat_general';
  }
  if (/A200000|预缴纳税申报表/.test(text)) return 'cit_prepay';
  if (/A100000|企业所得税年度纳税申报(表|主表)/.test(text)) return 'cit_annual';
  return null;
}

/** A line of a form: its number, words its label must contain, and what the figure is. */
export interface FormLine {
  line: number;
  label: RegExp;
  key: string;
  /** The value is a rate (税率), kept in basis points. */
  rate?: boolean;
}

export interface FormLayout {
  statement: 'vat_return' | 'cit_return';
  /** Header words of the columns to add up for a figure (a small-scale return adds goods and services). */
  valueColumns: RegExp;
  /** How many of the matching value columns, from the left, hold the period's figure. */
  valueColumnCount: number;
  /** Header word of the line-number column. */
  lineHeader: RegExp;
  lines: readonly FormLine[];
}

const LINE_HEADER = /^(栏次|行次)$/;

export const FORM_LAYOUTS: Record<OfficialFormKind, FormLayout> = {
  // 一般项目 本月数 is the first 本月数 column (the others are 本年累计 and 即征即退项目).
  vat_general: {
    statement: 'vat_return',
    valueColumns: /^(本月数|本期数)$/,
    valueColumnCount: 1,
    lineHeader: LINE_HEADER,
    lines: [
      { line: 1, label: /按适用税率计税销售额/, key: 'taxableSalesGeneral' },
      { line: 5, label: /按简易办法计税销售额/, key: 'taxableSalesSimplified' },
      { line: 8, label: /免税销售额/, key: 'exemptSales' },
      { line: 11, label: /销项税额/, key: 'outputTax' },
      { line: 12, label: /进项税额/, key: 'inputTax' },
      { line: 13, label: /上期留抵税额/, key: 'openingCreditBalance' },
      { line: 14, label: /进项税额转出/, key: 'inputTaxTransferredOut' },
      { line: 20, label: /期末留抵税额/, key: 'closingCreditBalance' },
      { line: 24, label: /应纳税额合计/, key: 'taxPayable' },
      { line: 27, label: /本期已缴税额/, key: 'taxPaid' },
    ],
  },
  // 本期数 is split into 货物及劳务 and 服务、不动产和无形资产: both count.
  vat_small: {
    statement: 'vat_return',
    valueColumns: /^(货物及劳务|服务、?不动产和无形资产|本期数)$/,
    valueColumnCount: 2,
    lineHeader: LINE_HEADER,
    lines: [
      { line: 1, label: /应征增值税不含税销售额.*3%|应征增值税不含税销售额/, key: 'taxableSalesSimplified' },
      { line: 4, label: /5%/, key: 'taxableSalesSimplified' },
      { line: 7, label: /销售使用过的固定资产/, key: 'taxableSalesSimplified' },
      { line: 9, label: /免税销售额/, key: 'exemptSales' },
      { line: 20, label: /应纳税额合计/, key: 'taxPayable' },
    ],
  },
  // 附列资料（二）: lines 12 (当期申报抵扣进项税额合计) and 13 (本期进项税额转出额), 税额 column.
  vat_input_schedule: {
    statement: 'vat_return',
    valueColumns: /^税额$/,
    valueColumnCount: 1,
    lineHeader: LINE_HEADER,
    lines: [
      { line: 12, label: /当期申报抵扣进项税额合计/, key: 'inputTax' },
      { line: 13, label: /本期进项税额转出额/, key: 'inputTaxTransferredOut' },
    ],
  },
  // 附列资料（一） is a matrix by rate and invoice kind, read by sales-schedule.reader.ts.
  vat_sales_schedule: {
    statement: 'vat_return',
    valueColumns: /^(销售额|销项\(应纳\)税额|销项税额)$/,
    valueColumnCount: 0,
    lineHeader: LINE_HEADER,
    lines: [],
  },
  cit_annual: {
    statement: 'cit_return',
    valueColumns: /^金额$/,
    valueColumnCount: 1,
    lineHeader: /^行次$/,
    lines: [
      { line: 1, label: /营业收入/, key: 'operatingRevenue' },
      { line: 2, label: /营业成本/, key: 'operatingCost' },
      { line: 13, label: /利润总额/, key: 'totalProfit' },
      { line: 15, label: /纳税调整增加额/, key: 'taxAdjustmentIncrease' },
      { line: 16, label: /纳税调整减少额/, key: 'taxAdjustmentDecrease' },
      { line: 23, label: /应纳税所得额/, key: 'taxableIncome' },
      { line: 24, label: /税率/, key: 'taxRate', rate: true },
      { line: 25, label: /应纳所得税额/, key: 'taxOnTaxableIncome' },
      { line: 26, label: /减免所得税额/, key: 'taxRelief' },
      { line: 31, label: /实际应纳所得税额/, key: 'taxPayable' },
      { line: 32, label: /本年累计实际已缴纳的所得税额/, key: 'taxPrepaid' },
    ],
  },
  // The 2021 (and 2025) version of A200000: 预缴税款计算 in one 本年累计 column.
  cit_prepay: {
    statement: 'cit_return',
    valueColumns: /^(本年累计|本年累计金额|累计金额|金额)$/,
    valueColumnCount: 1,
    lineHeader: /^行次$/,
    lines: [
      { line: 1, label: /营业收入/, key: 'operatingRevenue' },
      { line: 2, label: /营业成本/, key: 'operatingCost' },
      { line: 3, label: /利润总额/, key: 'totalProfit' },
      { line: 10, label: /实际利润额|应纳税所得额/, key: 'taxableIncome' },
      { line: 11, label: /税率/, key: 'taxRate', rate: true },
      { line: 12, label: /应纳所得税额/, key: 'taxOnTaxableIncome' },
      { line: 13, label: /减免所得税额/, key: 'taxRelief' },
      { line: 14, label: /本年实际已缴纳所得税额|已预缴/, key: 'taxPrepaid' },
    ],
  },
};
