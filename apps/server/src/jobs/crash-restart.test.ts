import { type ChildProcess, spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { writeInvoiceExportFixture } from '@taxlens/engine/fixtures';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../db/embedded-checks.js';
import { DEMO } from '../seed/demo-seed.js';

/**
 * The fault test of issue 12: the real server (main.ts, embedded PostgreSQL, workers in process)
 * is killed with SIGKILL while an import and a report job are mid-way, then started again.
 *
 * "Mid-way" is made certain without timing: the test holds an ACCESS EXCLUSIVE lock on
 * invoice_lines, which the import writes and the report reads only after its row says 分析中, and
 * kills the server once both jobs wait on that lock.
 */
const SERVER_DIR = path.resolve(import.meta.dirname, '../..');
const running: ChildProcess[] = [];
let dataDir = '';
let passed = false;

afterAll(async () => {
  for (const child of running) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  // The killed server's PostgreSQL is stopped by the last start's own shutdown (SIGTERM below).
  if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
  // The server log stays behind only when the test failed.
  if (dataDir && passed) await fs.rm(`${dataDir}.log`, { force: true });
});

interface Server {
  child: ChildProcess;
  baseUrl: string;
}

async function startServer(env: Record<string, string>, logFile: string): Promise<Server> {
  const port = await freePort();
  const childEnv: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'true',
    PUBLIC_RATE_LIMIT_PER_MINUTE: '0',
    BACKUP_INTERVAL_HOURS: '0',
    ...env,
  };
  delete childEnv.DATABASE_URL;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: SERVER_DIR,
    env: childEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.push(child);
  const log = createWriteStream(logFile, { flags: 'a' });
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  const baseUrl = `http://127.0.0.1:${port}`;
  await until(async () => {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}, see ${logFile}`);
    return (await fetch(`${baseUrl}/api/health`).catch(() => null))?.ok === true;
  }, 120_000);
  return { child, baseUrl };
}

async function until<T>(probe: () => Promise<T | false | null | undefined>, limitMs: number): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() - started > limitMs) throw new Error(`condition not reached within ${limitMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

async function api(server: Server, url: string, token: string | null, body?: unknown) {
  const response = await fetch(`${server.baseUrl}${url}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      ...(token ? { token } : {}),
      ...(body instanceof FormData ? {} : { 'content-type': 'application/json' }),
    },
    body: body instanceof FormData ? body : body === undefined ? undefined : JSON.stringify(body),
  });
  return (await response.json()) as { code: number; msg: string; data: Record<string, unknown> };
}

/** Every wallet against the sum of its ledger rows, asset by asset: rows that disagree. */
async function walletsOffLedger(db: pg.Client) {
  const { rows } = await db.query(`
    SELECT w.user_id FROM wallets w
    WHERE ARRAY[w.balance_fen::bigint] || w.credits::bigint[] IS DISTINCT FROM ARRAY(
      SELECT coalesce((SELECT sum(l.delta) FROM ledger_entries l WHERE l.user_id = w.user_id AND l.asset = a), 0)::bigint
      FROM generate_series(0, 6) a ORDER BY a)`);
  return rows;
}

describe('SIGKILL during an import and a report job', () => {
  it('restarts, stores nothing partial, finishes both jobs within two minutes, wallets equal ledgers', async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'taxlens-crash-'));
    const logFile = `${dataDir}.log`;
    const pgPort = await freePort();
    const env = { EMBEDDED_PG_PORT: String(pgPort) };
    const first = await startServer(env, logFile);
    const db = new pg.Client({ connectionString: `postgres://taxlens:taxlens@127.0.0.1:${pgPort}/taxlens` });
    await db.connect();

    const login = await api(first, '/api/userInfo/login', null, { phone: '13800000001', pwd: DEMO.password });
    const token = login.data.userToken as string;
    // The demo company has invoices: its report is what the job will build.
    const demo = (
      await db.query(
        `SELECT c.id, to_char(min(i.issued_at), 'YYYY-MM') AS first, to_char(max(i.issued_at), 'YYYY-MM') AS last
         FROM companies c JOIN invoices i ON i.company_id = c.id WHERE c.group_id = 1 GROUP BY c.id ORDER BY c.id LIMIT 1`,
      )
    ).rows[0];
    const fixture = await writeInvoiceExportFixture(
      { format: 'xlsx', seed: 5, invoiceCount: 300, months: 3, startMonth: '2025-01' },
      'buffer',
    );
    const bound = await api(first, '/api/CsbFirmCertification/bindFirm', token, {
      taxpayerName: fixture.company.name,
      taxNo: fixture.company.taxNo,
    });
    const firmId = bound.data.firmId as number;

    await db.query('BEGIN');
    await db.query('LOCK TABLE invoice_lines IN ACCESS EXCLUSIVE MODE');
    const form = new FormData();
    form.append('firmId', String(firmId));
    form.append('kind', 'invoice');
    form.append('file', new Blob([new Uint8Array(fixture.buffer as Buffer)]), 'crash.xlsx');
    const upload = await api(first, '/api/CsbFirmCertification/fileUpload?wait=false', token, form);
    expect(upload.code, upload.msg).toBe(0);
    const created = await api(first, '/api/ReportPool/create', token, {
      firmId: demo.id,
      reportType: 'INVOICE',
      periodStart: demo.first,
      periodEnd: demo.last,
    });
    expect(created.code, created.msg).toBe(0);
    const reportId = created.data.reportId as number;

    // Both jobs are inside their work, waiting on the lock.
    const other = new pg.Client({ connectionString: `postgres://taxlens:taxlens@127.0.0.1:${pgPort}/taxlens` });
    await other.connect();
    await until(async () => {
      const waiting = await other.query(
        `SELECT count(*)::int AS n FROM pg_locks WHERE NOT granted AND relation = 'invoice_lines'::regclass`,
      );
      const report = await other.query('SELECT status FROM reports WHERE id = $1', [reportId]);
      // The report starts at once (its worker is woken on commit) and may hold two waits by itself.
      const started = await other.query('SELECT status FROM imports WHERE company_id = $1', [firmId]);
      return waiting.rows[0].n >= 2 && report.rows[0].status === 'analysing' && started.rows[0]?.status === 'parsing';
    }, 60_000);
    const importRow = (await other.query(`SELECT id, status FROM imports WHERE company_id = $1`, [firmId])).rows[0];
    expect(importRow.status).toBe('parsing');
    await other.end();

    first.child.kill('SIGKILL');
    await new Promise((resolve) => first.child.once('exit', resolve));
    await db.query('ROLLBACK');
    await db.end();

    // The restart finds the orphaned PostgreSQL of this DATA_DIR and still starts.
    const second = await startServer(env, logFile);
    expect(await fs.readFile(logFile, 'utf8')).toMatch(/found the server of a previous run still running/);
    const check = new pg.Client({ connectionString: `postgres://taxlens:taxlens@127.0.0.1:${pgPort}/taxlens` });
    await check.connect();
    try {
      // Within two minutes of the restart: the import restarted from scratch, the report retried.
      const finished = await until(async () => {
        const imp = (await check.query('SELECT status FROM imports WHERE id = $1', [importRow.id])).rows[0];
        const rep = (await check.query('SELECT status, attempts, refunded FROM reports WHERE id = $1', [reportId]))
          .rows[0];
        return ['done', 'rejected', 'failed'].includes(imp.status) && ['done', 'failed'].includes(rep.status)
          ? { imp, rep }
          : null;
      }, 120_000);
      expect(finished.imp.status).toBe('done');
      expect(finished.rep).toMatchObject({ status: 'done', attempts: 2 });
      // Nothing partial and nothing twice: exactly the file's invoices and lines.
      const counts = (
        await check.query(
          `SELECT (SELECT count(*)::int FROM invoices WHERE company_id = $1) AS invoices,
                  (SELECT count(*)::int FROM invoice_lines WHERE company_id = $1) AS lines`,
          [firmId],
        )
      ).rows[0];
      expect(counts).toEqual({ invoices: fixture.invoiceCount, lines: fixture.lineCount });
      expect(await walletsOffLedger(check)).toEqual([]);
      passed = true;
    } finally {
      await check.end();
      second.child.kill('SIGTERM');
      await new Promise((resolve) => second.child.once('exit', resolve));
    }
  }, 300_000);
});
