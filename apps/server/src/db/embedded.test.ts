import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { acquireDataDirLock, startEmbeddedPostgres } from './embedded.js';
import { explainStartFailure, freePort, processStartTime } from './embedded-checks.js';

const dirs: string[] = [];
const servers: net.Server[] = [];

/** A data directory as root (or any user) makes it by hand: mode 700. */
async function dataDir(): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'taxlens-embedded-'));
  await fs.chmod(dir, 0o700);
  dirs.push(dir);
  return dir;
}

/** Something else listening on a port. */
async function occupy(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  servers.push(server);
  return (server.address() as net.AddressInfo).port;
}

async function query(url: string, text: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text)).rows;
  } finally {
    await client.end();
  }
}

afterAll(async () => {
  for (const server of servers) server.close();
  for (const dir of dirs) await fs.rm(dir, { recursive: true, force: true });
});

describe('embedded PostgreSQL start-up', () => {
  it('takes a free port when the default is busy, logs which, and stops an orphan of its directory', async () => {
    const dir = await dataDir();
    const busy = await occupy();
    const lines: string[] = [];
    const first = await startEmbeddedPostgres({
      dataDir: dir,
      port: busy,
      portFallback: true,
      log: (l) => lines.push(l),
    });
    expect(first.port).not.toBe(busy);
    expect(lines.join('\n')).toContain(`default port ${busy} is taken, using free port ${first.port}`);
    // PostgreSQL's own output reaches the log.
    expect(lines.some((l) => l.startsWith('[postgres]') && l.includes('ready to accept connections'))).toBe(true);
    await query(first.url, 'CREATE TABLE kept (n int); INSERT INTO kept VALUES (7)');

    // `first` is never stopped, as after kill -9 of its Node process: a new start must stop it.
    const again: string[] = [];
    const second = await startEmbeddedPostgres({ dataDir: dir, port: first.port, log: (l) => again.push(l) });
    expect(again.join('\n')).toMatch(/found the server of a previous run still running \(PID \d+\), stopping it/);
    expect(await query(second.url, 'SELECT n FROM kept')).toEqual([{ n: 7 }]);
    await second.stop();
  });

  it('refuses a busy EMBEDDED_PG_PORT that was set explicitly, in one line', async () => {
    const busy = await occupy();
    const error = await startEmbeddedPostgres({ dataDir: await dataDir(), port: busy }).catch((e: Error) => e);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toBe(
      `内置数据库端口 ${busy} 已被其他程序占用（EMBEDDED_PG_PORT=${busy}）：请换一个端口，或停止占用它的程序`,
    );
  });

  it('refuses a DATA_DIR it cannot create, naming it', async () => {
    const file = path.join(await dataDir(), 'a-file');
    await fs.writeFile(file, '');
    const target = path.join(file, 'data');
    await expect(startEmbeddedPostgres({ dataDir: target, port: await freePort() })).rejects.toThrow(
      `数据目录 ${target} 无法创建或写入（ENOTDIR）`,
    );
  });

  it("says in one line why PostgreSQL itself refused to start (PostgreSQL's reason)", async () => {
    const dir = await dataDir();
    const db = await startEmbeddedPostgres({ dataDir: dir, port: await freePort() });
    await db.stop();
    await fs.writeFile(path.join(dir, 'pg', 'PG_VERSION'), '9\n');
    const error = (await startEmbeddedPostgres({ dataDir: dir, port: await freePort() }).catch((e) => e)) as Error;
    expect(error.message).toMatch(/^内置数据库启动失败：database files are incompatible with server/);
    expect(error.message).not.toContain('\n');
  });

  it('explains a port clash and a foreign lock from PostgreSQL output', () => {
    expect(
      explainStartFailure(['LOG:  could not bind IPv4 address "127.0.0.1": Address already in use'], 5, '/d/pg'),
    ).toBe('内置数据库端口 5 已被其他程序占用：请设置另一个 EMBEDDED_PG_PORT，或停止占用它的程序');
    expect(
      explainStartFailure(
        [
          'FATAL:  lock file "postmaster.pid" already exists',
          'HINT:  Is another postmaster (PID 4242) running in data directory "/d/pg"?',
        ],
        5,
        '/d/pg',
      ),
    ).toBe('数据目录 /d/pg 正由另一个 PostgreSQL 进程（PID 4242）使用：请先停止它或换一个 DATA_DIR');
  });
});

describe('server start that cannot succeed', () => {
  it('exits non-zero with one clear line', async () => {
    const busy = await occupy();
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      DATA_DIR: await dataDir(),
      EMBEDDED_PG_PORT: String(busy),
      PORT: '0',
    };
    delete env.DATABASE_URL;
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: path.resolve(import.meta.dirname, '../..'),
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code).toBe(1);
    expect(stderr.trim()).toBe(
      `[taxlens] 启动失败: 内置数据库端口 ${busy} 已被其他程序占用（EMBEDDED_PG_PORT=${busy}）：请换一个端口，或停止占用它的程序`,
    );
  });

  it('takes over a lock whose pid now belongs to another program, and refuses one of a live owner', async () => {
    const dir = await dataDir();
    const lockPath = path.join(dir, 'taxlens.pid');
    // A live process that is not the lock's owner: same pid, different start time (a reused pid).
    const other = spawn('sleep', ['30']);
    try {
      const pid = other.pid as number;
      const started = processStartTime(pid);
      expect(started).toMatch(/^\d+$/);
      await fs.writeFile(lockPath, `${pid} ${Number(started) - 1}`);
      const release = await acquireDataDirLock(dir);
      expect((await fs.readFile(lockPath, 'utf8')).split(' ')[0]).toBe(String(process.pid));
      await release();
      // The real owner, alive: refused, and the lock file is left alone.
      await fs.writeFile(lockPath, `${pid} ${started}`);
      await expect(acquireDataDirLock(dir)).rejects.toThrow(`另一个 TaxLens 进程（PID ${pid}）`);
      expect(await fs.readFile(lockPath, 'utf8')).toBe(`${pid} ${started}`);
    } finally {
      other.kill();
    }
  });
});
