import { describe, expect, it } from 'vitest';
import { nameStem, relationOf } from '../related-names.js';
import { COMPANY, evaluate, figure, purchase, sale } from '../testing/invoice.fixtures.js';
import { circularInvoicingRule, relatedPartiesRule } from './related-party.rules.js';

const WAN = 1_000_000;
const OWN = { taxNo: '91370100MA3TIANCH1', name: '山东天诚科技有限公司' };

describe('related names', () => {
  it('strips region, brackets, legal form, branch and business words to the 字号', () => {
    expect(nameStem('山东天诚科技有限公司')).toBe('天诚');
    expect(nameStem('天诚（山东）贸易有限公司')).toBe('天诚');
    expect(nameStem('济南市天诚供应链管理有限公司')).toBe('天诚');
    expect(nameStem('天诚科技有限公司上海分公司')).toBe('天诚');
    expect(nameStem('有限公司')).toBeNull();
  });

  it('names why a party looks related, and nothing for an unrelated one or the company itself', () => {
    expect(relationOf(OWN, { taxNo: '', name: '天诚(山东)贸易有限公司' })).toBe('字号相同（天诚）');
    expect(relationOf(OWN, { taxNo: `${OWN.taxNo}01`, name: '某分支' })).toBe('税号以本企业税号开头');
    expect(relationOf(OWN, { taxNo: '', name: '山东天诚科技有限公司青岛分公司' })).toBe('名称含本企业全称（分支机构）');
    expect(relationOf(OWN, { taxNo: '91370100MA3OTHER01', name: '天成贸易有限公司' })).toBeNull();
    expect(relationOf(OWN, OWN)).toBeNull();
  });
});

describe('INV_RELATED_PARTIES 关联方与分支机构', () => {
  const company = { ...COMPANY, ...OWN };
  const sister = { taxNo: '91370100MA3SISTER1', name: '天诚（山东）贸易有限公司' };

  it('sales 30万 to a sister company, reds −12万 to it → reds 12万 ≥ 10万 → medium; the reds are the evidence', () => {
    const red = sale({ amountFen: -12 * WAN, party: sister });
    const finding = evaluate(relatedPartiesRule, {
      company,
      invoices: [sale({ amountFen: 30 * WAN, party: sister }), red, sale({ amountFen: 50 * WAN })],
    });
    expect(finding.level).toBe('medium');
    expect(figure(finding, '疑似关联对方')).toBe(1);
    expect(figure(finding, '向其红冲金额（不含税）')).toBe(12 * WAN);
    // Net sales 30万 − 12万 = 18万.
    expect(figure(finding, '与其交易金额（不含税）')).toBe(18 * WAN);
    expect(finding.summary).toContain(
      '天诚（山东）贸易有限公司（字号相同（天诚）；销售180,000.00元、采购0.00元，红冲120,000.00元）',
    );
    expect(finding.evidence?.invoiceKeys).toEqual([red.key]);
  });

  it('reds of 100万 → high; trade of 15万 and no reds → low; 9万 → none; unrelated parties → none', () => {
    const high = evaluate(relatedPartiesRule, {
      company,
      invoices: [sale({ amountFen: 200 * WAN, party: sister }), sale({ amountFen: -100 * WAN, party: sister })],
    });
    expect(high.level).toBe('high');
    const low = evaluate(relatedPartiesRule, { company, invoices: [purchase({ amountFen: 15 * WAN, party: sister })] });
    expect(low.level).toBe('low');
    expect(
      evaluate(relatedPartiesRule, { company, invoices: [purchase({ amountFen: 9 * WAN, party: sister })] }).level,
    ).toBe('none');
    expect(evaluate(relatedPartiesRule, { company, invoices: [sale({ amountFen: 500 * WAN })] }).level).toBe('none');
  });
});

describe('INV_CIRCULAR_INVOICING 环开', () => {
  const B = { taxNo: '91310000CUSTOMB001', name: '乙方贸易有限公司' };
  const C = { taxNo: '91310000SUPPLYC001', name: '丙方实业有限公司' };
  const trade = (toB: number, fromC: number) => [
    sale({ amountFen: toB * WAN, party: B }),
    purchase({ amountFen: fromC * WAN, party: C }),
  ];
  const network = (bToC: number) => ({
    edges: [{ sellerTaxNo: B.taxNo, buyerTaxNo: C.taxNo, amountFen: bToC * WAN }],
    companyCount: 3,
  });

  it('A→B 30万, B→C 20万, C→A 25万 → smallest edge 20万 ≥ 10万 → medium, naming the ring', () => {
    const finding = evaluate(circularInvoicingRule, { invoices: trade(30, 25), invoiceNetwork: network(20) });
    expect(finding.level).toBe('medium');
    expect(figure(finding, '最大环的最小一段金额')).toBe(20 * WAN);
    expect(finding.summary).toContain(
      '本企业→乙方贸易有限公司（300,000.00元）→丙方实业有限公司（200,000.00元）→本企业（250,000.00元）',
    );
    expect(finding.summary).toContain('3家其他企业');
  });

  it('every edge ≥ 100万 → high; B→C 9万 → none; no other companies’ invoices → 数据不足', () => {
    expect(evaluate(circularInvoicingRule, { invoices: trade(150, 120), invoiceNetwork: network(100) }).level).toBe(
      'high',
    );
    expect(evaluate(circularInvoicingRule, { invoices: trade(30, 25), invoiceNetwork: network(9) }).level).toBe('none');
    const alone = evaluate(circularInvoicingRule, { invoices: trade(30, 25) });
    expect(alone.level).toBe('insufficient');
    expect(alone.missingData?.[0]).toContain('本机构其他企业的同期发票');
  });
});
