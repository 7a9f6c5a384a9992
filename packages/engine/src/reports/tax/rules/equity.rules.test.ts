import { describe, expect, it } from 'vitest';
import { balance, figure, income, run, TEST_COMPANY, wan } from '../testing/tax.fixtures.js';
import {
  capitalNotPaidRule,
  negativeEquityRule,
  otherPayablesLargeRule,
  otherReceivablesShareholderRule,
  undistributedProfitRule,
} from './equity.rules.js';

describe('TAX_OTHER_RECEIVABLES_SHAREHOLDER 其他应收款较大', () => {
  const at = (other: number, capital = 1000) =>
    run(otherReceivablesShareholderRule, [
      balance('2024', { otherReceivables: other, totalAssets: 1000, paidInCapital: capital }),
    ]).level;

  it('9% of assets none; 10% low; 20% medium; 15% of assets but 50% of capital medium', () => {
    expect(at(90)).toBe('none');
    expect(at(100)).toBe('low');
    expect(at(200)).toBe('medium');
    expect(at(150, 300)).toBe('medium');
  });

  it('large at two year-ends in a row (not repaid over the year end) → high', () => {
    const finding = run(otherReceivablesShareholderRule, [
      balance('2023', { otherReceivables: 250, totalAssets: 1000, paidInCapital: 1000 }),
      balance('2024', { otherReceivables: 250, totalAssets: 1000, paidInCapital: 1000 }),
    ]);
    expect(finding.level).toBe('high');
    expect(figure(finding, '2023年度末其他应收款')).toBe(wan(250));
  });

  it('mid-year balances are never high: the 158号 test is at the year end', () => {
    const finding = run(
      otherReceivablesShareholderRule,
      [
        balance('2023-Q2', { otherReceivables: 250, totalAssets: 1000, paidInCapital: 1000 }),
        balance('2024-Q2', { otherReceivables: 250, totalAssets: 1000, paidInCapital: 1000 }),
      ],
      { period: { start: '2024-01', end: '2024-06' } },
    );
    expect(finding.level).toBe('medium');
  });
});

describe('TAX_UNDISTRIBUTED_PROFIT 未分配利润较高且未分配', () => {
  const at = (closingProfit: number, capital = 900, net = 1000) =>
    run(undistributedProfitRule, [
      balance('2023', { undistributedProfit: 1000, surplusReserve: 100 }),
      balance('2024', { undistributedProfit: closingProfit, surplusReserve: 110, paidInCapital: capital }),
      income('2024', { netProfit: net }),
    ]);

  it('1000 + 1000 − 10 − 1900 = 90 distributed (9% of profit) → none', () => {
    const finding = at(1900);
    expect(finding.level).toBe('none');
    expect(figure(finding, '2024年度估算分配额')).toBe(wan(90));
  });

  it('nothing distributed, 1990 = 2.21 × capital → low; with capital 600 (3.32×) → medium', () => {
    expect(at(1990).level).toBe('low');
    expect(at(1990, 600).level).toBe('medium');
  });

  it('a loss year is not flagged', () => {
    expect(at(990, 100, -10).level).toBe('none');
  });
});

describe('TAX_CAPITAL_NOT_PAID 注册资本未足额实缴', () => {
  const registered = { company: { ...TEST_COMPANY, registeredCapitalFen: wan(1000) } };
  const at = (paid: number, costs: Record<string, number>) =>
    run(capitalNotPaidRule, [balance('2024', { paidInCapital: paid }), income('2024', costs)], registered);

  it('300 of 1000万 paid with interest → medium (国税函〔2009〕312号); without interest → low; fully paid → none', () => {
    const medium = at(300, { financialExpenses: 5 });
    expect(medium.level).toBe('medium');
    expect(figure(medium, '未缴足金额')).toBe(wan(700));
    expect(at(300, { financialExpenses: 0 }).level).toBe('low');
    expect(at(300, { financialExpenses: 5, interestExpenses: 0 }).level).toBe('low');
    expect(at(1000, { financialExpenses: 5 }).level).toBe('none');
  });

  it('is insufficient without the registered capital', () => {
    const finding = run(capitalNotPaidRule, [balance('2024', { paidInCapital: 300 })]);
    expect(finding.missingData).toEqual(['注册资本（工商登记信息）']);
  });
});

describe('TAX_OTHER_PAYABLES_LARGE 其他应付款较大', () => {
  const at = (payables: number) =>
    run(otherPayablesLargeRule, [balance('2024', { otherPayables: payables, totalAssets: 1000 })]).level;

  it('14.9% none; 15% low; 30% medium', () => {
    expect(at(149)).toBe('none');
    expect(at(150)).toBe('low');
    expect(at(300)).toBe('medium');
  });
});

describe('TAX_NEGATIVE_EQUITY 资不抵债', () => {
  const at = (items: Record<string, number>) => run(negativeEquityRule, [balance('2024', items)]);

  it('equity −1万 → high; assets 100 − liabilities 150 without a total line → −50 → high', () => {
    expect(at({ totalEquity: -1 }).level).toBe('high');
    const derived = at({ totalAssets: 100, totalLiabilities: 150 });
    expect(derived.level).toBe('high');
    expect(figure(derived, '2024年度末所有者权益')).toBe(wan(-50));
  });

  it('equity 400 under half of a 1000万 capital → low; 600 → none', () => {
    expect(at({ totalEquity: 400, paidInCapital: 1000 }).level).toBe('low');
    expect(at({ totalEquity: 600, paidInCapital: 1000 }).level).toBe('none');
  });
});
