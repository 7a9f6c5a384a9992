import { describe, expect, it } from 'vitest';
import { COMPANY, evaluate, figure, purchase, sale, times } from '../testing/invoice.fixtures.js';
import { largeSingleRule, nearLimitRule, roundAmountRule, splitSameAmountRule } from './amount.rules.js';

const WAN = 1_000_000;

/** A 税控 (old-system) 专票: 10-digit code, 8-digit number, no 数电 number. */
let controlledSeq = 0;
const controlled = (options: Parameters<typeof sale>[0] = {}) => {
  controlledSeq += 1;
  return sale({
    digitalNumber: null,
    code: '3100241130',
    number: String(20_000_000 + controlledSeq),
    kindCode: '01',
    kindText: '增值税专用发票',
    source: '增值税发票管理系统',
    ...options,
  });
};

describe('INV_NEAR_LIMIT 顶额开票', () => {
  const invoices = (near: number, normal: number, nearFen = 95 * WAN) => [
    ...times(near, () => controlled({ amountFen: nearFen })),
    ...times(normal, () => controlled({ amountFen: 20 * WAN })),
  ];

  it('3 of 10 税控 invoices above 90% of 100万 → 30% → high', () => {
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
    expect(above.summary).toContain('1张超过所填限额');
  });

  it('never infers the limit from the largest invoice: without a limit it is 数据不足, whatever the amounts', () => {
    const finding = evaluate(nearLimitRule, {
      invoices: [
        ...times(4, () => controlled({ amountFen: 9.6 * WAN })),
        ...times(6, () => controlled({ amountFen: 2 * WAN })),
      ],
    });
    expect(finding.level).toBe('insufficient');
    expect(finding.missingData?.[0]).toContain('本期有10张税控系统开具的销项发票');
    expect(figure(finding, '推断的单张限额')).toBeUndefined();
  });

  it('数电 invoices have no per-invoice limit: all 数电 → 不适用 (none), even with a limit and amounts at 96%', () => {
    const digital = times(5, () => sale({ amountFen: 9.6 * WAN }));
    const finding = evaluate(nearLimitRule, { invoices: digital, invoiceLimitFen: 10 * WAN });
    expect(finding.level).toBe('none');
    expect(finding.summary).toContain('不适用');
    expect(finding.evidence).toBeNull();
  });

  it('mixed: only the 税控 invoices are judged; 1 of 2 税控 near 10万 → 50% → high, 3 数电 named apart', () => {
    const mixed = [
      controlled({ amountFen: 9.5 * WAN }),
      controlled({ amountFen: 2 * WAN }),
      ...times(3, () => sale({ amountFen: 9.8 * WAN })),
    ];
    const finding = evaluate(nearLimitRule, { invoices: mixed, invoiceLimitFen: 10 * WAN });
    expect(figure(finding, '税控销项发票张数')).toBe(2);
    expect(figure(finding, '顶额发票占比')).toBe(50);
    expect(finding.level).toBe('high');
    expect(finding.summary).toContain('另有3张数电发票');
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

describe('INV_SPLIT_SAME_AMOUNT on real-data shapes', () => {
  it('a fully red-flushed invoice and its reissue count once: 2 + reissue of 5.65万 in 30 days → no group', () => {
    const first = sale({ at: '2024-03-01', amountFen: 5 * WAN });
    const flushed = sale({ at: '2024-03-10', amountFen: 5 * WAN, status: 'red_full', statusText: '已红冲-全额' });
    const red = sale({ at: '2024-03-12', amountFen: -5 * WAN, redOfNumber: flushed.digitalNumber });
    const reissued = sale({ at: '2024-03-12', amountFen: 5 * WAN });
    const finding = evaluate(splitSameAmountRule, { invoices: [first, flushed, red, reissued] });
    expect(finding.level).toBe('none');
    expect(figure(finding, '已全额红冲未计入的发票')).toBe(1);
  });

  it('a blue flushed by reds summing to it (no status) is not counted either', () => {
    const blue = sale({ at: '2024-03-05', amountFen: 5 * WAN });
    const reds = [3, 2].map((wan) =>
      sale({ at: '2024-03-20', amountFen: -wan * WAN, redOfNumber: blue.digitalNumber }),
    );
    const others = [sale({ at: '2024-03-01', amountFen: 5 * WAN }), sale({ at: '2024-03-25', amountFen: 5 * WAN })];
    expect(evaluate(splitSameAmountRule, { invoices: [blue, ...reds, ...others] }).level).toBe('none');
  });

  it('monthly lease invoices (不动产经营租赁, one a month) are not splitting; the same without lease evidence is', () => {
    const days = ['2024-01-28', '2024-02-26', '2024-03-05'];
    const lease = days.map((at) => purchase({ at, amountFen: 5 * WAN, remark: `${at.slice(5, 7)}月房屋租金` }));
    const finding = evaluate(splitSameAmountRule, { invoices: lease });
    expect(finding.level).toBe('none');
    expect(figure(finding, '按月租赁或服务发票组数')).toBe(1);
    const bare = days.map((at) => purchase({ at, amountFen: 5 * WAN }));
    expect(evaluate(splitSameAmountRule, { invoices: bare }).level).toBe('medium');
  });

  it('one customer with and without its tax number, 天诚（山东） / 天诚(山东), is one party: 3 invoices → medium', () => {
    const withNo = { taxNo: '91370100MA3TIANCH1', name: '天诚（山东）贸易有限公司' };
    const withoutNo = { taxNo: '', name: '天诚(山东)贸易有限公司' };
    const invoices = [
      sale({ at: '2024-05-02', amountFen: 5 * WAN, party: withNo }),
      sale({ at: '2024-05-09', amountFen: 5 * WAN, party: withoutNo }),
      sale({ at: '2024-05-16', amountFen: 5 * WAN, party: { ...withoutNo, name: '天诚 (山东)贸易有限公司' } }),
    ];
    expect(evaluate(splitSameAmountRule, { invoices }).level).toBe('medium');
  });
});
