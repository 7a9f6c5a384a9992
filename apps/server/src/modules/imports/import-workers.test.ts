import { iitWithholdingSheet, writeInvoiceExportFixture, xlsBuffer } from '@taxlens/engine/fixtures';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestContext, multipartBody, type TestContext } from '../../../test/helpers.js';
import { timeLimitMessage } from './import-slots.js';

/**
 * Imports share the workers fairly (issue 12): several workers, at most IMPORT_GROUP_SHARE files
 * of one group at once, and a time limit per file. A table lock on invoice_lines holds invoice
 * imports mid-way for as long as a test needs, so nothing here depends on timing.
 */

let ctx: TestContext;
let locker: pg.Client | null = null;
afterEach(async () => {
  await locker?.end().catch(() => {});
  locker = null;
  await ctx?.close();
});

/** Holds every invoice import that reaches its rows until `release`. */
async function holdInvoiceLines() {
  locker = new pg.Client({ connectionString: ctx.url });
  await locker.connect();
  await locker.query('BEGIN');
  await locker.query('LOCK TABLE invoice_lines IN ACCESS EXCLUSIVE MODE');
  const client = locker;
  return () => client.query('COMMIT');
}

async function bind(token: string, name: string, taxNo: string): Promise<number> {
  const bound = await ctx.call('POST', '/api/CsbFirmCertification/bindFirm', {
    token,
    body: { taxpayerName: name, taxNo },
  });
  expect(bound.code, bound.msg).toBe(0);
  return bound.data.firmId;
}

/** Uploads without waiting for the worker; answers the import id. */
async function send(token: string, firmId: number, kind: string, filename: string, content: Buffer) {
  const body = multipartBody({ firmId: String(firmId), kind }, { filename, content });
  const raw = await ctx.app.inject({
    method: 'POST',
    url: '/api/CsbFirmCertification/fileUpload?wait=false',
    headers: { token, ...body.headers },
    payload: body.payload,
  });
  expect(raw.json().code, raw.json().msg).toBe(0);
  return raw.json().data.importId as number;
}

async function invoiceFile(seed: number) {
  const fixture = await writeInvoiceExportFixture(
    { format: 'xlsx', seed, invoiceCount: 8, months: 1, startMonth: '2025-03' },
    'buffer',
  );
  return { company: fixture.company, buffer: fixture.buffer as Buffer };
}

const status = async (id: number) =>
  (await ctx.db.selectFrom('imports').select(['status', 'message']).where('id', '=', id).executeTakeFirstOrThrow())
    .status;

async function until(id: number, wanted: string[]) {
  for (;;) {
    const now = await status(id);
    if (wanted.includes(now)) return now;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('import workers', () => {
  it("one group's held files cannot take every worker: another group's upload is processed meanwhile", async () => {
    ctx = await createTestContext({ workers: true, env: { IMPORT_WORKERS: '2', IMPORT_GROUP_SHARE: '1' } });
    const firmA = await ctx.login('13800000001');
    const firmB = await ctx.login('13900000001');
    const [first, second] = [await invoiceFile(71), await invoiceFile(72)];
    const companyA1 = await bind(firmA, first.company.name, first.company.taxNo);
    const companyA2 = await bind(firmA, second.company.name, second.company.taxNo);
    const companyB = await bind(firmB, '公平队列测试有限公司', '91440305MA5TL00071');

    const release = await holdInvoiceLines();
    const a1 = await send(firmA, companyA1, 'invoice', 'a1.xlsx', first.buffer);
    await until(a1, ['parsing']);
    // A second worker is free, but group A already has its one share: its next file waits.
    const a2 = await send(firmA, companyA2, 'invoice', 'a2.xlsx', second.buffer);
    const people = [{ id: '110101199003071234', income: 12000, tax: 210 }];
    const payroll = xlsBuffer([iitWithholdingSheet('91440305MA5TL00071', '2025-03', people)]);
    const b = await send(firmB, companyB, 'payroll', '个税3月.xls', payroll);

    expect(await until(b, ['done', 'failed', 'rejected'])).toBe('done');
    expect(await status(a1)).toBe('parsing');
    expect(await status(a2)).toBe('queued');

    await release();
    expect(await until(a1, ['done', 'failed', 'rejected'])).toBe('done');
    expect(await until(a2, ['done', 'failed', 'rejected'])).toBe('done');
    const stored = await ctx.db
      .selectFrom('invoices')
      .select(['company_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('company_id', 'in', [companyA1, companyA2])
      .groupBy('company_id')
      .execute();
    expect(stored.map((row) => Number(row.n))).toEqual([8, 8]);
  }, 120_000);

  it("with one worker, another group's later upload goes before this group's second file", async () => {
    ctx = await createTestContext({ workers: true, env: { IMPORT_WORKERS: '1' } });
    const firmA = await ctx.login('13800000001');
    const firmB = await ctx.login('13900000001');
    const [first, second] = [await invoiceFile(74), await invoiceFile(75)];
    const companyA1 = await bind(firmA, first.company.name, first.company.taxNo);
    const companyA2 = await bind(firmA, second.company.name, second.company.taxNo);
    const companyB = await bind(firmB, '排队顺序测试有限公司', '91440305MA5TL00074');
    const release = await holdInvoiceLines();
    const a1 = await send(firmA, companyA1, 'invoice', 'a1.xlsx', first.buffer);
    await until(a1, ['parsing']);
    const a2 = await send(firmA, companyA2, 'invoice', 'a2.xlsx', second.buffer);
    const people = [{ id: '110101199003071234', income: 9000, tax: 60 }];
    const payroll = xlsBuffer([iitWithholdingSheet('91440305MA5TL00074', '2025-03', people)]);
    const b = await send(firmB, companyB, 'payroll', '个税3月.xls', payroll);
    await release();
    for (const id of [a1, a2, b]) expect(await until(id, ['done', 'failed', 'rejected'])).toBe('done');
    const started = await ctx.db
      .selectFrom('imports')
      .select(['id', 'started_at'])
      .where('id', 'in', [a2, b])
      .execute();
    const at = (id: number) => started.find((row) => row.id === id)?.started_at?.getTime() ?? 0;
    expect(at(b)).toBeLessThan(at(a2));
  }, 120_000);

  it('stops a file at its time limit with a clear message and stores nothing of it', async () => {
    ctx = await createTestContext({ workers: true, env: { IMPORT_TIME_LIMIT_SECONDS: '1' } });
    const token = await ctx.login('13800000001');
    const file = await invoiceFile(73);
    const company = await bind(token, file.company.name, file.company.taxNo);
    const release = await holdInvoiceLines();
    const id = await send(token, company, 'invoice', 'big.xlsx', file.buffer);

    // Held on the lock, the file can only end through its time limit.
    expect(await until(id, ['done', 'failed', 'rejected'])).toBe('failed');
    await release();
    const row = await ctx.db.selectFrom('imports').select('message').where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.message).toBe(timeLimitMessage(1000));
    expect(row.message).toBe(
      '导入超时：文件未能在 1 秒内处理完，本次未导入任何数据。请将文件拆分为较小的文件后重新上传',
    );
    const invoices = await ctx.db.selectFrom('invoices').select('id').where('company_id', '=', company).execute();
    expect(invoices).toEqual([]);
  }, 60_000);
});
