import { describe, expect, it } from 'vitest';
import { balance, cit, figure, income, run, set, vat, vatMonths } from '../testing/tax.fixtures.js';
import {
  missingYearsRule,
  periodConflictRule,
  returnTaxExceedsSalesRule,
  statementUnbalancedRule,
} from './data-quality.rules.js';

const FULL_YEAR = [
  income('2024', { operatingRevenue: 100 }),
  balance('2024', { totalAssets: 100, totalLiabilitiesAndEquity: 100 }),
  cit('2024', { operatingRevenue: 100 }),
  ...vatMonths(2024, { taxableSalesGeneral: 8 }),
];

describe('TAX_STATEMENT_UNBALANCED 报表不平衡或勾稽不符', () => {
  it('balanced statements → none', () => {
    expect(run(statementUnbalancedRule, FULL_YEAR).level).toBe('none');
  });

  it('assets 100万 against claims 99万 → high, with the message as a figure', () => {
    const finding = run(statementUnbalancedRule, [
      balance('2024', { totalAssets: 100, totalLiabilitiesAndEquity: 99 }),
    ]);
    expect(finding.level).toBe('high');
    expect(figure(finding, '问题数')).toBe(1);
    expect(finding.summary).toContain('不平衡');
  });

  it('a subtotal that does not add up → low', () => {
    const finding = run(statementUnbalancedRule, [
      income('2024', { totalProfit: 10, incomeTaxExpense: 2, netProfit: 9 }),
    ]);
    expect(finding.level).toBe('low');
    expect(finding.summary).toContain('净利润');
  });

  it('is insufficient without any statement', () => {
    expect(run(statementUnbalancedRule, [vat('2024-01', { taxableSalesGeneral: 1 })]).level).toBe('insufficient');
  });
});

describe('TAX_PERIOD_CONFLICT 报表或申报期间重叠、矛盾', () => {
  it('a quarter contradicting its months → medium; agreeing monthly and quarterly VAT → low; none otherwise', () => {
    const contradicting = [vat('2024-Q1', { taxableSalesGeneral: 30 }), ...vatMonths(2024, { taxableSalesGeneral: 8 })];
    expect(run(periodConflictRule, contradicting).level).toBe('medium');
    const agreeing = [vat('2024-Q1', { taxableSalesGeneral: 24 }), ...vatMonths(2024, { taxableSalesGeneral: 8 })];
    expect(run(periodConflictRule, agreeing).level).toBe('low');
    expect(run(periodConflictRule, FULL_YEAR).level).toBe('none');
  });
});

describe('TAX_RETURN_TAX_EXCEEDS_SALES 申报税额大于销售额', () => {
  it('VAT payable above sales → medium; normal returns → none; without returns → insufficient', () => {
    expect(run(returnTaxExceedsSalesRule, [vat('2024-01', { taxableSalesGeneral: 1, taxPayable: 2 })]).level).toBe(
      'medium',
    );
    expect(run(returnTaxExceedsSalesRule, FULL_YEAR).level).toBe('none');
    expect(run(returnTaxExceedsSalesRule, [income('2024', { operatingRevenue: 1 })]).level).toBe('insufficient');
  });
});

describe('TAX_MISSING_YEARS 报表或申报数据缺失', () => {
  it('a complete year → none', () => {
    expect(run(missingYearsRule, FULL_YEAR).level).toBe('none');
  });

  it('one item missing → low, naming the months; three or more → medium', () => {
    const noDecember = run(missingYearsRule, FULL_YEAR.slice(0, -1));
    expect(noDecember.level).toBe('low');
    expect(noDecember.summary).toContain('2024年12月的增值税申报汇总');
    const onlyIncome = run(missingYearsRule, [income('2024', { operatingRevenue: 100 })]);
    expect(onlyIncome.level).toBe('medium');
    expect(figure(onlyIncome, '2024年度缺失项数')).toBe(3);
  });

  it('unreadable sets are listed here as low; no data at all is insufficient', () => {
    expect(run(missingYearsRule, [...FULL_YEAR, set('vat_return', '2024-13', {})]).level).toBe('low');
    expect(run(missingYearsRule, []).level).toBe('insufficient');
  });
});
