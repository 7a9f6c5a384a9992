import { type ChildProcess, spawn } from 'node:child_process';
import { createWriteStream, existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export const REPO_ROOT = path.resolve(import.meta.dirname, '../..');

export interface RunningServer {
  baseUrl: string;
  logFile: string;
  /** The run's embedded database, for tests that set up what no API creates (a failed queue job). */
  databaseUrl: string;
  /** Stops the server and removes its data; the log stays only when asked (a failed run). */
  stop(options?: { keepLog?: boolean }): Promise<void>;
}

/** A port the OS says is free right now. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

async function waitForHealth(baseUrl: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`服务进程已退出（退出码 ${child.exitCode}）`);
    try {
      const response = await fetch(`${baseUrl}/api/health`);
      const body = (await response.json()) as { code?: number };
      if (response.ok && body.code === 0) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`服务在 ${timeoutMs / 1000} 秒内没有就绪`);
}

function waitForExit(child: ChildProcess, timeoutMs: number): Promise<boolean> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), timeoutMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

/**
 * Starts the real server (apps/server/src/main.ts) with a fresh data directory, its own embedded
 * PostgreSQL and free ports, serving the built web client; resolves once /api/health answers.
 */
export async function startServer(): Promise<RunningServer> {
  const webIndex = path.join(REPO_ROOT, 'apps/web/dist/index.html');
  if (!existsSync(webIndex))
    throw new Error('没有找到 apps/web/dist：请先运行 npm run build（根目录的 npm test 会先构建）');
  const [port, pgPort] = [await freePort(), await freePort()];
  // Not created here: the server creates it with permissions its PostgreSQL user can use.
  const dataDir = path.join(os.tmpdir(), `taxlens-e2e-${process.pid}-${Date.now()}`);
  const logFile = `${dataDir}.log`;
  const log = createWriteStream(logFile);
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    EMBEDDED_PG_PORT: String(pgPort),
    DATA_DIR: dataDir,
    // Requests are logged: request-log.test.ts reads this log for tokens.
    LOG_LEVEL: 'info',
    SEED_DEMO: 'true',
    // No SMS gateway here: the tests read codes from the built-in outbox, as a demo install does.
    SMS_DEV_OUTBOX: 'true',
    // Every browser signs in from 127.0.0.1: a generous per-address limit, still on.
    PUBLIC_RATE_LIMIT_PER_MINUTE: '600',
    USER_RATE_LIMIT_PER_MINUTE: '600',
    // A scheduled backup in the middle of a browser run would only compete for the CPU.
    BACKUP_INTERVAL_HOURS: '0',
    // The footer's filing number comes from configuration (none by default): home-workbench.test.ts checks it.
    SITE_FILING_NO: '京ICP备00000000号-1',
  };
  // Always the embedded database of this run, never one configured for development.
  delete env.DATABASE_URL;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: path.join(REPO_ROOT, 'apps/server'),
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  const baseUrl = `http://127.0.0.1:${port}`;

  const stop = async ({ keepLog = true }: { keepLog?: boolean } = {}) => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      if (!(await waitForExit(child, 30_000))) {
        child.kill('SIGKILL');
        await waitForExit(child, 5_000);
      }
    }
    log.end();
    await fs.rm(dataDir, { recursive: true, force: true }).catch(() => {});
    if (!keepLog) await fs.rm(logFile, { force: true }).catch(() => {});
  };

  try {
    await waitForHealth(baseUrl, child, 120_000);
  } catch (error) {
    await stop();
    const tail = (await fs.readFile(logFile, 'utf8').catch(() => '')).split('\n').slice(-30).join('\n');
    throw new Error(`${(error as Error).message}\n--- 服务日志 ${logFile} ---\n${tail}`);
  }
  // The embedded server's fixed credentials (apps/server/src/db/embedded.ts) on this run's port.
  const databaseUrl = `postgres://taxlens:taxlens@127.0.0.1:${pgPort}/taxlens`;
  return { baseUrl, logFile, databaseUrl, stop };
}
