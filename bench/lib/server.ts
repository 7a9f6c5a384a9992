import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const repoRoot = path.resolve(import.meta.dirname, '../..');

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

export interface RunningServer {
  url: string;
  dataDir: string;
  /** The server process (for its memory figures). */
  pid: number;
  /** postgres://… of its embedded PostgreSQL, for figures taken beside the product. */
  databaseUrl: string;
  /** What the server printed so far (warnings and errors), for a failed run. */
  output(): string;
  stop(): Promise<void>;
}

/** Starts the real product (embedded PostgreSQL, demo seed) in a temporary data directory. */
export async function startProduct(env: Record<string, string> = {}): Promise<RunningServer> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'taxlens-bench-'));
  await fs.chmod(dataDir, 0o755);
  const port = await freePort();
  const pgPort = await freePort();
  // BENCH_CPU_PROF=<dir>: the server writes a V8 CPU profile there when it stops (open it in Chrome DevTools).
  const profile = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
  const child = spawn(process.execPath, [...profile, '--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      EMBEDDED_PG_PORT: String(pgPort),
      LOG_LEVEL: 'warn',
      // Benchmarks repeat costly calls on purpose; the per-user limit would measure itself.
      USER_RATE_LIMIT_PER_MINUTE: '0',
      // A scheduled backup a minute in would be measured along with the bench.
      BACKUP_INTERVAL_HOURS: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const url = `http://127.0.0.1:${port}`;
  await waitFor(
    async () => (await fetch(`${url}/api/health`)).ok,
    90_000,
    () => output,
  );
  return {
    url,
    dataDir,
    pid: child.pid ?? 0,
    output: () => output,
    // The embedded cluster's fixed role (apps/server/src/db/embedded.ts).
    databaseUrl: `postgres://taxlens:taxlens@127.0.0.1:${pgPort}/taxlens`,
    async stop() {
      await stopChild(child);
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

export async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
  await exited;
  clearTimeout(timer);
}

export async function waitFor(check: () => Promise<boolean>, timeoutMs: number, describe: () => string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`server did not become healthy:\n${describe()}`);
}

export async function login(url: string, phone: string, pwd = 'Demo123456'): Promise<string> {
  const response = await fetch(`${url}/api/userInfo/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ phone, pwd }),
  });
  const body = (await response.json()) as { data: { userToken: string } };
  return body.data.userToken;
}
