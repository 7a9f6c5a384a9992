import { describe, expect, it } from 'vitest';
import { TEST_BENCHMARK_ROWS as DEFAULT_BENCHMARK_ROWS } from '../../../benchmarks/testing/benchmark.fixtures.js';
import { cit, figure, income, run, TEST_COMPANY, vatMonths } from '../testing/tax.fixtures.js';
import {
  citBurdenVsProfitRule,
  citContributionLowRule,
  citContributionSwingRule,
  incomeTaxExpenseGapRule,
  surchargeVsVatRule,
} from './cit.rules.js';

/** 2023: 20万 of tax on 1000万 of revenue = 2%; 2024 as given. */
const twoYears = (tax2024: number, profit2024 = 80) => [
  cit('2023', { operatingRevenue: 1000, totalProfit: 80, taxPayable: 20 }),
  cit('2024', { operatingRevenue: 1000, totalProfit: profit2024, taxPayable: tax2024 }),
];

describe('TAX_CIT_CONTRIBUTION_LOW 所得税贡献率偏低', () => {
  it('without an industry figure it compares with the company’s own past: 1.5% vs 2% = 75% → medium', () => {
    const finding = run(citContributionLowRule, twoYears(15));
    expect(finding.level).toBe('medium');
    expect(figure(finding, '2024年度所得税贡献率')).toBe(1.5);
    expect(figure(finding, '比较基准（本企业2023年度平均值）')).toBe(2);
  });

  it('boundaries: 1.6% = 80% → none; 0.9% = 45% → high', () => {
    expect(run(citContributionLowRule, twoYears(16)).level).toBe('none');
    expect(run(citContributionLowRule, twoYears(9)).level).toBe('high');
  });

  it('uses the benchmark table when it has a contribution: 1.5% vs 电子通信设备 2% → medium', () => {
    const rows = DEFAULT_BENCHMARK_ROWS.map((row) =>
      row.key === 'C39-electronics' ? { ...row, citContributionPct: 2 } : row,
    );
    const finding = run(
      citContributionLowRule,
      [cit('2024', { operatingRevenue: 1000, totalProfit: 80, taxPayable: 15 })],
      {
        benchmarks: { name: '运营方基准表', rows },
      },
    );
    expect(finding.level).toBe('medium');
    expect(finding.summary).toContain('行业基准“电子通信设备”');
  });

  it('a loss year does not apply; no history and no benchmark is insufficient', () => {
    expect(run(citContributionLowRule, twoYears(0, -10)).level).toBe('none');
    const alone = run(citContributionLowRule, [
      cit('2024', { operatingRevenue: 1000, totalProfit: 80, taxPayable: 15 }),
    ]);
    expect(alone.level).toBe('insufficient');
    expect(alone.missingData?.[0]).toContain('行业基准所得税贡献率');
  });
});

describe('TAX_CIT_CONTRIBUTION_SWING 所得税贡献率大幅下降', () => {
  it('2% → 1.4% (−30%) medium; 1.0% (−50%) high; 1.5% (−25%) none', () => {
    const medium = run(citContributionSwingRule, twoYears(14));
    expect(medium.level).toBe('medium');
    expect(figure(medium, '2024年度所得税贡献变动率')).toBe(-30);
    expect(run(citContributionSwingRule, twoYears(10)).level).toBe('high');
    expect(run(citContributionSwingRule, twoYears(15)).level).toBe('none');
  });
});

describe('TAX_CIT_BURDEN_VS_PROFIT 所得税负担率与利润不匹配', () => {
  const at = (figures: Record<string, number>) =>
    run(citBurdenVsProfitRule, [cit('2024', { totalProfit: 100, taxableIncome: 100, ...figures })]).level;

  it('25万 on 100万 → none; 5% (小微) → none; 4% → medium', () => {
    expect(at({ taxPayable: 25 })).toBe('none');
    expect(at({ taxPayable: 5 })).toBe('none');
    expect(at({ taxPayable: 4 })).toBe('medium');
  });

  it('taxable income but no tax and no relief → high; with relief → low; loss carried forward → medium', () => {
    expect(at({ taxPayable: 0 })).toBe('high');
    expect(at({ taxPayable: 0, taxRelief: 25 })).toBe('low');
    expect(at({ taxPayable: 0, taxableIncome: 0 })).toBe('medium');
  });

  it('does not apply to a loss', () => {
    expect(at({ totalProfit: -10, taxPayable: 0 })).toBe('none');
  });
});

describe('TAX_INCOME_TAX_EXPENSE_GAP 所得税费用与申报应纳税额差异', () => {
  const at = (expense: number) =>
    run(incomeTaxExpenseGapRule, [income('2024', { incomeTaxExpense: expense }), cit('2024', { taxPayable: 25 })])
      .level;

  it('25 vs 25 none; 29 (16%) none; 33 (32%) low; 50 (100%) medium', () => {
    expect(at(25)).toBe('none');
    expect(at(29)).toBe('none');
    expect(at(33)).toBe('low');
    expect(at(50)).toBe('medium');
  });

  it('a gap under 5万 is ignored: 20 vs 24 (16.67%, 4万) none; 17 vs 25 (32%, 8万) low', () => {
    expect(
      run(incomeTaxExpenseGapRule, [income('2024', { incomeTaxExpense: 20 }), cit('2024', { taxPayable: 24 })]).level,
    ).toBe('none');
    expect(at(17)).toBe('low');
  });
});

describe('TAX_SURCHARGE_VS_VAT 税金及附加与增值税不匹配', () => {
  const vat120 = vatMonths(2024, { taxableSalesGeneral: 100, taxPayable: 10 }); // 120万 VAT
  const at = (surcharges: number, taxpayerType: 'general' | 'small_scale' = 'general') =>
    run(surchargeVsVatRule, [...vat120, income('2024', { taxesAndSurcharges: surcharges })], {
      company: { ...TEST_COMPANY, taxpayerType },
    });

  it('7.2万 on 120万 = 6% → none; 7.1万 (5.92%) → medium', () => {
    expect(at(7.2).level).toBe('none');
    const medium = at(7.1);
    expect(medium.level).toBe('medium');
    expect(figure(medium, '2024年度税金及附加 ÷ 增值税')).toBe(5.92);
  });

  it('small-scale (halved surcharges): 3.6万 = 3% → none; 3.5万 → medium', () => {
    expect(at(3.6, 'small_scale').level).toBe('none');
    expect(at(3.5, 'small_scale').level).toBe('medium');
  });
});
