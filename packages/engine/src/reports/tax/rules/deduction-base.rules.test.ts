import { describe, expect, it } from 'vitest';
import { invoice, lineOf } from '../../invoice/testing/invoice.fixtures.js';
import { balanced, figure, income, invoices2024, run, TEST_COMPANY, vat } from '../testing/tax.fixtures.js';
import { inventoryInputRatioRule, wageBasedLimitsRule } from './deduction-base.rules.js';

describe('TAX_INVENTORY_INPUT_RATIO 存货扣税比', () => {
  // 存货 100万 → 150万, 应付账款 50万 → 40万, 营业成本 1,000万: (50 + 1,000 + 10) × 13% = 137.8万.
  const books = [
    balanced('2023', { totalAssets: 500, inventory: 100, accountsPayable: 50, totalLiabilities: 50 }),
    balanced('2024', { totalAssets: 600, inventory: 150, accountsPayable: 40, totalLiabilities: 40 }),
    income('2024', { operatingRevenue: 1500, operatingCost: 1000 }),
  ];
  const declared = (inputTax: number) => [
    ...books,
    vat('2024', { taxableSalesGeneral: 1500, outputTax: 195, inputTax, taxPayable: 195 - inputTax }),
  ];

  it('declared 170万 ÷ 137.8万 = 1.23 and 32.2万 over → medium', () => {
    const finding = run(inventoryInputRatioRule, declared(170));
    expect(figure(finding, '2024年度进项税额控制额')).toBe(137_800_000);
    expect(figure(finding, '2024年度存货扣税比')).toBe(1.23);
    expect(finding.level).toBe('medium');
    expect(finding.summary).toContain('应付账款减少100,000.00元');
  });

  it('230万 → 1.67 → high; 150万 → 1.09 → none; a small-scale taxpayer → 不适用; no balance sheets → 数据不足', () => {
    expect(run(inventoryInputRatioRule, declared(230)).level).toBe('high');
    expect(run(inventoryInputRatioRule, declared(150)).level).toBe('none');
    const small = run(inventoryInputRatioRule, declared(230), {
      company: { ...TEST_COMPANY, taxpayerType: 'small_scale' },
    });
    expect(small.summary).toContain('不适用');
    expect(
      run(inventoryInputRatioRule, [income('2024', { operatingCost: 1000 }), vat('2024', { inputTax: 170 })]).level,
    ).toBe('insufficient');
  });
});

describe('TAX_WAGE_BASED_LIMITS 职工福利费14%、教育经费8%、工会经费2%', () => {
  // 个税申报 20万 of wages a month → 240万 a year: 福利费 33.6万, 教育经费 19.2万, 工会经费 4.8万.
  const payroll = Array.from({ length: 12 }, (_, index) => ({
    period: `2024-${String(index + 1).padStart(2, '0')}`,
    source: 'iit' as const,
    headcount: 25,
    wageFen: 20 * 1_000_000,
  }));
  const withTraining = (wan: number) => {
    const base = invoices2024(100, 80);
    const bill = invoice({
      direction: 'purchase',
      amountFen: wan * 1_000_000,
      rateBp: 600,
      at: '2024-09-20',
      party: { taxNo: '91310000TRAINER001', name: '示例培训学校' },
    });
    const line = lineOf(bill, {
      goods: { taxCode: '3070201000000000000', category: '教育服务', itemName: '管理人员培训费' },
      rateBp: 600,
    });
    return { invoices: [...base.invoices, bill], lines: [...base.lines, line] };
  };

  it('training 25万 > 19.2万 → 5.8万 over → low, with the three limits and what was not compared', () => {
    const finding = run(wageBasedLimitsRule, [], { payroll, invoices: withTraining(25) });
    expect(figure(finding, '2024年度工资薪金（个税申报）')).toBe(240_000_000);
    expect(figure(finding, '2024年度职工福利费限额（14%）')).toBe(33_600_000);
    expect(figure(finding, '2024年度职工教育经费限额（8%）')).toBe(19_200_000);
    expect(figure(finding, '2024年度工会经费限额（2%）')).toBe(4_800_000);
    expect(finding.level).toBe('low');
    expect(finding.summary).toContain('超过教育经费限额58,000.00元');
    expect(finding.summary).toContain('福利费、工会经费的发生额在科目余额表中，未导入，未比对');
  });

  it('35万 → 15.8万 over → medium; 10万 → none; no 个税申报 → 数据不足', () => {
    expect(run(wageBasedLimitsRule, [], { payroll, invoices: withTraining(35) }).level).toBe('medium');
    expect(run(wageBasedLimitsRule, [], { payroll, invoices: withTraining(10) }).level).toBe('none');
    const missing = run(wageBasedLimitsRule, [], { invoices: withTraining(35) });
    expect(missing.level).toBe('insufficient');
    expect(missing.missingData).toEqual(['个税扣缴申报导出（工资薪金）']);
  });
});
