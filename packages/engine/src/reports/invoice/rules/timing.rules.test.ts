import { describe, expect, it } from 'vitest';
import { evaluate, figure, purchase, sale, times } from '../testing/invoice.fixtures.js';
import { dayConcentrationRule, monthEndRule, nightIssueRule, weekendIssueRule } from './timing.rules.js';

describe('INV_MONTH_END 月末集中开票', () => {
  /** A month of five 1万 invoices, `late` of them on the 29th–31st of January. */
  const january = (late: number) =>
    times(5, (i) => sale({ at: i < late ? `2024-01-${29 + (i % 3)}` : `2024-01-0${i + 2}` }));

  it('3 of 5 equal invoices in the last 3 days → 60% > 50% → one month → low', () => {
    const finding = evaluate(monthEndRule, { invoices: january(3) });
    expect(finding.level).toBe('low');
    expect(figure(finding, '最高月末开票占比')).toBe(60);
    expect(figure(finding, '集中月份月末开票金额')).toBe(3_000_000);
    expect(finding.evidence?.total).toBe(3);
  });

  it('exactly 50% is not over the threshold', () => {
    const invoices = [
      ...times(2, () => sale({ at: '2024-01-30', amountFen: 2_500_000 })),
      ...times(3, (i) => sale({ at: `2024-01-1${i}`, amountFen: i === 0 ? 5_000_000 : 0 })),
    ];
    const finding = evaluate(monthEndRule, { invoices });
    expect(figure(finding, '最高月末开票占比')).toBe(50);
    expect(finding.level).toBe('none');
  });

  it('two months → medium, three → high (February 2024 ends on the 29th)', () => {
    const february = times(5, (i) => sale({ at: i < 3 ? '2024-02-27' : '2024-02-05' }));
    const march = times(5, (i) => sale({ at: i < 3 ? '2024-03-31' : '2024-03-05' }));
    expect(evaluate(monthEndRule, { invoices: [...january(3), ...february] }).level).toBe('medium');
    expect(evaluate(monthEndRule, { invoices: [...january(3), ...february, ...march] }).level).toBe('high');
  });

  it('skips months with fewer than 5 invoices, and the 26th of February 2024 is not in the last 3 days', () => {
    expect(evaluate(monthEndRule, { invoices: january(3).slice(0, 4) }).level).toBe('none');
    const february = times(5, () => sale({ at: '2024-02-26' }));
    expect(figure(evaluate(monthEndRule, { invoices: february }), '最高月末开票占比')).toBe(0);
  });

  it('is insufficient without sales invoices', () => {
    const finding = evaluate(monthEndRule, { invoices: [purchase()] });
    expect(finding.level).toBe('insufficient');
    expect(finding.missingData?.[0]).toContain('销项发票');
  });
});

describe('INV_DAY_CONCENTRATION 开票日期集中', () => {
  const spread = (count: number) => times(count, (i) => sale({ at: `2024-04-${String(i + 1).padStart(2, '0')}` }));

  it('10 invoices of 1万 on 10 days → top day 10%, top 3 days 30% → none', () => {
    const finding = evaluate(dayConcentrationRule, { invoices: spread(10) });
    expect(figure(finding, '最高单日开票占比')).toBe(10);
    expect(figure(finding, '前3日开票占比')).toBe(30);
    expect(finding.level).toBe('none');
  });

  it('9 days of 1万 plus 3万 more on the 1st → 4万 of 12万 = 33.33% > 30% → medium', () => {
    const invoices = [...spread(9), sale({ at: '2024-04-01', amountFen: 3_000_000 })];
    const finding = evaluate(dayConcentrationRule, { invoices });
    expect(figure(finding, '最高单日开票占比')).toBe(33.33);
    expect(finding.level).toBe('medium');
  });

  it('top day at exactly 30% is not over; top 3 days over 80% → high', () => {
    const exact = [
      ...times(8, (i) => sale({ at: `2024-05-${10 + i}`, amountFen: 875_000 })),
      sale({ at: '2024-05-01', amountFen: 3_000_000 }),
    ];
    // 3万 of 10万 on one day = 30%, top 3 days 3万 + 2 × 8 750 = 47.5%.
    const atBoundary = evaluate(dayConcentrationRule, {
      invoices: [...exact, sale({ at: '2024-05-30', amountFen: 0 })],
    });
    expect(figure(atBoundary, '最高单日开票占比')).toBe(30);
    expect(atBoundary.level).toBe('none');
    const heavy = [...spread(7), ...times(3, (i) => sale({ at: `2024-06-0${i + 1}`, amountFen: 12_000_000 }))];
    const finding = evaluate(dayConcentrationRule, { invoices: heavy });
    expect(figure(finding, '前3日开票占比')).toBe(83.72);
    expect(finding.level).toBe('high');
  });

  it('fewer than 10 invoices → not judged', () => {
    const finding = evaluate(dayConcentrationRule, { invoices: spread(9) });
    expect(finding.level).toBe('none');
    expect(finding.summary).toContain('少于10张');
  });

  it('is insufficient without sales invoices', () => {
    expect(evaluate(dayConcentrationRule, {}).level).toBe('insufficient');
  });
});

describe('INV_NIGHT_ISSUE 夜间开票', () => {
  const day = (count: number) => times(count, () => sale({ at: '2024-03-12 10:00:00' }));

  it('1 of 20 at 02:30 → 5% → low; 04:59:59 counts, 05:00:00 does not', () => {
    const finding = evaluate(nightIssueRule, { invoices: [...day(19), sale({ at: '2024-03-12 02:30:00' })] });
    expect(finding.level).toBe('low');
    expect(figure(finding, '夜间开票占比')).toBe(5);
    expect(evaluate(nightIssueRule, { invoices: [sale({ at: '2024-03-12 04:59:59' })] }).level).toBe('low');
    expect(evaluate(nightIssueRule, { invoices: [sale({ at: '2024-03-12 05:00:00' })] }).level).toBe('none');
  });

  it('3 night invoices → medium; 10 of 100 (10%) → high; 10 of 101 → medium', () => {
    const night = (count: number) => times(count, () => sale({ at: '2024-03-12 01:00:00' }));
    expect(evaluate(nightIssueRule, { invoices: [...day(50), ...night(3)] }).level).toBe('medium');
    expect(evaluate(nightIssueRule, { invoices: [...day(90), ...night(10)] }).level).toBe('high');
    expect(evaluate(nightIssueRule, { invoices: [...day(91), ...night(10)] }).level).toBe('medium');
  });

  it('is insufficient when the export had no times, and ignores untimed invoices otherwise', () => {
    const untimed = times(5, () => sale({ at: '2024-03-12 00:00:00', hasTime: false }));
    const finding = evaluate(nightIssueRule, { invoices: untimed });
    expect(finding.level).toBe('insufficient');
    expect(finding.missingData?.[0]).toContain('开票时间');
    const mixed = evaluate(nightIssueRule, { invoices: [...untimed, ...day(2)] });
    expect(mixed.level).toBe('none');
    expect(mixed.summary).toContain('另有5张无时间');
  });
});

describe('INV_WEEKEND_ISSUE 周末及节假日开票', () => {
  // 2024-03-16 is a Saturday, 2024-03-13 a Wednesday.
  const mix = (weekend: number, weekday: number) => [
    ...times(weekend, () => sale({ at: '2024-03-16' })),
    ...times(weekday, () => sale({ at: '2024-03-13' })),
  ];

  it('3 of 10 on a Saturday → 30% → low; 5 of 10 → medium; 2 of 10 → none', () => {
    expect(figure(evaluate(weekendIssueRule, { invoices: mix(3, 7) }), '非工作日开票金额占比')).toBe(30);
    expect(evaluate(weekendIssueRule, { invoices: mix(3, 7) }).level).toBe('low');
    expect(evaluate(weekendIssueRule, { invoices: mix(5, 5) }).level).toBe('medium');
    expect(evaluate(weekendIssueRule, { invoices: mix(2, 8) }).level).toBe('none');
  });

  it('uses the calendar: a 调休 Saturday is a workday, a weekday holiday is not', () => {
    const calendar = { workdays: ['2024-03-16'], holidays: ['2024-03-13'] };
    const finding = evaluate(weekendIssueRule, { invoices: mix(3, 7), calendar });
    expect(figure(finding, '非工作日开票金额占比')).toBe(70);
    expect(finding.summary).not.toContain('未提供节假日日历');
  });

  it('does not judge fewer than 10 invoices and is insufficient without sales', () => {
    expect(evaluate(weekendIssueRule, { invoices: mix(9, 0) }).level).toBe('none');
    expect(evaluate(weekendIssueRule, {}).level).toBe('insufficient');
  });
});
