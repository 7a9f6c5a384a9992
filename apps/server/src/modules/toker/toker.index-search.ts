/**
 * The prospect search over the company dataset, on the data-view map's in-memory index of the
 * registry (dataview-map/facet-index.ts: region-sorted typed arrays, one per filter column) plus a
 * byte of lead signals per row built from toker_signals once per index. Two passes over the rows of
 * the region: the count (capped) with a histogram of founding months, then the rows of the newest
 * months the page needs; only the page's rows are read from the table. At most TOKER_MAX_RESULTS
 * are counted or paged: no full dataset dumps.
 */
import {
  INDUSTRY_SECTIONS,
  type Prospect,
  REGISTRATION_KEYS,
  TOKER_AGES,
  TOKER_MAX_RESULTS,
  TOKER_SIZES,
  type TokerFilters,
} from '@taxlens/shared';
import { sql } from 'kysely';
import type { Db } from '../../db/kysely.js';
import { codeAt, type FacetIndex, facetIndexOf, UNKNOWN_CAPITAL } from '../dataview-map/facet-index.js';
import { rowRange } from '../dataview-map/facet-query.js';
import { PROSPECT_COLUMNS, toProspect } from './toker.search.js';

const SIGNAL_BITS = { abnormal: 1, creditDrop: 2, illegal: 4, changes: 8 } as const;
const MONTH_BASE = 1900 * 12;
const MONTH_SLOTS = 200 * 12;

interface LeadExtras {
  /** toker_signals as one byte per index row. */
  signals: Uint8Array;
  /** Row numbers newest founding month first (ties in index order): a search without a region walks
   * this and stops once it has counted TOKER_MAX_RESULTS matches and filled the page. */
  newestFirst: Uint32Array;
}

/** Built once per index (an import changes both the index and the signals). */
const extrasCache = new WeakMap<FacetIndex, Promise<LeadExtras>>();

function newestFirstOf(index: FacetIndex): Uint32Array {
  // Counting sort by month slot, descending.
  const starts = new Uint32Array(MONTH_SLOTS + 2);
  for (let row = 0; row < index.size; row += 1) {
    const slot = MONTH_SLOTS - monthSlot(index.month[row] as number);
    starts[slot + 1] = (starts[slot + 1] ?? 0) + 1;
  }
  for (let slot = 1; slot < starts.length; slot += 1) starts[slot] = (starts[slot] ?? 0) + (starts[slot - 1] ?? 0);
  const order = new Uint32Array(index.size);
  for (let row = 0; row < index.size; row += 1) {
    const slot = MONTH_SLOTS - monthSlot(index.month[row] as number);
    const at = starts[slot] ?? 0;
    order[at] = row;
    starts[slot] = at + 1;
  }
  return order;
}

function extrasOf(db: Db, index: FacetIndex): Promise<LeadExtras> {
  let cached = extrasCache.get(index);
  if (!cached) {
    cached = (async () => {
      const rows = await db
        .selectFrom('toker_signals')
        .select(['credit_code', 'abnormal_on', 'illegal_on', 'credit_year', 'changes_recent'])
        .execute();
      const masks = new Map<string, number>();
      for (const row of rows) {
        masks.set(
          row.credit_code,
          (row.abnormal_on ? SIGNAL_BITS.abnormal : 0) |
            (row.credit_year ? SIGNAL_BITS.creditDrop : 0) |
            (row.illegal_on ? SIGNAL_BITS.illegal : 0) |
            (row.changes_recent >= 2 ? SIGNAL_BITS.changes : 0),
        );
      }
      const signals = new Uint8Array(index.size);
      if (masks.size > 0)
        for (let row = 0; row < index.size; row += 1) signals[row] = masks.get(codeAt(index, row)) ?? 0;
      return { signals, newestFirst: newestFirstOf(index) };
    })();
    cached.catch(() => extrasCache.delete(index));
    extrasCache.set(index, cached);
  }
  return cached;
}

/** Slot 1… of a founding month; 0 for an unknown one. */
const monthSlot = (founded: number) =>
  founded >= MONTH_BASE && founded < MONTH_BASE + MONTH_SLOTS ? founded - MONTH_BASE + 1 : 0;

function regionBounds(code: string | undefined): [number, number] {
  if (!code) return [0, 1_000_000];
  const value = Number(code);
  if (code.endsWith('0000')) return [value, value + 10_000];
  if (code.endsWith('00')) return [value, value + 100];
  return [value, value + 1];
}

/** One predicate over a row, built once per search from the filters. */
function matcher(index: FacetIndex, signals: Uint8Array, filters: TokerFilters, today: Date) {
  const industry = filters.industry ? INDUSTRY_SECTIONS.findIndex((item) => item.code === filters.industry) + 1 : 0;
  const size = TOKER_SIZES.find((band) => band.key === filters.size);
  const minWan = size?.minWan ?? null;
  const maxWan = size?.maxWan ?? null;
  const age = TOKER_AGES.find((band) => band.key === filters.age);
  // Age in months from this month: founded within maxYears and at least minYears ago.
  const month = today.getFullYear() * 12 + today.getMonth();
  const newest = age?.minYears != null ? month - age.minYears * 12 : null;
  const oldest = age?.maxYears != null ? month - age.maxYears * 12 : null;
  const taxpayer = filters.taxpayerType === 'general' ? 1 : filters.taxpayerType === 'small_scale' ? 2 : 0;
  const registration = filters.status ? REGISTRATION_KEYS.indexOf(filters.status) : -1;
  const wanted = (filters.signals ?? []).reduce((mask, key) => mask | SIGNAL_BITS[key], 0);
  return (row: number): boolean => {
    if (industry && index.industry[row] !== industry) return false;
    if (minWan !== null || maxWan !== null) {
      const wan = index.capitalWan[row] as number;
      if (wan === UNKNOWN_CAPITAL) return false;
      if (minWan !== null && wan < minWan) return false;
      if (maxWan !== null && wan >= maxWan) return false;
    }
    if (newest !== null || oldest !== null) {
      const founded = index.month[row] as number;
      if (founded === 0) return false;
      if (oldest !== null && founded <= oldest) return false;
      if (newest !== null && founded > newest) return false;
    }
    if (taxpayer && index.taxpayer[row] !== taxpayer) return false;
    if (registration >= 0 && index.registration[row] !== registration) return false;
    if (wanted && ((signals[row] as number) & wanted) === 0) return false;
    return true;
  };
}

interface Found {
  /** Matches counted (at least TOKER_MAX_RESULTS + 1 when there are more). */
  matched: number;
  /** The first `needed` matching rows, newest founding month first. */
  rows: number[];
}

/** No region: walk the rows newest first and stop once the count is capped and the page is full. */
function newestWalk(order: Uint32Array, matches: (row: number) => boolean, needed: number): Found {
  const rows: number[] = [];
  let matched = 0;
  for (let at = 0; at < order.length; at += 1) {
    const row = order[at] as number;
    if (!matches(row)) continue;
    matched += 1;
    if (rows.length < needed) rows.push(row);
    if (matched > TOKER_MAX_RESULTS && rows.length >= needed) break;
  }
  return { matched, rows };
}

/**
 * A region is one run of rows: count the matches with a histogram of founding months, then take
 * the rows of the newest months the page reaches.
 */
function inRegion(index: FacetIndex, matches: (row: number) => boolean, regionCode: string, needed: number): Found {
  const [low, high] = regionBounds(regionCode);
  const [from, to] = rowRange(index, low, high);
  const perMonth = new Uint32Array(MONTH_SLOTS + 1);
  let matched = 0;
  for (let row = from; row < to; row += 1) {
    if (!matches(row)) continue;
    matched += 1;
    const slotOf = monthSlot(index.month[row] as number);
    perMonth[slotOf] = (perMonth[slotOf] ?? 0) + 1;
  }
  const want = Math.min(needed, matched, TOKER_MAX_RESULTS);
  let slot = MONTH_SLOTS;
  for (let seen = 0; slot > 0; slot -= 1) {
    seen += perMonth[slot] as number;
    if (seen >= want) break;
  }
  const picked: { slot: number; row: number }[] = [];
  for (let row = from; row < to; row += 1) {
    const rowSlot = monthSlot(index.month[row] as number);
    if (rowSlot < slot || !matches(row)) continue;
    picked.push({ slot: rowSlot, row });
  }
  // Newest month first, then index order: the same order as the walk without a region.
  picked.sort((a, b) => b.slot - a.slot || a.row - b.row);
  return { matched, rows: picked.slice(0, needed).map((item) => item.row) };
}

export interface SearchPage {
  /** Matches, counted up to TOKER_MAX_RESULTS. */
  total: number;
  /** More than TOKER_MAX_RESULTS matched: only the first ones page. */
  capped: boolean;
  list: Prospect[];
}

export async function searchProspects(
  db: Db,
  databaseUrl: string,
  filters: TokerFilters,
  page: { page: number; size: number },
): Promise<SearchPage> {
  const index = await facetIndexOf(db, databaseUrl).get();
  const { signals, newestFirst } = await extrasOf(db, index);
  const matches = matcher(index, signals, filters, new Date());
  const offset = (page.page - 1) * page.size;
  const found = filters.regionCode
    ? inRegion(index, matches, filters.regionCode, offset + page.size)
    : newestWalk(newestFirst, matches, offset + page.size);
  const total = Math.min(found.matched, TOKER_MAX_RESULTS);
  const capped = found.matched > TOKER_MAX_RESULTS;
  const codes =
    offset >= total
      ? []
      : found.rows.slice(offset, Math.min(offset + page.size, total)).map((row) => codeAt(index, row));
  if (codes.length === 0) return { total, capped, list: [] };
  const rows = await sql<Parameters<typeof toProspect>[0]>`
    SELECT ${PROSPECT_COLUMNS} FROM cd_companies c LEFT JOIN toker_signals s ON s.credit_code = c.credit_code
    WHERE c.credit_code IN (${sql.join(codes)})`.execute(db);
  const byCode = new Map(rows.rows.map((row) => [row.credit_code, toProspect(row)]));
  return {
    total,
    capped,
    list: codes.map((code) => byCode.get(code)).filter((item): item is Prospect => item !== undefined),
  };
}
