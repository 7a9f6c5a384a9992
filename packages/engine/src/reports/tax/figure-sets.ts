import {
  FINANCIAL_STATEMENTS,
  type FinancialStatementKind,
  formatPeriod,
  type PeriodKind,
  parsePeriod,
  type StatementLayout,
} from '@taxlens/shared';
import type { FigureSetOrigin, FigureSource } from './tax-report.types.js';

/**
 * Stored figure sets made ready for the rules: months covered, layout, origin text; and the
 * three ways a rule reads them: flows summed over months (income statement, VAT), year-to-date
 * returns (CIT) and balances at a month end (balance sheet).
 */

export interface StoredSet {
  index: number;
  statement: FinancialStatementKind;
  period: string;
  kind: PeriodKind;
  /** Month indexes (year × 12 + month − 1) covered, first and last. */
  start: number;
  end: number;
  layout: StatementLayout;
  figures: Readonly<Record<string, number>>;
  origin: string;
}

export type Cover = { ok: true; figures: Record<string, number>; source: FigureSource; used: StoredSet[] } | Missing;
export interface Missing {
  ok: false;
  /** Chinese: what is missing or unusable, e.g. 2024年3月至4月的增值税申报汇总. */
  missing: string[];
}

/** Year × 12 + month − 1. */
export function monthIndex(month: string): number {
  const [year, value] = month.split('-').map(Number) as [number, number];
  return year * 12 + value - 1;
}

export function monthText(index: number): string {
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

export function monthLabel(index: number): string {
  return `${Math.floor(index / 12)}年${(index % 12) + 1}月`;
}

/** '2024年3月至5月、2024年7月' for sorted month indexes. */
export function rangesText(months: readonly number[]): string {
  const parts: string[] = [];
  let first = months[0];
  for (let position = 0; position < months.length; position += 1) {
    const current = months[position] as number;
    const next = months[position + 1];
    if (next === current + 1) continue;
    const start = first as number;
    if (start === current) parts.push(monthLabel(start));
    else if (Math.floor(start / 12) === Math.floor(current / 12))
      parts.push(`${monthLabel(start)}至${(current % 12) + 1}月`);
    else parts.push(`${monthLabel(start)}至${monthLabel(current)}`);
    first = next;
  }
  return parts.join('、');
}

export function originText(origin: FigureSetOrigin | null | undefined): string {
  if (!origin) return '来源未注明';
  const when = origin.at ? `（${origin.at.slice(0, 10)}）` : '';
  if (origin.kind === 'manual') return `手工录入${when}`;
  const file = origin.fileName ?? (origin.importId ? `#${origin.importId}` : '');
  return `导入文件${file}${when}`;
}

/** Normalises one input set; null when its period or statement cannot be read. */
export function storedSet(
  index: number,
  statement: string,
  period: string,
  layout: StatementLayout,
  figures: Readonly<Record<string, number>>,
  origin: string,
): StoredSet | null {
  const parts = parsePeriod(period);
  if (!parts || !(statement in FINANCIAL_STATEMENTS)) return null;
  const base = parts.year * 12;
  const [start, end] =
    parts.kind === 'month'
      ? [base + parts.month - 1, base + parts.month - 1]
      : parts.kind === 'quarter'
        ? [base + parts.quarter * 3 - 3, base + parts.quarter * 3 - 1]
        : [base, base + 11];
  return {
    index,
    statement: statement as FinancialStatementKind,
    period: period.trim(),
    kind: parts.kind,
    start,
    end,
    layout,
    figures,
    origin,
  };
}

/** Where a figure read from `used` came from. */
export function sourceOf(statement: FinancialStatementKind, used: readonly StoredSet[], note?: string): FigureSource {
  const periods = used.map((set) => set.period);
  const first = periods[0];
  const periodText =
    periods.length === 1
      ? formatPeriod(first)
      : `${formatPeriod(first)}至${formatPeriod(periods.at(-1))}（${periods.length}期）`;
  return {
    kind: statement,
    label: FINANCIAL_STATEMENTS[statement],
    periods,
    periodText,
    origins: [...new Set(used.map((set) => set.origin))],
    ...(note ? { formula: note } : {}),
  };
}

const LENGTH = { year: 12, quarter: 3, month: 1 } as const;

/** VAT credit balances are balances, not flows: the opening comes from the first period, the closing from the last. */
const OPENING_KEYS = new Set(['openingCreditBalance']);
const CLOSING_KEYS = new Set(['closingCreditBalance']);

export interface FlowPieces {
  used: StoredSet[];
  missingMonths: number[];
  /** Months only an excluded set covers, with the reason. */
  excludedReasons: string[];
}

/**
 * The sets that cover months first…last of one flow statement, longest period first, never
 * overlapping; excluded sets are skipped and their reason kept.
 */
export function flowPieces(
  sets: readonly StoredSet[],
  excluded: ReadonlyMap<number, string>,
  first: number,
  last: number,
  shorterThan?: PeriodKind,
): FlowPieces {
  const pieces: FlowPieces = { used: [], missingMonths: [], excludedReasons: [] };
  const limit = shorterThan ? LENGTH[shorterThan] : 13;
  let month = first;
  while (month <= last) {
    const candidates = sets
      .filter((set) => set.start === month && set.end <= last && LENGTH[set.kind] < limit)
      .sort((a, b) => b.end - a.end);
    const usable = candidates.find((set) => !excluded.has(set.index));
    if (usable) {
      pieces.used.push(usable);
      month = usable.end + 1;
      continue;
    }
    const blocked = candidates[0];
    if (blocked) pieces.excludedReasons.push(excluded.get(blocked.index) ?? '');
    pieces.missingMonths.push(month);
    month += 1;
  }
  return pieces;
}

/** Adds the figures of flow sets; a key absent from a set counts as zero there. */
export function sumFlows(used: readonly StoredSet[]): Record<string, number> {
  const totals: Record<string, number> = {};
  used.forEach((set, position) => {
    for (const [key, value] of Object.entries(set.figures)) {
      if (OPENING_KEYS.has(key)) {
        if (position === 0) totals[key] = value;
      } else if (CLOSING_KEYS.has(key)) {
        if (position === used.length - 1) totals[key] = value;
      } else {
        totals[key] = (totals[key] ?? 0) + value;
      }
    }
  });
  return totals;
}

function missingText(statement: FinancialStatementKind, pieces: FlowPieces): string[] {
  const texts: string[] = [];
  if (pieces.missingMonths.length > 0) {
    texts.push(`${rangesText(pieces.missingMonths)}的${FINANCIAL_STATEMENTS[statement]}`);
  }
  for (const reason of new Set(pieces.excludedReasons)) if (reason) texts.push(`可用数据（${reason}）`);
  return texts;
}

export function coverFlow(
  statement: FinancialStatementKind,
  sets: readonly StoredSet[],
  excluded: ReadonlyMap<number, string>,
  first: number,
  last: number,
): Cover {
  const pieces = flowPieces(sets, excluded, first, last);
  if (pieces.missingMonths.length > 0) return { ok: false, missing: missingText(statement, pieces) };
  return { ok: true, figures: sumFlows(pieces.used), source: sourceOf(statement, pieces.used), used: pieces.used };
}

/** The set whose figures run from January to `end` (CIT returns are year to date); a year beats a quarter. */
function ytdAt(sets: readonly StoredSet[], excluded: ReadonlyMap<number, string>, end: number) {
  const candidates = sets
    .filter((set) => set.end === end)
    .sort((a, b) => LENGTH[b.kind] - LENGTH[a.kind] || a.index - b.index);
  return { usable: candidates.find((set) => !excluded.has(set.index)), blocked: candidates[0] };
}

/** CIT figures for months first…last of one year: the year-to-date return at the end, less the one before the start. */
export function coverYearToDate(
  sets: readonly StoredSet[],
  excluded: ReadonlyMap<number, string>,
  first: number,
  last: number,
): Cover {
  const missing: string[] = [];
  const ends = first % 12 === 0 ? [last] : [last, first - 1];
  const found: StoredSet[] = [];
  for (const end of ends) {
    const { usable, blocked } = ytdAt(sets, excluded, end);
    if (usable) found.push(usable);
    else if (blocked) missing.push(`${monthLabel(end)}的企业所得税申报（${excluded.get(blocked.index) ?? ''}）`);
    else missing.push(`截至${monthLabel(end)}的企业所得税申报（年度或季度预缴，累计数）`);
  }
  if (missing.length > 0 || !found[0]) return { ok: false, missing };
  const [atEnd, beforeStart] = found as [StoredSet, StoredSet | undefined];
  const figures: Record<string, number> = { ...atEnd.figures };
  if (beforeStart) {
    for (const [key, value] of Object.entries(beforeStart.figures)) {
      if (key !== 'taxRate') figures[key] = (figures[key] ?? 0) - value;
    }
  }
  const note = beforeStart ? `${atEnd.period}累计数减${beforeStart.period}累计数` : undefined;
  return { ok: true, figures, source: sourceOf('cit_return', found, note), used: found };
}

/** The balance sheet dated at the end of month `end`. */
export function balanceAt(sets: readonly StoredSet[], excluded: ReadonlyMap<number, string>, end: number): Cover {
  const candidates = sets.filter((set) => set.end === end);
  const usable = candidates.find((set) => !excluded.has(set.index));
  if (usable) {
    return { ok: true, figures: { ...usable.figures }, source: sourceOf('balance_sheet', [usable]), used: [usable] };
  }
  const blocked = candidates[0];
  const what = `${monthLabel(end)}末的资产负债表`;
  return { ok: false, missing: [blocked ? `${what}（${excluded.get(blocked.index) ?? ''}）` : what] };
}
