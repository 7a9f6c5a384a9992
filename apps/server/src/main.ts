import { existsSync } from 'node:fs';
import path from 'node:path';
import { prewarmExportThread } from '@taxlens/engine';
import { buildApp } from './app.js';
import { startBackupSchedule } from './backup/backup-files.js';
import { type Config, loadConfig } from './config.js';
import { DEFAULT_EMBEDDED_PG_PORT, type EmbeddedDatabase, startEmbeddedPostgres } from './db/embedded.js';
import { createDb } from './db/kysely.js';
import { migrate } from './db/migrate.js';
import { startBoss, startWorkers } from './jobs/boss.js';
import { closeSharedBrowser, sharedBrowser } from './lib/browser.js';
import { createLocalStorage } from './lib/storage.js';
import { grantOperators } from './modules/billing/operators.service.js';
import { seedCompanyDataIfEmpty } from './modules/companydata/seed/company-data.seed.js';
import { importSettingsFrom } from './modules/imports/import-slots.js';
import { THREAD_STEP_URL } from './modules/imports/invoice-batch.thread.js';
import { ensureBenchmarks } from './modules/reports/benchmarks.repo.js';
import { seedCoursewareIfEmpty } from './seed/demo-courseware.seed.js';
import { seedDemoCompanyData } from './seed/demo-data.seed.js';
import { DEMO, seedDemoIfEmpty } from './seed/demo-seed.js';

if (existsSync('.env')) process.loadEnvFile('.env');

/** Starts the database (embedded unless DATABASE_URL is set) and applies the migrations. */
export async function openDatabase(config: Config, log: (line: string) => void) {
  let embedded: EmbeddedDatabase | null = null;
  let url = config.DATABASE_URL;
  if (!url) {
    log(`starting embedded PostgreSQL in ${config.dataDir}/pg`);
    embedded = await startEmbeddedPostgres({
      dataDir: config.dataDir,
      port: config.EMBEDDED_PG_PORT ?? DEFAULT_EMBEDDED_PG_PORT,
      portFallback: config.EMBEDDED_PG_PORT === undefined,
      log,
      // Serving on without a database helps nobody: exit non-zero so a supervisor restarts us.
      onUnexpectedExit: (reason) => {
        console.error(`[taxlens] ${reason}`);
        process.exit(1);
      },
    });
    log(`embedded PostgreSQL ready on port ${embedded.port}`);
    url = embedded.url;
  }
  await migrate(url, log);
  return { url, embedded };
}

async function main() {
  const config = loadConfig();
  const log = (line: string) => console.log(`[taxlens] ${line}`);
  const { url, embedded } = await openDatabase(config, log);
  const { db, pool } = createDb(url);
  const storage = createLocalStorage(path.join(config.dataDir, 'files'));
  const seeded = config.SEED_DEMO ? await seedDemoIfEmpty(db) : false;
  if (seeded) {
    await seedDemoCompanyData(db, storage, log);
    log('demo data created');
  }
  if (config.SEED_DEMO) await seedCompanyDataIfEmpty({ db, pool }, log);
  if (config.SEED_DEMO) await seedCoursewareIfEmpty(db, storage, log);
  await ensureBenchmarks(db);
  await grantOperators(db, config.OPERATOR_PHONES, log);
  const boss = await startBoss(url, (error) => log(`queue error: ${error.message}`));
  const app = await buildApp({ config, db, boss, databaseUrl: url, storage });
  let workers: { stop(): void } | null = null;
  if (config.RUN_WORKER) {
    workers = await startWorkers({
      db,
      boss,
      databaseUrl: url,
      storage,
      log: (message, data) => app.log.info(data ?? {}, message),
      imports: importSettingsFrom(config),
    });
  }
  // The import thread loads the importer now rather than during the first large import (not in
  // startWorkers: API tests start workers too, and each would pay for a thread).
  if (config.RUN_WORKER && config.IMPORT_READ_THREAD === 'on') prewarmExportThread([THREAD_STEP_URL]);
  await app.listen({ port: config.PORT, host: config.HOST });
  printBanner(config);
  const backups = startBackupSchedule({
    databaseUrl: url,
    dataDir: config.dataDir,
    intervalHours: config.BACKUP_INTERVAL_HOURS,
    keep: config.BACKUP_KEEP,
    log,
  });
  // The first PDF should not wait for Chromium to start: launch the shared browser now, in the background.
  // A machine without a usable Chromium logs why here; the PDF route reports it again when asked.
  sharedBrowser().catch((error: unknown) =>
    log(`PDF 浏览器未能启动：${error instanceof Error ? error.message.split('\n')[0] : String(error)}`),
  );

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log(`${signal} received, shutting down`);
    backups.stop();
    await app.close().catch(() => {});
    await closeSharedBrowser();
    workers?.stop();
    await boss.stop({ graceful: true, timeout: 10_000 }).catch(() => {});
    await db.destroy().catch(() => {});
    await embedded?.stop().catch(() => {});
    log('stopped');
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

function printBanner(config: Config) {
  const url = config.PUBLIC_URL ?? `http://localhost:${config.PORT}`;
  const lines = [
    '',
    `税镜 TaxLens 已启动: ${url}`,
    `API 文档: ${url}/api/docs`,
    '演示账号（密码均为 Demo123456）:',
    ...DEMO.users.map((user) => {
      const group = DEMO.groups.find((g) => g.id === user.groupId);
      const level = { 1: '主账号', 2: '主管', 3: '员工' }[user.level];
      return `  ${user.phone}  ${group?.name} · ${level}`;
    }),
    `运营控制台: ${url}/operator`,
    ...DEMO.operators.map((operator) => `  ${operator.phone}  ${operator.nickName}`),
    '',
  ];
  console.log(lines.join('\n'));
}

main().catch((error: Error) => {
  console.error(`[taxlens] 启动失败: ${error.message}`);
  process.exit(1);
});
