import { describe, expect, it } from 'vitest';
import { evaluate, figure, purchase, sale, times } from '../testing/invoice.fixtures.js';
import { crossYearRedRule, redRatioRule, voidRatioRule } from './red-void.rules.js';

const WAN = 1_000_000;
const blues = (count: number) => times(count, () => sale({ amountFen: 10 * WAN }));

describe('INV_RED_RATIO 红冲比例', () => {
  it('10万 red against 100万 blue → 10% → medium', () => {
    const finding = evaluate(redRatioRule, { invoices: [...blues(10), sale({ amountFen: -10 * WAN })] });
    expect(finding.level).toBe('medium');
    expect(figure(finding, '红字金额（绝对值）')).toBe(10 * WAN);
    expect(figure(finding, '红冲金额比例')).toBe(10);
    expect(finding.evidence?.total).toBe(1);
  });

  it('boundaries: 5% → low, 4.99% → none, 20% → high', () => {
    expect(evaluate(redRatioRule, { invoices: [...blues(10), sale({ amountFen: -5 * WAN })] }).level).toBe('low');
    expect(evaluate(redRatioRule, { invoices: [...blues(10), sale({ amountFen: -5 * WAN + 100 })] }).level).toBe(
      'none',
    );
    expect(evaluate(redRatioRule, { invoices: [...blues(10), sale({ amountFen: -20 * WAN })] }).level).toBe('high');
  });

  it('leaves void red invoices and purchases out; insufficient without sales', () => {
    const invoices = [...blues(10), sale({ amountFen: -20 * WAN, status: 'void' }), purchase({ amountFen: -50 * WAN })];
    expect(evaluate(redRatioRule, { invoices }).level).toBe('none');
    expect(evaluate(redRatioRule, {}).level).toBe('insufficient');
  });
});

describe('INV_VOID_RATIO 作废比例', () => {
  const withVoid = (voided: number, normal: number) => [
    ...times(voided, () =>
      sale({ status: 'void', statusText: '已作废', digitalNumber: null, code: '031002300111', number: '00000001' }),
    ),
    ...blues(normal),
  ];

  it('2 of 20 void → 10% → medium, with the void amount', () => {
    const finding = evaluate(voidRatioRule, { invoices: withVoid(2, 18) });
    expect(finding.level).toBe('medium');
    expect(figure(finding, '作废张数比例')).toBe(10);
    expect(figure(finding, '作废金额')).toBe(2 * WAN);
  });

  it('boundaries: 1 of 20 → 5% → low, 1 of 21 → none, 4 of 20 → high', () => {
    expect(evaluate(voidRatioRule, { invoices: withVoid(1, 19) }).level).toBe('low');
    expect(evaluate(voidRatioRule, { invoices: withVoid(1, 20) }).level).toBe('none');
    expect(evaluate(voidRatioRule, { invoices: withVoid(4, 16) }).level).toBe('high');
  });

  it('notes that 数电 invoices cannot be voided; insufficient without sales', () => {
    expect(evaluate(voidRatioRule, { invoices: blues(3) }).summary).toContain('数电发票不能作废');
    expect(evaluate(voidRatioRule, { invoices: [purchase()] }).level).toBe('insufficient');
  });
});

describe('INV_CROSS_YEAR_RED 跨年度红冲', () => {
  const blue2023 = sale({ at: '2023-11-20', amountFen: 60 * WAN });
  const redOf = (number: string | null, amountFen: number, at = '2024-02-10') =>
    sale({ at, amountFen, redOfNumber: number });

  it('a 2024 red of a 2023 blue found in the previous period, 50万 → high', () => {
    const finding = evaluate(crossYearRedRule, {
      invoices: [...blues(3), redOf(blue2023.digitalNumber, -50 * WAN)],
      previousPeriod: { invoices: [blue2023], lines: [] },
    });
    expect(finding.level).toBe('high');
    expect(figure(finding, '跨年度红冲金额')).toBe(50 * WAN);
  });

  it('reads the year from a 20-digit number when the blue invoice is not in the data: 10万 → medium, 9.99万 → low', () => {
    expect(
      evaluate(crossYearRedRule, { invoices: [...blues(1), redOf('23310000000000012345', -10 * WAN)] }).level,
    ).toBe('medium');
    expect(
      evaluate(crossYearRedRule, { invoices: [...blues(1), redOf('23310000000000012345', -10 * WAN + 1)] }).level,
    ).toBe('low');
  });

  it('a red of a same-year blue → none; no red at all → none', () => {
    const blue = blues(1)[0]!;
    expect(evaluate(crossYearRedRule, { invoices: [blue, redOf(blue.digitalNumber, -WAN)] }).level).toBe('none');
    expect(evaluate(crossYearRedRule, { invoices: blues(2) }).summary).toBe('本期无销项红字发票。');
  });

  it('is insufficient when no red invoice names its blue invoice; partly linked reds are noted', () => {
    const finding = evaluate(crossYearRedRule, { invoices: [...blues(1), redOf(null, -WAN)] });
    expect(finding.level).toBe('insufficient');
    const partly = evaluate(crossYearRedRule, {
      invoices: [...blues(1), redOf(null, -WAN), redOf('23310000000000012345', -WAN)],
    });
    expect(figure(partly, '无法关联蓝票的红字发票')).toBe(1);
    expect(partly.level).toBe('low');
  });
});
