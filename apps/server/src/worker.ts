import { existsSync } from 'node:fs';
import path from 'node:path';
import { prewarmExportThread } from '@taxlens/engine';
import { loadConfig } from './config.js';
import { createDb } from './db/kysely.js';
import { migrate } from './db/migrate.js';
import { startBoss, startWorkers } from './jobs/boss.js';
import { createLocalStorage } from './lib/storage.js';
import { configureCompanyData } from './modules/companydata/company-data.js';
import { importSettingsFrom } from './modules/imports/import-slots.js';
import { THREAD_STEP_URL } from './modules/imports/invoice-batch.thread.js';

if (existsSync('.env')) process.loadEnvFile('.env');

/** A worker process on its own, for deployments that scale workers apart from the API. */
async function main() {
  const config = loadConfig();
  if (!config.DATABASE_URL) {
    throw new Error('独立 worker 需要 DATABASE_URL（内置数据库只随 npm start 启动），请设置后重试');
  }
  const log = (message: string, data?: Record<string, unknown>) =>
    console.log(JSON.stringify({ time: new Date().toISOString(), msg: message, ...data }));
  await migrate(config.DATABASE_URL);
  const { db } = createDb(config.DATABASE_URL);
  configureCompanyData(db, config);
  const boss = await startBoss(config.DATABASE_URL, (error) => log('queue error', { error: error.message }));
  await startWorkers({
    db,
    boss,
    databaseUrl: config.DATABASE_URL,
    log,
    storage: createLocalStorage(path.join(config.dataDir, 'files')),
    imports: importSettingsFrom(config),
  });
  // The import thread loads the importer now rather than during the first large import (not in
  // startWorkers: API tests start workers too, and each would pay for a thread).
  if (config.IMPORT_READ_THREAD === 'on') prewarmExportThread([THREAD_STEP_URL]);
  log('worker started');
  const stop = async () => {
    await boss.stop({ graceful: true, timeout: 30_000 }).catch(() => {});
    await db.destroy();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
}

main().catch((error: Error) => {
  console.error(`[taxlens worker] 启动失败: ${error.message}`);
  process.exit(1);
});
