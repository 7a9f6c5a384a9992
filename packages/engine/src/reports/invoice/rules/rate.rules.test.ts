import { describe, expect, it } from 'vitest';
import { COMPANY, evaluate, figure, GOODS, lineOf, purchase, sale } from '../testing/invoice.fixtures.js';
import { exemptSalesShareRule, rateInconsistentRule, taxCalcMismatchRule } from './rate.rules.js';

const WAN = 1_000_000;

/** One sales invoice with one steel line of `wan` 万元 at `rateBp`. */
function steelAt(
  wan: number,
  rateBp: number | null,
  goods: { taxCode: string; category: string; itemName: string } = GOODS.steel,
) {
  const owner = sale({ amountFen: wan * WAN, rateBp: rateBp ?? 0 });
  return { invoice: owner, line: lineOf(owner, { goods, rateBp }) };
}

function data(...rows: ReturnType<typeof steelAt>[]) {
  return { invoices: rows.map((row) => row.invoice), lines: rows.map((row) => row.line) };
}

describe('INV_RATE_INCONSISTENT 同一商品不同税率', () => {
  it('steel at 13% (10万) and 9% (2万) → minor 2万 ≥ 1万 → medium', () => {
    const finding = evaluate(rateInconsistentRule, data(steelAt(10, 1300), steelAt(2, 900)));
    expect(finding.level).toBe('medium');
    expect(figure(finding, '多税率商品数')).toBe(1);
    expect(figure(finding, '非主要税率金额')).toBe(2 * WAN);
    expect(finding.summary).toContain('钢材（13%、9%）');
  });

  it('boundaries: minor 0.99万 → low, 50万 → high', () => {
    expect(evaluate(rateInconsistentRule, data(steelAt(10, 1300), steelAt(0.99, 900))).level).toBe('low');
    expect(evaluate(rateInconsistentRule, data(steelAt(100, 1300), steelAt(50, 900))).level).toBe('high');
  });

  it('ignores 0% exports, exempt lines and the small-scale 1%/3% pair', () => {
    expect(evaluate(rateInconsistentRule, data(steelAt(10, 1300), steelAt(5, 0), steelAt(5, null))).level).toBe('none');
    expect(evaluate(rateInconsistentRule, data(steelAt(10, 300), steelAt(5, 100))).level).toBe('none');
  });

  it('is insufficient without sales lines', () => {
    expect(evaluate(rateInconsistentRule, { invoices: [sale()] }).missingData).toEqual(['销项发票明细（信息汇总表）']);
  });
});

describe('INV_TAX_CALC_MISMATCH 税额计算不符', () => {
  const withTax = (taxFen: number) => {
    const owner = sale({ amountFen: WAN });
    return { invoice: owner, line: lineOf(owner, { amountFen: WAN, taxFen }) };
  };

  it('1万 at 13% should carry 1 300.00元: off by 7分 → flagged, by 6分 → tolerated', () => {
    const off = evaluate(taxCalcMismatchRule, data(withTax(130_007)));
    expect(off.level).toBe('low');
    expect(figure(off, '税额差额合计')).toBe(7);
    expect(evaluate(taxCalcMismatchRule, data(withTax(130_006))).level).toBe('none');
    expect(evaluate(taxCalcMismatchRule, data(withTax(129_994))).level).toBe('none');
  });

  it('3 of 30 invoices off (10%) → high; 3 of 31 (9.68%) → medium; red lines mirror blue ones', () => {
    const wrong = [withTax(131_000), withTax(131_000), withTax(131_000)];
    const right = Array.from({ length: 27 }, () => withTax(130_000));
    expect(evaluate(taxCalcMismatchRule, data(...wrong, ...right)).level).toBe('high');
    expect(evaluate(taxCalcMismatchRule, data(...wrong, ...right, withTax(130_000))).level).toBe('medium');
    const red = sale({ amountFen: -12_345 });
    expect(
      evaluate(taxCalcMismatchRule, { invoices: [red], lines: [lineOf(red, { amountFen: -12_345, taxFen: -1_605 })] })
        .level,
    ).toBe('none');
  });

  it('skips 差额征税 lines and exempt lines; insufficient without lines', () => {
    const owner = purchase({ amountFen: WAN });
    const margin = lineOf(owner, { amountFen: WAN, taxFen: 5_000, specialBusiness: '差额征税-差额开票' });
    expect(evaluate(taxCalcMismatchRule, { invoices: [owner], lines: [margin] }).level).toBe('none');
    expect(evaluate(taxCalcMismatchRule, { invoices: [sale()] }).level).toBe('insufficient');
  });
});

describe('INV_EXEMPT_SALES_SHARE 免税销售与进项税额转出', () => {
  const clinic = { ...COMPANY, industry: '卫生（医院）' };
  const bought = (wan: number) => purchase({ amountFen: wan * WAN });

  it('a general-taxpayer clinic: 2万 exempt of 10万 = 20%; input 13万元 × 20% = 2.6万元 to transfer out → medium, naming 36号附件3', () => {
    const sales = data(steelAt(8, 1300), steelAt(2, null));
    const finding = evaluate(exemptSalesShareRule, {
      company: clinic,
      ...sales,
      invoices: [...sales.invoices, bought(100)],
    });
    expect(figure(finding, '免税销售占比')).toBe(20);
    expect(figure(finding, '可抵扣进项税额')).toBe(13 * WAN);
    expect(figure(finding, '估算应转出进项税额')).toBe(2_600_000);
    expect(finding.level).toBe('medium');
    expect(finding.summary).toContain('医疗机构提供的医疗服务（财税〔2016〕36号附件3第一条第（七）项）');
    expect(finding.summary).toContain('应转出进项税额约26,000.00元');
  });

  it('input of 6,500元 × 20% = 1,300元 → low; exemption itself is no risk when nothing needs transferring', () => {
    const sales = data(steelAt(8, 1300), steelAt(2, null));
    const low = evaluate(exemptSalesShareRule, { company: clinic, ...sales, invoices: [...sales.invoices, bought(5)] });
    expect(figure(low, '估算应转出进项税额')).toBe(130_000);
    expect(low.level).toBe('low');
    const none = evaluate(exemptSalesShareRule, { company: clinic, ...sales });
    expect(none.level).toBe('none');
  });

  it('a small-scale taxpayer: names 财政部 税务总局公告2023年第19号 and transfers nothing → none', () => {
    const small = { ...COMPANY, taxpayerType: 'small_scale' as const };
    const sales = data(steelAt(5, 300), steelAt(5, null));
    const finding = evaluate(exemptSalesShareRule, {
      company: small,
      ...sales,
      invoices: [...sales.invoices, bought(100)],
    });
    expect(finding.level).toBe('none');
    expect(figure(finding, '估算应转出进项税额')).toBe(0);
    expect(finding.summary).toContain('财政部 税务总局公告2023年第19号');
  });

  it('a wholesaler has no fitting exemption: 20% exempt → low (basis to confirm); 10% → none; 不征税 is not exempt', () => {
    expect(evaluate(exemptSalesShareRule, data(steelAt(8, 1300), steelAt(2, null))).level).toBe('low');
    expect(evaluate(exemptSalesShareRule, data(steelAt(9, 1300), steelAt(1, null))).level).toBe('none');
    const row = steelAt(6, null);
    row.line.taxRateText = '不征税';
    const nonTaxable = evaluate(exemptSalesShareRule, data(steelAt(4, 1300), row));
    expect(figure(nonTaxable, '不征税销售金额')).toBe(6 * WAN);
    expect(nonTaxable.level).toBe('none');
    expect(evaluate(exemptSalesShareRule, { invoices: [sale()] }).level).toBe('insufficient');
  });
});
