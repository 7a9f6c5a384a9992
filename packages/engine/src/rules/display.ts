/** Display helpers for figures and summaries; the arithmetic stays in integer fen and raw ratios. */

/** A ratio (0.3) as a percentage rounded to two decimals (30). */
export function percent(ratio: number): number {
  // `+ 0` turns -0 into 0 so figures survive a JSON round trip unchanged.
  return Math.round(ratio * 10_000) / 100 + 0;
}

/** A ratio as text for sentences: 0.3 → "30%". */
export function percentText(ratio: number): string {
  return `${percent(ratio)}%`;
}

/** Integer fen as yuan text for sentences: 12345678 → "123,456.78元". */
export function yuanText(fen: number): string {
  const negative = fen < 0;
  const abs = Math.abs(Math.trunc(fen));
  const yuan = Math.floor(abs / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const cents = (abs % 100).toString().padStart(2, '0');
  return `${negative ? '-' : ''}${yuan}.${cents}元`;
}

/** Integer fen as 万元 text for thresholds: 10_000_000 → "10万元". */
export function wanText(fen: number): string {
  return `${Math.round((fen / 1_000_000) * 100) / 100}万元`;
}

/** A ratio rounded to two decimals (1.523 → 1.52) for multiples such as 进销项税额比. */
export function round2(value: number): number {
  return Math.round(value * 100) / 100 + 0;
}

/** Safe division for shares: 0 when the base is not positive. */
export function share(part: number, whole: number): number {
  return whole > 0 ? part / whole : 0;
}
