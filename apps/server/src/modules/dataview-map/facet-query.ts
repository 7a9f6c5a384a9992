import {
  CAPITAL_BANDS,
  INDUSTRY_SECTIONS,
  OPPORTUNITY_LIST_LIMIT,
  type OpportunityFilter,
  REGISTRATION_KEYS,
  RISK_KINDS,
} from '@taxlens/shared';
import { candidateWords, SCRATCH, scratchWords } from './facet-bits.js';
import { type FacetIndex, UNKNOWN_CAPITAL } from './facet-index.js';

/** 直辖市: their districts hang under a 市辖区 level the map leaves out, so they drill straight to counties. */
const MUNICIPALITIES = new Set([11, 12, 31, 50]);

export type AreaLevel = 'country' | 'province' | 'city' | 'county';

export function areaLevel(areaCode: string | undefined): AreaLevel {
  if (!areaCode) return 'country';
  if (areaCode.endsWith('0000')) return 'province';
  if (areaCode.endsWith('00')) return 'city';
  return 'county';
}

/** Everything one filter gives, computed in one pass over the index. */
export interface Aggregate {
  total: number;
  /** Matches per child area of the area looked at (6-digit code → count); the county itself at county level. */
  children: Map<number, number>;
  /** Matches whose region is unknown or not inside a child area. */
  unplaced: number;
  industries: Uint32Array;
  registrations: Uint32Array;
  taxpayers: Uint32Array;
  capitalBands: Uint32Array;
  capitalUnknown: number;
  risks: Uint32Array;
  /** Matches established per month (month number → count). */
  months: Map<number, number>;
  /** New in the last 12 months, per child area. */
  recentChildren: Map<number, number>;
  /** Row numbers of the matches, when there are at most OPPORTUNITY_LIST_LIMIT. */
  rows: number[] | null;
}

const monthNumber = (text: string) => Number(text.slice(0, 4)) * 12 + Number(text.slice(5, 7)) - 1;

function areaRange(areaCode: string | undefined): [number, number] {
  if (!areaCode) return [0, 1_000_000];
  const code = Number(areaCode);
  const level = areaLevel(areaCode);
  if (level === 'province') return [code, code + 10_000];
  if (level === 'city') return [code, code + 100];
  return [code, code + 1];
}

/** Child areas of one area fit in 10 000 slots (a province's 6-digit range); months 1900–2099. */
const CHILD_SLOTS = 10_000;
const MONTH_BASE = 1900 * 12;
const MONTH_SLOTS = 200 * 12;

/** The index is sorted by region code: an area is one contiguous run of rows, found by binary search. */
export function rowRange(index: FacetIndex, low: number, high: number): [number, number] {
  const lowerBound = (value: number) => {
    let from = 0;
    let to = index.size;
    while (from < to) {
      const middle = (from + to) >>> 1;
      if ((index.region[middle] as number) < value) from = middle + 1;
      else to = middle;
    }
    return from;
  };
  return low === 0 && high >= 1_000_000 ? [0, index.size] : [lowerBound(low), lowerBound(high)];
}

export function aggregate(
  index: FacetIndex,
  filter: OpportunityFilter,
  today = new Date(),
  options: { useBits?: boolean } = {},
): Aggregate {
  const [regionLow, regionHigh] = areaRange(filter.areaCode);
  const level = areaLevel(filter.areaCode);
  const industryMask = filter.industries?.length
    ? filter.industries.reduce(
        (mask, code) => mask | (1 << (INDUSTRY_SECTIONS.findIndex((s) => s.code === code) + 1)),
        0,
      )
    : 0;
  const registrationMask = filter.registrations?.length
    ? filter.registrations.reduce((mask, key) => mask | (1 << REGISTRATION_KEYS.indexOf(key)), 0)
    : 0;
  const taxpayerMask = filter.taxpayerTypes?.length
    ? filter.taxpayerTypes.reduce((mask, key) => mask | (1 << (key === 'general' ? 1 : 2)), 0)
    : 0;
  const riskMask = filter.riskKinds?.length
    ? filter.riskKinds.reduce((mask, kind) => mask | (1 << RISK_KINDS.indexOf(kind)), 0)
    : 0;
  const noRisk = filter.noRisk === true;
  const monthLow = filter.establishedFrom ? monthNumber(filter.establishedFrom) : -1;
  const monthHigh = filter.establishedTo ? monthNumber(filter.establishedTo) : Number.MAX_SAFE_INTEGER;
  const capitalLow = filter.capitalMinWan ?? -1;
  const capitalHigh = filter.capitalMaxWan ?? Number.POSITIVE_INFINITY;
  const capitalFiltered = filter.capitalMinWan !== undefined || filter.capitalMaxWan !== undefined;
  const recentFrom = today.getUTCFullYear() * 12 + today.getUTCMonth() - 11;

  const result: Aggregate = {
    total: 0,
    children: new Map(),
    unplaced: 0,
    industries: new Uint32Array(INDUSTRY_SECTIONS.length + 1),
    registrations: new Uint32Array(REGISTRATION_KEYS.length),
    taxpayers: new Uint32Array(3),
    capitalBands: new Uint32Array(CAPITAL_BANDS.length),
    capitalUnknown: 0,
    risks: new Uint32Array(RISK_KINDS.length),
    months: new Map(),
    recentChildren: new Map(),
    rows: [],
  };
  // Counters as typed arrays (a Map update per row costs more than the whole filter).
  const childCounts = scratchWords(SCRATCH.children, CHILD_SLOTS);
  const recentCounts = scratchWords(SCRATCH.recent, CHILD_SLOTS);
  const monthCounts = scratchWords(SCRATCH.months, MONTH_SLOTS);
  const { region, industry, month, capitalWan, registration, taxpayer, risks } = index;
  const [first, last] = rowRange(index, regionLow, regionHigh);
  const monthFiltered = monthLow >= 0 || monthHigh < Number.MAX_SAFE_INTEGER;
  const municipality = level === 'province' && MUNICIPALITIES.has(Math.floor(regionLow / 10_000));
  let rows: number[] | null = [];
  let total = 0;
  let unplaced = 0;
  // Candidates from the bitsets, 32 rows a word; each one is still checked in full below.
  const match = candidateWords(index, filter, first, last, monthLow, monthHigh, options.useBits !== false);
  const firstWord = first >>> 5;
  for (let at = 0; at < match.length; at++) {
    let word = (match[at] as number) | 0;
    const base = (firstWord + at) << 5;
    while (word !== 0) {
      const lowest = word & -word;
      word ^= lowest;
      const row = base + 31 - Math.clz32(lowest);
      if (industryMask && !(industryMask & (1 << (industry[row] as number)))) continue;
      if (registrationMask && !(registrationMask & (1 << (registration[row] as number)))) continue;
      if (taxpayerMask && !(taxpayerMask & (1 << (taxpayer[row] as number)))) continue;
      const riskBits = risks[row] as number;
      if (riskMask && !(riskMask & riskBits)) continue;
      if (noRisk && riskBits !== 0) continue;
      const established = month[row] as number;
      if (monthFiltered && (established === 0 || established < monthLow || established > monthHigh)) continue;
      const capital = capitalWan[row] as number;
      if (capitalFiltered && (capital === UNKNOWN_CAPITAL || capital < capitalLow || capital >= capitalHigh)) continue;

      total++;
      const place = region[row] as number;
      // The slot of the child area: a province (country), a city or county (province), a county (city).
      let slot = -1;
      if (place !== 0) {
        if (level === 'country') slot = Math.floor(place / 10_000);
        else if (level === 'province')
          slot =
            municipality || Math.floor(place / 100) % 100 === 90
              ? place - regionLow
              : Math.floor(place / 100) * 100 - regionLow;
        else slot = place - regionLow;
      }
      if (slot < 0) unplaced++;
      else (childCounts[slot] as number)++;
      (result.industries[industry[row] as number] as number)++;
      (result.registrations[registration[row] as number] as number)++;
      (result.taxpayers[taxpayer[row] as number] as number)++;
      if (capital === UNKNOWN_CAPITAL) result.capitalUnknown++;
      else
        (result.capitalBands[
          capital < 100 ? 0 : capital < 500 ? 1 : capital < 1000 ? 2 : capital < 5000 ? 3 : 4
        ] as number)++;
      if (riskBits !== 0) {
        for (let bit = 0; bit < RISK_KINDS.length; bit++) if (riskBits & (1 << bit)) (result.risks[bit] as number)++;
      }
      if (established >= MONTH_BASE && established < MONTH_BASE + MONTH_SLOTS) {
        (monthCounts[established - MONTH_BASE] as number)++;
        if (established >= recentFrom && slot >= 0) (recentCounts[slot] as number)++;
      }
      if (rows) {
        if (rows.length < OPPORTUNITY_LIST_LIMIT) rows.push(row);
        else rows = null;
      }
    }
  }
  result.total = total;
  result.unplaced = unplaced;
  result.rows = rows;
  const codeOfSlot = (slot: number) => (level === 'country' ? slot * 10_000 : regionLow + slot);
  for (let slot = 0; slot < CHILD_SLOTS; slot++) {
    if (childCounts[slot]) result.children.set(codeOfSlot(slot), childCounts[slot] as number);
    if (recentCounts[slot]) result.recentChildren.set(codeOfSlot(slot), recentCounts[slot] as number);
  }
  for (let slot = 0; slot < MONTH_SLOTS; slot++) {
    if (monthCounts[slot]) result.months.set(MONTH_BASE + slot, monthCounts[slot] as number);
  }
  return result;
}

/** The same filter asked by search, distributions, rankings and trends of one page: computed once. */
export function createAggregateMemo(size = 32) {
  const memo = new Map<string, Aggregate>();
  return (index: FacetIndex, filter: OpportunityFilter): Aggregate => {
    const key = `${index.version}|${index.builtMs}|${JSON.stringify(filter, Object.keys(filter).sort())}`;
    const hit = memo.get(key);
    if (hit) {
      memo.delete(key);
      memo.set(key, hit);
      return hit;
    }
    const value = aggregate(index, filter);
    memo.set(key, value);
    if (memo.size > size) memo.delete(memo.keys().next().value as string);
    return value;
  };
}
