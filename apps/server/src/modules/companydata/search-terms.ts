import { checkCreditCode } from '@taxlens/shared';
import { pinyin } from 'pinyin-pro';
import { AppError } from '../../lib/app-error.js';

/**
 * Search keys of a company name. pg_trgm makes no trigrams of Chinese characters under the C
 * collation the embedded server uses, so the name is indexed by its character bigrams instead,
 * together with the bigrams of its pinyin initials (prefixed '~' so they never meet a name's
 * Latin letters). A query of two or more characters is then a GIN containment lookup.
 */
export function nameInitials(name: string): string {
  return pinyin(name, { pattern: 'first', toneType: 'none', type: 'array', nonZh: 'consecutive' })
    .join('')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
}

function bigrams(text: string): string[] {
  const chars = [...text];
  if (chars.length < 2) return [];
  const grams = new Set<string>();
  for (let index = 0; index + 1 < chars.length; index += 1) grams.add(`${chars[index]}${chars[index + 1]}`);
  return [...grams];
}

/** Names are compared without spaces, full-width brackets folded to ASCII and Latin letters lower-cased. */
export function normalizeName(name: string): string {
  return name.replace(/\s+/g, '').replace(/（/g, '(').replace(/）/g, ')').toLowerCase();
}

export function searchGrams(name: string): string[] {
  const normalized = normalizeName(name);
  return [...bigrams(normalized), ...bigrams(nameInitials(normalized)).map((gram) => `~${gram}`)];
}

export type CompanyQuery =
  | { by: 'code'; code: string }
  | { by: 'name'; text: string; grams: string[] }
  | { by: 'initials'; text: string; grams: string[] };

export const SEARCH_MESSAGES = {
  tooShort: '请至少输入2个字的企业名称、拼音首字母，或完整的统一社会信用代码',
  badCode: '统一社会信用代码格式不正确，请输入18位代码（或15、17、20位纳税人识别号）',
} as const;

const TAX_ID_PATTERN = /^[0-9A-Z]{15}$|^[0-9A-Z]{17,18}$|^[0-9A-Z]{20}$/;

/**
 * What a search box's text asks for. Too short or a malformed code is refused with a message,
 * so nothing ever scans the whole table.
 */
export function parseCompanyQuery(raw: string): CompanyQuery {
  const text = raw.trim();
  const upper = text.toUpperCase().replace(/\s+/g, '');
  // Latin letters and digits with at least 6 digits read as a code, not as pinyin initials.
  if (/^[0-9A-Z]+$/.test(upper) && (upper.match(/\d/g)?.length ?? 0) >= 6) {
    const valid =
      TAX_ID_PATTERN.test(upper) &&
      (upper.length !== 18 || checkCreditCode(upper) !== 'malformed' || /^\d{17}[0-9X]$/.test(upper));
    if (!valid)
      throw new AppError('VALIDATION', SEARCH_MESSAGES.badCode, { fields: { keyword: SEARCH_MESSAGES.badCode } });
    return { by: 'code', code: upper };
  }
  const normalized = normalizeName(text);
  if ([...normalized].length < 2) {
    throw new AppError('VALIDATION', SEARCH_MESSAGES.tooShort, { fields: { keyword: SEARCH_MESSAGES.tooShort } });
  }
  if (/^[a-z]+$/.test(normalized)) {
    return { by: 'initials', text: normalized, grams: bigrams(normalized).map((gram) => `~${gram}`) };
  }
  return { by: 'name', text: normalized, grams: bigrams(normalized) };
}
