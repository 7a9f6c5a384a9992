/**
 * How long a small upload of one firm waits while another firm's large files import (issue 12:
 * one group's 7 MB file held the only worker for two minutes; another group's small upload waited
 * 66 s). Runs the product twice: with one import worker (as before) and with the defaults (3
 * workers, at most 2 files of a group at once). Firm 1 uploads two large invoice exports without
 * waiting; once the first is being parsed, firm 2 uploads a small one and waits for its result.
 * Prints figures only. Run: npx tsx bench/import-fairness.ts
 */
import { chmod, mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { writeInvoiceExportFixture } from '../packages/engine/src/fixtures/invoice-export-fixture.js';
import { bindCompany, uploadInvoices } from './lib/api.js';
import { login, startProduct } from './lib/server.js';

const LARGE_LINES = 30_000;

interface Fixture {
  file: string;
  company: { name: string; taxNo: string };
}

async function send(url: string, token: string, firmId: number, file: string): Promise<void> {
  const form = new FormData();
  form.append('firmId', String(firmId));
  form.append('kind', 'invoice');
  form.append('file', new Blob([await readFile(file)]), path.basename(file));
  const answer = await fetch(`${url}/api/CsbFirmCertification/fileUpload?wait=false`, {
    method: 'POST',
    headers: { token },
    body: form,
  });
  if (!answer.ok) throw new Error(`upload failed: ${answer.status}`);
}

async function until(client: pg.Client, sql: string, wanted: (n: number) => boolean) {
  for (;;) {
    const n = Number((await client.query<{ n: string }>(sql)).rows[0]?.n);
    if (wanted(n)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function run(label: string, env: Record<string, string>, files: { large: Fixture[]; small: Fixture }) {
  const product = await startProduct(env);
  const client = new pg.Client({ connectionString: product.databaseUrl });
  await client.connect();
  try {
    const firm1 = await login(product.url, '13800000001');
    const firm2 = await login(product.url, '13900000001');
    const large: number[] = [];
    for (const fixture of files.large) {
      large.push(await bindCompany(product.url, firm1, fixture.company.name, fixture.company.taxNo));
    }
    const small = files.small.company;
    const smallFirm = await bindCompany(product.url, firm2, small.name, small.taxNo);
    const started = performance.now();
    for (const [index, fixture] of files.large.entries()) {
      await send(product.url, firm1, large[index] as number, fixture.file);
    }
    await until(client, "SELECT count(*) AS n FROM imports WHERE status = 'parsing'", (n) => n > 0);
    const before = performance.now();
    const outcome = await uploadInvoices(product.url, firm2, smallFirm, files.small.file);
    const smallWait = (performance.now() - before) / 1000;
    await until(client, "SELECT count(*) AS n FROM imports WHERE status IN ('queued', 'parsing')", (n) => n === 0);
    const all = (performance.now() - started) / 1000;
    console.log(
      `${label}: firm 2's small upload (${outcome.status}) answered in ${smallWait.toFixed(1)} s; firm 1's ${files.large.length} large files all done after ${all.toFixed(1)} s`,
    );
  } finally {
    await client.end();
    await product.stop();
  }
}

const dir = await mkdtemp(path.join(os.tmpdir(), 'taxlens-fairness-'));
await chmod(dir, 0o755);
try {
  const large: Fixture[] = [];
  for (let index = 0; index < 2; index++) {
    const file = path.join(dir, `large-${index}.xlsx`);
    const options = { seed: 900 + index, lineCount: LARGE_LINES, months: 6, format: 'xlsx' as const };
    large.push({ file, company: (await writeInvoiceExportFixture(options, { path: file })).company });
  }
  const smallFile = path.join(dir, 'small.xlsx');
  const smallOptions = { seed: 999, invoiceCount: 20, months: 1, format: 'xlsx' as const };
  const small = {
    file: smallFile,
    company: (await writeInvoiceExportFixture(smallOptions, { path: smallFile })).company,
  };
  const sizes = await Promise.all(large.map(async (fixture) => ((await stat(fixture.file)).size / 1e6).toFixed(1)));
  console.log(`large files: ${sizes.join(' MB, ')} MB (${LARGE_LINES} lines each); small: 20 invoices`);
  await run('1 import worker (before)', { IMPORT_WORKERS: '1' }, { large, small });
  await run('3 workers, 2 per group (default)', {}, { large, small });
} finally {
  await rm(dir, { recursive: true, force: true });
}
