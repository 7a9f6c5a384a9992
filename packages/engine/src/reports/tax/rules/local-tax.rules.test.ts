import { describe, expect, it } from 'vitest';
import { GOODS, invoice, lineOf } from '../../invoice/testing/invoice.fixtures.js';
import { balanced, figure, income, invoices2024, run, vat } from '../testing/tax.fixtures.js';
import { propertyLandTaxRule, stampDutyRule } from './local-tax.rules.js';

// Yearly VAT return 2024: 应纳税额 31.2万 → surcharges at the 6% floor = 18,720元.
const VAT_2024 = vat('2024', { taxableSalesGeneral: 1200, outputTax: 156, inputTax: 124.8, taxPayable: 31.2 });

describe('TAX_STAMP_DUTY 印花税（买卖合同）', () => {
  // Goods sold 100万 and bought 80万 a month: (1,200万 + 960万) × 0.3‰ = 6,480元.
  const invoices = invoices2024(100, 80);

  it('税金及附加 2万 − 18,720 = 1,280元 left < 50% of 6,480 → medium, with the estimate as a figure', () => {
    const finding = run(stampDutyRule, [income('2024', { taxesAndSurcharges: 2 }), VAT_2024], { invoices });
    expect(figure(finding, '2024年度估算印花税')).toBe(648_000);
    expect(figure(finding, '2024年度可容纳的其他税金')).toBe(128_000);
    expect(finding.level).toBe('medium');
    expect(finding.summary).toContain('按万分之三估算印花税6,480.00元');
  });

  it('税金及附加 3万 leaves 11,280元 ≥ 3,240 → none; a small-enterprise line of 0 with 12,600元 due → high', () => {
    expect(run(stampDutyRule, [income('2024', { taxesAndSurcharges: 3 }), VAT_2024], { invoices }).level).toBe('none');
    // (2,400万 + 1,800万) × 0.3‰ = 12,600元 ≥ 1万, and the 小企业 line says 0.
    const small = run(
      stampDutyRule,
      [income('2024', { taxesAndSurcharges: 5, propertyRelatedTaxes: 0 }, 'small'), VAT_2024],
      {
        invoices: invoices2024(200, 150),
      },
    );
    expect(small.level).toBe('high');
    expect(small.summary).toContain('利润表“城镇土地使用税、房产税、车船税、印花税”为0.00元');
  });

  it('without invoices → 数据不足', () => {
    expect(run(stampDutyRule, [income('2024', { taxesAndSurcharges: 2 }), VAT_2024]).level).toBe('insufficient');
  });
});

describe('TAX_PROPERTY_LAND_TAX 房产税、城镇土地使用税', () => {
  // Rent received 60万 (不动产经营租赁) → 房产税 at 12% = 72,000元.
  const rent = invoice({
    direction: 'sales',
    amountFen: 60 * 1_000_000,
    rateBp: 900,
    at: '2024-06-10',
    party: { taxNo: '91310000TENANT0001', name: '示例承租有限公司' },
  });
  const base = invoices2024(100, 80);
  const withRent = {
    invoices: [...base.invoices, rent],
    lines: [...base.lines, lineOf(rent, { goods: GOODS.rent, rateBp: 900 })],
  };

  it('税金及附加 5万 − 18,720 = 31,280元 < 50% of 72,000 → medium', () => {
    const finding = run(propertyLandTaxRule, [income('2024', { taxesAndSurcharges: 5 }), VAT_2024], {
      invoices: withRent,
    });
    expect(figure(finding, '2024年度不动产租赁收入（发票）')).toBe(60_000_000);
    expect(figure(finding, '2024年度按租金估算的房产税')).toBe(7_200_000);
    expect(finding.level).toBe('medium');
  });

  it('税金及附加 8万 → 61,280元 ≥ 36,000 → none; no rent, no 投资性房地产 → none, saying so; 投资性房地产 with nothing booked → medium', () => {
    expect(
      run(propertyLandTaxRule, [income('2024', { taxesAndSurcharges: 8 }), VAT_2024], { invoices: withRent }).level,
    ).toBe('none');
    const none = run(propertyLandTaxRule, [income('2024', { taxesAndSurcharges: 8 }), VAT_2024], { invoices: base });
    expect(none.level).toBe('none');
    expect(none.summary).toContain('未见出租房产的发票或投资性房地产');
    const held = run(
      propertyLandTaxRule,
      [
        income('2024', { taxesAndSurcharges: 1 }),
        VAT_2024,
        balanced('2024', { totalAssets: 900, investmentProperty: 300 }),
      ],
      { invoices: base },
    );
    expect(held.level).toBe('medium');
    expect(figure(held, '2024年度期末投资性房地产')).toBe(300_000_000);
  });
});
