import { describe, expect, it } from 'vitest';
import { figure, ruleInput, vatMonths } from '../testing/tax.fixtures.js';
import { deductionVsDeclaredRule, payrollHeadcountRule } from './payroll-deduction.rules.js';

const months = (values: Record<string, number>) =>
  Object.entries(values).map(([month, wan]) => ({ period: `2024-${month}`, deductibleTaxFen: wan * 10_000 * 100 }));

describe('TAX_DEDUCTION_VS_DECLARED 勾选 vs 申报进项', () => {
  // Each month declares 进项税额 1.3万.
  const returns = vatMonths(2024, { taxableSalesGeneral: 100, outputTax: 13, inputTax: 1.3, taxPayable: 11.7 });

  it('勾选 1.3万 every month → none; March 勾选 1.0万: 3,000元 gap < 1万 → none', () => {
    const all = Object.fromEntries(Array.from({ length: 12 }, (_, i) => [String(i + 1).padStart(2, '0'), 1.3]));
    const rule = deductionVsDeclaredRule;
    expect(rule.evaluate(ruleInput(returns, { deductions: months(all) }), rule.thresholds).level).toBe('none');
    const march = rule.evaluate(ruleInput(returns, { deductions: months({ ...all, '03': 1 }) }), rule.thresholds);
    expect(march.level).toBe('none');
  });

  it('March with no 勾选 at all: declared 1.3万 vs 0 → gap 1.3万 ≥ 1万 and ≥ 20% → high, naming 2024年3月', () => {
    const all = Object.fromEntries(Array.from({ length: 12 }, (_, i) => [String(i + 1).padStart(2, '0'), 1.3]));
    delete all['03'];
    const finding = deductionVsDeclaredRule.evaluate(
      ruleInput(returns, { deductions: months(all) }),
      deductionVsDeclaredRule.thresholds,
    );
    expect(finding.level).toBe('high');
    expect(figure(finding, '2024年3月差额')).toBe(1_300_000);
    expect(finding.summary).toContain('2024年3月');
  });

  it('without the 勾选 export → 数据不足', () => {
    const finding = deductionVsDeclaredRule.evaluate(ruleInput(returns), deductionVsDeclaredRule.thresholds);
    expect(finding.level).toBe('insufficient');
    expect(finding.missingData?.[0]).toContain('勾选');
  });
});

describe('TAX_PAYROLL_HEADCOUNT 个税人数 vs 社保人数', () => {
  const payroll = (iit: number, social: number) => [
    { period: '2024-05', source: 'iit' as const, headcount: iit, wageFen: iit * 800_000 },
    { period: '2024-05', source: 'social_insurance' as const, headcount: social, wageFen: social * 600_000 },
  ];
  const run = (rows: ReturnType<typeof payroll> | null) =>
    payrollHeadcountRule.evaluate(ruleInput([], { payroll: rows }), payrollHeadcountRule.thresholds);

  it('20 vs 15: 5 people = 25% → medium; 20 vs 8: 60% → high; 20 vs 18: 2 people → none; absent → 数据不足', () => {
    const medium = run(payroll(20, 15));
    expect(medium.level).toBe('medium');
    expect(figure(medium, '最大差异人数')).toBe(5);
    expect(medium.summary).toContain('个税申报20人、社保15人');
    // 20 × 8,000 = 160,000 of wages (8,000 a head) beside 15 × 6,000 = 90,000 of contribution base.
    expect(figure(medium, '个税申报工资薪金（比对月份）')).toBe(16_000_000);
    expect(figure(medium, '社保缴费基数（比对月份）')).toBe(9_000_000);
    expect(medium.summary).toContain('人月均8,000.00元');
    expect(medium.summary).toContain('人月均6,000.00元');
    expect(run(payroll(20, 8)).level).toBe('high');
    expect(run(payroll(20, 18)).level).toBe('none');
    expect(run(null).level).toBe('insufficient');
  });
});
