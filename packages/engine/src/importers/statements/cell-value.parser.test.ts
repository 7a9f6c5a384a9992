import { describe, expect, it } from 'vitest';
import { cellText, decimalTextToFen, readAmount, unitFenFromText } from './cell-value.parser.js';

const fen = (value: unknown, unitFen?: number) => {
  const reading = readAmount(value, unitFen);
  return reading.kind === 'amount' ? reading.fen : reading.kind;
};

describe('readAmount', () => {
  it('turns numbers into exact fen', () => {
    expect(fen(1234.56)).toBe(123456);
    expect(fen(0.1 + 0.2)).toBe(30);
    expect(fen(1.005)).toBe(101);
    expect(fen(-99.99)).toBe(-9999);
    expect(fen(2.2737367544323206e-13)).toBe(0);
    expect(fen(123456789012.34)).toBe(12345678901234);
    expect(fen(1e21)).toBe('invalid');
  });

  it('reads text with separators, brackets and signs', () => {
    expect(fen('1,234,567.89')).toBe(123456789);
    expect(fen(' ¥12,000 ')).toBe(1200000);
    expect(fen('(1,234.50)')).toBe(-123450);
    expect(fen('（1,234.50）')).toBe(-123450);
    expect(fen('-1234.5')).toBe(-123450);
    expect(fen('－８８.１')).toBe(-8810);
    expect(fen('1234.567')).toBe(123457);
    expect(fen('.5')).toBe(50);
  });

  it('treats dashes and blanks as nothing and rejects other text', () => {
    for (const blank of [null, undefined, '', '  ', '-', '--', '—', '－']) expect(fen(blank)).toBe('empty');
    for (const bad of ['abc', '12a', '1.2.3', '(-5)', true]) expect(fen(bad)).toBe('invalid');
    expect(fen(new Date('2024-01-01'))).toBe('invalid');
    expect(fen({ error: '#DIV/0!' })).toBe('invalid');
  });

  it('reads formula results and notices formulas without one', () => {
    expect(fen({ formula: 'B5+B6', result: 123.45 })).toBe(12345);
    expect(fen({ sharedFormula: 'C5', result: '1,000' })).toBe(100000);
    expect(fen({ formula: 'B5+B6' })).toBe('no-result');
    expect(fen({ richText: [{ text: '1,0' }, { text: '00.5' }] })).toBe(100050);
  });

  it('scales by the unit', () => {
    expect(fen(12.3456, 1_000_000)).toBe(12345600);
    expect(fen('1.5', 100_000)).toBe(150000);
    expect(unitFenFromText('编制单位：示例 单位：万元')).toBe(1_000_000);
    expect(unitFenFromText('单位：人民币元')).toBe(100);
    expect(unitFenFromText('资产负债表')).toBeNull();
  });
});

describe('decimalTextToFen', () => {
  it('rounds half away from zero at the third decimal', () => {
    expect(decimalTextToFen('0.005')).toBe(1);
    expect(decimalTextToFen('-0.005')).toBe(-1);
    expect(decimalTextToFen('0.0049')).toBe(0);
    expect(decimalTextToFen('-0.004')).toBe(0);
    expect(decimalTextToFen('+7')).toBe(700);
    expect(decimalTextToFen('')).toBeNull();
    expect(decimalTextToFen('99999999999999999')).toBeNull();
  });
});

describe('cellText', () => {
  it('reads every kind of cell as text', () => {
    expect(cellText('  货币资金 ')).toBe('货币资金');
    expect(cellText(12)).toBe('12');
    expect(cellText({ formula: 'A1', result: '资产' })).toBe('资产');
    expect(cellText({ text: '链接', hyperlink: 'http://x' })).toBe('链接');
    expect(cellText(new Date('2024-12-31T00:00:00Z'))).toBe('2024-12-31');
    expect(cellText(null)).toBe('');
  });
});
