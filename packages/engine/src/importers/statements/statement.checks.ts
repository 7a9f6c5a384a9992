import { FINANCIAL_STATEMENTS, findFigure, formatFen, formatPeriod } from '@taxlens/shared';
import type { ImportedStatement, StatementKind } from './statement.types.js';

/**
 * Arithmetic checks of an imported statement, reported as warnings: a statement that does not
 * add up is still imported, because the accountant may have a reason and the finding says so.
 */

/** Differences up to one yuan are rounding in the export. */
export const CHECK_TOLERANCE_FEN = 100;

export interface SumRule {
  statement: StatementKind;
  total: string;
  plus: readonly string[];
  minus?: readonly string[];
  /** Lines whose sign differs between format versions (减值损失 was subtracted before 2019, added as a negative since). */
  eitherSign?: readonly string[];
  /** A total of subtotals: checked only when every part is present. */
  requireAll?: boolean;
  /** Parts that exports often leave blank (固定资产原价, 累计折旧): all zero means not given. */
  optionalParts?: boolean;
}

// One rule for both layouts: a line the layout does not have is simply absent.
export const SUM_RULES: readonly SumRule[] = [
  {
    statement: 'balance_sheet',
    total: 'currentAssetsTotal',
    plus: [
      'cash',
      'tradingFinancialAssets',
      'shortTermInvestments',
      'derivativeFinancialAssets',
      'notesReceivable',
      'accountsReceivable',
      'notesAndAccountsReceivable',
      'receivablesFinancing',
      'prepayments',
      'dividendsReceivable',
      'interestReceivable',
      'otherReceivables',
      'inventory',
      'contractAssets',
      'heldForSaleAssets',
      'currentPortionOfNonCurrentAssets',
      'otherCurrentAssets',
    ],
  },
  {
    statement: 'balance_sheet',
    total: 'fixedAssets',
    plus: ['fixedAssetsCost'],
    minus: ['accumulatedDepreciation'],
    requireAll: true,
    optionalParts: true,
  },
  {
    statement: 'balance_sheet',
    total: 'nonCurrentAssetsTotal',
    plus: [
      'debtInvestments',
      'otherDebtInvestments',
      'longTermBondInvestments',
      'longTermReceivables',
      'longTermEquityInvestments',
      'otherEquityInstrumentInvestments',
      'otherNonCurrentFinancialAssets',
      'investmentProperty',
      'fixedAssets',
      'constructionInProgress',
      'constructionMaterials',
      'fixedAssetsDisposal',
      'productiveBiologicalAssets',
      'oilAndGasAssets',
      'rightOfUseAssets',
      'intangibleAssets',
      'developmentExpenditure',
      'goodwill',
      'longTermPrepaidExpenses',
      'deferredTaxAssets',
      'otherNonCurrentAssets',
    ],
  },
  {
    statement: 'balance_sheet',
    total: 'totalAssets',
    plus: ['currentAssetsTotal', 'nonCurrentAssetsTotal'],
    requireAll: true,
  },
  {
    statement: 'balance_sheet',
    total: 'currentLiabilitiesTotal',
    plus: [
      'shortTermLoans',
      'tradingFinancialLiabilities',
      'derivativeFinancialLiabilities',
      'notesPayable',
      'accountsPayable',
      'notesAndAccountsPayable',
      'advancesFromCustomers',
      'contractLiabilities',
      'employeeBenefitsPayable',
      'taxesPayable',
      'interestPayable',
      'profitsPayable',
      'otherPayables',
      'heldForSaleLiabilities',
      'currentPortionOfNonCurrentLiabilities',
      'otherCurrentLiabilities',
    ],
  },
  {
    statement: 'balance_sheet',
    total: 'nonCurrentLiabilitiesTotal',
    plus: [
      'longTermLoans',
      'bondsPayable',
      'leaseLiabilities',
      'longTermPayables',
      'provisions',
      'deferredIncome',
      'deferredTaxLiabilities',
      'otherNonCurrentLiabilities',
    ],
  },
  {
    statement: 'balance_sheet',
    total: 'totalLiabilities',
    plus: ['currentLiabilitiesTotal', 'nonCurrentLiabilitiesTotal'],
    requireAll: true,
  },
  {
    statement: 'balance_sheet',
    total: 'totalEquity',
    plus: [
      'paidInCapital',
      'otherEquityInstruments',
      'capitalReserve',
      'otherComprehensiveIncome',
      'specialReserve',
      'surplusReserve',
      'undistributedProfit',
    ],
    minus: ['treasuryStock'],
  },
  {
    statement: 'balance_sheet',
    total: 'totalLiabilitiesAndEquity',
    plus: ['totalLiabilities', 'totalEquity'],
    requireAll: true,
  },
  {
    statement: 'income_statement',
    total: 'operatingProfit',
    plus: [
      'operatingRevenue',
      'otherIncome',
      'investmentIncome',
      'netExposureHedgeGains',
      'fairValueChangeGains',
      'assetDisposalGains',
    ],
    minus: [
      'operatingCost',
      'taxesAndSurcharges',
      'sellingExpenses',
      'adminExpenses',
      'researchAndDevelopmentExpenses',
      'financialExpenses',
    ],
    eitherSign: ['creditImpairmentLosses', 'assetImpairmentLosses'],
  },
  {
    statement: 'income_statement',
    total: 'totalProfit',
    plus: ['operatingProfit', 'nonOperatingIncome'],
    minus: ['nonOperatingExpenses'],
    requireAll: true,
  },
  {
    statement: 'income_statement',
    total: 'netProfit',
    plus: ['totalProfit'],
    minus: ['incomeTaxExpense'],
    requireAll: true,
  },
];

/** The total a rule computes from the figures, or null when the rule does not apply to them. */
export function computeRule(rule: SumRule, figures: Readonly<Record<string, number | undefined>>): number[] | null {
  const parts = [...rule.plus, ...(rule.minus ?? []), ...(rule.eitherSign ?? [])];
  const present = parts.filter((key) => figures[key] !== undefined);
  const required = [...rule.plus, ...(rule.minus ?? [])];
  if (rule.requireAll ? !required.every((key) => figures[key] !== undefined) : present.length === 0) return null;
  if (rule.optionalParts && present.every((key) => figures[key] === 0)) return null;
  const sum = (keys: readonly string[] = []) => keys.reduce((total, key) => total + (figures[key] ?? 0), 0);
  const base = sum(rule.plus) - sum(rule.minus);
  const either = sum(rule.eitherSign);
  return either === 0 ? [base] : [base + either, base - either];
}

const label = (statement: StatementKind, key: string) => findFigure(statement, key)?.label ?? key;

export function checkStatement(imported: ImportedStatement): string[] {
  const figures = imported.figures as Readonly<Record<string, number | undefined>>;
  const where = `${FINANCIAL_STATEMENTS[imported.statement]}（${formatPeriod(imported.period)}）`;
  const warnings: string[] = [];
  const assets = figures.totalAssets;
  const claims = figures.totalLiabilitiesAndEquity;
  if (imported.statement === 'balance_sheet' && assets !== undefined && claims !== undefined) {
    if (Math.abs(assets - claims) > CHECK_TOLERANCE_FEN) {
      warnings.push(
        `${where}不平衡：资产总计 ${formatFen(assets)} 元，负债和所有者权益总计 ${formatFen(claims)} 元，相差 ${formatFen(assets - claims)} 元`,
      );
    }
  }
  for (const rule of SUM_RULES) {
    const total = figures[rule.total];
    if (rule.statement !== imported.statement || total === undefined) continue;
    const candidates = computeRule(rule, figures);
    if (!candidates || candidates.some((value) => Math.abs(value - total) <= CHECK_TOLERANCE_FEN)) continue;
    const computed = candidates[0] as number;
    warnings.push(
      `${where}的${label(rule.statement, rule.total)} ${formatFen(total)} 元与按各项目计算的 ${formatFen(computed)} 元不一致，相差 ${formatFen(total - computed)} 元`,
    );
  }
  return warnings;
}
