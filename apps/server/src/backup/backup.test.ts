import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/helpers.js';
import { companyWithInvoices } from '../../test/uploads.js';
import { startEmbeddedPostgres } from '../db/embedded.js';
import { freePort } from '../db/embedded-checks.js';
import { DEMO } from '../seed/demo-seed.js';
import { listFiles, sha256File } from './archive.js';
import { runScheduledBackup } from './backup-files.js';
import { createBackup } from './dump.js';
import { loadDatabase, loadFiles, openBackup } from './load.js';

const run = promisify(execFile);
const SERVER_DIR = path.resolve(import.meta.dirname, '../..');

let ctx: TestContext;
let work: string;
let filesDir: string;
let archive: string;

/** One digest per table of `public` (every row as text, sorted) and every sequence's state. */
async function snapshot(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const tables = (
      await client.query<{ name: string }>("SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public'")
    ).rows.map((row) => row.name);
    const digests: Record<string, string> = {};
    for (const name of tables.sort()) {
      // When the schema was built is the restore's own fact; which migrations built it must match.
      const from =
        name === 'schema_migrations' ? '(SELECT name, checksum FROM schema_migrations)' : client.escapeIdentifier(name);
      const row = await client.query<{ rows: string; digest: string | null }>(
        `SELECT count(*)::text AS rows, md5(string_agg(t::text, E'\\n' ORDER BY t::text)) AS digest FROM ${from} t`,
      );
      digests[name] = `${row.rows[0]?.rows}:${row.rows[0]?.digest}`;
    }
    const sequences = (
      await client.query("SELECT sequencename, last_value FROM pg_sequences WHERE schemaname = 'public' ORDER BY 1")
    ).rows;
    const jobs = (
      await client.query('SELECT name, state, count(*)::int AS n FROM pgboss.job GROUP BY 1, 2 ORDER BY 1, 2')
    ).rows;
    return { digests, sequences, jobs };
  } finally {
    await client.end();
  }
}

async function fileDigests(dir: string) {
  const out: Record<string, string> = {};
  for (const file of await listFiles(dir)) out[file] = await sha256File(path.join(dir, file));
  return out;
}

async function emptyDatabase(): Promise<string> {
  const base = ctx.url.replace(/\/[^/]+$/, '');
  const name = `r_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: `${base}/postgres` });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  return `${base}/${name}`;
}

beforeAll(async () => {
  ctx = await createTestContext({ workers: true });
  work = await fs.mkdtemp(path.join(os.tmpdir(), 'taxlens-backup-'));
  // Run as root, the embedded PostgreSQL is the postgres user and must be able to enter it.
  await fs.chmod(work, 0o755);
  filesDir = path.join(ctx.app.config.dataDir, 'files');
  // Real data: an imported invoice workbook (rows + its stored file) beside the demo seed.
  const token = await ctx.login(DEMO.users[0].phone);
  await companyWithInvoices(ctx, token, { seed: 41, invoiceCount: 12, months: 2, startMonth: '2025-01' });
  archive = path.join(work, 'first.tar.gz');
  await createBackup({ databaseUrl: ctx.url, filesDir, target: archive });
});

afterAll(async () => {
  await ctx?.close();
  await fs.rm(work, { recursive: true, force: true });
});

describe('backup and restore', () => {
  it('restores into an empty database every row, sequence, queued job and stored file, identical', async () => {
    const before = await snapshot(ctx.url);
    expect(Number(before.digests.invoices?.split(':')[0])).toBeGreaterThan(0);
    const files = await fileDigests(filesDir);
    expect(Object.keys(files).length).toBeGreaterThan(0);

    const target = await emptyDatabase();
    const unpacked = path.join(work, 'unpacked');
    const manifest = await openBackup(archive, unpacked);
    await loadDatabase({ databaseUrl: target, workDir: unpacked, manifest });
    const restoredFiles = path.join(work, 'restored-files');
    await loadFiles(manifest, unpacked, restoredFiles);

    expect(await snapshot(target)).toEqual(before);
    expect(await fileDigests(restoredFiles)).toEqual(files);
  });

  it('refuses a damaged archive and a database that is not empty, changing nothing', async () => {
    const damaged = path.join(work, 'damaged.tar.gz');
    const bytes = await fs.readFile(archive);
    const middle = Math.floor(bytes.length / 2);
    bytes[middle] = (bytes[middle] ?? 0) ^ 0xff;
    await fs.writeFile(damaged, bytes);
    await fs.copyFile(`${archive}.sha256`, `${damaged}.sha256`);
    await expect(openBackup(damaged, path.join(work, 'd1'))).rejects.toThrow('已损坏');
    // Without its checksum file the gzip/tar layers and the manifest's hashes still catch it.
    await fs.rm(`${damaged}.sha256`);
    await expect(openBackup(damaged, path.join(work, 'd2'))).rejects.toThrow(/备份文件/);

    const before = await snapshot(ctx.url);
    const manifest = await openBackup(archive, path.join(work, 'ok'));
    await expect(loadDatabase({ databaseUrl: ctx.url, workDir: path.join(work, 'ok'), manifest })).rejects.toThrow(
      '目标数据库不是空的',
    );
    expect(await snapshot(ctx.url)).toEqual(before);
  });

  it('npm run restore / backup on an embedded DATA_DIR: restore, back up again, restore over it', async () => {
    const dataDir = path.join(work, 'embedded');
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      DATA_DIR: dataDir,
      EMBEDDED_PG_PORT: String(await freePort()),
      INIT_CWD: work,
      LOG_LEVEL: 'warn',
    };
    delete env.DATABASE_URL;
    const cli = (...args: string[]) =>
      run(process.execPath, ['--import', 'tsx', 'src/backup/cli.ts', ...args], { cwd: SERVER_DIR, env });

    const expected = await snapshot(ctx.url);
    const files = await fileDigests(filesDir);
    // A fresh DATA_DIR: initdb, load into a new database, swap it in.
    const restored = await cli('restore', 'first.tar.gz');
    expect(restored.stdout).toContain('恢复完成');
    // Backup of the stopped install starts its database, then restore over the data just written.
    const second = await cli('backup', 'second.tar.gz');
    expect(second.stdout).toContain('备份完成');
    await fs.writeFile(path.join(dataDir, 'files', 'stray.txt'), 'not in the backup');
    await cli('restore', 'second.tar.gz');
    expect(await fileDigests(path.join(dataDir, 'files'))).toEqual(files);

    // While the install runs (its PostgreSQL on another port): backup reads from it, restore refuses.
    const running = await startEmbeddedPostgres({ dataDir, port: await freePort(), fast: true });
    try {
      const check = await cli('backup', 'third.tar.gz');
      expect(check.stdout).toContain('备份完成');
      await expect(cli('restore', 'third.tar.gz')).rejects.toMatchObject({
        stderr: expect.stringContaining('请先停止服务'),
      });
    } finally {
      await running.stop();
    }
    const unpacked = path.join(work, 'third');
    const manifest = await openBackup(path.join(work, 'third.tar.gz'), unpacked);
    const target = await emptyDatabase();
    await loadDatabase({ databaseUrl: target, workDir: unpacked, manifest });
    expect(await snapshot(target)).toEqual(expected);

    await expect(cli('restore', 'missing.tar.gz')).rejects.toMatchObject({
      stderr: expect.stringContaining('备份文件不存在'),
    });
    // Four starts of a PostgreSQL of its own (one initdb) and five processes.
  }, 240_000);

  it('a scheduled backup runs when due and keeps only the newest ones', async () => {
    const dataDir = path.join(work, 'scheduled');
    await fs.mkdir(path.join(dataDir, 'backups'), { recursive: true });
    await fs.cp(filesDir, path.join(dataDir, 'files'), { recursive: true });
    const options = { databaseUrl: ctx.url, dataDir, intervalHours: 24, keep: 2 };
    const day = 24 * 3600_000;
    const start = Date.now();
    const made: string[] = [];
    for (let i = 0; i < 3; i++) {
      const written = await runScheduledBackup({ ...options, now: new Date(start + i * day) });
      expect(written).toBeTruthy();
      made.push(path.basename(written as string));
      // Archive times come from the disk: date this one to its round.
      const when = new Date(start + i * day);
      await fs.utimes(written as string, when, when);
      // Not due again within the interval.
      expect(await runScheduledBackup({ ...options, now: new Date(start + i * day + 3600_000) })).toBeNull();
    }
    const left = (await fs.readdir(path.join(dataDir, 'backups'))).filter((name) => name.endsWith('.tar.gz')).sort();
    expect(left).toEqual(made.slice(1).sort());
  });
});
