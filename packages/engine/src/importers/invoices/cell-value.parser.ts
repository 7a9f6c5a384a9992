/**
 * Cell values → text, codes and money. Cells arrive as exceljs values (numbers, dates, rich text,
 * formulas) or csv strings; everything money-like goes through decimal text so no float error
 * reaches the fen figures.
 */

/** A cell reduced to what the parsers understand. */
export type CellInput = string | number | boolean | Date | null;

export type Parsed<T> = { ok: true; value: T } | { ok: false; reason: string };

const ok = <T>(value: T): Parsed<T> => ({ ok: true, value });
const fail = <T>(reason: string): Parsed<T> => ({ ok: false, reason });

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** Unwraps exceljs rich text, formula results, hyperlinks and error cells. */
export function plainCell(value: unknown): CellInput {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  if (value instanceof Date) return value;
  if (!isRecord(value)) return null;
  if (Array.isArray(value.richText)) {
    return value.richText
      .map((run: unknown) => (isRecord(run) && typeof run.text === 'string' ? run.text : ''))
      .join('');
  }
  if ('formula' in value || 'sharedFormula' in value) return plainCell(value.result);
  if (typeof value.text === 'string') return value.text;
  if (typeof value.error === 'string') return value.error;
  return null;
}

/**
 * Trimmed text of a string cell. Exports and hand-fixed files protect digits from Excel with
 * `="0123"`, a leading apostrophe or a tab; those wrappers are removed.
 */
export function cleanText(text: string): string | null {
  if (text === '') return null;
  // Fast path for the common case: nothing to trim and no protective wrapper.
  const first = text.charCodeAt(0);
  const last = text.charCodeAt(text.length - 1);
  if (first > 0x20 && last > 0x20 && first !== 0x3d && first !== 0x27 && first < 0x3000 && last < 0x3000) return text;
  let value = text.replace(/^[\s\u3000\ufeff]+|[\s\u3000]+$/g, '');
  const formulaText = /^="(.*)"$/.exec(value);
  if (formulaText) value = (formulaText[1] ?? '').trim();
  if (value.startsWith("'")) value = value.slice(1).trim();
  return value === '' ? null : value;
}

/** Text of any cell for free-text fields (names, remarks); numbers as their shortest exact text. */
export function textOf(cell: CellInput): string | null {
  if (cell === null) return null;
  if (typeof cell === 'string') return cleanText(cell);
  if (typeof cell === 'number') return Number.isFinite(cell) ? String(cell) : null;
  if (typeof cell === 'boolean') return cell ? '是' : '否';
  return cell.toISOString().slice(0, 19).replace('T', ' ');
}

const SCIENTIFIC = /^[+-]?\d+(?:\.\d+)?[eE][+-]?\d+$/;

/**
 * Digits kept as text (invoice codes and numbers, tax numbers, 税收分类编码). A numeric cell is
 * exact only below 2^53; above that (a 20-digit 数电 number typed as a number) the digits are
 * already lost, so it is an error rather than a silently wrong value. `padTo` restores leading
 * zeros a numeric cell dropped (8-digit 发票号码, 12-digit 发票代码 starting with 0).
 */
const lostDigits = (label: string) =>
  `${label}的数字已被 Excel 转为科学计数法或超过15位，位数已丢失；请将该列设为文本格式后重新导出`;

export function codeOf(cell: CellInput, label: string, padTo?: number): Parsed<string | null> {
  if (typeof cell === 'number') {
    if (!Number.isSafeInteger(cell) || cell < 0) return fail(lostDigits(label));
    const digits = String(cell);
    return ok(padTo !== undefined && digits.length < padTo ? digits.padStart(padTo, '0') : digits);
  }
  const text = textOf(cell);
  if (text === null) return ok(null);
  if (SCIENTIFIC.test(text)) return fail(lostDigits(label));
  return ok(/\s/.test(text) ? text.replace(/\s+/g, '') : text);
}

/** Decimal text: sign, integer digits and fraction digits, with thousands separators removed. */
interface DecimalParts {
  negative: boolean;
  integer: string;
  fraction: string;
}

function decimalParts(text: string): DecimalParts | null {
  const compact = text.replace(/[\s,，¥￥]/g, '').replace(/^[－−]/, '-');
  const match = /^([+-]?)(\d*)(?:\.(\d*))?$/.exec(compact);
  if (!match || (match[2] === '' && (match[3] ?? '') === '')) return null;
  return { negative: match[1] === '-', integer: match[2] || '0', fraction: match[3] ?? '' };
}

/** Shortest exact decimal text of a float; exponent forms are expanded. */
function numberText(value: number): string {
  const text = String(value);
  if (!/e/i.test(text)) return text;
  return Math.abs(value) < 1 ? value.toFixed(20) : BigInt(Math.round(value)).toString();
}

/**
 * Yuan (text or number, up to 2 decimals) → integer fen. Digits beyond the fen are allowed only as
 * float noise from a formula (…000x or …999x), which is rounded away; 12.345 is an error.
 */
export function fenOf(cell: CellInput): Parsed<number> {
  if (typeof cell === 'number') {
    // A number whose shortest text has at most two decimals (and at most 15 digits, so no other
    // such text is the same double) is its fen times 100, exactly: what the text path gives.
    const fen = Math.round(cell * 100);
    if (Math.abs(fen) < 1e15 && fen / 100 === cell) return ok(fen === 0 ? 0 : fen);
  } else if (typeof cell === 'string') {
    const fen = plainFen(cell);
    if (fen !== undefined) return ok(fen);
  }
  if (cell === null) return fail('金额为空');
  if (typeof cell === 'boolean' || cell instanceof Date) return fail('不是金额');
  if (typeof cell === 'number' && !Number.isFinite(cell)) return fail('不是金额');
  const text = typeof cell === 'number' ? numberText(cell) : cleanText(cell);
  if (text === null) return fail('金额为空');
  const parts = decimalParts(text);
  if (!parts) return fail(`无法识别的金额「${text}」`);
  const integer = parts.integer.replace(/^0+(?=\d)/, '');
  if (integer.length > 13) return fail(`金额过大「${text}」`);
  const fenDigits = parts.fraction.slice(0, 2).padEnd(2, '0');
  const rest = parts.fraction.slice(2);
  let fen = Number(integer) * 100 + Number(fenDigits);
  if (/[1-9]/.test(rest)) {
    if (rest.startsWith('999')) fen += 1;
    else if (!rest.startsWith('000')) return fail(`金额最多两位小数「${text}」`);
  }
  return ok(parts.negative && fen !== 0 ? -fen : fen);
}

/**
 * Fen of plain money text, `-?d{1,13}(.d{1,2})?` with nothing around it, read without regular
 * expressions (the usual csv cell); undefined for anything else, which takes the general path.
 */
function plainFen(text: string): number | undefined {
  const length = text.length;
  let at = text.charCodeAt(0) === 0x2d ? 1 : 0;
  let integer = 0;
  const digitsFrom = at;
  for (; at < length; at += 1) {
    const code = text.charCodeAt(at);
    if (code < 0x30 || code > 0x39) break;
    integer = integer * 10 + (code - 0x30);
  }
  const digits = at - digitsFrom;
  if (digits === 0 || digits > 13) return undefined;
  let fen = integer * 100;
  if (at < length) {
    if (text.charCodeAt(at) !== 0x2e || length - at - 1 < 1 || length - at - 1 > 2) return undefined;
    const tens = text.charCodeAt(at + 1) - 0x30;
    const ones = at + 2 < length ? text.charCodeAt(at + 2) - 0x30 : 0;
    if (tens < 0 || tens > 9 || ones < 0 || ones > 9) return undefined;
    fen += tens * 10 + ones;
  }
  return digitsFrom === 1 && fen !== 0 ? -fen : fen;
}

/** Quantities and unit prices: decimal text as written (numbers as their shortest exact text). */
export function decimalTextOf(cell: CellInput): Parsed<string | null> {
  if (cell === null) return ok(null);
  if (typeof cell === 'number') return Number.isFinite(cell) ? ok(numberText(cell)) : fail('不是数字');
  const text = textOf(cell);
  if (text === null) return ok(null);
  const parts = decimalParts(text);
  if (!parts) return fail(`不是数字「${text}」`);
  const fraction = parts.fraction === '' ? '' : `.${parts.fraction}`;
  return ok(`${parts.negative ? '-' : ''}${parts.integer.replace(/^0+(?=\d)/, '')}${fraction}`);
}

export interface TaxRate {
  /** As written ('13%', '免税'); numeric cells are written back as a percentage. */
  text: string | null;
  basisPoints: number | null;
  /** False when the text is neither a rate nor a known word (免税, 不征税, ***). */
  recognised: boolean;
}

const RATE_WORDS = new Set(['免税', '不征税', '***', '**', '*', '—', '-', '免征']);

/** Decimal text with at most `scale` fraction digits → integer × 10^scale, or null. */
function scaled(parts: DecimalParts, scale: number): number | null {
  const fraction = parts.fraction.replace(/0+$/, '');
  if (fraction.length > scale) return null;
  const value = Number(parts.integer) * 10 ** scale + Number(fraction.padEnd(scale, '0') || '0');
  return parts.negative ? -value : value;
}

/** Basis points from rate text without the words: '13%', '13', '0.13' (a bare number below 1 is a fraction). */
function rateBasisPoints(text: string): number | null {
  const percent = /^(.*?)[%％]$/.exec(text);
  const parts = decimalParts(percent ? (percent[1] ?? '') : text);
  if (!parts || parts.negative) return null;
  const asFraction = !percent && Number(parts.integer) === 0;
  const basisPoints = asFraction ? scaled(parts, 4) : scaled(parts, 2);
  return basisPoints === null || basisPoints > 10000 ? null : basisPoints;
}

/** 税率: '13%', '6%', '0.13', 0.13, '免税', '不征税', '***' → basis points (null when not a rate). */
/** Rate texts seen, with what they gave (a file holds a handful: 13%, 6%, 免税 …); the results are shared, never changed. */
const RATE_TEXTS = new Map<string, TaxRate>();
const RATE_TEXTS_KEPT = 256;

export function taxRateOf(cell: CellInput): TaxRate {
  if (typeof cell === 'string') {
    const known = RATE_TEXTS.get(cell);
    if (known) return known;
    const rate = taxRateOfCell(cell);
    if (RATE_TEXTS.size >= RATE_TEXTS_KEPT) RATE_TEXTS.clear();
    RATE_TEXTS.set(cell, Object.freeze(rate));
    return rate;
  }
  return taxRateOfCell(cell);
}

function taxRateOfCell(cell: CellInput): TaxRate {
  if (typeof cell === 'number') {
    const basisPoints = Number.isFinite(cell) ? rateBasisPoints(numberText(cell)) : null;
    if (basisPoints === null) return { text: String(cell), basisPoints: null, recognised: false };
    return { text: `${basisPoints / 100}%`, basisPoints, recognised: true };
  }
  const text = textOf(cell);
  if (text === null) return { text: null, basisPoints: null, recognised: true };
  if (RATE_WORDS.has(text)) return { text, basisPoints: null, recognised: true };
  const basisPoints = rateBasisPoints(text);
  return { text, basisPoints, recognised: basisPoints !== null };
}
