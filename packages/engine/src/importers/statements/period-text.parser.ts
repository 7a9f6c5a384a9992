import { makePeriod, type PeriodParts, parsePeriod } from '@taxlens/shared';

/**
 * Finds the period in free text the way accountants write it in a title block, a sheet name or
 * a template cell: 2024年12月31日, 2024年12月, 2024.12, 202412, 2024年第1季度, 2024Q1, 2024年度,
 * 2024年1-3月, 2024-01-01至2024-03-31. A date stands for its month.
 */

export type PeriodReading = { ok: true; period: string } | { ok: false; text: string };

const CHINESE_DIGITS: Record<string, number> = { 一: 1, 二: 2, 三: 3, 四: 4 };
const YEAR = '(?<!\\d)((?:19|20|21)\\d\\d)';
const SEP = '[年./-]';
const MONTH_END = '(?:月|[./-])';
const DAY = '(?:[./-]?\\d{1,2}日?)?';
const TO = '(?:至|到|-|~|—)';

const RANGE = new RegExp(`${YEAR}${SEP}(\\d{1,2})月?${DAY}${TO}${YEAR}${SEP}(\\d{1,2})月?${DAY}(?!\\d)`);
const SAME_YEAR_RANGE = new RegExp(`${YEAR}年(\\d{1,2})月?${TO}(\\d{1,2})月(?!\\d)`);
const QUARTER = new RegExp(`${YEAR}(?:年|-)?(?:第([1-4一二三四])季度?|([1-4一二三四])季度|[Qq]([1-4]))`);
const DATE = new RegExp(`${YEAR}${SEP}(\\d{1,2})${MONTH_END}(\\d{1,2})日?(?!\\d)`);
// 金蝶 numbers accounting periods: 2024年第3期 is March.
const MONTH = new RegExp(`${YEAR}${SEP}第?(\\d{1,2})(?:月|期)?(?!\\d)`);
const YEAR_ONLY = new RegExp(`${YEAR}年(?:度)?(?!\\d)`);
const COMPACT = /^((?:19|20|21)\d\d)(0[1-9]|1[0-2])?$/;

function monthIndex(year: string | undefined, month: string | undefined): number | null {
  const m = Number(month);
  if (!year || !Number.isInteger(m) || m < 1 || m > 12) return null;
  return Number(year) * 12 + m - 1;
}

/** A run of whole months as a period when it is one month, one calendar quarter or one year. */
export function periodFromMonths(start: number, end: number): string | null {
  const year = Math.floor(start / 12);
  const first = start % 12;
  if (end < start || Math.floor(end / 12) !== year) return null;
  if (start === end) return makePeriod({ kind: 'month', year, month: first + 1 });
  if (first % 3 === 0 && end - start === 2) return makePeriod({ kind: 'quarter', year, quarter: first / 3 + 1 });
  if (first === 0 && end - start === 11) return makePeriod({ kind: 'year', year });
  return null;
}

function fromRange(text: string, start: number | null, end: number | null): PeriodReading {
  const period = start === null || end === null ? null : periodFromMonths(start, end);
  return period ? { ok: true, period } : { ok: false, text };
}

/** The first period found in `raw`, `{ ok: false }` for a span that is no whole month/quarter/year, null for none. */
export function readPeriodText(raw: string): PeriodReading | null {
  const text = raw.normalize('NFKC').replace(/\s/g, '');
  if (text === '') return null;
  const canonical = parsePeriod(text);
  if (canonical) return { ok: true, period: text };
  const compact = COMPACT.exec(text);
  if (compact) {
    return { ok: true, period: compact[2] ? `${compact[1]}-${compact[2]}` : (compact[1] as string) };
  }
  let match = RANGE.exec(text);
  if (match) return fromRange(match[0], monthIndex(match[1], match[2]), monthIndex(match[3], match[4]));
  match = SAME_YEAR_RANGE.exec(text);
  if (match) return fromRange(match[0], monthIndex(match[1], match[2]), monthIndex(match[1], match[3]));
  match = QUARTER.exec(text);
  if (match) {
    const digit = match[2] ?? match[3] ?? match[4] ?? '';
    const quarter = CHINESE_DIGITS[digit] ?? Number(digit);
    return { ok: true, period: makePeriod({ kind: 'quarter', year: Number(match[1]), quarter }) };
  }
  for (const pattern of [DATE, MONTH]) {
    match = pattern.exec(text);
    const index = match ? monthIndex(match[1], match[2]) : null;
    if (index !== null) return { ok: true, period: periodFromMonths(index, index) as string };
  }
  match = YEAR_ONLY.exec(text);
  if (match) return { ok: true, period: match[1] as string };
  return null;
}

// Excel date serials of 1980-01-01 … 2099-12-31: a date pasted into a text-formatted cell reads as one.
const SERIAL_RANGE = [29221, 73050] as const;
const EXCEL_EPOCH = Date.UTC(1899, 11, 30);

/** A template or title cell: text as above, an Excel date (its month), a date serial or a bare year. */
export function readPeriodCell(value: unknown): PeriodReading | null {
  const isSerial = typeof value === 'number' && value >= SERIAL_RANGE[0] && value <= SERIAL_RANGE[1];
  const date = isSerial ? new Date(EXCEL_EPOCH + Math.floor(value) * 86_400_000) : value;
  if (date instanceof Date) {
    return {
      ok: true,
      period: makePeriod({ kind: 'month', year: date.getUTCFullYear(), month: date.getUTCMonth() + 1 }),
    };
  }
  if (typeof value === 'number' && Number.isInteger(value)) return readPeriodText(String(value));
  if (typeof value === 'string') return readPeriodText(value);
  return null;
}

export function periodParts(period: string): PeriodParts {
  const parts = parsePeriod(period);
  if (!parts) throw new RangeError(`not a period: ${period}`);
  return parts;
}
