import { describe, expect, it } from 'vitest';
import { COMPANY, evaluate, figure, purchase, sale, times } from '../testing/invoice.fixtures.js';
import {
  newLargeCustomerRule,
  personalBuyerRule,
  selfCounterpartyRule,
  topCustomerRule,
  topSupplierRule,
} from './counterparty.rules.js';
import { counterpartyStatusRule, statusLabel } from './counterparty-status.rules.js';

const WAN = 1_000_000;
const customer = (index: number) => ({
  taxNo: `91310000CUSTOM${String(index).padStart(4, '0')}`,
  name: `客户${index}有限公司`,
});
const supplier = (index: number) => ({
  taxNo: `91320000SUPPLY${String(index).padStart(4, '0')}`,
  name: `供应商${index}有限公司`,
});
/** One sale per entry, amounts in 万元, customer i for entry i. */
const salesOf = (wan: number[]) =>
  wan.map((amount, index) => sale({ party: customer(index), amountFen: amount * WAN }));

describe('INV_TOP_CUSTOMER_CONCENTRATION 客户集中度', () => {
  it('80 / 10 / 10 → top 80% → high; HHI = 6400 + 100 + 100 = 6600', () => {
    const finding = evaluate(topCustomerRule, { invoices: salesOf([80, 10, 10]) });
    expect(finding.level).toBe('high');
    expect(figure(finding, '第一大客户占比')).toBe(80);
    expect(figure(finding, 'HHI')).toBe(6600);
    expect(finding.evidence?.total).toBe(1);
  });

  it('50 / 25 / 25 → medium; 30 + seven of 10 → low (HHI 1600); ten of 10 → none (HHI 1000)', () => {
    expect(evaluate(topCustomerRule, { invoices: salesOf([50, 25, 25]) }).level).toBe('medium');
    const low = evaluate(topCustomerRule, { invoices: salesOf([30, 10, 10, 10, 10, 10, 10, 10]) });
    expect(figure(low, 'HHI')).toBe(1600);
    expect(low.level).toBe('low');
    expect(evaluate(topCustomerRule, { invoices: salesOf(Array(10).fill(10)) }).level).toBe('none');
  });

  it('HHI ≥ 2500 alone is medium: four customers of 25% each', () => {
    const finding = evaluate(topCustomerRule, { invoices: salesOf([25, 25, 25, 25]) });
    expect(figure(finding, 'HHI')).toBe(2500);
    expect(finding.level).toBe('medium');
  });

  it('nets red invoices: 80万 flushed by 60万 leaves 20 / 10 / 10 → 50% → medium', () => {
    const invoices = [...salesOf([80, 10, 10]), sale({ party: customer(0), amountFen: -60 * WAN })];
    expect(figure(evaluate(topCustomerRule, { invoices }), '第一大客户占比')).toBe(50);
  });

  it('supplier side works the same and is insufficient without purchases', () => {
    const invoices = [60, 20, 20].map((amount, index) => purchase({ party: supplier(index), amountFen: amount * WAN }));
    expect(evaluate(topSupplierRule, { invoices }).level).toBe('medium');
    expect(evaluate(topSupplierRule, { invoices: salesOf([1]) }).level).toBe('insufficient');
  });
});

describe('INV_NEW_LARGE_CUSTOMER 新增大客户', () => {
  const previousPeriod = { invoices: [sale({ party: customer(1), at: '2023-05-10' })], lines: [] };

  it('a customer absent last period with 20% of sales → medium', () => {
    const invoices = [
      sale({ party: customer(1), amountFen: 80 * WAN }),
      sale({ party: customer(9), amountFen: 20 * WAN }),
    ];
    const finding = evaluate(newLargeCustomerRule, { invoices, previousPeriod });
    expect(finding.level).toBe('medium');
    expect(figure(finding, '新增客户数')).toBe(1);
    expect(figure(finding, '最大新增客户占比')).toBe(20);
  });

  it('boundaries: 10% → low, 9% → none, 40% → high', () => {
    const withNew = (share: number) => [
      sale({ party: customer(1), amountFen: (100 - share) * WAN }),
      sale({ party: customer(9), amountFen: share * WAN }),
    ];
    expect(evaluate(newLargeCustomerRule, { invoices: withNew(10), previousPeriod }).level).toBe('low');
    expect(evaluate(newLargeCustomerRule, { invoices: withNew(9), previousPeriod }).level).toBe('none');
    expect(evaluate(newLargeCustomerRule, { invoices: withNew(40), previousPeriod }).level).toBe('high');
  });

  it('is insufficient without a previous period or with no previous sales', () => {
    expect(evaluate(newLargeCustomerRule, { invoices: salesOf([1]) }).missingData).toEqual(['上期发票数据']);
    const empty = evaluate(newLargeCustomerRule, {
      invoices: salesOf([1]),
      previousPeriod: { invoices: [], lines: [] },
    });
    expect(empty.level).toBe('insufficient');
  });
});

describe('INV_SELF_COUNTERPARTY 自开自受', () => {
  it('a sale to the company itself → high; by name alone too', () => {
    const self = sale({ party: { taxNo: COMPANY.taxNo, name: COMPANY.name }, amountFen: 5 * WAN });
    const finding = evaluate(selfCounterpartyRule, { invoices: [self, ...salesOf([1])] });
    expect(finding.level).toBe('high');
    expect(figure(finding, '价税合计')).toBe(5_650_000);
    const byName = purchase({ party: { taxNo: '91310000OTHERTAX01', name: COMPANY.name } });
    expect(evaluate(selfCounterpartyRule, { invoices: [byName] }).level).toBe('high');
  });

  it('ordinary counterparties → none; no invoices → insufficient', () => {
    expect(evaluate(selfCounterpartyRule, { invoices: salesOf([1, 2]) }).level).toBe('none');
    expect(evaluate(selfCounterpartyRule, {}).level).toBe('insufficient');
  });
});

describe('INV_PERSONAL_BUYER 个人抬头发票', () => {
  const people = (count: number) => times(count, () => sale({ party: { taxNo: '', name: '张伟' } }));
  const firms = (count: number) => times(count, () => sale({ party: customer(1) }));

  it('4 of 10 equal invoices to individuals → 40% > 30% → medium', () => {
    const finding = evaluate(personalBuyerRule, { invoices: [...people(4), ...firms(6)] });
    expect(figure(finding, '个人抬头金额占比')).toBe(40);
    expect(finding.level).toBe('medium');
  });

  it('exactly 30% is not over → low; 7 of 10 → high; 1 of 10 → none', () => {
    expect(evaluate(personalBuyerRule, { invoices: [...people(3), ...firms(7)] }).level).toBe('low');
    expect(evaluate(personalBuyerRule, { invoices: [...people(7), ...firms(3)] }).level).toBe('high');
    expect(evaluate(personalBuyerRule, { invoices: [...people(1), ...firms(9)] }).level).toBe('none');
  });

  it('recognises an ID-card number and "个人", not a 个体 shop, and caps 零售 at low', () => {
    const idCard = sale({ party: { taxNo: '110101199003071234', name: '李娜' } });
    const shop = sale({ party: { taxNo: '', name: '张记五金店' } });
    const literal = sale({ party: { taxNo: '', name: '个人' } });
    const finding = evaluate(personalBuyerRule, { invoices: [idCard, shop, literal, ...firms(7)] });
    expect(figure(finding, '个人抬头发票张数')).toBe(2);
    const retail = { ...COMPANY, industry: '零售业' };
    expect(evaluate(personalBuyerRule, { company: retail, invoices: [...people(8), ...firms(2)] }).level).toBe('low');
  });

  it('does not judge fewer than 10 invoices; insufficient without sales', () => {
    expect(evaluate(personalBuyerRule, { invoices: people(9) }).level).toBe('none');
    expect(evaluate(personalBuyerRule, {}).level).toBe('insufficient');
  });
});

describe('INV_COUNTERPARTY_STATUS 上下游状态', () => {
  const invoices = [sale({ party: customer(1) }), purchase({ party: supplier(1) }), purchase({ party: supplier(2) })];

  it('a 非正常户 supplier → high, with its invoices as evidence', () => {
    const statuses = new Map([
      [supplier(1).taxNo, { registration: 'abnormal' as const }],
      [customer(1).taxNo, { registration: 'normal' as const, creditLevel: 'B' as const }],
    ]);
    const finding = evaluate(counterpartyStatusRule, { invoices, counterpartyStatus: statuses });
    expect(finding.level).toBe('high');
    expect(figure(finding, '状态异常的供应商')).toBe(1);
    expect(figure(finding, '未查到状态的对方')).toBe(1);
    expect(finding.evidence?.total).toBe(1);
  });

  it('a D-level or listed customer only → medium; all normal → none', () => {
    const customerD = new Map([[customer(1).taxNo, { creditLevel: 'D' as const }]]);
    expect(evaluate(counterpartyStatusRule, { invoices, counterpartyStatus: customerD }).level).toBe('medium');
    const listed = new Map([[customer(1).taxNo, { majorViolation: true }]]);
    expect(evaluate(counterpartyStatusRule, { invoices, counterpartyStatus: listed }).level).toBe('medium');
    const normal = new Map([[supplier(2).taxNo, { registration: 'normal' as const }]]);
    expect(evaluate(counterpartyStatusRule, { invoices, counterpartyStatus: normal }).level).toBe('none');
  });

  it('is insufficient without status data or when it covers no counterparty', () => {
    expect(evaluate(counterpartyStatusRule, { invoices }).level).toBe('insufficient');
    const elsewhere = new Map([['91110000ELSEWHERE1', { registration: 'abnormal' as const }]]);
    expect(evaluate(counterpartyStatusRule, { invoices, counterpartyStatus: elsewhere }).level).toBe('insufficient');
  });

  it('labels statuses for the counterparty tables', () => {
    expect(statusLabel(undefined)).toBe('数据不足');
    expect(statusLabel({ registration: 'deregistered', creditLevel: 'D' })).toBe('注销；纳税信用D级');
    expect(statusLabel({ registration: 'normal', creditLevel: 'A' })).toBe('正常；纳税信用A级');
  });
});

describe('counterparties merged by tax number, else by normalised name', () => {
  const withNo = { taxNo: '91370100MA3TIANCH1', name: '天诚（山东）贸易有限公司' };
  const withoutNo = { taxNo: '', name: '天诚(山东) 贸易有限公司' };

  it('one customer with and without its tax number is one: 40万 + 40万 of 120万 → 66.67% → medium, 6 customers', () => {
    const invoices = [
      sale({ amountFen: 40 * WAN, party: withNo }),
      sale({ amountFen: 40 * WAN, party: withoutNo }),
      ...times(5, (index) => sale({ amountFen: 8 * WAN, party: customer(index + 1) })),
    ];
    const finding = evaluate(topCustomerRule, { invoices });
    expect(figure(finding, '客户数量')).toBe(6);
    expect(figure(finding, '第一大客户占比')).toBe(66.67);
    expect(finding.level).toBe('medium');
    expect(finding.summary).toContain('“天诚（山东）贸易有限公司”');
    expect(finding.evidence?.total).toBe(2);
  });

  it('a customer known last period by name only is not new this period under its tax number', () => {
    const finding = evaluate(newLargeCustomerRule, {
      invoices: [sale({ amountFen: 50 * WAN, party: withNo }), sale({ amountFen: 50 * WAN, party: customer(1) })],
      previousPeriod: {
        invoices: [
          sale({ at: '2023-05-10', amountFen: 30 * WAN, party: withoutNo }),
          sale({ at: '2023-06-10', amountFen: 30 * WAN, party: customer(1) }),
        ],
        lines: [],
      },
    });
    expect(figure(finding, '新增客户数')).toBe(0);
    expect(finding.level).toBe('none');
  });
});

describe('INV_PERSONAL_BUYER by count share', () => {
  it('4 of 10 invoices to individuals at 1,000元 each: amount 0.66% but count 40% → medium', () => {
    const invoices = [
      ...times(4, (index) =>
        sale({ amountFen: 100_000, party: { taxNo: '', name: ['张伟', '王芳', '李娜', '刘洋'][index]! } }),
      ),
      ...times(6, (index) => sale({ amountFen: 10 * WAN, party: customer(index + 1) })),
    ];
    const finding = evaluate(personalBuyerRule, { invoices });
    expect(figure(finding, '个人抬头金额占比')).toBe(0.66);
    expect(figure(finding, '个人抬头张数占比')).toBe(40);
    expect(finding.level).toBe('medium');
    expect(finding.summary).toContain('占张数40%');
  });
});
