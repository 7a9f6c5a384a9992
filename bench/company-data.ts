/**
 * Company data at scale: imports 1 000 000 registry rows (csv, the operator's import: parse, check,
 * COPY into staging, replace the list) beside a bare `COPY` of the same file into a plain table
 * (the floor), then name search latency under 20 concurrent users over those rows (p50/p95; target
 * p95 < 50 ms). Figures only. Run: npx tsx bench/company-data.ts [rows]
 */
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { dataListByKey } from '@taxlens/shared';
import { from as copyFrom } from 'pg-copy-streams';
import { startEmbeddedPostgres } from '../apps/server/src/db/embedded.js';
import { createDb } from '../apps/server/src/db/kysely.js';
import { migrate } from '../apps/server/src/db/migrate.js';
import { createBuiltinProvider } from '../apps/server/src/modules/companydata/builtin.provider.js';
import { importDataset } from '../apps/server/src/modules/companydata/datasets/dataset-import.js';
import { SEARCH_BENCH_DIVISIONS, writeRegistry } from './lib/registry.js';

const ROWS = Number(process.argv[2] ?? 1_000_000);
const USERS = 20;
const QUERIES_PER_USER = 100;

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

async function main() {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'taxlens-cd-bench-'));
  const embedded = await startEmbeddedPostgres({ dataDir: dir, port: 55106, portFallback: true, fast: true });
  const { db, pool } = createDb(embedded.url, USERS + 2);
  try {
    await migrate(embedded.url);
    const file = path.join(dir, 'registry.csv');
    let started = performance.now();
    const samples = await writeRegistry(file, { rows: ROWS, divisions: SEARCH_BENCH_DIVISIONS });
    console.log(`generated ${ROWS} rows in ${((performance.now() - started) / 1000).toFixed(1)} s`);

    const list = dataListByKey('companies');
    if (!list) throw new Error('no companies list');
    started = performance.now();
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
    started = performance.now();
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
    console.log(
      `name search, ${USERS} concurrent users × ${QUERIES_PER_USER}: p50 ${percentile(latencies, 50).toFixed(1)} ms, p95 ${percentile(latencies, 95).toFixed(1)} ms, ${(latencies.length / wall).toFixed(0)} searches/s, ${found}/${latencies.length} with hits`,
    );
    for (const [kind, values] of byKind) {
      console.log(
        `  ${kind}: ${values.length} queries, p50 ${percentile(values, 50).toFixed(1)} ms, p95 ${percentile(values, 95).toFixed(1)} ms`,
      );
    }
  } finally {
    await db.destroy();
    await embedded.stop();
    await rm(dir, { recursive: true, force: true });
  }
}

await main();
