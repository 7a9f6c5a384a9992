import { describe, expect, it } from 'vitest';
import { figure, run, TEST_COMPANY, vat, vatMonths, wan } from '../testing/tax.fixtures.js';
import { creditBalancePersistentRule, smallScaleThresholdRule, zeroDeclarationRule } from './vat-periods.rules.js';

const NORMAL = { taxableSalesGeneral: 100, taxPayable: 3 };
const ZERO = { taxableSalesGeneral: 0, taxPayable: 0 };
const zeroIn = (...months: number[]) =>
  vatMonths(2024, NORMAL, Object.fromEntries(months.map((month) => [month, ZERO])));

describe('TAX_ZERO_DECLARATION 增值税零申报', () => {
  it('tax paid every month → none', () => {
    const finding = run(zeroDeclarationRule, zeroIn());
    expect(finding.level).toBe('none');
    expect(finding.summary).toContain('12个月应纳税额均大于零');
  });

  it('one zero month → low; two in a row → medium; three in a row → high', () => {
    expect(run(zeroDeclarationRule, zeroIn(5)).level).toBe('low');
    expect(run(zeroDeclarationRule, zeroIn(5, 6)).level).toBe('medium');
    const high = run(zeroDeclarationRule, zeroIn(5, 6, 7));
    expect(high.level).toBe('high');
    expect(figure(high, '最长连续零申报')).toBe(3);
    expect(figure(high, '零申报月份明细')).toBe('2024年5月至7月');
  });

  it('six scattered zero months in a year → high; five → low', () => {
    expect(run(zeroDeclarationRule, zeroIn(1, 3, 5, 7, 9, 11)).level).toBe('high');
    expect(run(zeroDeclarationRule, zeroIn(1, 3, 5, 7, 9)).level).toBe('low');
  });

  it('sales but no tax (留抵) for three months in a row → medium under the credit rule', () => {
    const months = vatMonths(2024, NORMAL, { 4: { taxPayable: 0 }, 5: { taxPayable: 0 }, 6: { taxPayable: 0 } });
    const finding = run(zeroDeclarationRule, months);
    expect(finding.level).toBe('medium');
    expect(figure(finding, '零申报月份')).toBe(0);
    expect(figure(finding, '最长连续应纳税额为零')).toBe(3);
  });

  it('a zero quarterly return counts as three months → high', () => {
    const quarters = [1, 2, 3, 4].map((quarter) => vat(`2024-Q${quarter}`, quarter === 2 ? ZERO : NORMAL));
    expect(run(zeroDeclarationRule, quarters).level).toBe('high');
  });

  it('names months without a return and is insufficient without any', () => {
    expect(run(zeroDeclarationRule, zeroIn().slice(0, 11)).summary).toContain('2024年12月无申报数据');
    expect(run(zeroDeclarationRule, []).level).toBe('insufficient');
  });
});

describe('TAX_CREDIT_BALANCE_PERSISTENT 留抵税额长期挂账', () => {
  const withCredit = (months: number) =>
    vatMonths(
      2024,
      { ...NORMAL, closingCreditBalance: 0 },
      Object.fromEntries(Array.from({ length: months }, (_, index) => [index + 1, { closingCreditBalance: 5 }])),
    );

  it('no credit → none; 2 months none; 3 low; 6 medium; 12 high', () => {
    expect(run(creditBalancePersistentRule, withCredit(0)).level).toBe('none');
    expect(run(creditBalancePersistentRule, withCredit(2)).level).toBe('none');
    expect(run(creditBalancePersistentRule, withCredit(3)).level).toBe('low');
    expect(run(creditBalancePersistentRule, withCredit(6)).level).toBe('medium');
    const high = run(creditBalancePersistentRule, withCredit(12));
    expect(high.level).toBe('high');
    expect(figure(high, '2024-12期末留抵税额')).toBe(wan(5));
  });

  it('is insufficient when the returns do not carry the credit balance; not for small-scale taxpayers', () => {
    expect(run(creditBalancePersistentRule, zeroIn()).level).toBe('insufficient');
    const small = run(creditBalancePersistentRule, withCredit(12), {
      company: { ...TEST_COMPANY, taxpayerType: 'small_scale' },
    });
    expect(small.level).toBe('none');
  });
});

describe('TAX_SMALL_SCALE_THRESHOLD 小规模纳税人年销售额接近500万元', () => {
  const small = { company: { ...TEST_COMPANY, taxpayerType: 'small_scale' as const } };
  const at = (monthly: number) =>
    run(smallScaleThresholdRule, vatMonths(2024, { taxableSalesSimplified: monthly }), small);

  it('12 × 37.5万 = 450万 = 90% → medium; 400.8万 (80.16%) → low; 399.6万 → none; 500.4万 → high', () => {
    const medium = at(37.5);
    expect(medium.level).toBe('medium');
    expect(figure(medium, '连续12个月最高销售额')).toBe(wan(450));
    expect(figure(medium, '占标准比例')).toBe(90);
    expect(at(33.4).level).toBe('low');
    expect(at(33.3).level).toBe('none');
    expect(at(41.7).level).toBe('high');
  });

  it('exactly 500万 over four quarters does not exceed the standard → medium; exempt sales count', () => {
    const quarters = [1, 2, 3, 4].map((quarter) =>
      vat(`2024-Q${quarter}`, { taxableSalesSimplified: 100, exemptSales: 25 }),
    );
    expect(run(smallScaleThresholdRule, quarters, small).level).toBe('medium');
  });

  it('finds the largest rolling 12 months across years: 2023-07 to 2024-06 = 6 × 60 + 6 × 10 = 420万 → low', () => {
    const months = [
      ...vatMonths(2023, { taxableSalesSimplified: 60 }).slice(6),
      ...vatMonths(2024, { taxableSalesSimplified: 10 }),
    ];
    const finding = run(smallScaleThresholdRule, months, { ...small, period: { start: '2023-07', end: '2024-12' } });
    expect(finding.level).toBe('low');
    expect(finding.summary).toContain('2023-07至2024-06');
  });

  it('does not apply to a general taxpayer', () => {
    expect(run(smallScaleThresholdRule, vatMonths(2024, { taxableSalesGeneral: 100 })).level).toBe('none');
  });

  describe('with the taxpayer type missing from the company', () => {
    const unknown = { company: { ...TEST_COMPANY, taxpayerType: null } };
    const returns = (layout: string | null, monthly: number) =>
      vatMonths(2024, { taxableSalesSimplified: monthly }).map((month) => ({ ...month, layout }));

    it('returns that do not say their form → 数据不足 naming 纳税人类型, not “按一般纳税人处理”', () => {
      const finding = run(smallScaleThresholdRule, returns(null, 37.5), unknown);
      expect(finding.level).toBe('insufficient');
      expect(finding.missingData?.[0]).toContain('纳税人类型');
    });

    it('小规模 returns → checked as 小规模: 12 × 37.5万 = 450万 → medium, saying where the type came from', () => {
      const finding = run(smallScaleThresholdRule, returns('small_scale', 37.5), unknown);
      expect(finding.level).toBe('medium');
      expect(finding.summary).toContain('按增值税申报表判断');
    });

    it('一般纳税人 returns → not applicable; returns of both forms → 数据不足', () => {
      expect(run(smallScaleThresholdRule, returns('general', 37.5), unknown).level).toBe('none');
      const mixed = [...returns('small_scale', 37.5).slice(0, 6), ...returns('general', 37.5).slice(6)];
      expect(run(smallScaleThresholdRule, mixed, unknown).level).toBe('insufficient');
    });
  });
});
