/**
 * The industry-insight calls over a platform of many groups: a fresh database with GROUPS groups of
 * CLIENTS clients each (sections spread over A–T), three finished reports per client over the last
 * twelve months with two or three risk items each; then the ranking (group figures, risk items,
 * platform benchmarks) and the month trend for one group: the first call (benchmarks computed), then
 * 20 calls each, p50 / p95 (benchmarks cached until a report finishes).
 * Generated data, figures only. Run: npx tsx bench/industry-ranking.ts [groups] [clients per group]
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { startEmbeddedPostgres } from '../apps/server/src/db/embedded.js';
import { createDb } from '../apps/server/src/db/kysely.js';
import { migrate } from '../apps/server/src/db/migrate.js';
import { industryRanking, industryTrend } from '../apps/server/src/modules/dataview/industry.service.js';

const GROUPS = Number(process.argv[2] ?? 200);
const CLIENTS = Number(process.argv[3] ?? 100);
const RUNS = 20;

const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((values.length * p) / 100))] ?? 0;

async function timed(label: string, call: () => Promise<unknown>) {
  // The first call computes the platform benchmarks; later ones find them cached until a report finishes.
  const coldStart = performance.now();
  await call();
  const cold = performance.now() - coldStart;
  const times: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const started = performance.now();
    await call();
    times.push(performance.now() - started);
  }
  console.log(
    `${label}: first call ${cold.toFixed(0)} ms; then p50 ${percentile(times, 50).toFixed(0)} ms, p95 ${percentile(times, 95).toFixed(0)} ms (load average ${os.loadavg()[0]?.toFixed(1)} on ${os.cpus().length} CPUs)`,
  );
}

async function main() {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'taxlens-industry-bench-'));
  const embedded = await startEmbeddedPostgres({ dataDir: dir, port: 55402, portFallback: true, fast: true });
  const { db } = createDb(embedded.url, 10);
  try {
    await migrate(embedded.url);
    await sql`
      INSERT INTO groups (name, data_price_auth) SELECT '基准集团' || g, 1 FROM generate_series(1, ${GROUPS}) g`.execute(
      db,
    );
    await sql`
      INSERT INTO users (group_id, phone, level, not_menus, list_hidden)
      SELECT id, '130' || lpad(id::text, 8, '0'), 1, '[]', '{}' FROM groups`.execute(db);
    await sql`
      INSERT INTO companies (group_id, taxpayer_name, tax_no, industry_code, created_by)
      SELECT u.group_id, '基准客户' || u.group_id || '-' || i, '91110000B' || lpad(u.group_id::text, 4, '0') || lpad(i::text, 5, '0'),
        chr((65 + ((u.group_id * 7 + i) % 20))::int), u.id
      FROM users u, generate_series(1, ${CLIENTS}) i`.execute(db);
    // Three reports per client over the last year; the level and the items vary with the ids.
    await sql`
      INSERT INTO reports (group_id, company_id, company_name, company_tax_no, report_type, period_start, period_end,
        status, overall_level, medium_count, result, request_key, created_by, finished_at)
      SELECT c.group_id, c.id, c.taxpayer_name, c.tax_no, 'INVOICE', '2025-01', '2025-12', 'done',
        (ARRAY['high', 'medium', 'low', 'none'])[1 + (c.id + k) % 4], 2 + (c.id % 2),
        jsonb_build_object('findings', jsonb_build_array(
          jsonb_build_object('ruleId', 'A', 'title', '进项发票集中于少数供应商', 'level', 'medium'),
          jsonb_build_object('ruleId', 'B', 'title', (ARRAY['开票金额接近限额', '取得异常凭证', '税负率低于行业'])[1 + c.id % 3], 'level', 'medium'),
          jsonb_build_object('ruleId', 'C', 'title', '未触发', 'level', 'none'))),
        'bench-' || c.id || '-' || k, c.created_by, now() - make_interval(days => ((c.id * 37 + k * 101) % 360)::int)
      FROM companies c, generate_series(1, 3) k`.execute(db);
    await sql`ANALYZE`.execute(db);
    const reports = await sql<{ n: string }>`SELECT count(*) AS n FROM reports`.execute(db);
    const actor = { userId: 1, groupId: 1, level: 1 as const, notMenus: [] };
    console.log(`${GROUPS} groups × ${CLIENTS} clients, ${reports.rows[0]?.n} finished reports`);
    await timed('findIndustryRiskRanking (12 months, all kinds)', () => industryRanking(db, actor, { months: 12 }));
    await timed('findIndustryTrend (12 months, one section)', () =>
      industryTrend(db, actor, { months: 12, industryCode: 'C' }),
    );
  } finally {
    await db.destroy();
    await embedded.stop();
    await rm(dir, { recursive: true, force: true });
  }
}

await main();
