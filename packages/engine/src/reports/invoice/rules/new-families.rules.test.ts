import { describe, expect, it } from 'vitest';
import { COMPANY, evaluate, figure, purchase, sale } from '../testing/invoice.fixtures.js';
import { mutualInvoicingRule, smallScaleRollingRule } from './new-families.rules.js';

const WAN = 1_000_000;
const PARTNER = { taxNo: '91330100MA2PARTNR1', name: '互通（浙江）实业有限公司' };

describe('INV_MUTUAL_INVOICING 对开', () => {
  it('sells 30万 to and buys 12万 from one party → min 12万 ≥ 10万 → medium; 120万 both ways → high', () => {
    const medium = evaluate(mutualInvoicingRule, {
      invoices: [sale({ amountFen: 30 * WAN, party: PARTNER }), purchase({ amountFen: 12 * WAN, party: PARTNER })],
    });
    expect(medium.level).toBe('medium');
    expect(figure(medium, '最大的双向较小金额')).toBe(12 * WAN);
    expect(medium.summary).toContain('互通（浙江）实业有限公司（销售300,000.00元、采购120,000.00元）');
    const high = evaluate(mutualInvoicingRule, {
      invoices: [sale({ amountFen: 120 * WAN, party: PARTNER }), purchase({ amountFen: 120 * WAN, party: PARTNER })],
    });
    expect(high.level).toBe('high');
  });

  it('9.99万 one way → none; the supplier without a tax number is the same party by name', () => {
    const small = evaluate(mutualInvoicingRule, {
      invoices: [sale({ amountFen: 30 * WAN, party: PARTNER }), purchase({ amountFen: 9.99 * WAN, party: PARTNER })],
    });
    expect(small.level).toBe('none');
    const byName = evaluate(mutualInvoicingRule, {
      invoices: [
        sale({ amountFen: 30 * WAN, party: PARTNER }),
        purchase({ amountFen: 12 * WAN, party: { taxNo: '', name: '互通(浙江)实业有限公司' } }),
      ],
    });
    expect(byName.level).toBe('medium');
  });
});

describe('INV_SMALL_SCALE_ROLLING 小规模纳税人连续12个月500万', () => {
  const small = { ...COMPANY, taxpayerType: 'small_scale' as const };
  const monthly = (wan: number, year = 2024) =>
    Array.from({ length: 12 }, (_, index) =>
      sale({ at: `${year}-${String(index + 1).padStart(2, '0')}-10`, amountFen: wan * WAN, rateBp: 100 }),
    );

  it('42万 a month = 504万 in 12 months → over 500万 → high', () => {
    const finding = evaluate(smallScaleRollingRule, { company: small, invoices: monthly(42) });
    expect(figure(finding, '连续12个月最高开票销售额')).toBe(504 * WAN);
    expect(finding.level).toBe('high');
    expect(finding.summary).toContain('2024-01至2024-12');
  });

  it('rolls across periods: 2023-07..2023-12 at 40万 and 2024-01..06 at 42万 = 492万 → 98.4% → medium', () => {
    const previous = monthly(40, 2023).slice(6);
    const current = monthly(42).slice(0, 6);
    const finding = evaluate(smallScaleRollingRule, {
      company: small,
      invoices: current,
      previousPeriod: { invoices: previous, lines: [] },
    });
    expect(figure(finding, '连续12个月最高开票销售额')).toBe(492 * WAN);
    expect(finding.level).toBe('medium');
  });

  it('35万 a month = 420万 → 84% → low; a general taxpayer → 不适用', () => {
    expect(evaluate(smallScaleRollingRule, { company: small, invoices: monthly(35) }).level).toBe('low');
    const general = evaluate(smallScaleRollingRule, { invoices: monthly(50) });
    expect(general.level).toBe('none');
    expect(general.summary).toContain('不适用');
  });
});
