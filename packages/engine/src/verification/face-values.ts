/**
 * Tolerant readers of the values printed on an invoice face: money in yuan (¥, ￥, thousands
 * separators, '***' for 免税), the 大写 amount, dates in the three spellings files use, tax rates.
 */

/** '¥1,234.50', '-100', '（负数）12.3' → fen; null for blanks, '***' and anything not money. */
export function yuanToFen(text: string | null | undefined): number | null {
  if (text === null || text === undefined) return null;
  const cleaned = String(text)
    .replace(/[¥￥,，\s\u3000]/g, '')
    .replace(/^[(（]负数[)）]/, '-');
  const match = /^(-)?(\d+)(?:\.(\d{1,2})\d*)?$/.exec(cleaned);
  if (!match) return null;
  const fen = Number(match[2]) * 100 + Number((match[3] ?? '').padEnd(2, '0'));
  if (!Number.isSafeInteger(fen)) return null;
  return match[1] ? -fen : fen;
}

const DIGITS = '零壹贰叁肆伍陆柒捌玖';
const SMALL_UNITS: Record<string, number> = { 拾: 10, 佰: 100, 仟: 1000 };

/**
 * Reads a 大写 amount ('壹佰零陆圆整', '（负数）壹拾圆零伍分') to fen, or null when it is not one.
 * Reading rather than spelling our own lets the variants (元/圆, 整/正, where 零 goes) all match.
 */
export function chineseAmountToFen(text: string | null | undefined): number | null {
  if (!text) return null;
  let value = text.replace(/[\s\u3000]/g, '');
  let negative = false;
  const sign = /^(?:[(（]?负数[)）]?|负)/.exec(value);
  if (sign) {
    negative = true;
    value = value.slice(sign[0].length);
  }
  value = value.replace(/[整正]$/, '');
  if (value.length === 0) return null;
  let total = 0;
  let section = 0;
  let digit = 0;
  let integer: number | null = null;
  let fraction = 0;
  for (const ch of value) {
    const d = DIGITS.indexOf(ch);
    if (d >= 0) {
      digit = d;
      continue;
    }
    const small = SMALL_UNITS[ch];
    if (small !== undefined) {
      section += (digit === 0 && ch === '拾' ? 1 : digit) * small;
      digit = 0;
    } else if (ch === '万') {
      total += (section + digit) * 10_000;
      section = 0;
      digit = 0;
    } else if (ch === '亿') {
      total = (total + section + digit) * 100_000_000;
      section = 0;
      digit = 0;
    } else if (ch === '圆' || ch === '元') {
      integer = total + section + digit;
      total = 0;
      section = 0;
      digit = 0;
    } else if (ch === '角') {
      fraction += digit * 10;
      digit = 0;
    } else if (ch === '分') {
      fraction += digit;
      digit = 0;
    } else {
      return null;
    }
  }
  if (digit !== 0 || section !== 0 || total !== 0) return null;
  const fen = (integer ?? 0) * 100 + fraction;
  return negative ? -fen : fen;
}

/** Spells fen as the 大写 amount, for messages ('壹佰零陆圆整', '壹拾圆零伍分'). */
export function fenToChineseAmount(fen: number): string {
  const abs = Math.abs(fen);
  const yuan = Math.floor(abs / 100);
  const jiao = Math.floor(abs / 10) % 10;
  const cent = abs % 10;
  let result = '';
  let zero = false;
  let groupHas = false;
  const digits = String(yuan);
  for (let i = 0; i < digits.length; i++) {
    const d = Number(digits[i]);
    const pos = digits.length - 1 - i;
    if (d === 0) zero = result.length > 0;
    else {
      if (zero) result += '零';
      zero = false;
      result += `${DIGITS[d]}${['', '拾', '佰', '仟'][pos % 4]}`;
      groupHas = true;
    }
    if (pos % 4 === 0 && pos > 0) {
      if (groupHas) result += pos % 8 === 0 ? '亿' : '万';
      groupHas = false;
    }
  }
  if (yuan > 0) result += '圆';
  if (jiao === 0 && cent === 0) result += yuan > 0 ? '整' : '零圆整';
  else {
    if (jiao > 0) result += `${DIGITS[jiao]}角`;
    else if (yuan > 0) result += '零';
    if (cent > 0) result += `${DIGITS[cent]}分`;
  }
  return fen < 0 ? `（负数）${result}` : result;
}

function validDate(year: number, month: number, day: number): string | null {
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** '2024年05月14日', '20240514', '2024-05-14', '2024/5/14 10:00:00' → '2024-05-14'. */
export function faceDateOf(text: string | null | undefined): string | null {
  if (!text) return null;
  const value = String(text).trim();
  const compact = /^(\d{4})(\d{2})(\d{2})$/.exec(value);
  if (compact) return validDate(Number(compact[1]), Number(compact[2]), Number(compact[3]));
  const spelled = /^(\d{4})\s*[年\-/.]\s*(\d{1,2})\s*[月\-/.]\s*(\d{1,2})/.exec(value);
  if (spelled) return validDate(Number(spelled[1]), Number(spelled[2]), Number(spelled[3]));
  return null;
}

/** '6%', '0.06', '0.13', '免税', '不征税', '***' → basis points, or null when not a rate. */
export function taxRateBpOf(text: string | null | undefined): number | null {
  if (text === null || text === undefined) return null;
  const value = String(text).replace(/\s/g, '');
  const percent = /^(\d+(?:\.\d+)?)%$/.exec(value);
  if (percent) return Math.round(Number(percent[1]) * 100);
  const fraction = /^0?\.\d+$|^0$|^1$/.exec(value);
  if (fraction) return Math.round(Number(value) * 10_000);
  return null;
}
