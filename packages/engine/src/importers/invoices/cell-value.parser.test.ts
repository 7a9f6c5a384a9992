import { describe, expect, it } from 'vitest';
import { cleanText, codeOf, decimalTextOf, fenOf, plainCell, taxRateOf, textOf } from './cell-value.parser.js';

describe('fenOf: yuan to integer fen', () => {
  it.each([
    ['1234.56', 123456],
    ['1,234,567.89', 123456789],
    ['-1,130.00', -113000],
    ['0.1', 10],
    ['12', 1200],
    ['¥88.80', 8880],
    [' 7.05 ', 705],
    ['－3.50', -350],
    ['.5', 50],
  ])('text %s → %i', (text, fen) => {
    expect(fenOf(text)).toEqual({ ok: true, value: fen });
  });

  it.each([
    [1234.56, 123456],
    // 1.15 * 100 is 114.99999999999999 and 1.1 * 100 is 110.00000000000001 in floating point.
    [1.15, 115],
    [1.1, 110],
    [0.1 + 0.2, 30],
    [-11300, -1130000],
    [8.7, 870],
    [19999.99, 1999999],
  ])('number %s → %i fen without float error', (value, fen) => {
    expect(fenOf(value)).toEqual({ ok: true, value: fen });
  });

  it('treats float noise beyond the fen as rounding (…999 up, …000 down)', () => {
    expect(fenOf('2.669999999999')).toEqual({ ok: true, value: 267 });
    expect(fenOf('2.670000000001')).toEqual({ ok: true, value: 267 });
  });

  it('refuses a third decimal, words, blanks and absurd sizes', () => {
    expect(fenOf('12.345')).toEqual({ ok: false, reason: '金额最多两位小数「12.345」' });
    expect(fenOf('一千元')).toEqual({ ok: false, reason: '无法识别的金额「一千元」' });
    expect(fenOf(null)).toEqual({ ok: false, reason: '金额为空' });
    expect(fenOf('  ')).toEqual({ ok: false, reason: '金额为空' });
    expect(fenOf('12345678901234.00')).toEqual({ ok: false, reason: '金额过大「12345678901234.00」' });
    expect(fenOf(new Date(0)).ok).toBe(false);
  });
});

describe('codeOf: digits kept as text', () => {
  it('keeps text as written, including leading zeros', () => {
    expect(codeOf('032002100204', '发票代码')).toEqual({ ok: true, value: '032002100204' });
    expect(codeOf(" '01234567", '发票号码')).toEqual({ ok: true, value: '01234567' });
    expect(codeOf('="26112000000135114086"', '数电发票号码')).toEqual({ ok: true, value: '26112000000135114086' });
    expect(codeOf('\t26112000000135114086', '数电发票号码')).toEqual({ ok: true, value: '26112000000135114086' });
  });

  it('converts exact numeric cells and pads lost leading zeros when asked', () => {
    expect(codeOf(1234567, '发票号码', 8)).toEqual({ ok: true, value: '01234567' });
    expect(codeOf(3300232130, '发票代码')).toEqual({ ok: true, value: '3300232130' });
    expect(codeOf(null, '发票代码')).toEqual({ ok: true, value: null });
  });

  it('refuses a 20-digit number that became a float or scientific text', () => {
    const lost = '数电发票号码的数字已被 Excel 转为科学计数法或超过15位，位数已丢失；请将该列设为文本格式后重新导出';
    // What Excel stores when a 20-digit number is typed into a numeric cell.
    expect(codeOf(Number('26112000000135114086'), '数电发票号码')).toEqual({ ok: false, reason: lost });
    expect(codeOf('2.6112E+19', '数电发票号码')).toEqual({ ok: false, reason: lost });
  });
});

describe('taxRateOf', () => {
  it.each([
    ['13%', '13%', 1300],
    ['6%', '6%', 600],
    ['1.5%', '1.5%', 150],
    ['0.13', '0.13', 1300],
    ['0.015', '0.015', 150],
    ['9', '9', 900],
    ['0%', '0%', 0],
  ])('text %s', (cell, text, basisPoints) => {
    expect(taxRateOf(cell)).toEqual({ text, basisPoints, recognised: true });
  });

  it('writes numeric cells back as a percentage', () => {
    expect(taxRateOf(0.09)).toEqual({ text: '9%', basisPoints: 900, recognised: true });
    expect(taxRateOf(0.03)).toEqual({ text: '3%', basisPoints: 300, recognised: true });
  });

  it('knows the words that mean no rate', () => {
    expect(taxRateOf('免税')).toEqual({ text: '免税', basisPoints: null, recognised: true });
    expect(taxRateOf('不征税')).toEqual({ text: '不征税', basisPoints: null, recognised: true });
    expect(taxRateOf('***')).toEqual({ text: '***', basisPoints: null, recognised: true });
    expect(taxRateOf(null)).toEqual({ text: null, basisPoints: null, recognised: true });
    expect(taxRateOf('简易征收')).toEqual({ text: '简易征收', basisPoints: null, recognised: false });
  });
});

describe('text cells', () => {
  it('unwraps exceljs values', () => {
    expect(plainCell({ richText: [{ text: '示例' }, { text: '科技' }] })).toBe('示例科技');
    expect(plainCell({ formula: 'A1+B1', result: 11300 })).toBe(11300);
    expect(plainCell({ text: '链接', hyperlink: 'https://example.invalid' })).toBe('链接');
    expect(plainCell({ error: '#N/A' })).toBe('#N/A');
    expect(plainCell(undefined)).toBeNull();
  });

  it('trims full-width spaces and reads numbers exactly', () => {
    expect(cleanText('\u3000示例科技 ')).toBe('示例科技');
    expect(cleanText('   ')).toBeNull();
    expect(textOf(12.5)).toBe('12.5');
    expect(decimalTextOf('1,061.946902654867')).toEqual({ ok: true, value: '1061.946902654867' });
    expect(decimalTextOf(0.1 + 0.2)).toEqual({ ok: true, value: '0.30000000000000004' });
    expect(decimalTextOf('若干')).toEqual({ ok: false, reason: '不是数字「若干」' });
  });
});
