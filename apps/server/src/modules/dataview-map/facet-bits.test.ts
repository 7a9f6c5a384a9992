import { SeededRandom } from '@taxlens/engine/fixtures';
import {
  INDUSTRY_SECTIONS,
  type OpportunityFilter,
  REGISTRATION_KEYS,
  RISK_KINDS,
  type RiskKind,
} from '@taxlens/shared';
import { describe, expect, it } from 'vitest';
import { facetBitsOf } from './facet-bits.js';
import { type FacetIndex, UNKNOWN_CAPITAL } from './facet-index.js';
import { aggregate } from './facet-query.js';

/**
 * The bitset path (facet-bits.ts) must give exactly what the plain scan gives (the scan is what
 * opportunity.test.ts compares with SQL): same counts, distributions, months and listed rows.
 */
const REGIONS = [0, 110101, 110105, 120101, 420102, 420106, 429004, 440103, 440305, 440306, 440307, 441900, 500101];
const AREAS = ['', '110000', '420000', '420100', '429004', '440000', '440300', '440305', '650000'];

function generatedIndex(rows: number): FacetIndex {
  const random = new SeededRandom(14_300);
  const region = Uint32Array.from(Array.from({ length: rows }, () => random.pick(REGIONS)).sort((a, b) => a - b));
  const index: FacetIndex = {
    version: 'test',
    size: rows,
    region,
    industry: new Uint8Array(rows),
    month: new Uint32Array(rows),
    capitalWan: new Uint32Array(rows),
    registration: new Uint8Array(rows),
    taxpayer: new Uint8Array(rows),
    risks: new Uint32Array(rows),
    codes: Buffer.alloc(rows * 20, ' '),
    source: null,
    asOf: null,
    builtMs: 0,
  };
  for (let row = 0; row < rows; row++) {
    index.industry[row] = random.chance(0.05) ? 0 : random.int(1, INDUSTRY_SECTIONS.length);
    // Unknown founding month (0) for some; the rest 1998–2026.
    index.month[row] = random.chance(0.03) ? 0 : random.int(1998, 2026) * 12 + random.int(0, 11);
    index.capitalWan[row] = random.chance(0.05) ? UNKNOWN_CAPITAL : random.int(0, 8000);
    index.registration[row] = random.int(0, REGISTRATION_KEYS.length - 1);
    index.taxpayer[row] = random.int(0, 2);
    // Some on one list, a few on two.
    let mask = 0;
    if (random.chance(0.1)) mask |= 1 << random.int(0, RISK_KINDS.length - 1);
    if (random.chance(0.03)) mask |= 1 << random.int(0, RISK_KINDS.length - 1);
    index.risks[row] = mask;
  }
  return index;
}

function randomFilter(random: SeededRandom): OpportunityFilter {
  const filter: OpportunityFilter = {};
  const area = random.pick(AREAS); // '' = the whole country
  if (area) filter.areaCode = area;
  if (random.chance(0.4))
    filter.industries = Array.from({ length: random.int(1, 3) }, () => random.pick(INDUSTRY_SECTIONS).code);
  if (random.chance(0.4))
    filter.registrations = Array.from({ length: random.int(1, 2) }, () => random.pick(REGISTRATION_KEYS));
  if (random.chance(0.3)) filter.taxpayerTypes = [random.chance(0.5) ? 'general' : 'small_scale'];
  if (random.chance(0.3)) filter.riskKinds = [random.pick(RISK_KINDS), random.pick(RISK_KINDS)] as RiskKind[];
  else if (random.chance(0.15)) filter.noRisk = true;
  if (random.chance(0.6)) {
    const from = random.int(1996, 2026);
    filter.establishedFrom = `${from}-${String(random.int(1, 12)).padStart(2, '0')}`;
    if (random.chance(0.7)) filter.establishedTo = `${Math.min(2028, from + random.int(0, 5))}-12`;
  } else if (random.chance(0.3)) filter.establishedTo = `${random.int(2000, 2026)}-06`;
  if (random.chance(0.3)) filter.capitalMinWan = random.int(0, 3000);
  if (random.chance(0.2)) filter.capitalMaxWan = random.int(3000, 9000);
  return filter;
}

/** A row-by-row count written apart from facet-query.ts (area by code range, every filter literally). */
function naiveTotal(index: FacetIndex, filter: OpportunityFilter): number {
  const area = filter.areaCode ? Number(filter.areaCode) : null;
  const width = !filter.areaCode
    ? 0
    : filter.areaCode.endsWith('0000')
      ? 10_000
      : filter.areaCode.endsWith('00')
        ? 100
        : 1;
  const month = (text: string | undefined) =>
    text ? Number(text.slice(0, 4)) * 12 + Number(text.slice(5, 7)) - 1 : null;
  const from = month(filter.establishedFrom);
  const to = month(filter.establishedTo);
  let total = 0;
  for (let row = 0; row < index.size; row++) {
    const region = index.region[row] as number;
    if (area !== null && (region < area || region >= area + width)) continue;
    const section = INDUSTRY_SECTIONS[(index.industry[row] as number) - 1]?.code;
    if (filter.industries?.length && !(section && filter.industries.includes(section))) continue;
    if (
      filter.registrations?.length &&
      !filter.registrations.includes(REGISTRATION_KEYS[index.registration[row] as number] as never)
    )
      continue;
    const taxpayer = [null, 'general', 'small_scale'][index.taxpayer[row] as number];
    if (filter.taxpayerTypes?.length && !filter.taxpayerTypes.includes(taxpayer as never)) continue;
    const risks = RISK_KINDS.filter((_, bit) => (index.risks[row] as number) & (1 << bit));
    if (filter.riskKinds?.length && !risks.some((kind) => filter.riskKinds?.includes(kind))) continue;
    if (filter.noRisk && risks.length > 0) continue;
    const established = index.month[row] as number;
    if ((from !== null || to !== null) && established === 0) continue;
    if ((from !== null && established < from) || (to !== null && established > to)) continue;
    const capital = index.capitalWan[row] as number;
    const capitalFiltered = filter.capitalMinWan !== undefined || filter.capitalMaxWan !== undefined;
    if (capitalFiltered && capital === UNKNOWN_CAPITAL) continue;
    if (filter.capitalMinWan !== undefined && capital < filter.capitalMinWan) continue;
    if (filter.capitalMaxWan !== undefined && capital >= filter.capitalMaxWan) continue;
    total++;
  }
  return total;
}

describe('map aggregation over bitsets', () => {
  // Not a multiple of 32: the last word is partial; areas start and end inside words.
  const index = generatedIndex(20_011);
  const today = new Date(Date.UTC(2026, 10, 26));

  it('gives the same answer as the plain scan for every kind of filter', () => {
    const random = new SeededRandom(7);
    let nonEmpty = 0;
    for (let serial = 0; serial < 400; serial++) {
      const filter = randomFilter(random);
      const withBits = aggregate(index, filter, today);
      const scan = aggregate(index, filter, today, { useBits: false });
      expect(withBits, JSON.stringify(filter)).toEqual(scan);
      expect(withBits.total, JSON.stringify(filter)).toBe(naiveTotal(index, filter));
      if (scan.total > 0) nonEmpty++;
    }
    // The filters are not all trivially empty.
    expect(nonEmpty).toBeGreaterThan(200);
  });

  it('counts the unfiltered country and a single list the same way', () => {
    const all = aggregate(index, {}, today);
    expect(all.total).toBe(index.size);
    expect(all).toEqual(aggregate(index, {}, today, { useBits: false }));
    const bits = facetBitsOf(index);
    // Each risk list's bitset holds exactly the rows with that bit.
    RISK_KINDS.forEach((kind, bit) => {
      let expected = 0;
      for (let row = 0; row < index.size; row++) if ((index.risks[row] as number) & (1 << bit)) expected++;
      expect(aggregate(index, { riskKinds: [kind] }, today).total).toBe(expected);
      const set = bits.risk[bit];
      let counted = 0;
      if (set) for (const word of set) for (let b = 0; b < 32; b++) if (word & (1 << b)) counted++;
      expect(counted).toBe(expected);
    });
  });
});
