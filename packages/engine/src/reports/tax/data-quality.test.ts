import { describe, expect, it } from 'vitest';
import { inventoryHighRule, revenueChangeRule } from './rules/operations.rules.js';
import { zeroDeclarationRule } from './rules/vat-periods.rules.js';
import { buildTaxReport } from './tax-report.builder.js';
import { balance, cit, income, ruleInput, run, set, taxInput, vat, vatMonths } from './testing/tax.fixtures.js';

const codes = (figureSets: Parameters<typeof ruleInput>[0], partial = {}) =>
  ruleInput(figureSets, partial).problems.map((problem) => `${problem.code}:${problem.severity}`);

/** A balance sheet whose two sides differ by `gapFen`. */
const sheet = (period: string, gapFen: number) => {
  const made = balance(period, { inventory: 100, totalAssets: 1000, totalLiabilitiesAndEquity: 1000 });
  return { ...made, figures: { ...made.figures, totalLiabilitiesAndEquity: 1_000_000_000 - gapFen } };
};

describe('statements that do not balance', () => {
  it('a 1-yuan difference is rounding; 2 yuan is an error and the sheet is left out', () => {
    expect(codes([sheet('2024', 100)])).toEqual(['MISSING_PERIOD:warning']);
    const input = ruleInput([sheet('2024', 200), income('2024', { operatingRevenue: 1000 })]);
    expect(input.problems[0]).toMatchObject({ code: 'UNBALANCED', severity: 'error', periods: ['2024'] });
    expect(input.problems[0]?.message).toContain('相差2.00元');
    expect(input.sets.find((item) => item.statement === 'balance_sheet')?.excludedReason).toBe(
      '2024年度资产负债表不平衡',
    );
  });

  it('a rule that needs the broken sheet says so instead of using it', () => {
    const finding = run(inventoryHighRule, [sheet('2024', 200), income('2024', { operatingRevenue: 1000 })]);
    expect(finding.level).toBe('insufficient');
    expect(finding.missingData?.join()).toContain('2024年12月末的资产负债表（2024年度资产负债表不平衡）');
  });

  it('a subtotal that does not add up is a warning and the statement is still used', () => {
    const sets = [income('2024', { operatingRevenue: 100, operatingCost: 60, operatingProfit: 50 })];
    expect(codes(sets)).toContain('SUM_MISMATCH:warning');
    expect(ruleInput(sets).years[0]?.income.ok).toBe(true);
  });
});

describe('periods that overlap or contradict', () => {
  it('a quarter and its months with different sums: both left out, the rule says so', () => {
    const sets = [
      income('2024-Q1', { operatingRevenue: 300 }),
      income('2024-01', { operatingRevenue: 100 }),
      income('2024-02', { operatingRevenue: 100 }),
      income('2024-03', { operatingRevenue: 150 }),
      income('2023-Q1', { operatingRevenue: 300 }),
    ];
    const partial = { period: { start: '2024-01', end: '2024-03' } };
    expect(codes(sets, partial)).toContain('PERIOD_CONFLICT:error');
    const finding = run(revenueChangeRule, sets, partial);
    expect(finding.level).toBe('insufficient');
    expect(finding.missingData?.join()).toContain('与其所含3期合计不一致');
  });

  it('monthly and quarterly VAT returns that agree: a warning, and the quarter is used once', () => {
    const sets = [
      vat('2024-Q1', { taxableSalesGeneral: 300, taxPayable: 9 }),
      ...vatMonths(2024, { taxableSalesGeneral: 100, taxPayable: 3 }),
    ];
    const input = ruleInput(sets);
    expect(input.problems.map((problem) => problem.code)).toContain('PERIOD_OVERLAP');
    expect(input.vatPeriods.map((period) => period.period).slice(0, 2)).toEqual(['2024-Q1', '2024-04']);
    expect(input.years[0]?.vat.ok && input.years[0].vat.figures.taxableSalesGeneral).toBe(1_200_000_000);
  });

  it('monthly VAT returns that contradict the quarter are all left out', () => {
    const sets = [
      vat('2024-Q1', { taxableSalesGeneral: 300, taxPayable: 9 }),
      ...vatMonths(2024, { taxableSalesGeneral: 100, taxPayable: 3 }, { 2: { taxPayable: 0 } }),
    ];
    const input = ruleInput(sets);
    expect(input.problems.find((problem) => problem.code === 'PERIOD_CONFLICT')?.periods).toEqual([
      '2024-Q1',
      '2024-01',
      '2024-02',
      '2024-03',
    ]);
    // The message names the figures in Chinese, as the client reads them.
    const message = input.problems.find((problem) => problem.code === 'PERIOD_CONFLICT')?.message ?? '';
    expect(message).toContain('合计不一致（应纳税额）');
    expect(message).not.toMatch(/[a-z]{4,}/);
    expect(input.vatMissing).toEqual(['2024年1月至3月']);
    expect(run(zeroDeclarationRule, sets).summary).toContain('2024年1月至3月无申报数据');
  });

  it('two balance sheets of the same date must agree', () => {
    const sets = [balance('2024', { inventory: 100 }), balance('2024-12', { inventory: 120 })];
    expect(codes(sets)).toContain('PERIOD_CONFLICT:error');
  });

  it('year-to-date CIT revenue falling within a year is a warning', () => {
    const sets = [cit('2024-Q1', { operatingRevenue: 300 }), cit('2024-Q2', { operatingRevenue: 200 })];
    expect(codes(sets)).toContain('YTD_DECREASE:warning');
  });
});

describe('returns whose tax exceeds their sales', () => {
  it('VAT payable above sales, output tax above general sales, CIT above revenue: errors, left out', () => {
    expect(codes([vat('2024-01', { taxableSalesGeneral: 100, taxPayable: 200 })])).toContain('TAX_EXCEEDS_SALES:error');
    expect(codes([vat('2024-01', { taxableSalesGeneral: 10, outputTax: 13 })])).toContain('TAX_EXCEEDS_SALES:error');
    const input = ruleInput([cit('2024', { operatingRevenue: 10, taxPayable: 20 })]);
    expect(input.problems[0]?.code).toBe('TAX_EXCEEDS_SALES');
    expect(input.years[0]?.cit.ok).toBe(false);
  });
});

describe('missing years and unreadable data', () => {
  it('names what each year lacks', () => {
    const input = ruleInput([income('2024', { operatingRevenue: 1 })], {
      period: { start: '2023-01', end: '2024-12' },
    });
    const missing = input.problems.filter((problem) => problem.code === 'MISSING_PERIOD');
    expect(missing.map((problem) => problem.periods[0])).toEqual(['2023', '2024']);
    expect(missing[0]?.message).toContain('2023年1月至12月的利润表');
  });

  it('never crashes on garbage: an unknown period, a fraction of a fen, an unreadable report period', () => {
    const garbage = [
      set('income_statement', '2024年', { operatingRevenue: 1 }),
      { ...income('2024', {}), figures: { operatingRevenue: 1.5 } },
    ];
    expect(codes(garbage)).toEqual(['INVALID_SET:error', 'INVALID_SET:error', 'MISSING_PERIOD:warning']);
    const report = buildTaxReport(taxInput(garbage, { period: { start: '2024', end: 'x' } }));
    expect(report.years).toEqual([]);
    expect(report.findings.every((finding) => finding.level === 'insufficient' || finding.level === 'none')).toBe(true);
    expect(report.dataQuality.problems).toHaveLength(2);
  });
});
