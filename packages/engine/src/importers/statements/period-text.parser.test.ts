import { describe, expect, it } from 'vitest';
import { readPeriodCell, readPeriodText } from './period-text.parser.js';

const period = (text: string) => {
  const reading = readPeriodText(text);
  return reading === null ? null : reading.ok ? reading.period : `unsupported:${reading.text}`;
};

describe('readPeriodText', () => {
  it('reads months, dates and compact forms', () => {
    expect(period('2024年3月')).toBe('2024-03');
    expect(period('2024 年 03 月')).toBe('2024-03');
    expect(period('2024.12')).toBe('2024-12');
    expect(period('2024/3/31')).toBe('2024-03');
    expect(period('2024年12月31日')).toBe('2024-12');
    expect(period('编制单位：示例科技有限公司 2024年12月31日 单位：元')).toBe('2024-12');
    expect(period('202403')).toBe('2024-03');
    expect(period('2024年3期')).toBe('2024-03');
  });

  it('reads quarters, years and spans', () => {
    expect(period('2024年第1季度')).toBe('2024-Q1');
    expect(period('2024年第四季度')).toBe('2024-Q4');
    expect(period('2024年二季度')).toBe('2024-Q2');
    expect(period('2024Q3')).toBe('2024-Q3');
    expect(period('2024-Q2')).toBe('2024-Q2');
    expect(period('2024年度')).toBe('2024');
    expect(period('2024')).toBe('2024');
    expect(period('2024年1-3月')).toBe('2024-Q1');
    expect(period('2024年1月至12月')).toBe('2024');
    expect(period('2024-04-01至2024-06-30')).toBe('2024-Q2');
    expect(period('2024年1月1日-2024年12月31日')).toBe('2024');
  });

  it('says when a span is no whole month, quarter or year', () => {
    expect(period('2024年1-6月')).toBe('unsupported:2024年1-6月');
    expect(period('2024-02-01至2024-04-30')).toBe('unsupported:2024-02-01至2024-04-30');
  });

  it('finds nothing in text without a period', () => {
    for (const text of ['资产负债表', '会企01表', '财会〔2019〕6号', '2024-13', '单位：元', ''])
      expect(period(text)).toBeNull();
  });
});

describe('readPeriodCell', () => {
  it('reads Excel dates and year numbers', () => {
    expect(readPeriodCell(new Date(Date.UTC(2024, 2, 1)))).toEqual({ ok: true, period: '2024-03' });
    expect(readPeriodCell(2024)).toEqual({ ok: true, period: '2024' });
    expect(readPeriodCell(202406)).toEqual({ ok: true, period: '2024-06' });
    expect(readPeriodCell(45474)).toEqual({ ok: true, period: '2024-07' });
    expect(readPeriodCell(3.5)).toBeNull();
  });
});
