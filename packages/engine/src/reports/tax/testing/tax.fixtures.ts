import type { FinancialStatementKind } from '@taxlens/shared';
import { TEST_BENCHMARK_TABLE } from '../../../benchmarks/testing/benchmark.fixtures.js';
import type { Finding } from '../../../rules/finding.types.js';
import type { RuleDefinition, ThresholdValue, ThresholdValues } from '../../../rules/rule.types.js';
import { buildTaxRuleInput, type TaxRuleInput } from '../tax-context.js';
import type { FinancialFigureSet, TaxReportCompany, TaxReportInput } from '../tax-report.types.js';
import { monthlyInvoices } from './demo-tax.invoices.js';

/** Test builders: literal figure sets in 万元 so each test's arithmetic can be done by hand. */

/** 电子设备制造 → benchmark 电子通信设备: VAT burden 2.65%, expense ratio limit 30%. */
export const TEST_COMPANY: TaxReportCompany = {
  taxNo: '91310000TAXTEST001',
  name: '示例测试有限公司',
  industryCode: 'C39',
  industryName: '电子设备制造',
  regionCode: '310000',
  taxpayerType: 'general',
  accountingStandard: 'enterprise',
};

/** 万元 → fen. */
export const wan = (value: number) => Math.round(value * 1_000_000);

type Figures = Record<string, number>;

/** Figures given in 万元, stored in fen (taxRate stays in bp). */
function toFen(figures: Figures): Figures {
  return Object.fromEntries(
    Object.entries(figures).map(([key, value]) => [key, key === 'taxRate' ? value : wan(value)]),
  );
}

export function set(
  statement: FinancialStatementKind,
  period: string,
  figures: Figures,
  layout = 'general',
): FinancialFigureSet {
  return { statement, period, layout, figures: toFen(figures), origin: { kind: 'manual', at: '2025-03-01' } };
}

export const income = (period: string, figures: Figures, layout?: string) =>
  set('income_statement', period, figures, layout);
export const balance = (period: string, figures: Figures) => set('balance_sheet', period, figures);
export const vat = (period: string, figures: Figures) => set('vat_return', period, figures);
export const cit = (period: string, figures: Figures) => set('cit_return', period, figures);

/** Twelve monthly VAT returns of `year`, each `monthly` unless `changes` says otherwise for a month (1–12). */
export function vatMonths(year: number, monthly: Figures, changes: Record<number, Figures> = {}): FinancialFigureSet[] {
  return Array.from({ length: 12 }, (_, index) =>
    vat(`${year}-${String(index + 1).padStart(2, '0')}`, { ...monthly, ...changes[index + 1] }),
  );
}

/** A balance sheet that balances: totals from a few items (万元). */
export function balanced(period: string, items: Figures): FinancialFigureSet {
  const liabilities = (items.totalLiabilities as number | undefined) ?? 0;
  const assets = items.totalAssets ?? 0;
  return balance(period, {
    ...items,
    totalAssets: assets,
    totalLiabilities: liabilities,
    totalEquity: assets - liabilities,
    totalLiabilitiesAndEquity: assets,
  });
}

export function taxInput(figureSets: FinancialFigureSet[], partial: Partial<TaxReportInput> = {}): TaxReportInput {
  return {
    company: TEST_COMPANY,
    period: { start: '2024-01', end: '2024-12' },
    figureSets,
    benchmarks: TEST_BENCHMARK_TABLE,
    ...partial,
  };
}

export function ruleInput(figureSets: FinancialFigureSet[], partial: Partial<TaxReportInput> = {}): TaxRuleInput {
  return buildTaxRuleInput(taxInput(figureSets, partial));
}

/** Runs one rule on literal data with its defaults, optionally overridden. */
export function run<T extends ThresholdValues>(
  rule: RuleDefinition<TaxRuleInput, T>,
  figureSets: FinancialFigureSet[],
  partial: Partial<TaxReportInput> = {},
  overrides: Partial<Record<keyof T, ThresholdValue>> = {},
): Finding {
  return rule.evaluate(ruleInput(figureSets, partial), { ...rule.thresholds, ...overrides } as T);
}

export function figure(finding: Finding, label: string): number | string | undefined {
  return finding.figures.find((item) => item.label === label)?.value;
}

/** One sales and one purchase invoice per month of 2024 with the given monthly amounts (万元, excl. tax). */
export function invoices2024(salesPerMonth: number, purchasesPerMonth: number, purchaseTaxPerMonth?: number) {
  const months = Array.from({ length: 12 }, (_, index) => `2024-${String(index + 1).padStart(2, '0')}`);
  return monthlyInvoices(
    TEST_COMPANY,
    months.map((month) => ({ month, amountFen: wan(salesPerMonth), taxFen: wan(salesPerMonth * 0.13) })),
    months.map((month) => ({
      month,
      amountFen: wan(purchasesPerMonth),
      taxFen: wan(purchaseTaxPerMonth ?? purchasesPerMonth * 0.13),
    })),
  );
}
