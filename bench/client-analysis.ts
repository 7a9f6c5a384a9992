/**
 * Client analysis (/data-view/user) over a large firm: a fresh database with one group of 20 staff,
 * 5 000 clients, 10 finished reports each over the last 18 months (6 findings each, 20 titles) and 5
 * imports each; then findReportRisk's figures and the stale-client page, as the main account (the
 * whole group) and as one staff member. Generated data, figures only.
 * Run: npx tsx bench/client-analysis.ts [clients]
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { startEmbeddedPostgres } from '../apps/server/src/db/embedded.js';
import { createDb } from '../apps/server/src/db/kysely.js';
import { migrate } from '../apps/server/src/db/migrate.js';
import type { Actor } from '../apps/server/src/modules/accounts/accounts.policy.js';
import { clientAnalysis } from '../apps/server/src/modules/dataview/client-analysis.repo.js';
import { analysisScope } from '../apps/server/src/modules/dataview/client-analysis.scope.js';
import { staleClients } from '../apps/server/src/modules/dataview/client-analysis.stale.js';

const CLIENTS = Number(process.argv[2] ?? 5_000);
const STAFF = 20;
const RUNS = 15;

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

async function timed(label: string, run: () => Promise<unknown>) {
  await run();
  const times: number[] = [];
  for (let at = 0; at < RUNS; at++) {
    const started = performance.now();
    await run();
    times.push(performance.now() - started);
  }
  console.log(`${label}: p50 ${percentile(times, 50).toFixed(0)} ms, p95 ${percentile(times, 95).toFixed(0)} ms`);
}

async function main() {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'taxlens-client-bench-'));
  const embedded = await startEmbeddedPostgres({ dataDir: dir, port: 55401, portFallback: true, fast: true });
  const { db } = createDb(embedded.url, 10);
  try {
    await migrate(embedded.url);
    const group = await db
      .insertInto('groups')
      .values({ name: '基准测试集团', credit_code: null, contact_name: null, contact_phone: null, data_price_auth: 1 })
      .returning('id')
      .executeTakeFirstOrThrow();
    const groupId = Number(group.id);
    const users = await sql<{ id: string }>`
      INSERT INTO users (group_id, phone, level, nick_name, not_menus, list_hidden)
      SELECT ${groupId}, '1300000' || lpad(i::text, 4, '0'), CASE WHEN i = 0 THEN 1 ELSE 3 END, '员工' || i, '[]', '{}'
      FROM generate_series(0, ${STAFF}) i RETURNING id`.execute(db);
    const ids = users.rows.map((row) => Number(row.id));
    const [main, staff] = [ids[0] ?? 0, ids[1] ?? 0];
    const started = performance.now();
    await sql`
      INSERT INTO companies (group_id, taxpayer_name, tax_no, assignee_id, created_by)
      SELECT ${groupId}, '基准客户' || i, '91110000CLNT' || lpad(i::text, 6, '0'),
        (${sql.val(ids)}::bigint[])[2 + i % ${STAFF}], ${main}
      FROM generate_series(0, ${CLIENTS - 1}) i`.execute(db);
    await sql`
      INSERT INTO reports (group_id, company_id, company_name, company_tax_no, report_type, period_start, period_end,
        status, result, overall_level, sources, request_key, created_by, created_at, finished_at)
      SELECT c.group_id, c.id, c.taxpayer_name, c.tax_no, (ARRAY['INVOICE','TAX','COMPREHENSIVE'])[1 + (c.id + k) % 3],
        '2025-01', '2025-12', 'done',
        jsonb_build_object('findings', (SELECT jsonb_agg(jsonb_build_object('ruleId', 'R' || f, 'title', '风险项' || ((c.id + k + f) % 20),
          'level', (ARRAY['high','medium','low','none','insufficient'])[1 + (c.id * f + k) % 5])) FROM generate_series(1, 6) f)),
        (ARRAY['high','medium','low','none'])[1 + (c.id + k) % 4], '[]', 'bench-' || c.id || '-' || k, c.assignee_id,
        now() - make_interval(days => ((c.id * 7 + k * 53) % 540)::int), now()
      FROM companies c, generate_series(1, 10) k WHERE c.group_id = ${groupId}`.execute(db);
    await sql`
      INSERT INTO imports (group_id, company_id, kind, file_name, file_size, file_sha256, stored_key, status, summary,
        created_by, created_at, finished_at)
      SELECT c.group_id, c.id, 'invoice', 'bench.xlsx', 1, 'bench', 'bench', 'done', '{}', c.assignee_id,
        now() - make_interval(days => ((c.id * 11 + k * 37) % 400)::int), now() - make_interval(days => ((c.id * 11 + k * 37) % 400)::int)
      FROM companies c, generate_series(1, 5) k WHERE c.group_id = ${groupId} AND c.id % 10 <> 0`.execute(db);
    await sql`ANALYZE`.execute(db);
    console.log(
      `${CLIENTS} clients, ${CLIENTS * 10} reports, ${Math.round(CLIENTS * 0.9) * 5} imports generated in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );

    for (const [label, actor] of [
      ['main account (whole group)', { userId: main, groupId, level: 1, notMenus: [] }],
      [`staff member (${CLIENTS / STAFF} clients)`, { userId: staff, groupId, level: 3, notMenus: [] }],
    ] as const) {
      const scope = await analysisScope(db, actor as Actor, { staleDays: 90 });
      const figures = await clientAnalysis(db, scope);
      console.log(`${label}: ${figures.summary.clients} clients, ${figures.summary.reports} reports in 12 months`);
      await timed(`  findReportRisk, ${label}`, () => clientAnalysis(db, scope));
      await timed(`  findStaleClients page 1, ${label}`, () => staleClients(db, scope, { page: 1, size: 10 }));
    }
  } finally {
    await db.destroy();
    await embedded.stop();
    await rm(dir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
