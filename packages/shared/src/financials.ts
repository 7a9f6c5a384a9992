import { periodSchema } from './financial-periods.js';
import { parseYuanToFen } from './formatters.js';
import { z } from './zod.js';

export * from './financial-periods.js';

/**
 * Financial statements and tax-return summaries: the catalogue of figures the indicators read
 * (domain facts §3.4) and the manual-entry schemas; periods live in financial-periods.ts.
 * Money is integer fen; the CIT rate is basis points (2500 = 25%).
 */

export const FINANCIAL_STATEMENTS = {
  balance_sheet: '资产负债表',
  income_statement: '利润表',
  vat_return: '增值税申报汇总',
  cit_return: '企业所得税申报汇总',
} as const;
export type FinancialStatementKind = keyof typeof FINANCIAL_STATEMENTS;
export const financialStatementKindSchema = z.enum(['balance_sheet', 'income_statement', 'vat_return', 'cit_return']);

export const STATEMENT_LAYOUTS = { general: '一般企业（企业会计准则）', small: '小企业会计准则' } as const;
export type StatementLayout = keyof typeof STATEMENT_LAYOUTS;
export const statementLayoutSchema = z.enum(['general', 'small']);

export const TAXPAYER_TYPES = { general: '一般纳税人', small_scale: '小规模纳税人' } as const;
export type TaxpayerType = keyof typeof TAXPAYER_TYPES;
export const taxpayerTypeSchema = z.enum(['general', 'small_scale']);

type LineTuple = readonly [key: string, label: string, general: number | null, small: number | null];

// [key, 中文名, 一般企业行次, 小企业行次]. The 小企业 numbers are printed on 会小企01/02表. The
// 财会〔2019〕6号 forms have no 行次 column; the 一般企业 numbers are the sequential ones used by e-tax
// filing and bookkeeping exports (72 balance-sheet lines, counting the 优先股/永续债 sub-lines), so
// importers trust a line's name before its number. Lines with no number in either layout are
// older names (2018 format) that exports still carry.
const BALANCE_SHEET_LINES = [
  ['cash', '货币资金', 1, 1],
  ['tradingFinancialAssets', '交易性金融资产', 2, null],
  ['shortTermInvestments', '短期投资', null, 2],
  ['derivativeFinancialAssets', '衍生金融资产', 3, null],
  ['notesReceivable', '应收票据', 4, 3],
  ['accountsReceivable', '应收账款', 5, 4],
  ['notesAndAccountsReceivable', '应收票据及应收账款', null, null],
  ['receivablesFinancing', '应收款项融资', 6, null],
  ['prepayments', '预付账款', 7, 5],
  ['dividendsReceivable', '应收股利', null, 6],
  ['interestReceivable', '应收利息', null, 7],
  ['otherReceivables', '其他应收款', 8, 8],
  ['inventory', '存货', 9, 9],
  ['rawMaterials', '原材料', null, 10],
  ['workInProgress', '在产品', null, 11],
  ['finishedGoods', '库存商品', null, 12],
  ['turnoverMaterials', '周转材料', null, 13],
  ['contractAssets', '合同资产', 10, null],
  ['heldForSaleAssets', '持有待售资产', 11, null],
  ['currentPortionOfNonCurrentAssets', '一年内到期的非流动资产', 12, null],
  ['otherCurrentAssets', '其他流动资产', 13, 14],
  ['currentAssetsTotal', '流动资产合计', 14, 15],
  ['debtInvestments', '债权投资', 15, null],
  ['otherDebtInvestments', '其他债权投资', 16, null],
  ['longTermBondInvestments', '长期债券投资', null, 16],
  ['longTermReceivables', '长期应收款', 17, null],
  ['longTermEquityInvestments', '长期股权投资', 18, 17],
  ['otherEquityInstrumentInvestments', '其他权益工具投资', 19, null],
  ['otherNonCurrentFinancialAssets', '其他非流动金融资产', 20, null],
  ['investmentProperty', '投资性房地产', 21, null],
  ['fixedAssetsCost', '固定资产原价', null, 18],
  ['accumulatedDepreciation', '累计折旧', null, 19],
  ['fixedAssets', '固定资产', 22, 20],
  ['constructionInProgress', '在建工程', 23, 21],
  ['constructionMaterials', '工程物资', null, 22],
  ['fixedAssetsDisposal', '固定资产清理', null, 23],
  ['productiveBiologicalAssets', '生产性生物资产', 24, 24],
  ['oilAndGasAssets', '油气资产', 25, null],
  ['rightOfUseAssets', '使用权资产', 26, null],
  ['intangibleAssets', '无形资产', 27, 25],
  ['developmentExpenditure', '开发支出', 28, 26],
  ['goodwill', '商誉', 29, null],
  ['longTermPrepaidExpenses', '长期待摊费用', 30, 27],
  ['deferredTaxAssets', '递延所得税资产', 31, null],
  ['otherNonCurrentAssets', '其他非流动资产', 32, 28],
  ['nonCurrentAssetsTotal', '非流动资产合计', 33, 29],
  ['totalAssets', '资产总计', 34, 30],
  ['shortTermLoans', '短期借款', 35, 31],
  ['tradingFinancialLiabilities', '交易性金融负债', 36, null],
  ['derivativeFinancialLiabilities', '衍生金融负债', 37, null],
  ['notesPayable', '应付票据', 38, 32],
  ['accountsPayable', '应付账款', 39, 33],
  ['notesAndAccountsPayable', '应付票据及应付账款', null, null],
  ['advancesFromCustomers', '预收账款', 40, 34],
  ['contractLiabilities', '合同负债', 41, null],
  ['employeeBenefitsPayable', '应付职工薪酬', 42, 35],
  ['taxesPayable', '应交税费', 43, 36],
  ['interestPayable', '应付利息', null, 37],
  ['profitsPayable', '应付利润', null, 38],
  ['otherPayables', '其他应付款', 44, 39],
  ['heldForSaleLiabilities', '持有待售负债', 45, null],
  ['currentPortionOfNonCurrentLiabilities', '一年内到期的非流动负债', 46, null],
  ['otherCurrentLiabilities', '其他流动负债', 47, 40],
  ['currentLiabilitiesTotal', '流动负债合计', 48, 41],
  ['longTermLoans', '长期借款', 49, 42],
  ['bondsPayable', '应付债券', 50, null],
  ['leaseLiabilities', '租赁负债', 53, null],
  ['longTermPayables', '长期应付款', 54, 43],
  ['provisions', '预计负债', 55, null],
  ['deferredIncome', '递延收益', 56, 44],
  ['deferredTaxLiabilities', '递延所得税负债', 57, null],
  ['otherNonCurrentLiabilities', '其他非流动负债', 58, 45],
  ['nonCurrentLiabilitiesTotal', '非流动负债合计', 59, 46],
  ['totalLiabilities', '负债合计', 60, 47],
  ['paidInCapital', '实收资本（或股本）', 61, 48],
  ['otherEquityInstruments', '其他权益工具', 62, null],
  ['capitalReserve', '资本公积', 65, 49],
  ['treasuryStock', '库存股', 66, null],
  ['otherComprehensiveIncome', '其他综合收益', 67, null],
  ['specialReserve', '专项储备', 68, null],
  ['surplusReserve', '盈余公积', 69, 50],
  ['undistributedProfit', '未分配利润', 70, 51],
  ['totalEquity', '所有者权益（或股东权益）合计', 71, 52],
  ['totalLiabilitiesAndEquity', '负债和所有者权益（或股东权益）总计', 72, 53],
] as const satisfies readonly LineTuple[];

// 小企业 lines 4–10, 12–13, 15–17, 19, 23, 25–29 are "其中" details of the line above them.
const INCOME_STATEMENT_LINES = [
  ['operatingRevenue', '营业收入', 1, 1],
  ['operatingCost', '营业成本', 2, 2],
  ['taxesAndSurcharges', '税金及附加', 3, 3],
  ['consumptionTax', '消费税', null, 4],
  ['businessTax', '营业税', null, 5],
  ['urbanMaintenanceTax', '城市维护建设税', null, 6],
  ['resourceTax', '资源税', null, 7],
  ['landAppreciationTax', '土地增值税', null, 8],
  ['propertyRelatedTaxes', '城镇土地使用税、房产税、车船税、印花税', null, 9],
  ['educationSurcharges', '教育费附加、矿产资源补偿费、排污费', null, 10],
  ['sellingExpenses', '销售费用', 4, 11],
  ['repairExpenses', '商品维修费', null, 12],
  ['advertisingExpenses', '广告费和业务宣传费', null, 13],
  ['adminExpenses', '管理费用', 5, 14],
  ['startUpCosts', '开办费', null, 15],
  ['entertainmentExpenses', '业务招待费', null, 16],
  ['researchCosts', '研究费用', null, 17],
  ['researchAndDevelopmentExpenses', '研发费用', 6, null],
  ['financialExpenses', '财务费用', 7, 18],
  ['interestExpenses', '利息费用', 8, 19],
  ['interestIncome', '利息收入', 9, null],
  ['otherIncome', '其他收益', 10, null],
  ['investmentIncome', '投资收益', 11, 20],
  ['investmentIncomeFromAssociates', '对联营企业和合营企业的投资收益', 12, null],
  ['derecognitionGains', '以摊余成本计量的金融资产终止确认收益', 13, null],
  ['netExposureHedgeGains', '净敞口套期收益', 14, null],
  ['fairValueChangeGains', '公允价值变动收益', 15, null],
  ['creditImpairmentLosses', '信用减值损失', 16, null],
  ['assetImpairmentLosses', '资产减值损失', 17, null],
  ['assetDisposalGains', '资产处置收益', 18, null],
  ['operatingProfit', '营业利润', 19, 21],
  ['nonOperatingIncome', '营业外收入', 20, 22],
  ['governmentGrants', '政府补助', null, 23],
  ['nonOperatingExpenses', '营业外支出', 21, 24],
  ['badDebtLosses', '坏账损失', null, 25],
  ['bondInvestmentLosses', '无法收回的长期债券投资损失', null, 26],
  ['equityInvestmentLosses', '无法收回的长期股权投资损失', null, 27],
  ['forceMajeureLosses', '自然灾害等不可抗力因素造成的损失', null, 28],
  ['taxLateFees', '税收滞纳金', null, 29],
  ['totalProfit', '利润总额', 22, 30],
  ['incomeTaxExpense', '所得税费用', 23, 31],
  ['netProfit', '净利润', 24, 32],
  ['continuingOperationsNetProfit', '持续经营净利润', 25, null],
  ['discontinuedOperationsNetProfit', '终止经营净利润', 26, null],
  ['otherComprehensiveIncomeNet', '其他综合收益的税后净额', 27, null],
] as const satisfies readonly LineTuple[];

type ReturnTuple = readonly [key: string, label: string, unit: 'fen' | 'bp'];

const VAT_RETURN_LINES = [
  ['taxableSalesGeneral', '应税销售额（一般计税）', 'fen'],
  ['taxableSalesSimplified', '应税销售额（简易计税）', 'fen'],
  ['exemptSales', '免税销售额', 'fen'],
  ['outputTax', '销项税额', 'fen'],
  ['inputTax', '进项税额', 'fen'],
  ['inputTaxTransferredOut', '进项税额转出', 'fen'],
  ['openingCreditBalance', '上期留抵税额', 'fen'],
  ['closingCreditBalance', '期末留抵税额', 'fen'],
  ['taxPayable', '应纳税额', 'fen'],
  ['taxPaid', '实际缴纳税额', 'fen'],
  // 附列资料（一） columns 1, 3, 5 and 7 over every line (its 即征即退 lines are parts of the others):
  // the 票表比对 sides — sales with special invoices, with other invoices, without invoices, from inspections.
  ['salesSpecialInvoice', '开具增值税专用发票销售额', 'fen'],
  ['salesOtherInvoice', '开具其他发票销售额', 'fen'],
  ['salesNoInvoice', '未开具发票销售额', 'fen'],
  ['salesInspectionAdjusted', '纳税检查调整销售额', 'fen'],
] as const satisfies readonly ReturnTuple[];

// A quarterly CIT prepayment return (A200000) reports year-to-date figures; the summary keeps them so.
const CIT_RETURN_LINES = [
  ['operatingRevenue', '营业收入', 'fen'],
  ['operatingCost', '营业成本', 'fen'],
  ['totalProfit', '利润总额', 'fen'],
  ['taxAdjustmentIncrease', '纳税调整增加额', 'fen'],
  ['taxAdjustmentDecrease', '纳税调整减少额', 'fen'],
  ['taxableIncome', '应纳税所得额', 'fen'],
  ['taxRate', '税率', 'bp'],
  ['taxOnTaxableIncome', '应纳所得税额', 'fen'],
  ['taxRelief', '减免所得税额', 'fen'],
  ['taxPayable', '实际应纳所得税额', 'fen'],
  ['taxPrepaid', '已预缴所得税额', 'fen'],
] as const satisfies readonly ReturnTuple[];

export type BalanceSheetKey = (typeof BALANCE_SHEET_LINES)[number][0];
export type IncomeStatementKey = (typeof INCOME_STATEMENT_LINES)[number][0];
export type VatReturnKey = (typeof VAT_RETURN_LINES)[number][0];
export type CitReturnKey = (typeof CIT_RETURN_LINES)[number][0];
export type FigureKey<S extends FinancialStatementKind = FinancialStatementKind> = {
  balance_sheet: BalanceSheetKey;
  income_statement: IncomeStatementKey;
  vat_return: VatReturnKey;
  cit_return: CitReturnKey;
}[S];
/** Figures of one statement for one period: key → fen (bp for a rate); a missing key was not given. */
export type FinancialFigures<S extends FinancialStatementKind> = Partial<Record<FigureKey<S>, number>>;

export interface FinancialFigure {
  key: string;
  label: string;
  statement: FinancialStatementKind;
  unit: 'fen' | 'bp';
  /** 行次 in each layout; null where the layout has no such line (and always for returns). */
  lines: Record<StatementLayout, number | null>;
}

const fromLines = (statement: FinancialStatementKind, rows: readonly LineTuple[]): FinancialFigure[] =>
  rows.map(([key, label, general, small]) => ({ key, label, statement, unit: 'fen', lines: { general, small } }));
const fromReturn = (statement: FinancialStatementKind, rows: readonly ReturnTuple[]): FinancialFigure[] =>
  rows.map(([key, label, unit]) => ({ key, label, statement, unit, lines: { general: null, small: null } }));

export const FINANCIAL_FIGURES: Readonly<Record<FinancialStatementKind, readonly FinancialFigure[]>> = {
  balance_sheet: fromLines('balance_sheet', BALANCE_SHEET_LINES),
  income_statement: fromLines('income_statement', INCOME_STATEMENT_LINES),
  vat_return: fromReturn('vat_return', VAT_RETURN_LINES),
  cit_return: fromReturn('cit_return', CIT_RETURN_LINES),
};

type KeyTuple<K> = readonly [K, ...K[]];
const keysOf = <K extends string>(rows: readonly (readonly [K, ...unknown[]])[]) =>
  rows.map((row) => row[0]) as unknown as KeyTuple<K>;
export const BALANCE_SHEET_KEYS = keysOf(BALANCE_SHEET_LINES);
export const INCOME_STATEMENT_KEYS = keysOf(INCOME_STATEMENT_LINES);
export const VAT_RETURN_KEYS = keysOf(VAT_RETURN_LINES);
export const CIT_RETURN_KEYS = keysOf(CIT_RETURN_LINES);

export function findFigure(statement: FinancialStatementKind, key: string): FinancialFigure | undefined {
  return FINANCIAL_FIGURES[statement].find((figure) => figure.key === key);
}

/** The figure printed on 行次 `line` of a layout, if that line is one the catalogue keeps. */
export function figureAtLine(
  statement: FinancialStatementKind,
  layout: StatementLayout,
  line: number,
): FinancialFigure | undefined {
  return FINANCIAL_FIGURES[statement].find((figure) => figure.lines[layout] === line);
}

// ---- Manual entry: one statement or return for one period; every figure optional.

export const FINANCIAL_MESSAGES = {
  amountInvalid: '请输入正确的金额（元），最多两位小数',
  amountNotInteger: '金额须为以分为单位的整数',
  rateInvalid: '请输入正确的税率，如 25%',
} as const;

// Far above any real statement, yet exact in a double and in a PostgreSQL bigint.
export const MAX_FIGURE_FEN = 10 ** 15;
export const fenAmountSchema = z
  .number()
  .int(FINANCIAL_MESSAGES.amountNotInteger)
  .min(-MAX_FIGURE_FEN, FINANCIAL_MESSAGES.amountInvalid)
  .max(MAX_FIGURE_FEN, FINANCIAL_MESSAGES.amountInvalid);
export const rateBpSchema = z.number().int(FINANCIAL_MESSAGES.rateInvalid).min(0).max(10_000);

/** '25%' / '25' → 2500 bp; a bare number ≤ 1 is a fraction (0.25 → 2500), as Excel stores percentages. */
export function parseRateToBp(text: string): number | null {
  const cleaned = text.replace(/\s/g, '');
  const match = /^(\d+)(?:\.(\d{1,4}))?(%?)$/.exec(cleaned);
  if (!match) return null;
  const units = Number(match[1]) * 10_000 + Number((match[2] ?? '').padEnd(4, '0'));
  const bp = match[3] === '' && units <= 10_000 ? units : units / 100;
  return Number.isInteger(bp) && bp <= 10_000 ? bp : null;
}

function figuresSchema<K extends string>(keys: KeyTuple<K>, rateKeys: readonly string[] = []) {
  return z.partialRecord(z.enum(keys), fenAmountSchema).superRefine((figures, ctx) => {
    for (const key of rateKeys) {
      const value = (figures as Record<string, number | undefined>)[key];
      if (value !== undefined && !rateBpSchema.safeParse(value).success) {
        ctx.addIssue({ code: 'custom', path: [key], message: FINANCIAL_MESSAGES.rateInvalid });
      }
    }
  });
}

/** Form variant: each figure is the text a person typed (yuan, or a percentage for a rate). */
function yuanFiguresSchema<K extends string>(keys: KeyTuple<K>, rateKeys: readonly string[] = []) {
  return z.partialRecord(z.enum(keys), z.string()).transform((texts, ctx) => {
    const figures: Partial<Record<K, number>> = {};
    for (const [key, raw] of Object.entries(texts) as [K, string | undefined][]) {
      const text = raw?.trim() ?? '';
      if (text === '') continue;
      const isRate = rateKeys.includes(key);
      const value = isRate ? parseRateToBp(text) : parseYuanToFen(text);
      if (value === null || (!isRate && Math.abs(value) > MAX_FIGURE_FEN)) {
        ctx.addIssue({
          code: 'custom',
          path: [key],
          message: FINANCIAL_MESSAGES[isRate ? 'rateInvalid' : 'amountInvalid'],
        });
        continue;
      }
      figures[key] = value;
    }
    return figures;
  });
}

export const balanceSheetEntrySchema = z.object({
  period: periodSchema,
  layout: statementLayoutSchema.default('general'),
  figures: figuresSchema(BALANCE_SHEET_KEYS).default({}),
});
export const incomeStatementEntrySchema = balanceSheetEntrySchema.extend({
  figures: figuresSchema(INCOME_STATEMENT_KEYS).default({}),
});
export const vatReturnEntrySchema = z.object({
  period: periodSchema,
  taxpayerType: taxpayerTypeSchema.optional(),
  figures: figuresSchema(VAT_RETURN_KEYS).default({}),
});
export const citReturnEntrySchema = z.object({
  period: periodSchema,
  figures: figuresSchema(CIT_RETURN_KEYS, ['taxRate']).default({}),
});

export const balanceSheetFormSchema = balanceSheetEntrySchema.extend({
  figures: yuanFiguresSchema(BALANCE_SHEET_KEYS).default({}),
});
export const incomeStatementFormSchema = incomeStatementEntrySchema.extend({
  figures: yuanFiguresSchema(INCOME_STATEMENT_KEYS).default({}),
});
export const vatReturnFormSchema = vatReturnEntrySchema.extend({
  figures: yuanFiguresSchema(VAT_RETURN_KEYS).default({}),
});
export const citReturnFormSchema = citReturnEntrySchema.extend({
  figures: yuanFiguresSchema(CIT_RETURN_KEYS, ['taxRate']).default({}),
});

export type BalanceSheetEntry = z.infer<typeof balanceSheetEntrySchema>;
export type IncomeStatementEntry = z.infer<typeof incomeStatementEntrySchema>;
export type VatReturnEntry = z.infer<typeof vatReturnEntrySchema>;
export type CitReturnEntry = z.infer<typeof citReturnEntrySchema>;
