import { formatFen, parseYuanToFen } from '@taxlens/shared';
import { t } from '../../../locales';

/**
 * Money in forms: people type yuan, the API takes integer fen. The conversion goes through the
 * shared string parser, never through float multiplication (0.1 + 0.2 must not become 30.000000004 fen).
 */

/** A yuan amount from a form (InputNumber in string mode, or a number) to fen; null when not money. */
export function yuanInputToFen(value: string | number | null | undefined): number | null {
  if (value === null || value === undefined) return null;
  const text = typeof value === 'number' ? String(value) : value.trim();
  if (text === '') return null;
  return parseYuanToFen(text);
}

/** A positive amount of at most two decimals within [minFen, maxFen], in fen; else null. */
export function positiveYuanToFen(
  value: string | number | null | undefined,
  limits: { minFen?: number; maxFen?: number } = {},
): number | null {
  const fen = yuanInputToFen(value);
  if (fen === null || fen <= 0) return null;
  if (limits.minFen !== undefined && fen < limits.minFen) return null;
  if (limits.maxFen !== undefined && fen > limits.maxFen) return null;
  return fen;
}

/** Fen to the plain yuan text a form field starts with: 123456 → "1234.56". */
export function fenToYuanInput(fen: number): string {
  return formatFen(fen).replace(/,/g, '');
}

/** Fen as "¥1,234.56"; null (balance not visible) as ******. */
export function yuanText(fen: number | null | undefined): string {
  if (fen === null || fen === undefined) return '******';
  return `${t('common.yuanSymbol')}${formatFen(fen)}`;
}

/** count × unit price in fen, or null when it is not a safe integer. */
export function costFen(count: number, priceFen: number): number | null {
  const cost = count * priceFen;
  return Number.isSafeInteger(cost) && cost >= 0 ? cost : null;
}
