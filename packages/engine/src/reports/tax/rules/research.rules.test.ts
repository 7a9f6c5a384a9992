import { describe, expect, it } from 'vitest';
import { cit, figure, income, run, wan } from '../testing/tax.fixtures.js';
import { researchShareRule } from './research.rules.js';

const THREE_YEARS = { period: { start: '2022-01', end: '2024-12' } };

/** Three years of `revenue` with `research` each; the 2024 CIT return at `rateBp`. */
function years(revenue: number, research: number, rateBp: number, layout = 'general') {
  const key = layout === 'small' ? 'researchCosts' : 'researchAndDevelopmentExpenses';
  return [
    ...[2022, 2023, 2024].map((year) => income(String(year), { operatingRevenue: revenue, [key]: research }, layout)),
    cit('2024', { taxRate: rateBp }),
  ];
}

describe('TAX_RD_SHARE 研发费用占比与高新技术企业条件', () => {
  it('15% rate, 150 of 3000万 = 5% meets the 5% floor for revenue under 5000万 → none', () => {
    const finding = run(researchShareRule, years(1000, 50, 1500), THREE_YEARS);
    expect(finding.level).toBe('none');
    expect(figure(finding, '研发费用占比')).toBe(5);
    expect(figure(finding, '2022年度、2023年度、2024年度研发费用合计')).toBe(wan(150));
  });

  it('15% rate, 147 of 3000万 = 4.9% → medium', () => {
    expect(run(researchShareRule, years(1000, 49, 1500), THREE_YEARS).level).toBe('medium');
  });

  it('revenue of 6000万 needs only 4%: 4.1% → none', () => {
    const finding = run(researchShareRule, years(6000, 246, 1500), THREE_YEARS);
    expect(figure(finding, '高新技术企业最低比例')).toBe(4);
    expect(finding.level).toBe('none');
  });

  it('at 25% the share is only shown', () => {
    const finding = run(researchShareRule, years(1000, 10, 2500), THREE_YEARS);
    expect(finding.level).toBe('none');
    expect(finding.summary).toContain('不涉及高新技术企业比例要求');
  });

  it('reads 研究费用 in the 小企业 layout', () => {
    const finding = run(researchShareRule, years(1000, 49, 1500, 'small'), THREE_YEARS);
    expect(figure(finding, '研发费用占比')).toBe(4.9);
    expect(finding.level).toBe('medium');
  });

  it('is insufficient without a full year of income statement', () => {
    expect(run(researchShareRule, [cit('2024', { taxRate: 1500 })]).level).toBe('insufficient');
  });
});
