/**
 * The data view's monitoring job over 10 000 monitored companies: a fresh database with 10 000
 * generated registry companies (one group monitors them all), some with records on the watched
 * lists; then the job's first full run (every company read through the provider, baselines
 * written) and a second run after 100 new 裁判文书 rows (100 events, one DATAPRICE message).
 * Generated data, figures only. Run: npx tsx bench/monitoring.ts [companies]
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { startEmbeddedPostgres } from '../apps/server/src/db/embedded.js';
import { createDb } from '../apps/server/src/db/kysely.js';
import { migrate } from '../apps/server/src/db/migrate.js';
import { checkMonitored } from '../apps/server/src/modules/dataview/monitoring-run.js';

const COMPANIES = Number(process.argv[2] ?? 10_000);

async function main() {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'taxlens-monitor-bench-'));
  const embedded = await startEmbeddedPostgres({ dataDir: dir, port: 55403, portFallback: true, fast: true });
  const { db } = createDb(embedded.url, 10);
  try {
    await migrate(embedded.url);
    const group = await db
      .insertInto('groups')
      .values({ name: '基准测试集团', credit_code: null, contact_name: null, contact_phone: null, data_price_auth: 1 })
      .returning('id')
      .executeTakeFirstOrThrow();
    const dataset = await db
      .insertInto('cd_datasets')
      .values({
        list_key: 'bench',
        status: 'active',
        file_name: 'bench.csv',
        file_sha256: 'x',
        source: '基准数据',
        as_of: '2026-01-01',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    // The main account hears the DATAPRICE message.
    await db
      .insertInto('users')
      .values({ group_id: group.id, phone: '13000000000', level: 1, not_menus: '[]', list_hidden: '{}' })
      .execute();
    await sql`
      INSERT INTO cd_companies (credit_code, name, status_text, registration, search_grams, initials, source, as_of, dataset_id, industry_code)
      SELECT '91110000BENCH' || lpad(i::text, 5, '0'), '基准企业' || i, '存续', 'normal', '{}', 'jzqy', '基准数据', '2026-01-01', ${dataset.id}, 'F'
      FROM generate_series(0, ${COMPANIES - 1}) i`.execute(db);
    // One in five companies has a court record and one in ten an abnormal-operation listing already.
    await sql`
      INSERT INTO cd_risks (kind, credit_code, name, reference, title, decided_on, source, as_of, dataset_id)
      SELECT CASE WHEN i % 2 = 0 THEN 'judgment_document' ELSE 'abnormal_operation' END,
        '91110000BENCH' || lpad(i::text, 5, '0'), '基准企业' || i, '（2025）京01民初' || i || '号', '合同纠纷', '2025-06-01', '基准数据', '2026-01-01', ${dataset.id}
      FROM generate_series(0, ${COMPANIES - 1}, 5) i`.execute(db);
    await sql`
      INSERT INTO monitored_companies (group_id, credit_code, company_name, industry_code)
      SELECT ${group.id}, '91110000BENCH' || lpad(i::text, 5, '0'), '基准企业' || i, 'F' FROM generate_series(0, ${COMPANIES - 1}) i`.execute(
      db,
    );
    await sql`ANALYZE`.execute(db);

    let started = performance.now();
    const first = await checkMonitored(db, { push: true });
    console.log(
      `monitoring job, first run over ${COMPANIES} monitored companies (baselines): ${((performance.now() - started) / 1000).toFixed(1)} s, checked ${first.checked}, events ${first.events}, failed ${first.failed} (load average ${os.loadavg()[0]?.toFixed(1)} on ${os.cpus().length} CPUs)`,
    );
    await sql`
      INSERT INTO cd_risks (kind, credit_code, name, reference, title, decided_on, source, as_of, dataset_id)
      SELECT 'judgment_document', '91110000BENCH' || lpad(i::text, 5, '0'), '基准企业' || i, '（2026）京01民初' || i || '号', '买卖合同纠纷', '2026-02-01', '基准数据', '2026-02-10', ${dataset.id}
      FROM generate_series(1, ${COMPANIES - 1}, ${Math.max(1, Math.floor(COMPANIES / 100))}) i`.execute(db);
    started = performance.now();
    const second = await checkMonitored(db, { push: true });
    console.log(
      `monitoring job, next run over ${COMPANIES} monitored companies: ${((performance.now() - started) / 1000).toFixed(1)} s, events ${second.events}, DATAPRICE messages ${second.pushedGroups.length} (load average ${os.loadavg()[0]?.toFixed(1)})`,
    );
  } finally {
    await db.destroy();
    await embedded.stop();
    await rm(dir, { recursive: true, force: true });
  }
}

await main();
