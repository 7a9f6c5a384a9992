import { describe, expect, it } from 'vitest';
import { figure, income, run, TEST_COMPANY } from '../testing/tax.fixtures.js';
import { expenseRatioHighRule, grossMarginSwingRule } from './margin.rules.js';

describe('TAX_EXPENSE_RATIO_HIGH 期间费用率偏高', () => {
  const at = (selling: number, company = TEST_COMPANY, layout?: string) =>
    run(
      expenseRatioHighRule,
      [
        income(
          '2024',
          {
            operatingRevenue: 1000,
            sellingExpenses: selling,
            adminExpenses: 150,
            researchAndDevelopmentExpenses: 40,
            financialExpenses: 10,
          },
          layout,
        ),
      ],
      { company },
    );

  it('C39 limit 30% (电子通信设备): 300/1000 none, 301 medium, 360 medium, 361 (> 36%) high', () => {
    const limit = at(100);
    expect(limit.level).toBe('none');
    expect(figure(limit, '期间费用率上限（“电子通信设备”上限）')).toBe(30);
    expect(at(101).level).toBe('medium');
    expect(at(160).level).toBe('medium');
    expect(at(161).level).toBe('high');
  });

  it('services (section I) allow 50%: 400/1000 → none', () => {
    expect(at(200, { ...TEST_COMPANY, industryCode: 'I', industryName: '软件和信息技术服务业' }).level).toBe('none');
  });

  it('without an industry the fallback limit 30% applies and is named', () => {
    const finding = at(110, { ...TEST_COMPANY, industryCode: null, industryName: null });
    expect(finding.level).toBe('medium');
    expect(figure(finding, '期间费用率上限（本规则默认上限）')).toBe(30);
  });

  it('小企业 layout: 研究费用 sits inside 管理费用 and is not counted twice (300/1000 → none)', () => {
    const finding = run(expenseRatioHighRule, [
      income(
        '2024',
        { operatingRevenue: 1000, sellingExpenses: 100, adminExpenses: 200, researchCosts: 100, financialExpenses: 0 },
        'small',
      ),
    ]);
    expect(figure(finding, '2024年度期间费用')).toBe(300_000_000);
    expect(finding.level).toBe('none');
  });
});

describe('TAX_GROSS_MARGIN_SWING 毛利率异常波动', () => {
  const at = (cost: number, baseCost = 700) =>
    run(grossMarginSwingRule, [
      income('2023', { operatingRevenue: 1000, operatingCost: baseCost }),
      income('2024', { operatingRevenue: 1000, operatingCost: cost }),
    ]).level;

  it('30% → 24% is a 20% relative drop → medium; 18% (40%) → high; 25% (16.7%) → none', () => {
    expect(at(760)).toBe('medium');
    expect(at(820)).toBe('high');
    expect(at(750)).toBe('none');
  });

  it('5% → 7% is 40% relative but only 2 points → none', () => {
    expect(at(930, 950)).toBe('none');
  });

  it('a negative margin is high even without last year', () => {
    const finding = run(grossMarginSwingRule, [income('2024', { operatingRevenue: 1000, operatingCost: 1050 })]);
    expect(finding.level).toBe('high');
    expect(figure(finding, '2024年度毛利率')).toBe(-5);
  });
});
