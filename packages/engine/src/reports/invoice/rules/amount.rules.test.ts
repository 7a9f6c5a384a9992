import { describe, expect, it } from 'vitest';
import { COMPANY, evaluate, figure, purchase, sale, times } from '../testing/invoice.fixtures.js';
import { largeSingleRule, nearLimitRule, roundAmountRule, splitSameAmountRule } from './amount.rules.js';

const WAN = 1_000_000;

describe('INV_NEAR_LIMIT 顶额开票', () => {
  const invoices = (near: number, normal: number, nearFen = 95 * WAN) => [
    ...times(near, () => sale({ amountFen: nearFen })),
    ...times(normal, () => sale({ amountFen: 20 * WAN })),
  ];

  it('3 of 10 invoices above 90% of 100万 → 30% → high', () => {
    const finding = evaluate(nearLimitRule, { invoices: invoices(3, 7), invoiceLimitFen: 100 * WAN });
    expect(finding.level).toBe('high');
    expect(figure(finding, '顶额发票张数')).toBe(3);
    expect(figure(finding, '顶额发票占比')).toBe(30);
    expect(figure(finding, '单张限额')).toBe(100 * WAN);
    expect(finding.evidence?.total).toBe(3);
  });

  it('2 of 10 → 20% → medium; 1 of 10 → 10% → medium; 1 of 11 → 9.09% → low', () => {
    expect(evaluate(nearLimitRule, { invoices: invoices(2, 8), invoiceLimitFen: 100 * WAN }).level).toBe('medium');
    expect(evaluate(nearLimitRule, { invoices: invoices(1, 9), invoiceLimitFen: 100 * WAN }).level).toBe('medium');
    expect(evaluate(nearLimitRule, { invoices: invoices(1, 10), invoiceLimitFen: 100 * WAN }).level).toBe('low');
  });

  it('exactly 90万 counts, 89.99万 does not, and amounts above the limit are reported apart', () => {
    expect(evaluate(nearLimitRule, { invoices: invoices(1, 0, 90 * WAN), invoiceLimitFen: 100 * WAN }).level).toBe(
      'high',
    );
    expect(evaluate(nearLimitRule, { invoices: invoices(1, 0, 90 * WAN - 1), invoiceLimitFen: 100 * WAN }).level).toBe(
      'none',
    );
    const above = evaluate(nearLimitRule, { invoices: invoices(1, 0, 120 * WAN), invoiceLimitFen: 100 * WAN });
    expect(above.level).toBe('none');
    expect(above.summary).toContain('1张超过所给限额');
  });

  it('infers the limit from the largest invoice and says so: max 9.6万 → 10万', () => {
    const finding = evaluate(nearLimitRule, {
      invoices: [...times(4, () => sale({ amountFen: 9.6 * WAN })), ...times(6, () => sale({ amountFen: 2 * WAN }))],
    });
    expect(figure(finding, '推断的单张限额')).toBe(10 * WAN);
    expect(finding.level).toBe('high');
    expect(finding.threshold).toContain('按最大单张金额推断');
  });

  it('infers 1000万 for a 150万 invoice, and is insufficient at 1000万 or more without a limit', () => {
    expect(
      figure(
        evaluate(nearLimitRule, { invoices: invoices(0, 3, 0).concat(sale({ amountFen: 150 * WAN })) }),
        '推断的单张限额',
      ),
    ).toBe(1000 * WAN);
    const finding = evaluate(nearLimitRule, { invoices: [sale({ amountFen: 1000 * WAN })] });
    expect(finding.level).toBe('insufficient');
    expect(finding.missingData?.[0]).toContain('开票限额');
    expect(evaluate(nearLimitRule, {}).level).toBe('insufficient');
  });
});

describe('INV_SPLIT_SAME_AMOUNT 同一对方短期同额多张', () => {
  const same = (days: string[], options = {}) => days.map((day) => sale({ at: day, amountFen: 5 * WAN, ...options }));

  it('3 invoices of 5.65万 to one customer within 45 days → 1 group → medium', () => {
    const finding = evaluate(splitSameAmountRule, { invoices: same(['2024-03-01', '2024-03-20', '2024-04-15']) });
    expect(finding.level).toBe('medium');
    expect(figure(finding, '销项同额组数')).toBe(1);
    expect(figure(finding, '涉及价税合计')).toBe(3 * 5_650_000);
  });

  it('46 days between first and third → no group; two invoices → no group', () => {
    expect(evaluate(splitSameAmountRule, { invoices: same(['2024-03-01', '2024-03-20', '2024-04-16']) }).level).toBe(
      'none',
    );
    expect(evaluate(splitSameAmountRule, { invoices: same(['2024-03-01', '2024-03-02']) }).level).toBe('none');
  });

  it('different customers or amounts under 1万 do not group; 3 groups on both sides → high', () => {
    const others = ['A', 'B', 'C'].map((letter) =>
      sale({ at: '2024-03-01', amountFen: 5 * WAN, party: { taxNo: `91310000OTHER0000${letter}`, name: letter } }),
    );
    expect(evaluate(splitSameAmountRule, { invoices: others }).level).toBe('none');
    expect(evaluate(splitSameAmountRule, { invoices: times(3, () => sale({ amountFen: 800_000 })) }).level).toBe(
      'none',
    );
    const groups = [
      ...same(['2024-03-01', '2024-03-02', '2024-03-03']),
      ...same(['2024-07-01', '2024-07-02', '2024-07-03'], { amountFen: 6 * WAN }),
      ...['2024-05-01', '2024-05-02', '2024-05-03'].map((day) => purchase({ at: day, amountFen: 5 * WAN })),
    ];
    const finding = evaluate(splitSameAmountRule, { invoices: groups });
    expect(finding.level).toBe('high');
    expect(figure(finding, '进项同额组数')).toBe(1);
  });

  it('is insufficient without invoices', () => {
    expect(evaluate(splitSameAmountRule, {}).level).toBe('insufficient');
  });
});

describe('INV_ROUND_AMOUNT 整数金额发票', () => {
  /** 2万 + 1万 tax = 3万, a whole thousand; 1万 + 13% = 1.13万 is not. */
  const round = (count: number) => times(count, () => sale({ amountFen: 2_000_000, taxFen: 1_000_000 }));
  const odd = (count: number) => times(count, () => sale({ amountFen: 1_000_000 }));

  it('3 of 10 sales with totals of 3万 → 30% → medium', () => {
    const finding = evaluate(roundAmountRule, { invoices: [...round(3), ...odd(7)] });
    expect(figure(finding, '销项整数金额占比')).toBe(30);
    expect(finding.level).toBe('medium');
  });

  it('boundaries: 15% → low, 14.29% → none, 60% → high', () => {
    expect(evaluate(roundAmountRule, { invoices: [...round(3), ...odd(17)] }).level).toBe('low');
    expect(evaluate(roundAmountRule, { invoices: [...round(2), ...odd(12)] }).level).toBe('none');
    expect(evaluate(roundAmountRule, { invoices: [...round(6), ...odd(4)] }).level).toBe('high');
  });

  it('judges each side with at least 10 invoices and takes the worse one', () => {
    const purchases = times(10, (i) => purchase({ amountFen: 2_000_000, taxFen: i < 7 ? 1_000_000 : 5 }));
    const finding = evaluate(roundAmountRule, { invoices: [...round(5), ...purchases] });
    expect(finding.summary).toContain('销项不足10张未判断');
    expect(figure(finding, '进项整数金额占比')).toBe(70);
    expect(finding.level).toBe('high');
    expect(evaluate(roundAmountRule, {}).level).toBe('insufficient');
  });
});

describe('INV_LARGE_SINGLE 单张大额发票', () => {
  const big = (count: number, totalFen: number) =>
    times(count, () => sale({ amountFen: totalFen - 1_000, taxFen: 1_000 }));

  it('商贸: one invoice of 100万 + 1分 → low; exactly 100万 → none', () => {
    expect(evaluate(largeSingleRule, { invoices: big(1, 100 * WAN + 1) }).level).toBe('low');
    expect(evaluate(largeSingleRule, { invoices: big(1, 100 * WAN) }).level).toBe('none');
  });

  it('3 → medium, 10 → high; 建筑业 uses 300万', () => {
    expect(evaluate(largeSingleRule, { invoices: big(3, 150 * WAN) }).level).toBe('medium');
    expect(evaluate(largeSingleRule, { invoices: big(10, 150 * WAN) }).level).toBe('high');
    const construction = { ...COMPANY, industry: '房屋建筑业' };
    const finding = evaluate(largeSingleRule, { company: construction, invoices: big(3, 250 * WAN) });
    expect(finding.level).toBe('none');
    expect(figure(finding, '适用单张标准')).toBe(300 * WAN);
  });

  it('says when the industry is unknown and is insufficient without sales', () => {
    const finding = evaluate(largeSingleRule, {
      company: { taxNo: COMPANY.taxNo, name: COMPANY.name },
      invoices: big(1, 50 * WAN),
    });
    expect(finding.summary).toContain('行业未识别');
    expect(evaluate(largeSingleRule, {}).level).toBe('insufficient');
  });
});
