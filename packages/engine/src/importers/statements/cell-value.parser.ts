import { MAX_FIGURE_FEN } from '@taxlens/shared';

/**
 * Reading exceljs cell values as text and as money. Amounts become integer fen through decimal
 * text, never through float multiplication, so 1.005 元 is 101 fen as the accountant sees it.
 */

export type AmountReading =
  | { kind: 'empty' }
  | { kind: 'amount'; fen: number }
  | { kind: 'invalid'; text: string }
  | { kind: 'no-result' };

type RichText = { richText: { text: string }[] };

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** The result of a formula cell, or the value itself; `undefined` when a formula has no cached result. */
function unwrap(value: unknown): unknown {
  if (isObject(value) && !(value instanceof Date) && ('formula' in value || 'sharedFormula' in value)) {
    return value.result;
  }
  return value;
}

export function cellText(raw: unknown): string {
  const value = unwrap(raw);
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (isObject(value)) {
    if (Array.isArray((value as RichText).richText)) {
      return (value as RichText).richText
        .map((part) => part.text)
        .join('')
        .trim();
    }
    if (typeof value.text === 'string') return value.text.trim();
    if (typeof value.error === 'string') return value.error;
  }
  return '';
}

const DASHES = /^[-－—–_~～]+$/;

/** Full-width digits and signs to ASCII, currency marks and separators away. */
function cleanAmountText(text: string): string {
  return text
    .normalize('NFKC')
    .replace(/[\s,，¥元]/g, '')
    .replace(/[−﹣]/g, '-');
}

/**
 * Decimal text (already cleaned, optional sign) times `unitFen` fen per unit, rounded half away
 * from zero to a whole fen; null when it is not a plain decimal or is out of range.
 */
export function decimalTextToFen(text: string, unitFen = 100): number | null {
  const match = /^([+-])?(\d*)(?:\.(\d+))?$/.exec(text);
  if (!match || (match[2] === '' && match[3] === undefined)) return null;
  const fraction = match[3] ?? '';
  const scaled = BigInt(`${match[2] || '0'}${fraction}`) * BigInt(unitFen);
  const divisor = 10n ** BigInt(fraction.length);
  let fen = scaled / divisor;
  if ((scaled % divisor) * 2n >= divisor) fen += 1n;
  if (fen > BigInt(MAX_FIGURE_FEN)) return null;
  return match[1] === '-' && fen !== 0n ? -Number(fen) : Number(fen);
}

/** Reads a money cell: numbers, '1,234.56', '(1,234.56)' or '-1234.56'; '-' and empty mean nothing. */
export function readAmount(raw: unknown, unitFen = 100): AmountReading {
  const isFormula = isObject(raw) && ('formula' in raw || 'sharedFormula' in raw);
  const value = unwrap(raw);
  if (value === undefined && isFormula) return { kind: 'no-result' };
  if (value === null || value === undefined) return { kind: 'empty' };
  if (typeof value === 'number') {
    // toFixed(6) drops float residue such as 2.27e-13 left by formulas while keeping 1.005 as typed.
    const fen = Number.isFinite(value) && Math.abs(value) < 1e15 ? decimalTextToFen(value.toFixed(6), unitFen) : null;
    return fen === null ? { kind: 'invalid', text: String(value) } : { kind: 'amount', fen };
  }
  const text = cellText(value);
  if (typeof value !== 'string' && !(isObject(value) && 'richText' in value)) {
    return text === '' ? { kind: 'empty' } : { kind: 'invalid', text };
  }
  const cleaned = cleanAmountText(text);
  if (cleaned === '' || DASHES.test(cleaned)) return { kind: 'empty' };
  const bracketed = /^\((.*)\)$/.exec(cleaned);
  const inner = bracketed ? (bracketed[1] ?? '') : cleaned;
  const fen = decimalTextToFen(inner, unitFen);
  if (fen === null || (bracketed && /^[+-]/.test(inner))) return { kind: 'invalid', text };
  return { kind: 'amount', fen: bracketed && fen !== 0 ? -fen : fen };
}

/** Fen per unit named in a title such as 单位：元 / 单位：万元; 元 when nothing is said. */
export function unitFenFromText(text: string): number | null {
  const match = /单位[:：]?\s*(人民币)?\s*(万元|千元|百元|元)/.exec(text);
  if (!match) return null;
  return { 万元: 1_000_000, 千元: 100_000, 百元: 10_000, 元: 100 }[match[2] as '元'];
}
