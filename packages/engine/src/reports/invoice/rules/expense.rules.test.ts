import { describe, expect, it } from 'vitest';
import { COMPANY, evaluate, figure, GOODS, lineOf, purchase, sale } from '../testing/invoice.fixtures.js';
import { citDeductionLimitsRule, servicePurchaseHotspotRule } from './expense.rules.js';

const WAN = 1_000_000;
const MEALS = { taxCode: '3070401000000000000', category: '餐饮服务', itemName: '餐费' };
const ADS = { taxCode: '3040203000000000000', category: '广告服务', itemName: '广告发布费' };
const CONSULTING = { taxCode: '3040601000000000000', category: '咨询服务', itemName: '管理咨询费' };

function bought(
  wan: number,
  goods: { taxCode: string; category: string; itemName: string },
  name = '示例服务有限公司',
) {
  const owner = purchase({
    amountFen: wan * WAN,
    rateBp: 600,
    party: { taxNo: `91310000${name.length}SVC0001`, name },
  });
  return { invoice: owner, line: lineOf(owner, { goods, rateBp: 600 }) };
}
function sold(wan: number) {
  const owner = sale({ amountFen: wan * WAN });
  return { invoice: owner, line: lineOf(owner, { goods: GOODS.steel }) };
}
const data = (...rows: { invoice: ReturnType<typeof sale>; line: ReturnType<typeof lineOf> }[]) => ({
  invoices: rows.map((row) => row.invoice),
  lines: rows.map((row) => row.line),
});

describe('INV_CIT_DEDUCTION_LIMITS 扣除限额', () => {
  it('revenue 100万, meals 2万: 60% = 1.2万 > 5‰ = 5,000元 → deductible 5,000, adjust 1.5万; ads 20万 > 15万 → 5万 over → low', () => {
    const finding = evaluate(citDeductionLimitsRule, data(sold(100), bought(2, MEALS), bought(20, ADS)));
    expect(figure(finding, '业务招待费可扣除')).toBe(500_000);
    expect(figure(finding, '业务招待费受5‰限额影响的金额')).toBe(700_000);
    expect(figure(finding, '广告宣传费限额')).toBe(15 * WAN);
    expect(figure(finding, '广告宣传费超出限额')).toBe(5 * WAN);
    expect(finding.summary).toContain('需纳税调增15,000.00元');
    expect(finding.level).toBe('low');
  });

  it('ads 30万 on 100万 → 15万 over ≥ 10万 → medium; a 医药制造 company has 30% → none; meals within 5‰ → none', () => {
    expect(evaluate(citDeductionLimitsRule, data(sold(100), bought(30, ADS))).level).toBe('medium');
    const pharma = { ...COMPANY, industry: '医药制造业' };
    expect(evaluate(citDeductionLimitsRule, { company: pharma, ...data(sold(100), bought(30, ADS)) }).level).toBe(
      'none',
    );
    expect(evaluate(citDeductionLimitsRule, data(sold(100), bought(0.8, MEALS))).level).toBe('none');
  });
});

describe('INV_SERVICE_PURCHASE_HOTSPOT 服务采购热点', () => {
  it('consulting 25万 on revenue 100万 → 25% → medium, naming the supplier; 9万 → none', () => {
    const finding = evaluate(servicePurchaseHotspotRule, data(sold(100), bought(25, CONSULTING, '某某咨询有限公司')));
    expect(figure(finding, '占营业收入')).toBe(25);
    expect(finding.level).toBe('medium');
    expect(finding.summary).toContain('某某咨询有限公司（250,000.00元）');
    expect(evaluate(servicePurchaseHotspotRule, data(sold(100), bought(9, CONSULTING))).level).toBe('none');
  });
});
