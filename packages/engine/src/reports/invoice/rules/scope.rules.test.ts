import { describe, expect, it } from 'vitest';
import { COMPANY, evaluate, figure, GOODS, lineOf, purchase, sale } from '../testing/invoice.fixtures.js';
import { fuelTollRule, ioTaxElasticityRule, outOfScopeSalesRule } from './scope.rules.js';

const WAN = 1_000_000;
const CONSULTING = { taxCode: '3040601000000000000', category: '咨询服务', itemName: '企业管理咨询费' };
const PETROL = { taxCode: '1070101020100000000', category: '汽油', itemName: '92号车用汽油' };
const TOLL = { taxCode: '3040502010300000000', category: '经营租赁', itemName: '通行费' };
const CAR = { taxCode: '1090315010000000000', category: '机动车', itemName: '小型普通客车' };

type Goods = { taxCode: string; category: string; itemName: string };
const sold = (wan: number, goods: Goods = GOODS.steel) => {
  const owner = sale({ amountFen: wan * WAN });
  return { invoice: owner, line: lineOf(owner, { goods }) };
};
const bought = (wan: number, goods: Goods = GOODS.steel) => {
  const owner = purchase({ amountFen: wan * WAN });
  return { invoice: owner, line: lineOf(owner, { goods }) };
};
const data = (...rows: { invoice: ReturnType<typeof sale>; line: ReturnType<typeof lineOf> }[]) => ({
  invoices: rows.map((row) => row.invoice),
  lines: rows.map((row) => row.line),
});

describe('INV_OUT_OF_SCOPE_SALES 主营外开票', () => {
  it('a wholesaler sells steel 80万 and consulting 20万 it never bought → 20% and ≥ 10万 → medium', () => {
    const finding = evaluate(outOfScopeSalesRule, data(sold(80), sold(20, CONSULTING), bought(60)));
    expect(figure(finding, '其销售额')).toBe(20 * WAN);
    expect(figure(finding, '占有编码销售额')).toBe(20);
    expect(finding.level).toBe('medium');
    expect(finding.summary).toContain('批发和零售业');
    expect(finding.summary).toContain('咨询服务（200,000.00元）');
  });

  it('consulting it also bought → none; 35万 of 100万 → high; 6万 of 100万 → low; no industry → 数据不足', () => {
    expect(evaluate(outOfScopeSalesRule, data(sold(80), sold(20, CONSULTING), bought(5, CONSULTING))).level).toBe(
      'none',
    );
    expect(evaluate(outOfScopeSalesRule, data(sold(65), sold(35, CONSULTING))).level).toBe('high');
    expect(evaluate(outOfScopeSalesRule, data(sold(94), sold(6, CONSULTING))).level).toBe('low');
    const { industry: _industry, ...noIndustry } = COMPANY;
    expect(evaluate(outOfScopeSalesRule, { company: noIndustry, ...data(sold(80)) }).level).toBe('insufficient');
  });

  it('reads a GB/T 4754 section code: an M (技术服务) company selling consulting is in scope', () => {
    const tech = { ...COMPANY, industry: 'M' };
    expect(evaluate(outOfScopeSalesRule, { company: tech, ...data(sold(100, CONSULTING)) }).level).toBe('none');
  });
});

describe('INV_FUEL_TOLL_VEHICLES 成品油、通行费与车辆', () => {
  it('revenue 100万, petrol 6万 + tolls 3万 = 9% ≥ 8% → medium, saying the vehicle register was not imported', () => {
    const finding = evaluate(fuelTollRule, data(sold(100), bought(6, PETROL), bought(3, TOLL)));
    expect(figure(finding, '成品油金额')).toBe(6 * WAN);
    expect(figure(finding, '通行费金额')).toBe(3 * WAN);
    expect(figure(finding, '合计占营业收入')).toBe(9);
    expect(finding.level).toBe('medium');
    expect(finding.summary).toContain('发票中未见任何车辆');
    expect(finding.summary).toContain('车辆登记数据未导入');
  });

  it('petrol 5万 on 1,000万 (0.5%) with no vehicle → low; with a car bought → none; a carrier at 9% → low only for no vehicle', () => {
    expect(evaluate(fuelTollRule, data(sold(1000), bought(5, PETROL))).level).toBe('low');
    expect(evaluate(fuelTollRule, data(sold(1000), bought(5, PETROL), bought(20, CAR))).level).toBe('none');
    const carrier = { ...COMPANY, industry: '道路货物运输' };
    expect(
      evaluate(fuelTollRule, { company: carrier, ...data(sold(100), bought(9, PETROL), bought(20, CAR)) }).level,
    ).toBe('none');
  });
});

describe('INV_IO_TAX_ELASTICITY 进销项弹性', () => {
  // Sales and purchases at 13%: tax = 13% of the amounts below.
  const period = (salesWan: number, purchaseWan: number, year: number) => [
    sale({ amountFen: salesWan * WAN, at: `${year}-05-10` }),
    purchase({ amountFen: purchaseWan * WAN, at: `${year}-05-12` }),
  ];

  it('input 100万→150万 (+50%), output 200万→220万 (+10%) → elasticity 5 ≥ 3 → high', () => {
    const finding = evaluate(ioTaxElasticityRule, {
      invoices: period(220, 150, 2024),
      previousPeriod: { invoices: period(200, 100, 2023), lines: [] },
    });
    expect(figure(finding, '进项税额变动率')).toBe(50);
    expect(figure(finding, '销项税额变动率')).toBe(10);
    expect(figure(finding, '进销项弹性')).toBe(5);
    expect(finding.level).toBe('high');
  });

  it('+40% vs +20% → 2 → medium; +15% input → none (below 20% growth); output falling while input +25% → high', () => {
    const run = (sales: [number, number], buys: [number, number]) =>
      evaluate(ioTaxElasticityRule, {
        invoices: period(sales[1], buys[1], 2024),
        previousPeriod: { invoices: period(sales[0], buys[0], 2023), lines: [] },
      }).level;
    expect(run([100, 120], [50, 70])).toBe('medium');
    expect(run([100, 101], [50, 57.5])).toBe('none');
    expect(run([100, 90], [40, 50])).toBe('high');
  });

  it('without the previous period → 数据不足', () => {
    expect(evaluate(ioTaxElasticityRule, { invoices: period(100, 50, 2024) }).level).toBe('insufficient');
  });
});
