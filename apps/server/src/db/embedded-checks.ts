import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';

/**
 * The checks made before the embedded PostgreSQL starts, each failing with one line that says
 * what is wrong and what to do (issue 12/21: a start that cannot succeed must say why).
 */
export class EmbeddedStartError extends Error {}

const run = promisify(execFile);

/** Whether something already listens on 127.0.0.1:port (PostgreSQL binds localhost). */
export function isPortFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen({ port, host: '127.0.0.1', exclusive: true }, () => server.close(() => resolve(true)));
  });
}

/** A port the system has free right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no free port')),
      );
    });
  });
}

/**
 * The port to start on: the requested one when free; when it is taken, a free one if the port was
 * only the default (EMBEDDED_PG_PORT unset), else a clear error.
 */
export async function choosePort(port: number, fallback: boolean, log: (line: string) => void): Promise<number> {
  if (await isPortFree(port)) return port;
  if (!fallback) {
    throw new EmbeddedStartError(
      `内置数据库端口 ${port} 已被其他程序占用（EMBEDDED_PG_PORT=${port}）：请换一个端口，或停止占用它的程序`,
    );
  }
  const chosen = await freePort();
  log(`embedded PostgreSQL: default port ${port} is taken, using free port ${chosen} instead`);
  return chosen;
}

/** Creates DATA_DIR if needed and refuses one this process cannot write. */
export async function ensureWritableDataDir(dataDir: string): Promise<void> {
  try {
    await fs.mkdir(dataDir, { recursive: true });
    await fs.access(dataDir, fs.constants.W_OK | fs.constants.X_OK);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'error';
    throw new EmbeddedStartError(
      `数据目录 ${dataDir} 无法创建或写入（${code}）：请检查 DATA_DIR 的权限，或换一个当前用户可写的目录`,
    );
  }
}

export interface PostgresUser {
  uid: number;
  gid: number;
}

/**
 * PostgreSQL refuses to run as root, so a root start runs it as the system user `postgres`
 * (created when missing). Null when not root.
 */
export async function postgresUser(): Promise<PostgresUser | null> {
  if (process.getuid?.() !== 0) return null;
  const lookup = async () => {
    const [uid, gid] = await Promise.all([run('id', ['-u', 'postgres']), run('id', ['-g', 'postgres'])]);
    return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
  };
  try {
    return await lookup();
  } catch {
    try {
      await run('groupadd', ['--system', 'postgres']).catch(() => {});
      await run('useradd', ['--system', '-g', 'postgres', '--no-create-home', 'postgres']);
      return await lookup();
    } catch (error) {
      throw new EmbeddedStartError(
        `以 root 运行时内置数据库需要系统用户 postgres，创建失败（${(error as Error).message.split('\n')[0]}）：请手动创建该用户或以普通用户运行`,
      );
    }
  }
}

function canSearch(stat: { uid: number; gid: number; mode: number }, user: PostgresUser): boolean {
  if (stat.uid === user.uid) return (stat.mode & 0o100) !== 0;
  if (stat.gid === user.gid) return (stat.mode & 0o010) !== 0;
  return (stat.mode & 0o001) !== 0;
}

/**
 * Lets the postgres user reach DATA_DIR/pg when root created DATA_DIR with mode 700: DATA_DIR gets
 * search permission for others (x only: nobody can list it). A parent directory the postgres user
 * cannot enter is not ours to change, so that one is refused with its name.
 */
export async function grantPostgresSearch(dataDir: string, user: PostgresUser, log: (line: string) => void) {
  const own = await fs.stat(dataDir);
  if (!canSearch(own, user)) {
    await fs.chmod(dataDir, (own.mode & 0o7777) | 0o001);
    log(`embedded PostgreSQL runs as user postgres: added search permission (o+x) to ${dataDir}`);
  }
  for (let dir = path.dirname(dataDir); ; dir = path.dirname(dir)) {
    const stat = await fs.stat(dir);
    if (!canSearch(stat, user)) {
      throw new EmbeddedStartError(
        `以 root 运行时内置数据库以 postgres 用户运行，它无法进入目录 ${dir}（权限 ${(stat.mode & 0o777).toString(8)}）：请把 DATA_DIR 放到其他位置，或以普通用户运行`,
      );
    }
    if (dir === path.dirname(dir)) break;
  }
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * When a process started, in clock ticks since boot (/proc/<pid>/stat field 22); null off Linux
 * or when the process is gone. With the pid it names one process for good: pids are reused.
 */
export function processStartTime(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces and parentheses: count fields after its last ')'.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null;
  }
}

/** The port of the embedded PostgreSQL running on `pgDir` (a running TaxLens's), or null. */
export async function runningPostgresPort(pgDir: string): Promise<number | null> {
  const pidFile = await fs.readFile(path.join(pgDir, 'postmaster.pid'), 'utf8').catch(() => null);
  const lines = pidFile?.split('\n') ?? [];
  const pid = Number(lines[0]?.trim());
  const port = Number(lines[3]?.trim());
  if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid) || !isPostgresOf(pid, pgDir)) return null;
  return Number.isInteger(port) && port > 0 ? port : null;
}

/** True unless /proc says the pid is some other program (pids are reused after a reboot). */
function isPostgresOf(pid: number, pgDir: string): boolean {
  try {
    const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
    return cmdline.includes('postgres') && cmdline.includes(pgDir);
  } catch {
    return process.platform !== 'linux';
  }
}

async function waitForExit(pid: number, ms: number): Promise<boolean> {
  for (const started = Date.now(); Date.now() - started < ms; ) {
    if (!isAlive(pid)) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return !isAlive(pid);
}

/**
 * A PostgreSQL still running on our data directory after its TaxLens process died (kill -9 leaves
 * the child behind): our directory lock proves no live TaxLens owns it, so it is an orphan. It is
 * shut down (fast, then immediate) so this start gets a clean server on the port it chooses.
 */
export async function stopOrphanedPostgres(pgDir: string, log: (line: string) => void): Promise<void> {
  const pidFile = await fs.readFile(path.join(pgDir, 'postmaster.pid'), 'utf8').catch(() => null);
  const pid = Number(pidFile?.split('\n')[0]?.trim());
  if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid) || !isPostgresOf(pid, pgDir)) return;
  log(`embedded PostgreSQL: found the server of a previous run still running (PID ${pid}), stopping it`);
  for (const signal of ['SIGINT', 'SIGQUIT', 'SIGKILL'] as const) {
    process.kill(pid, signal);
    if (await waitForExit(pid, signal === 'SIGINT' ? 30_000 : 5_000)) {
      log(`embedded PostgreSQL: previous server (PID ${pid}) stopped`);
      return;
    }
  }
  throw new EmbeddedStartError(`上次运行遗留的内置数据库进程（PID ${pid}）无法停止：请手动结束该进程后重试`);
}

/** One line from PostgreSQL's own output saying why it did not start. */
export function explainStartFailure(output: string[], port: number, pgDir: string): string {
  const text = output.join('\n');
  if (/could not bind|Address already in use/i.test(text)) {
    return `内置数据库端口 ${port} 已被其他程序占用：请设置另一个 EMBEDDED_PG_PORT，或停止占用它的程序`;
  }
  const lock = /lock file "postmaster\.pid" already exists[\s\S]*?PID (\d+)/i.exec(text);
  if (lock) return `数据目录 ${pgDir} 正由另一个 PostgreSQL 进程（PID ${lock[1]}）使用：请先停止它或换一个 DATA_DIR`;
  if (/Permission denied|has invalid permissions|wrong ownership/i.test(text)) {
    const line = output.find((l) => /Permission denied|permissions|ownership/i.test(l)) ?? '';
    return `内置数据库无法访问数据目录 ${pgDir}（权限问题：${line.replace(/^.*?(FATAL|ERROR):\s*/, '')}）`;
  }
  const fatal = [...output].reverse().find((l) => /FATAL|PANIC|ERROR/.test(l));
  return `内置数据库启动失败：${(fatal ?? output.at(-1) ?? '没有输出').replace(/^.*?(FATAL|PANIC|ERROR):\s*/, '')}`;
}
