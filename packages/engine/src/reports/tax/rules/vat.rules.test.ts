import { describe, expect, it } from 'vitest';
import { TEST_BENCHMARK_ROWS as DEFAULT_BENCHMARK_ROWS } from '../../../benchmarks/testing/benchmark.fixtures.js';
import { figure, run, TEST_COMPANY, vat, vatMonths } from '../testing/tax.fixtures.js';
import { elasticityTaxRevenueRule, inputOutputRatioRule, vatBurdenLowRule, vatBurdenSwingRule } from './vat.rules.js';

/** Odd months pay `odd`, even months `even`, on 100万 of sales each. */
const alternating = (odd: number, even: number) =>
  vatMonths(
    2024,
    { taxableSalesGeneral: 100, taxPayable: even },
    {
      1: { taxPayable: odd },
      3: { taxPayable: odd },
      5: { taxPayable: odd },
      7: { taxPayable: odd },
      9: { taxPayable: odd },
      11: { taxPayable: odd },
    },
  );

describe('TAX_VAT_BURDEN_LOW 增值税税负率低于行业基准（电子通信设备 2.65%）', () => {
  it('2.65万 on 100万 each month is the benchmark itself → none', () => {
    const finding = run(vatBurdenLowRule, vatMonths(2024, { taxableSalesGeneral: 100, taxPayable: 2.65 }));
    expect(finding.level).toBe('none');
    expect(figure(finding, '行业基准税负率')).toBe(2.65);
    expect(figure(finding, '2024年度税负率 ÷ 基准')).toBe(100);
  });

  it('months of 1.0 and 2.6万: 21.6/1200 = 1.8% = 67.92% of 2.65% → low (no 3 low months in a row)', () => {
    const finding = run(vatBurdenLowRule, alternating(1, 2.6));
    expect(figure(finding, '2024年度增值税税负率')).toBe(1.8);
    expect(figure(finding, '2024年度税负率 ÷ 基准')).toBe(67.92);
    expect(figure(finding, '2024年度最长连续偏低月数')).toBe(1);
    expect(finding.level).toBe('low');
  });

  it('months of 0.4 and 2.6万: 18/1200 = 1.5% = 56.6% of 2.65% → medium', () => {
    expect(run(vatBurdenLowRule, alternating(0.4, 2.6)).level).toBe('medium');
  });

  it('1.5% every month: low for 12 months in a row → high; quarterly returns count 3 months each', () => {
    const monthly = run(vatBurdenLowRule, vatMonths(2024, { taxableSalesGeneral: 100, taxPayable: 1.5 }));
    expect(monthly.level).toBe('high');
    expect(figure(monthly, '2024年度最长连续偏低月数')).toBe(12);
    const quarters = [1, 2, 3, 4].map((quarter) =>
      vat(`2024-Q${quarter}`, { taxableSalesGeneral: 300, taxPayable: 4.5 }),
    );
    expect(run(vatBurdenLowRule, quarters).level).toBe('high');
  });

  it('3 months in a row at 1.5万 (56.6% of 2.65%) → high although the year, 31.5/1200 = 2.625%, is 99.06% of it', () => {
    const dip = { taxPayable: 1.5 };
    const finding = run(
      vatBurdenLowRule,
      vatMonths(2024, { taxableSalesGeneral: 100, taxPayable: 3 }, { 4: dip, 5: dip, 6: dip }),
    );
    expect(figure(finding, '2024年度税负率 ÷ 基准')).toBe(99.06);
    expect(figure(finding, '2024年度最长连续偏低月数')).toBe(3);
    expect(finding.level).toBe('high');
    const two = run(vatBurdenLowRule, vatMonths(2024, { taxableSalesGeneral: 100, taxPayable: 3 }, { 4: dip, 5: dip }));
    expect(two.level).toBe('none');
  });

  it('does not apply to a small-scale taxpayer', () => {
    const finding = run(vatBurdenLowRule, vatMonths(2024, { taxableSalesSimplified: 100, taxPayable: 1 }), {
      company: { ...TEST_COMPANY, taxpayerType: 'small_scale' },
    });
    expect(finding.level).toBe('none');
    expect(finding.summary).toContain('小规模纳税人');
  });

  it('is insufficient when the benchmark table has no burden for the industry', () => {
    const rows = DEFAULT_BENCHMARK_ROWS.map((row) => ({ ...row, vatBurdenPct: null }));
    const finding = run(vatBurdenLowRule, vatMonths(2024, { taxableSalesGeneral: 100, taxPayable: 1 }), {
      benchmarks: { name: '空白表', rows },
    });
    expect(finding.level).toBe('insufficient');
    expect(finding.missingData?.[0]).toContain('行业基准增值税税负率');
  });
});

describe('TAX_VAT_BURDEN_SWING 增值税税负率波动', () => {
  const at = (before: number, now: number) =>
    run(vatBurdenSwingRule, [
      ...vatMonths(2023, { taxableSalesGeneral: 100, taxPayable: before }),
      ...vatMonths(2024, { taxableSalesGeneral: 100, taxPayable: now }),
    ]);

  it('3% → 2.4% is a 20% swing → medium; 3% → 1.5% (50%) → high; 3% → 2.5% (16.67%) → none', () => {
    const medium = at(3, 2.4);
    expect(medium.level).toBe('medium');
    expect(figure(medium, '2024年度税负率相对变动')).toBe(20);
    expect(at(3, 1.5).level).toBe('high');
    expect(at(3, 2.5).level).toBe('none');
  });

  it('0.1% → 0.15% is 50% relative but only 0.05 points → none', () => {
    expect(at(0.1, 0.15).level).toBe('none');
  });

  it('is insufficient without last year’s returns', () => {
    const finding = run(vatBurdenSwingRule, vatMonths(2024, { taxableSalesGeneral: 100, taxPayable: 3 }));
    expect(finding.missingData?.join()).toContain('2023年1月至12月的增值税申报汇总');
  });
});

describe('TAX_ELASTICITY_TAX_REVENUE 税收与收入弹性', () => {
  const at = (sales: number, payable: number) =>
    run(elasticityTaxRevenueRule, [
      ...vatMonths(2023, { taxableSalesGeneral: 100, taxPayable: 3 }),
      ...vatMonths(2024, { taxableSalesGeneral: sales, taxPayable: payable }),
    ]);

  it('sales +10%, tax +10% → 1 → none', () => {
    const finding = at(110, 3.3);
    expect(finding.level).toBe('none');
    expect(figure(finding, '2024年度税收弹性')).toBe(1);
  });

  it('sales +10% while tax −30%: opposite and 40 points apart → high', () => {
    expect(at(110, 2.1).level).toBe('high');
  });

  it('sales +10% while tax −10%: opposite but 20 points → medium (elasticity −1 < 0.8)', () => {
    expect(at(110, 2.7).level).toBe('medium');
  });

  it('sales +10%, tax +5% → 0.5 → medium; tax +20% → 2 → low', () => {
    expect(at(110, 3.15).level).toBe('medium');
    expect(at(110, 3.6).level).toBe('low');
  });
});

describe('TAX_INPUT_OUTPUT_RATIO 进项税额与销项税额比', () => {
  const at = (inputTax: number, outputTax = 13) =>
    run(inputOutputRatioRule, vatMonths(2024, { taxableSalesGeneral: 100, outputTax, inputTax })).level;

  it('12.9/13 = 0.99 none; 1.0 low; 1.2 medium; 1.5 high', () => {
    expect(at(12.9)).toBe('none');
    expect(at(13)).toBe('low');
    expect(at(15.6)).toBe('medium');
    expect(at(19.5)).toBe('high');
  });

  it('input without any output → high', () => {
    const finding = run(inputOutputRatioRule, vatMonths(2024, { taxableSalesGeneral: 0, outputTax: 0, inputTax: 1 }));
    expect(finding.level).toBe('high');
    expect(figure(finding, '2024年度进销项税额比')).toBe('无销项');
  });
});
