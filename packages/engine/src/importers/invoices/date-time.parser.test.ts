import { describe, expect, it } from 'vitest';
import { fromExcelSerial, issuedAtOf } from './date-time.parser.js';

describe('issuedAtOf', () => {
  it.each([
    ['2026-07-14 17:22:15', '2026-07-14 17:22:15', true],
    ['2026-07-14', '2026-07-14 00:00:00', false],
    ['2026/7/4', '2026-07-04 00:00:00', false],
    ['2026/7/4 9:05', '2026-07-04 09:05:00', true],
    ['2026.07.04', '2026-07-04 00:00:00', false],
    ['2026年7月4日', '2026-07-04 00:00:00', false],
    ['2026-07-14T17:22:15', '2026-07-14 17:22:15', true],
    ['20260714', '2026-07-14 00:00:00', false],
  ])('text %s', (cell, text, hasTime) => {
    expect(issuedAtOf(cell)).toEqual({ ok: true, value: { text, hasTime } });
  });

  it('reads exceljs dates by their UTC fields (the wall clock)', () => {
    expect(issuedAtOf(new Date(Date.UTC(2026, 2, 14, 23, 5, 9)))).toEqual({
      ok: true,
      value: { text: '2026-03-14 23:05:09', hasTime: true },
    });
    expect(issuedAtOf(new Date(Date.UTC(2026, 2, 14)))).toEqual({
      ok: true,
      value: { text: '2026-03-14 00:00:00', hasTime: false },
    });
  });

  it('reads Excel serial numbers, rounding float noise to the second', () => {
    expect(fromExcelSerial(46095)).toEqual({ ok: true, value: { text: '2026-03-14 00:00:00', hasTime: false } });
    expect(issuedAtOf(46095.75)).toEqual({ ok: true, value: { text: '2026-03-14 18:00:00', hasTime: true } });
    expect(issuedAtOf(46095 + (17 * 3600 + 22 * 60 + 15) / 86400)).toEqual({
      ok: true,
      value: { text: '2026-03-14 17:22:15', hasTime: true },
    });
  });

  it('refuses what is not a date', () => {
    expect(issuedAtOf('2026-02-30')).toEqual({ ok: false, reason: '日期不存在「2026-02-30」' });
    expect(issuedAtOf('2026-07-14 25:00:00')).toEqual({ ok: false, reason: '日期不存在「2026-07-14 25:00:00」' });
    expect(issuedAtOf('下周一')).toEqual({ ok: false, reason: '无法识别的日期「下周一」' });
    expect(issuedAtOf('1899-12-31')).toEqual({ ok: false, reason: '日期年份超出范围（1899年）「1899-12-31」' });
    expect(issuedAtOf(null)).toEqual({ ok: false, reason: '开票日期为空' });
    expect(issuedAtOf(12)).toEqual({ ok: false, reason: '无法识别的日期' });
  });
});
