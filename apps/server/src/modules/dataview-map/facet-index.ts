import { INDUSTRY_SECTIONS, REGISTRATION_KEYS, RISK_KINDS } from '@taxlens/shared';
import { sql } from 'kysely';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import type { Db } from '../../db/kysely.js';
import { facetBitsOf } from './facet-bits.js';

/**
 * The registry as narrow columns in memory, for the map's counts (issue 14: p95 < 200 ms over
 * 1 000 000 companies). A filtered GROUP BY over the registry table reads every row's whole tuple
 * and, on a loaded 2-core machine, takes seconds; one pass over typed arrays (a few bytes per
 * company) takes milliseconds. Lists are still read from the table, by credit code, for the few
 * rows a page shows. The index is rebuilt when the set of active datasets changes (an operator
 * import), checked at most every VERSION_TTL_MS, so every API instance converges within that time.
 */
export interface FacetIndex {
  /** Active dataset ids it was built from. */
  version: string;
  size: number;
  /** 6-digit 行政区划代码 as a number; 0 when unknown. */
  region: Uint32Array;
  /** Industry section: 1 = A … 20 = T; 0 when unknown. */
  industry: Uint8Array;
  /** Established month as year × 12 + (month − 1); 0 when unknown. */
  month: Uint32Array;
  /** Registered capital in 万元 (floor); UNKNOWN_CAPITAL when unknown. */
  capitalWan: Uint32Array;
  /** Index into REGISTRATION_KEYS. */
  registration: Uint8Array;
  /** 0 unknown, 1 一般纳税人, 2 小规模纳税人. */
  taxpayer: Uint8Array;
  /** Bit i set: on RISK_KINDS[i] now (not removed). */
  risks: Uint32Array;
  /** Credit codes, fixed CODE_WIDTH latin1 bytes each, space-padded. */
  codes: Buffer;
  /** Source and as-of of the registry dataset. */
  source: string | null;
  asOf: string | null;
  builtMs: number;
}

export const UNKNOWN_CAPITAL = 0xffffffff;
const CODE_WIDTH = 20;
const VERSION_TTL_MS = 10_000;
const SECTION_INDEX = new Map<string, number>(INDUSTRY_SECTIONS.map((section, index) => [section.code, index + 1]));
const REGISTRATION_INDEX = new Map<string, number>(REGISTRATION_KEYS.map((key, index) => [key, index]));

export function codeAt(index: FacetIndex, row: number): string {
  return index.codes.toString('latin1', row * CODE_WIDTH, (row + 1) * CODE_WIDTH).trimEnd();
}

/** Streams the text-format COPY of a query and hands each row's fields to `onRow`. */
async function copyRows(client: pg.Client, query: string, onRow: (fields: string[]) => void): Promise<void> {
  const stream = client.query(copyTo(`COPY (${query}) TO STDOUT`));
  let rest = '';
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    const text = rest + chunk.toString('utf8');
    const lines = text.split('\n');
    rest = lines.pop() ?? '';
    for (const line of lines) onRow(line.split('\t'));
  }
  if (rest) onRow(rest.split('\t'));
}

async function activeVersion(db: Db): Promise<string> {
  const result = await sql<{ version: string | null }>`
    SELECT string_agg(id::text, ',' ORDER BY id) AS version FROM cd_datasets WHERE status = 'active'`.execute(db);
  return result.rows[0]?.version ?? '';
}

export async function buildFacetIndex(db: Db, databaseUrl: string): Promise<FacetIndex> {
  const started = performance.now();
  const version = await activeVersion(db);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    // One snapshot for the count, the risks and the registry.
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const count = Number((await client.query('SELECT count(*) AS n FROM cd_companies')).rows[0].n);
    const riskMasks = new Map<string, number>();
    const kinds = RISK_KINDS.map((kind) => `'${kind}'`).join(',');
    await copyRows(
      client,
      `SELECT credit_code, bit_or(1 << (array_position(ARRAY[${kinds}], kind) - 1))
         FROM cd_risks WHERE removed_on IS NULL OR removed_on > current_date GROUP BY credit_code`,
      ([code, mask]) => {
        if (code) riskMasks.set(code, Number(mask));
      },
    );
    const index: FacetIndex = {
      version,
      size: 0,
      region: new Uint32Array(count),
      industry: new Uint8Array(count),
      month: new Uint32Array(count),
      capitalWan: new Uint32Array(count),
      registration: new Uint8Array(count),
      taxpayer: new Uint8Array(count),
      risks: new Uint32Array(count),
      codes: Buffer.alloc(count * CODE_WIDTH, ' '),
      source: null,
      asOf: null,
      builtMs: 0,
    };
    let row = 0;
    await copyRows(
      client,
      // In region order: an area's companies are one run of rows (facet-query.ts rowRange).
      `SELECT credit_code, r, upper(left(coalesce(industry_code, ''), 1)),
              coalesce(to_char(established_on, 'YYYYMM'), ''),
              coalesce((registered_capital_fen / 1000000)::text, ''), registration, coalesce(taxpayer_type, '')
         FROM (SELECT *, CASE WHEN region_code ~ '^[0-9]{6}$' THEN region_code ELSE '' END AS r FROM cd_companies) c
        ORDER BY r COLLATE "C"`,
      ([code = '', region, section = '', established, capital, registration = '', taxpayer]) => {
        if (row >= count || code.length > CODE_WIDTH) return;
        index.codes.write(code, row * CODE_WIDTH, 'latin1');
        index.region[row] = region ? Number(region) : 0;
        index.industry[row] = SECTION_INDEX.get(section) ?? 0;
        index.month[row] = established ? Number(established.slice(0, 4)) * 12 + Number(established.slice(4, 6)) - 1 : 0;
        index.capitalWan[row] = capital ? Math.min(Number(capital), UNKNOWN_CAPITAL - 1) : UNKNOWN_CAPITAL;
        index.registration[row] = REGISTRATION_INDEX.get(registration) ?? REGISTRATION_KEYS.length - 1;
        index.taxpayer[row] = taxpayer === 'general' ? 1 : taxpayer === 'small_scale' ? 2 : 0;
        index.risks[row] = riskMasks.get(code) ?? 0;
        row += 1;
      },
    );
    index.size = row;
    const registry = await client.query(
      `SELECT source, to_char(as_of, 'YYYY-MM-DD') AS as_of FROM cd_datasets
        WHERE status = 'active' AND list_key = 'companies' ORDER BY id DESC LIMIT 1`,
    );
    index.source = registry.rows[0]?.source ?? null;
    index.asOf = registry.rows[0]?.as_of ?? null;
    await client.query('COMMIT');
    // The filter bitsets too, before the index answers anything (facet-bits.ts).
    facetBitsOf(index);
    index.builtMs = Math.round(performance.now() - started);
    return index;
  } finally {
    await client.end();
  }
}

/**
 * The current index of a database: built on first use, rebuilt (one build at a time, the old
 * index answering meanwhile) when the active datasets change.
 */
export function createFacetIndexCache(db: Db, databaseUrl: string) {
  let current: FacetIndex | null = null;
  let building: Promise<FacetIndex> | null = null;
  let checkedAt = 0;
  const rebuild = () => {
    building ??= buildFacetIndex(db, databaseUrl)
      .then((index) => {
        current = index;
        return index;
      })
      .finally(() => {
        building = null;
      });
    return building;
  };
  return {
    async get(): Promise<FacetIndex> {
      if (!current) return rebuild();
      if (Date.now() - checkedAt > VERSION_TTL_MS) {
        checkedAt = Date.now();
        if ((await activeVersion(db)) !== current.version) void rebuild().catch(() => {});
      }
      return current;
    },
    /** Forget the index (tests after an import; the next call rebuilds and waits). */
    invalidate() {
      current = null;
      checkedAt = 0;
    },
  };
}
export type FacetIndexCache = ReturnType<typeof createFacetIndexCache>;

const caches = new WeakMap<Db, FacetIndexCache>();

/** The one index cache of a database handle (the routes and the tests share it). */
export function facetIndexOf(db: Db, databaseUrl: string): FacetIndexCache {
  let cache = caches.get(db);
  if (!cache) {
    cache = createFacetIndexCache(db, databaseUrl);
    caches.set(db, cache);
  }
  return cache;
}
