/**
 * Company data at scale: imports 1 000 000 registry rows (csv, the operator's import: parse, check,
 * COPY into staging, replace the list) beside a bare `COPY` of the same file into a plain table
 * (the floor), then name search latency under 20 concurrent users over those rows (p50/p95; target
 * p95 < 50 ms). Figures only. Run: npx tsx bench/company-data.ts [rows]
 * BENCH_DATA_DIR=<dir> keeps the database there and, on a later run, skips the import and measures
 * the search again (for profiling the query with EXPLAIN ANALYZE between runs).
 */
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { dataListByKey } from '@taxlens/shared';
import type { Pool } from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { startEmbeddedPostgres } from '../apps/server/src/db/embedded.js';
import { createDb, type Db } from '../apps/server/src/db/kysely.js';
import { migrate } from '../apps/server/src/db/migrate.js';
import { createBuiltinProvider } from '../apps/server/src/modules/companydata/builtin.provider.js';
import { importDataset } from '../apps/server/src/modules/companydata/datasets/dataset-import.js';
import { SEARCH_BENCH_DIVISIONS, writeRegistry } from './lib/registry.js';

const ROWS = Number(process.argv[2] ?? 1_000_000);
const USERS = 20;
const QUERIES_PER_USER = 100;
const P95_GOAL_MS = 50;

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

async function main() {
  const kept = process.env.BENCH_DATA_DIR;
  const dir = kept ?? (await mkdtemp(path.join(os.tmpdir(), 'taxlens-cd-bench-')));
  const embedded = await startEmbeddedPostgres({ dataDir: dir, port: 55106, portFallback: true, fast: true });
  const { db, pool } = createDb(embedded.url, USERS + 2);
  try {
    await migrate(embedded.url);
    const file = path.join(dir, 'registry.csv');
    const started = performance.now();
    const samples = await writeRegistry(file, { rows: ROWS, divisions: SEARCH_BENCH_DIVISIONS });
    console.log(`generated ${ROWS} rows in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    const { count } = (await pool.query('SELECT count(*)::int AS count FROM cd_companies')).rows[0] as {
      count: number;
    };
    if (count === ROWS) console.log(`kept database in ${dir}: ${count} rows already imported, import skipped`);
    else await measureImport(db, pool, file);
    await measureSearch(db, pool, samples);
  } finally {
    await db.destroy();
    await embedded.stop();
    if (!kept) await rm(dir, { recursive: true, force: true });
  }
}

async function measureImport(db: Db, pool: Pool, file: string) {
  {
    const list = dataListByKey('companies');
    if (!list) throw new Error('no companies list');
    let started = performance.now();
    const result = await importDataset(
      { db, pool },
      {
        list,
        fileName: 'registry.csv',
        format: 'csv',
        sha256: createHash('sha256').update(String(ROWS)).digest('hex'),
        open: async () => createReadStream(file),
        source: 'bench',
        asOf: '2025-11-25',
        importedBy: null,
      },
    );
    const importSeconds = (performance.now() - started) / 1000;
    console.log(
      `import (parse, check, COPY, replace, GIN index): ${result.status} ${result.rowCount} rows in ${importSeconds.toFixed(1)} s`,
    );

    const client = await pool.connect();
    await client.query(
      'CREATE UNLOGGED TABLE copy_floor (code text, name text, rep text, capital text, established text, status text, region text)',
    );
    started = performance.now();
    const copy = client.query(copyFrom('COPY copy_floor FROM STDIN WITH (FORMAT csv, HEADER true)'));
    await pipeline(createReadStream(file), copy);
    const copySeconds = (performance.now() - started) / 1000;
    client.release();
    console.log(
      `bare COPY of the same file into a plain table: ${copySeconds.toFixed(1)} s (import = ${(importSeconds / copySeconds).toFixed(1)}× COPY)`,
    );
  }
}

async function measureSearch(db: Db, pool: Pool, samples: string[]) {
  {
    // Searches are measured in steady state, not while the server still writes the import out.
    await pool.query('CHECKPOINT');
    await pool.query('ANALYZE cd_companies');
    const provider = createBuiltinProvider(db);
    // Three kinds of query: the start of a name (city + word), a part inside it (two words), and two
    // pieces that are not next to each other in any name (word + trade start): mostly no match.
    const KINDS = ['start of the name', 'inside the name', 'pieces not adjacent'] as const;
    const queries = samples.flatMap((name) => [
      { kind: KINDS[1], text: name.slice(2, 6) },
      { kind: KINDS[0], text: name.slice(0, 4) },
      { kind: KINDS[2], text: `${name.slice(2, 4)}${name.slice(6, 8)}` },
    ]);
    const byKind = new Map<string, number[]>(KINDS.map((kind) => [kind, []]));
    const latencies: number[] = [];
    let found = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: USERS }, async (_, user) => {
        for (let index = 0; index < QUERIES_PER_USER; index += 1) {
          const query = queries[(user * QUERIES_PER_USER + index) % queries.length] as (typeof queries)[number];
          const begin = performance.now();
          const hits = await provider.search(query.text, 20);
          const ms = performance.now() - begin;
          latencies.push(ms);
          byKind.get(query.kind)?.push(ms);
          if (hits.length > 0) found += 1;
        }
      }),
    );
    const wall = (performance.now() - started) / 1000;
    const p95 = percentile(latencies, 95);
    console.log(
      `name search, ${USERS} concurrent users × ${QUERIES_PER_USER}: p50 ${percentile(latencies, 50).toFixed(1)} ms, p95 ${p95.toFixed(1)} ms (goal p95 < ${P95_GOAL_MS} ms: ${p95 < P95_GOAL_MS ? 'met' : 'not met'}), ${(latencies.length / wall).toFixed(0)} searches/s, ${found}/${latencies.length} with hits; load average ${os.loadavg()[0]?.toFixed(1)} on ${os.cpus().length} cores`,
    );
    for (const [kind, values] of byKind) {
      console.log(
        `  ${kind}: ${values.length} queries, p50 ${percentile(values, 50).toFixed(1)} ms, p95 ${percentile(values, 95).toFixed(1)} ms`,
      );
    }
  }
}

await main();
