import type { BenchmarkTable } from '../../../benchmarks/industry-benchmark.types.js';
import { TEST_BENCHMARK_TABLE } from '../../../benchmarks/testing/benchmark.fixtures.js';
import {
  completeFigures,
  demoAnnualFigures,
  demoCitRow,
  demoVatRows,
} from '../../../fixtures/financials-demo.fixture.js';
import type { InvoiceDataSet, ReportPeriod } from '../../invoice/invoice-report.types.js';
import type {
  DeductionMonth,
  FigureSetOrigin,
  FinancialFigureSet,
  PayrollTotalsMonth,
  TaxReportCompany,
} from '../tax-report.types.js';
import { type MonthAmounts, monthlyInvoices } from './demo-tax.invoices.js';

/**
 * 示例科技有限公司 as the tax reports see it: annual statements (with the prior-year comparatives an
 * import of the statement workbook also yields), monthly VAT returns and annual CIT returns, all
 * taken from financials-demo.fixture.ts, plus one invoice per month and side matching the returns.
 * `clean` is that data as is; `risky` plants a known set of risks on top (see RISKY_DEMO_RULES).
 */

export interface DemoTaxDatasetOptions {
  /** Default 2023–2025, as the server's demo seed. */
  years?: readonly number[];
  variant?: 'clean' | 'risky';
  /** Adds monthly income statements and quarterly CIT prepayments (year to date) that add up to the annual ones. */
  monthlyStatements?: boolean;
  /** Default true. */
  withInvoices?: boolean;
}

export interface DemoTaxDataset {
  company: TaxReportCompany;
  period: ReportPeriod;
  figureSets: FinancialFigureSet[];
  invoices: InvoiceDataSet | null;
  benchmarks: BenchmarkTable;
  deductions: DeductionMonth[];
  payroll: PayrollTotalsMonth[];
}

/** The rules the risky variant trips, and nothing else. */
export const RISKY_DEMO_RULES = [
  'TAX_ADVANCE_RECEIPTS_HIGH',
  'TAX_CAPITAL_NOT_PAID',
  'TAX_ELASTICITY_TAX_REVENUE',
  'TAX_INVENTORY_HIGH',
  // The low-burden plant declares more input VAT than inventory, cost and payables explain (1.35×).
  'TAX_INVENTORY_INPUT_RATIO',
  'TAX_INVENTORY_TURNOVER',
  'TAX_OTHER_RECEIVABLES_SHAREHOLDER',
  'TAX_REVENUE_GAP_INVOICE_VAT',
  'TAX_REVENUE_GAP_VAT_CIT',
  'TAX_VAT_BURDEN_LOW',
  'TAX_VAT_BURDEN_SWING',
  'TAX_ZERO_DECLARATION',
] as const;

export const DEMO_TAX_COMPANY: TaxReportCompany = {
  taxNo: '91440305MA5TL00030',
  name: '示例科技有限公司',
  industryCode: 'I',
  industryName: '软件和信息技术服务业',
  regionCode: '440300',
  taxpayerType: 'general',
  accountingStandard: 'enterprise',
  registeredCapitalFen: 300_000_000,
};

const STATEMENTS: FigureSetOrigin = { kind: 'import', fileName: '示例科技_财务报表.xlsx', at: '2026-01-20' };
const RETURNS: FigureSetOrigin = { kind: 'import', fileName: '示例科技_申报表汇总.xlsx', at: '2026-01-20' };
const yuan = (value: number) => Math.round(value * 100);

/** The risky plants on a year-end balance sheet, offset by liabilities so 未分配利润 stays as it was. */
function riskyBalance(items: Record<string, number>, revenue: number, inventoryPlant: boolean): Record<string, number> {
  const planted = { ...items };
  const otherIncrease = yuan(2_500_000) - (planted.otherReceivables ?? 0);
  planted.otherReceivables = yuan(2_500_000);
  planted.shortTermLoans = (planted.shortTermLoans ?? 0) + otherIncrease;
  if (inventoryPlant) {
    const stock = Math.round(revenue * 0.6);
    planted.accountsPayable = (planted.accountsPayable ?? 0) + stock - (planted.inventory ?? 0);
    planted.inventory = stock;
    const advances = Math.round(revenue * 0.25);
    planted.cash = (planted.cash ?? 0) + advances - (planted.advancesFromCustomers ?? 0);
    planted.advancesFromCustomers = advances;
  }
  return planted;
}

const SUBTOTALS = [
  'currentAssetsTotal',
  'nonCurrentAssetsTotal',
  'totalAssets',
  'currentLiabilitiesTotal',
  'nonCurrentLiabilitiesTotal',
  'totalLiabilities',
  'totalEquity',
  'totalLiabilitiesAndEquity',
];

function balanceSheet(year: number, plant: 'none' | 'receivables' | 'all'): Record<string, number> {
  const { balanceSheet: sheet, incomeStatement } = demoAnnualFigures(year);
  if (plant === 'none') return sheet;
  const items = Object.fromEntries(Object.entries(sheet).filter(([key]) => !SUBTOTALS.includes(key)));
  return completeFigures('balance_sheet', riskyBalance(items, incomeStatement.operatingRevenue ?? 0, plant === 'all'));
}

function vatRows(year: number, plant: 'none' | 'zero-q3' | 'low-burden') {
  return demoVatRows(year).map((row) => {
    const figures: Record<string, number> = { ...row.figures, openingCreditBalance: 0, closingCreditBalance: 0 };
    const month = Number(row.period.slice(5));
    if (plant === 'zero-q3' && month >= 7 && month <= 9) {
      for (const key of ['taxableSalesGeneral', 'outputTax', 'inputTax', 'taxPayable', 'taxPaid']) figures[key] = 0;
    }
    if (plant === 'low-burden') {
      figures.inputTax = Math.round((figures.outputTax ?? 0) * 0.93);
      figures.taxPayable = (figures.outputTax ?? 0) - figures.inputTax;
      figures.taxPaid = figures.taxPayable;
    }
    return { period: row.period, figures };
  });
}

/** Splits annual flows into 12 months by the VAT rows' seasonal weights, December taking the rounding. */
function splitMonthly(year: number, annual: Record<string, number>): FinancialFigureSet[] {
  const weights = demoVatRows(year).map((row) => row.figures.taxableSalesGeneral ?? 0);
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  const given: Record<string, number> = {};
  return weights.map((weight, index) => {
    const figures: Record<string, number> = {};
    for (const [key, value] of Object.entries(annual)) {
      figures[key] = index === 11 ? value - (given[key] ?? 0) : Math.round((value * weight) / total);
      given[key] = (given[key] ?? 0) + (figures[key] ?? 0);
    }
    const period = `${year}-${String(index + 1).padStart(2, '0')}`;
    return { statement: 'income_statement', period, layout: 'general', figures, origin: STATEMENTS };
  });
}

/** Year-to-date CIT prepayments for Q1–Q3, from the monthly income statements. */
function quarterlyCit(year: number, months: readonly FinancialFigureSet[]): FinancialFigureSet[] {
  return [1, 2, 3].map((quarter) => {
    const upTo = months.slice(0, quarter * 3);
    const add = (key: string) => upTo.reduce((sum, set) => sum + (set.figures[key] ?? 0), 0);
    const profit = add('totalProfit');
    const tax = Math.round(profit * 0.25);
    return {
      statement: 'cit_return',
      period: `${year}-Q${quarter}`,
      figures: {
        operatingRevenue: add('operatingRevenue'),
        operatingCost: add('operatingCost'),
        totalProfit: profit,
        taxableIncome: profit,
        taxRate: 2500,
        taxOnTaxableIncome: tax,
        taxPayable: tax,
      },
      origin: RETURNS,
    };
  });
}

export function demoTaxDataset(options: DemoTaxDatasetOptions = {}): DemoTaxDataset {
  const years = options.years ?? [2023, 2024, 2025];
  const risky = options.variant === 'risky';
  const first = years[0] ?? 2023;
  const last = years.at(-1) ?? first;
  const middle = years.length >= 2 ? years.at(-2) : undefined;
  const sets: FinancialFigureSet[] = [];
  const statementYears = [first - 1, ...years];
  const sales: MonthAmounts[] = [];
  const purchases: MonthAmounts[] = [];
  for (const year of statementYears) {
    const plant = !risky || year < (middle ?? last) ? 'none' : year === last ? 'all' : 'receivables';
    const { incomeStatement } = demoAnnualFigures(year);
    sets.push(
      {
        statement: 'balance_sheet',
        period: String(year),
        layout: 'general',
        figures: balanceSheet(year, plant),
        origin: STATEMENTS,
      },
      {
        statement: 'income_statement',
        period: String(year),
        layout: 'general',
        figures: incomeStatement,
        origin: STATEMENTS,
      },
    );
    if (year < first) continue;
    const monthly = options.monthlyStatements ? splitMonthly(year, incomeStatement) : [];
    sets.push(...monthly, ...(options.monthlyStatements ? quarterlyCit(year, monthly) : []));
    sets.push({ statement: 'cit_return', period: String(year), figures: demoCitRow(year).figures, origin: RETURNS });
    const vatPlant = !risky ? 'none' : year === last ? 'low-burden' : year === middle ? 'zero-q3' : 'none';
    for (const row of vatRows(year, vatPlant)) {
      sets.push({ statement: 'vat_return', period: row.period, figures: row.figures, origin: RETURNS });
    }
    // Invoices follow the business, not the returns: the zero-declared months were still invoiced.
    for (const row of vatRows(year, vatPlant === 'zero-q3' ? 'none' : vatPlant)) {
      sales.push({
        month: row.period,
        amountFen: row.figures.taxableSalesGeneral ?? 0,
        taxFen: row.figures.outputTax ?? 0,
      });
      const inputTax = row.figures.inputTax ?? 0;
      purchases.push({ month: row.period, amountFen: Math.round(inputTax / 0.13), taxFen: inputTax });
    }
  }
  // The 勾选 list matches the declared input month by month; payroll: 24 people in both files.
  const deductions = sets
    .filter((set) => set.statement === 'vat_return' && /^\d{4}-\d{2}$/.test(set.period))
    .map((set) => ({ period: set.period, deductibleTaxFen: set.figures.inputTax ?? 0 }));
  const payroll = purchases.flatMap((row) =>
    (['iit', 'social_insurance'] as const).map((source) => ({
      period: row.month,
      source,
      headcount: 24,
      wageFen: yuan(240_000),
    })),
  );
  return {
    company: { ...DEMO_TAX_COMPANY, registeredCapitalFen: risky ? yuan(10_000_000) : yuan(3_000_000) },
    period: { start: `${first}-01`, end: `${last}-12` },
    figureSets: sets,
    invoices: options.withInvoices === false ? null : monthlyInvoices(DEMO_TAX_COMPANY, sales, purchases),
    // Figures to test the burden arithmetic against; a real report uses the stored table.
    benchmarks: TEST_BENCHMARK_TABLE,
    deductions,
    payroll,
  };
}
