/**
 * Numbers read straight from a cell's bytes, exactly as parseFloat/parseInt would read their text,
 * for the plain shapes a worksheet holds; anything else answers undefined and goes through the
 * text. A decimal of at most 15 digits is an integer below 2^53 divided by a power of ten below
 * 10^22, both exact doubles, so the one division is correctly rounded: the double parseFloat gives.
 */

const POWERS = Array.from({ length: 16 }, (_, exponent) => 10 ** exponent);

/** `-?digits(.digits)?` with at most 15 digits in all, or undefined. */
export function decimalOf(bytes: Uint8Array, start: number, end: number): number | undefined {
  let at = start;
  const negative = bytes[at] === 0x2d; /* - */
  if (negative) at += 1;
  let mantissa = 0;
  let digits = 0;
  let fraction = -1;
  for (; at < end; at += 1) {
    const code = bytes[at] as number;
    if (code >= 0x30 && code <= 0x39) {
      mantissa = mantissa * 10 + (code - 0x30);
      digits += 1;
    } else if (code === 0x2e /* . */ && fraction < 0) {
      fraction = at;
    } else {
      return undefined;
    }
  }
  // At least one digit on each side of the point: "5." and ".5" are left to parseFloat.
  if (digits === 0 || digits > 15 || fraction === start + (negative ? 1 : 0) || fraction === end - 1) return undefined;
  const value = fraction < 0 ? mantissa : mantissa / (POWERS[end - fraction - 1] as number);
  return negative ? -value : value;
}

/** Plain digits (at most 15), or undefined. */
export function digitsOf(bytes: Uint8Array, start: number, end: number): number | undefined {
  if (end <= start || end - start > 15) return undefined;
  let value = 0;
  for (let at = start; at < end; at += 1) {
    const code = bytes[at] as number;
    if (code < 0x30 || code > 0x39) return undefined;
    value = value * 10 + (code - 0x30);
  }
  return value;
}
