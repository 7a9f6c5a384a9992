import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { type Config, loadConfig } from '../config.js';
import { DEFAULT_EMBEDDED_PG_PORT, type EmbeddedDatabase, startEmbeddedPostgres } from '../db/embedded.js';
import { runningPostgresPort } from '../db/embedded-checks.js';
import { backupName, scratchDir } from './backup-files.js';
import { createBackup } from './dump.js';
import { loadDatabase, loadFiles, openBackup, RestoreError } from './load.js';

/**
 * `npm run backup [-- <file>]` and `npm run restore -- <file>`. Backup works while the server
 * runs (it reads the running embedded PostgreSQL's port from its postmaster.pid) and while it is
 * stopped (it starts the embedded server itself). Restore needs the server stopped: it loads the
 * archive into a new database, and only when every table and checksum is right swaps it in for
 * the old one and the restored files in for DATA_DIR/files.
 */
if (existsSync('.env')) process.loadEnvFile('.env');

const log = (line: string) => console.log(`[taxlens] ${line}`);
// npm runs workspace scripts in apps/server; a path the user typed is relative to where they typed it.
const userPath = (file: string) => path.resolve(process.env.INIT_CWD ?? process.cwd(), file);

async function backup(config: Config, out: string | undefined) {
  const target = out ? userPath(out) : path.join(config.dataDir, 'backups', backupName('taxlens-'));
  const db = await openDatabase(config, false);
  try {
    const manifest = await createBackup({
      databaseUrl: db.url,
      filesDir: path.join(config.dataDir, 'files'),
      target,
      log,
    });
    log(`备份完成：${target}（${manifest.tables.length} 张表，${manifest.files.length} 个文件）`);
  } finally {
    await db.embedded?.stop();
  }
}

async function restore(config: Config, file: string | undefined) {
  if (!file) throw new RestoreError('请指定备份文件：npm run restore -- <备份文件路径>');
  const archive = userPath(file);
  if (!existsSync(archive)) throw new RestoreError(`备份文件不存在：${archive}`);
  const work = await scratchDir(config.dataDir);
  try {
    const manifest = await openBackup(archive, work);
    log(`备份校验通过：${manifest.createdAt}，${manifest.tables.length} 张表，${manifest.files.length} 个文件`);
    const db = await openDatabase(config, true);
    try {
      if (db.embedded) {
        // Into a new database first; the live one is replaced only after the load succeeded.
        const admin = new pg.Client({ connectionString: db.url.replace(/\/taxlens$/, '/postgres') });
        await admin.connect();
        try {
          await admin.query('DROP DATABASE IF EXISTS taxlens_restoring');
          await admin.query('CREATE DATABASE taxlens_restoring');
          await loadDatabase({
            databaseUrl: db.url.replace(/\/taxlens$/, '/taxlens_restoring'),
            workDir: work,
            manifest,
            log,
          });
          await admin.query('DROP DATABASE taxlens WITH (FORCE)');
          await admin.query('ALTER DATABASE taxlens_restoring RENAME TO taxlens');
        } finally {
          await admin.end();
        }
      } else {
        await loadDatabase({ databaseUrl: db.url, workDir: work, manifest, log });
      }
    } finally {
      await db.embedded?.stop();
    }
    const filesDir = path.join(config.dataDir, 'files');
    const incoming = `${filesDir}.restoring`;
    await fs.rm(incoming, { recursive: true, force: true });
    await loadFiles(manifest, work, incoming);
    await fs.rm(filesDir, { recursive: true, force: true });
    await fs.mkdir(incoming, { recursive: true });
    await fs.rename(incoming, filesDir);
    log(`恢复完成：数据库与 ${manifest.files.length} 个文件已恢复到 ${config.dataDir}`);
  } finally {
    await fs.rm(work, { recursive: true, force: true });
  }
}

/** The database to work on: DATABASE_URL, the running embedded server, or one we start now. */
async function openDatabase(
  config: Config,
  forRestore: boolean,
): Promise<{ url: string; embedded: EmbeddedDatabase | null }> {
  if (config.DATABASE_URL) return { url: config.DATABASE_URL, embedded: null };
  const port = await runningPostgresPort(path.join(config.dataDir, 'pg'));
  if (port !== null) {
    if (forRestore) throw new RestoreError('TaxLens 正在运行：请先停止服务再恢复备份');
    return { url: `postgres://taxlens:taxlens@127.0.0.1:${port}/taxlens`, embedded: null };
  }
  const embedded = await startEmbeddedPostgres({
    dataDir: config.dataDir,
    port: config.EMBEDDED_PG_PORT ?? DEFAULT_EMBEDDED_PG_PORT,
    portFallback: config.EMBEDDED_PG_PORT === undefined,
    log: (line) => (line.startsWith('[postgres]') ? undefined : log(line)),
  });
  return { url: embedded.url, embedded };
}

const [command, file] = process.argv.slice(2);
const config = loadConfig();
(command === 'restore' ? restore(config, file) : backup(config, file)).then(
  () => process.exit(0),
  (error: Error) => {
    console.error(`[taxlens] ${command === 'restore' ? '恢复失败' : '备份失败'}：${error.message.split('\n')[0]}`);
    process.exit(1);
  },
);
