import { FINANCIAL_FIGURES, type FinancialFigure, type StatementLayout } from '@taxlens/shared';
import type { StatementKind } from './statement.types.js';

/**
 * Matching a statement line by its name. Names are compared after normalising away what varies
 * between bookkeeping exports: spaces, numbering (一、 （一） 1.), 加：减：其中：, notes in
 * brackets such as （损失以"－"号填列） or （或股本）, and marks like ★.
 */

export function normalizeLineName(raw: string): string {
  let name = raw
    .normalize('NFKC')
    .replace(/[\s\u200b\ufeff]/g, '')
    .replace(/[★☆*※△▲●◆◇■□#]/g, '')
    .replace(/["'“”‘’「」『』]/g, '')
    // Older software writes 应收帐款 / 应付帐款 with 帐.
    .replace(/帐/g, '账');
  for (let previous = ''; previous !== name; ) {
    previous = name;
    name = name.replace(/\([^()]*\)|\[[^[\]]*\]|【[^【】]*】/g, '');
  }
  for (let previous = ''; previous !== name; ) {
    previous = name;
    name = name
      // NFKC has already turned ① into 1; no line name begins with a digit of its own.
      .replace(/^(?:[一二三四五六七八九十]+[、.]|\d+[、.)]?)/, '')
      .replace(/^(?:加|减|其中|加减)[:：]/, '');
  }
  return name.replace(/[:：]+$/, '');
}

// Names that exports use besides the catalogue label (old formats, software variants), normalised.
const SYNONYMS: Record<StatementKind, Record<string, readonly string[]>> = {
  balance_sheet: {
    prepayments: ['预付款项'],
    advancesFromCustomers: ['预收款项'],
    fixedAssets: ['固定资产账面价值', '固定资产净值', '固定资产净额'],
    fixedAssetsCost: ['固定资产原值'],
    paidInCapital: ['股本', '实收资本或股本'],
    employeeBenefitsPayable: ['应付工资'],
    taxesPayable: ['应交税金'],
    totalAssets: ['资产合计'],
    totalEquity: ['股东权益合计', '所有者权益或股东权益合计'],
    totalLiabilitiesAndEquity: [
      '负债及所有者权益总计',
      '负债和股东权益总计',
      '负债及股东权益总计',
      '负债和所有者权益合计',
      '负债及所有者权益合计',
    ],
  },
  income_statement: {
    operatingRevenue: ['营业总收入'],
    operatingCost: ['营业总成本'],
    taxesAndSurcharges: ['营业税金及附加'],
    investmentIncome: ['投资净收益'],
    fairValueChangeGains: ['公允价值变动净收益'],
    incomeTaxExpense: ['所得税'],
    researchCosts: ['研究开发费用'],
  },
};

// Known lines that carry no figure the catalogue keeps: never reported as unrecognised.
const IGNORED = [
  /^(流动资产|非流动资产|流动负债|非流动负债|所有者权益|股东权益|资产|负债|负债和所有者权益|负债及所有者权益)$/,
  /^(优先股|永续债|少数股东权益|归属于母公司.*)$/,
  /其他综合收益|每股收益|综合收益总额|^单位负责人|负责人|制表|审核|复核|^注[:：]?/,
];

type Lookup = Map<string, FinancialFigure>;

function buildLookup(statement: StatementKind): Lookup {
  const lookup: Lookup = new Map();
  for (const figure of FINANCIAL_FIGURES[statement]) lookup.set(normalizeLineName(figure.label), figure);
  for (const [key, names] of Object.entries(SYNONYMS[statement])) {
    const figure = FINANCIAL_FIGURES[statement].find((candidate) => candidate.key === key);
    if (!figure) throw new Error(`synonym for unknown figure ${key}`);
    for (const name of names) lookup.set(normalizeLineName(name), figure);
  }
  return lookup;
}

const LOOKUPS: Record<StatementKind, Lookup> = {
  balance_sheet: buildLookup('balance_sheet'),
  income_statement: buildLookup('income_statement'),
};

/** The figure a normalised line name stands for in a statement, if any. */
export function matchLineName(statement: StatementKind, normalized: string): FinancialFigure | undefined {
  return LOOKUPS[statement].get(normalized);
}

/** Which statement a normalised name belongs to, used to tell a balance sheet from an income statement. */
export function statementOfLineName(normalized: string): StatementKind | null {
  if (LOOKUPS.balance_sheet.has(normalized)) return 'balance_sheet';
  if (LOOKUPS.income_statement.has(normalized)) return 'income_statement';
  return null;
}

export function isIgnoredLineName(normalized: string): boolean {
  return normalized === '' || IGNORED.some((pattern) => pattern.test(normalized));
}

/** Layouts in which a matched figure has a line of its own: evidence for telling 一般企业 from 小企业. */
export function layoutsOfFigure(figure: FinancialFigure): StatementLayout[] {
  return (['general', 'small'] as const).filter((layout) => figure.lines[layout] !== null);
}
