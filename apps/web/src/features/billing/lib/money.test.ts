import { describe, expect, it } from 'vitest';
import { costFen, fenToYuanInput, positiveYuanToFen, yuanInputToFen, yuanText } from './money';

describe('yuan ↔ fen in forms', () => {
  it('turns typed yuan into exact integer fen, without float drift', () => {
    expect(yuanInputToFen('12.34')).toBe(1234);
    expect(yuanInputToFen('0.1')).toBe(10);
    expect(yuanInputToFen('19.99')).toBe(1999);
    expect(yuanInputToFen(0.29)).toBe(29);
    expect(yuanInputToFen(1.1)).toBe(110);
    expect(yuanInputToFen('1,000')).toBe(100_000);
    expect(yuanInputToFen(' 5 ')).toBe(500);
    // 0.1 + 0.2 in floats is 0.30000000000000004: refused rather than rounded.
    expect(yuanInputToFen(0.1 + 0.2)).toBeNull();
  });

  it('refuses what is not money', () => {
    for (const value of ['', '  ', 'abc', '1.234', '1e3', '¥5', null, undefined]) {
      expect(yuanInputToFen(value)).toBeNull();
    }
  });

  it('positive amounts only, within the limits', () => {
    expect(positiveYuanToFen('0')).toBeNull();
    expect(positiveYuanToFen('-1')).toBeNull();
    expect(positiveYuanToFen('0.01')).toBe(1);
    expect(positiveYuanToFen('0.99', { minFen: 100 })).toBeNull();
    expect(positiveYuanToFen('1', { minFen: 100 })).toBe(100);
    expect(positiveYuanToFen('100000', { maxFen: 10_000_000 })).toBe(10_000_000);
    expect(positiveYuanToFen('100000.01', { maxFen: 10_000_000 })).toBeNull();
  });

  it('fen back to the plain text a field starts with, and round-trips', () => {
    expect(fenToYuanInput(123_456)).toBe('1234.56');
    expect(fenToYuanInput(5)).toBe('0.05');
    for (const fen of [0, 1, 99, 100, 123_456, 10_000_000]) expect(yuanInputToFen(fenToYuanInput(fen))).toBe(fen);
  });

  it('shows yuan with the symbol, and a hidden balance as ******', () => {
    expect(yuanText(123_456)).toBe('¥1,234.56');
    expect(yuanText(null)).toBe('******');
  });

  it('costs count × unit price in fen', () => {
    expect(costFen(3, 29_900)).toBe(89_700);
    expect(costFen(0, 100)).toBe(0);
    expect(costFen(Number.MAX_SAFE_INTEGER, 2)).toBeNull();
  });
});
