/**
 * The whole invoice import at 100 000 lines against the database floor: uploads an e-tax export
 * (csv, xlsx with both sheets, then an xlsx shaped as real exports are: lines sheet first, `--`
 * in 数电发票号码, special-business sheets, (详见销货清单) lines, blank voided invoices) to the running product through `fileUpload` and waits for the
 * import to finish (parse, validate, upsert in one transaction), then loads exactly the rows it
 * stored back into the same tables with PostgreSQL's `COPY … FROM` a file, which is the fastest
 * way in and so the floor. Prints figures only; the server's peak RSS is sampled while it works.
 * Run: npx tsx bench/import-db.ts
 */
import { chmod, mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { writeInvoiceExportFixture } from '../packages/engine/src/fixtures/invoice-export-fixture.js';
import { bindCompany, uploadInvoices } from './lib/api.js';
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

const number = (value: number) => Math.round(value).toLocaleString('en-US').replaceAll(',', ' ');

async function main(): Promise<void> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'taxlens-import-db-'));
  // PostgreSQL's server process writes and reads the COPY files.
  await chmod(dir, 0o777);
  const product = await startProduct();
  const client = new pg.Client({ connectionString: product.databaseUrl });
  try {
    await client.connect();
    const fixture = { seed: SEED, lineCount: LINES, months: 12 };
    const files = {
      csv: path.join(dir, 'export.csv'),
      xlsx: path.join(dir, 'export.xlsx'),
      real: path.join(dir, 'export-real.xlsx'),
    };
    const written = await writeInvoiceExportFixture({ ...fixture, format: 'xlsx' }, { path: files.xlsx });
    await writeInvoiceExportFixture({ ...fixture, format: 'csv' }, { path: files.csv });
    const real = await writeInvoiceExportFixture(
      { ...fixture, format: 'xlsx', oldStyleShare: 0.3, realShape: true },
      { path: files.real },
    );
    const token = await login(product.url, '13800000001');
    const firmId = await bindCompany(product.url, token, written.company.name, written.company.taxNo);

    console.log('发票导入入库基准 (invoice import into PostgreSQL vs COPY)');
    console.log(`  fixture: ${number(written.lineCount)} lines, ${number(written.invoiceCount)} invoices`);
    console.log(
      `  real-shaped fixture: ${number(real.lineCount)} lines, ${number(real.invoiceCount)} invoices ` +
        '(30 % old-system with --, 3 special-business sheets, (详见销货清单) lines, blank voids, 合计行)',
    );
    const timings: Record<string, number> = {};
    for (const format of FORMATS) {
      await clearCompany(client, firmId);
      const start = performance.now();
      const { result, peakMb } = await withPeakRss(product.pid, () =>
        uploadInvoices(product.url, token, firmId, files[format]),
      );
      const seconds = (performance.now() - start) / 1000;
      timings[format] = seconds;
      console.log(
        `  ${LABELS[format]} upload → stored: ${number(result.lines)} lines in ${seconds.toFixed(2)} s ` +
          `(${number(result.lines / seconds)} lines/s), server peak RSS ${number(peakMb)} MB`,
      );
    }
    const floor = await copyFloor(client, firmId, dir);
    console.log(
      `  COPY of the rows the real-shaped import stored (${number(floor.rows)}: invoices, lines, details, holdings): ` +
        `${floor.seconds.toFixed(2)} s (median of 3)`,
    );
    for (const format of FORMATS) {
      console.log(`  ${LABELS[format]} / COPY = ${((timings[format] ?? 0) / floor.seconds).toFixed(1)}×`);
    }
    const load = os.loadavg().map((value) => value.toFixed(1));
    console.log(`  machine: ${os.cpus().length} cores, load average ${load.join(' ')}, node ${process.version}`);
  } finally {
    await client.end().catch(() => {});
    await product.stop();
    await rm(dir, { recursive: true, force: true });
  }
}

await main();
