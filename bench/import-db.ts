/**
 * The whole invoice import at 100 000 lines against the database floor: uploads an e-tax export
 * (csv, xlsx with both sheets, then an xlsx shaped as real exports are: lines sheet first, `--`
 * in 数电发票号码, special-business sheets, (详见销货清单) lines, blank voided invoices) to the running product through `fileUpload` and waits for the
 * import to finish (parse, validate, upsert in one transaction), then loads exactly the rows it
 * stored back into the same tables with PostgreSQL's `COPY … FROM` a file, which is the fastest
 * way in and so the floor (measured after each format, on the rows that format stored). Prints
 * figures only; the server's peak RSS is sampled while it works, and the CPU seconds of the
 * server process and of the database's processes are printed beside the wall time (where the time
 * goes; on a shared 2-core machine the wall time is roughly their sum). The database CPU is read
 * from /proc and misses processes that ended between the samples, so it is indicative only.
 * Run: npx tsx bench/import-db.ts   (BENCH_IMPORT_FORMATS=csv,xlsx,real picks formats;
 * BENCH_FIXTURE_DIR=<dir> keeps the generated files there and reuses them on the next run)
 */
import { existsSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { writeInvoiceExportFixture } from '../packages/engine/src/fixtures/invoice-export-fixture.js';
import { bindCompany, invoiceUploadBody, uploadInvoices } from './lib/api.js';
import { cpuSecondsOf, cpuUsedSince, treeCpu, waitUntilSettled } from './lib/proc.js';
import { login, startProduct } from './lib/server.js';

const LINES = 100_000;
const SEED = 20_260_101;
/** Everything an invoice import writes: invoices, lines, special-business details, import holdings. */
const TABLES = ['invoices', 'invoice_lines', 'invoice_details', 'import_invoices'] as const;
const FORMATS = ['csv', 'xlsx', 'real'] as const;
const LABELS: Record<(typeof FORMATS)[number], string> = {
  csv: 'csv ',
  xlsx: 'xlsx',
  real: 'xlsx real-shaped',
};

/** Peak resident memory of a process while `work` runs, from /proc (Linux). */
async function withPeakRss<T>(pid: number, work: () => Promise<T>): Promise<{ result: T; peakMb: number }> {
  let peakKb = 0;
  const sample = async () => {
    const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => '');
    const match = /VmRSS:\s+(\d+) kB/.exec(status);
    if (match) peakKb = Math.max(peakKb, Number(match[1]));
  };
  const timer = setInterval(() => void sample(), 50);
  try {
    const result = await work();
    await sample();
    return { result, peakMb: peakKb / 1024 };
  } finally {
    clearInterval(timer);
  }
}

async function clearCompany(client: pg.Client, companyId: number): Promise<void> {
  for (const table of [...TABLES].reverse())
    await client.query(`DELETE FROM ${table} WHERE company_id = $1`, [companyId]);
  await client.query(`VACUUM ${TABLES.join(', ')}`);
}

/**
 * Dumps the company's stored rows to files, then loads them back with COPY three times (emptying
 * the company in between) and answers the median: a single COPY varies a lot on a busy machine.
 */
async function copyFloor(
  client: pg.Client,
  companyId: number,
  dir: string,
): Promise<{ seconds: number; rows: number }> {
  const files = TABLES.map((table) => path.join(dir, `${table}.copy`));
  for (const [index, table] of TABLES.entries()) {
    await client.query(`COPY (SELECT * FROM ${table} WHERE company_id = ${companyId}) TO '${files[index]}'`);
  }
  const runs: number[] = [];
  let rows = 0;
  for (let run = 0; run < 3; run++) {
    await clearCompany(client, companyId);
    const start = performance.now();
    rows = 0;
    await client.query('BEGIN');
    for (const [index, table] of TABLES.entries()) {
      rows += (await client.query(`COPY ${table} FROM '${files[index]}'`)).rowCount ?? 0;
    }
    await client.query('COMMIT');
    runs.push((performance.now() - start) / 1000);
  }
  runs.sort((a, b) => a - b);
  return { seconds: runs[1] ?? 0, rows };
}

/**
 * The wall time by phase: upload (request until the import row exists: receipt, hash, zip check),
 * queue (until a worker took it), the worker's stages (its "import finished" log line; `writes`
 * overlaps `read`), and the answer (from the finished row to the response: the upload's wait poll).
 */
async function wallSplit(client: pg.Client, output: () => string, importId: number, sent: number, answered: number) {
  const { rows } = await client.query<{ created: number; started: number; finished: number }>(
    `SELECT extract(epoch FROM created_at) * 1000 AS created, extract(epoch FROM started_at) * 1000 AS started,
            extract(epoch FROM finished_at) * 1000 AS finished FROM imports WHERE id = $1`,
    [importId],
  );
  const row = rows[0];
  if (!row) return 'wall split: import row not found';
  const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  const stagesOf = () => {
    for (const line of output().split('\n')) {
      if (!line.includes('"import finished"')) continue;
      const entry = JSON.parse(line) as {
        importId?: number;
        timings?: Record<string, number>;
        counts?: Record<string, number>;
      };
      if (entry.importId === importId && entry.timings) return { times: entry.timings, counts: entry.counts ?? {} };
    }
    return null;
  };
  // The server's log is buffered (flushed every second): wait for the line.
  let timings = stagesOf();
  for (let waited = 0; waited < 3000 && !timings; waited += 100) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    timings = stagesOf();
  }
  const stages = [
    ...Object.entries(timings?.times ?? {}).map(([stage, ms]) => `${stage} ${seconds(ms)}`),
    ...Object.entries(timings?.counts ?? {}).map(([name, count]) => `${name} ${count}`),
  ].join(', ');
  return (
    `wall: upload ${seconds(Number(row.created) - sent)}, queue ${seconds(Number(row.started) - Number(row.created))}, ` +
    `worker ${seconds(Number(row.finished) - Number(row.started))} (${stages}), ` +
    `answer ${seconds(answered - Number(row.finished))}`
  );
}

const number = (value: number) => Math.round(value).toLocaleString('en-US').replaceAll(',', ' ');

async function main(): Promise<void> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'taxlens-import-db-'));
  // PostgreSQL's server process writes and reads the COPY files.
  await chmod(dir, 0o777);
  const fixtureDir = process.env.BENCH_FIXTURE_DIR ?? dir;
  await mkdir(fixtureDir, { recursive: true });
  const formats = FORMATS.filter((format) =>
    (process.env.BENCH_IMPORT_FORMATS ?? FORMATS.join(',')).split(',').includes(format),
  );
  // Info level for the import's own "import finished" line, which carries its stage timings.
  const product = await startProduct({ LOG_LEVEL: 'info' });
  const client = new pg.Client({ connectionString: product.databaseUrl });
  try {
    await client.connect();
    const fixture = { seed: SEED, lineCount: LINES, months: 12 };
    const files = {
      csv: path.join(fixtureDir, 'export.csv'),
      xlsx: path.join(fixtureDir, 'export.xlsx'),
      real: path.join(fixtureDir, 'export-real.xlsx'),
    };
    // Kept from an earlier run with BENCH_FIXTURE_DIR (same seed, so the same files), or written now.
    type Shape = { company: { name: string; taxNo: string }; lineCount: number; invoiceCount: number };
    const shapesFile = path.join(fixtureDir, 'fixtures.json');
    let shapes: { written: Shape; real: Shape };
    if (existsSync(shapesFile)) shapes = JSON.parse(await readFile(shapesFile, 'utf8'));
    else {
      const shapeOf = ({ company, lineCount, invoiceCount }: Shape): Shape => ({ company, lineCount, invoiceCount });
      const plain = await writeInvoiceExportFixture({ ...fixture, format: 'xlsx' }, { path: files.xlsx });
      await writeInvoiceExportFixture({ ...fixture, format: 'csv' }, { path: files.csv });
      const realShaped = await writeInvoiceExportFixture(
        { ...fixture, format: 'xlsx', oldStyleShare: 0.3, realShape: true },
        { path: files.real },
      );
      shapes = { written: shapeOf(plain), real: shapeOf(realShaped) };
      if (fixtureDir !== dir) await writeFile(shapesFile, JSON.stringify(shapes));
    }
    const { written, real } = shapes;
    const token = await login(product.url, '13800000001');
    const firmId = await bindCompany(product.url, token, written.company.name, written.company.taxNo);

    console.log('发票导入入库基准 (invoice import into PostgreSQL vs COPY)');
    console.log(`  fixture: ${number(written.lineCount)} lines, ${number(written.invoiceCount)} invoices`);
    console.log(
      `  real-shaped fixture: ${number(real.lineCount)} lines, ${number(real.invoiceCount)} invoices ` +
        '(30 % old-system with --, 3 special-business sheets, (详见销货清单) lines, blank voids, 合计行)',
    );
    // The import of a running server, not of one still starting (Chromium, the import thread).
    const settled = await waitUntilSettled(product.pid);
    console.log(`  measured once the server had settled (${settled.toFixed(1)} s after it answered)`);
    const ratios: string[] = [];
    for (const format of formats) {
      await clearCompany(client, firmId);
      // The body is made and the CPU figures are sampled before the clock starts (walking /proc takes
      // a few tens of ms): the clock measures the product, from the first byte sent.
      const upload = await invoiceUploadBody(firmId, files[format]);
      const serverCpu = await cpuSecondsOf(product.pid);
      const databaseCpu = await treeCpu(product.pid, 'postgres');
      const sent = Date.now();
      const start = performance.now();
      const { result, peakMb } = await withPeakRss(product.pid, () =>
        uploadInvoices(product.url, token, firmId, upload),
      );
      const seconds = (performance.now() - start) / 1000;
      const cpu = {
        server: (await cpuSecondsOf(product.pid)) - serverCpu,
        database: cpuUsedSince(databaseCpu, await treeCpu(product.pid, 'postgres')),
      };
      console.log(
        `  ${LABELS[format]} upload → stored: ${number(result.lines)} lines in ${seconds.toFixed(2)} s ` +
          `(${number(result.lines / seconds)} lines/s), CPU server ${cpu.server.toFixed(1)} s + database ` +
          `${cpu.database.toFixed(1)} s, server peak RSS ${number(peakMb)} MB`,
      );
      console.log(`    ${await wallSplit(client, product.output, result.importId, sent, sent + seconds * 1000)}`);
      // The floor: the rows this import stored, loaded back with COPY.
      const floorDatabaseCpu = await treeCpu(product.pid, 'postgres');
      const floor = await copyFloor(client, firmId, dir);
      const floorCpu = cpuUsedSince(floorDatabaseCpu, await treeCpu(product.pid, 'postgres')) / 3;
      console.log(
        `    COPY of the ${number(floor.rows)} rows it stored (invoices, lines, details, holdings): ` +
          `${floor.seconds.toFixed(2)} s (median of 3), database CPU ~${floorCpu.toFixed(1)} s a run`,
      );
      ratios.push(`  ${LABELS[format]} / COPY = ${(seconds / floor.seconds).toFixed(2)}×`);
    }
    for (const line of ratios) console.log(line);
    const load = os.loadavg().map((value) => value.toFixed(1));
    console.log(`  machine: ${os.cpus().length} cores, load average ${load.join(' ')}, node ${process.version}`);
  } finally {
    await client.end().catch(() => {});
    await product.stop();
    await rm(dir, { recursive: true, force: true });
  }
}

await main();
