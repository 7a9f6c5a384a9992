/**
 * The planner statistics of a large import, refreshed after it is marked done (import-analyze.ts):
 * the company's lock is held on the import's connection from before the commit to the end of the
 * ANALYZE, a report waits for it, and a failed import's lock ends with it. Autovacuum is off for the
 * invoice tables here, so only the import's own ANALYZE can refresh their statistics.
 */
import { writeInvoiceExportFixture } from '@taxlens/engine/fixtures';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helpers.js';
import { uploadFile } from '../../../test/uploads.js';
import { poolOf } from '../../db/kysely.js';
import { awaitFreshStatistics, lockStatistics } from './import-analyze.js';
import { withImportTransaction } from './import-connection.js';

let ctx: TestContext;
let token: string;
let companyId: number;
let fixture: Awaited<ReturnType<typeof writeInvoiceExportFixture>>;

beforeAll(async () => {
  ctx = await createTestContext({ workers: true });
  await sql`ALTER TABLE invoice_lines SET (autovacuum_enabled = false)`.execute(ctx.db);
  await sql`ALTER TABLE invoices SET (autovacuum_enabled = false)`.execute(ctx.db);
  token = await ctx.login('13800000001');
  // About 3 000 invoices and 9 000 lines: over ANALYZE_AFTER_NEW_ROWS, and read on the import thread.
  fixture = await writeInvoiceExportFixture({ seed: 11, format: 'csv', invoiceCount: 3_000, months: 2 }, 'buffer');
  const bound = await ctx.call('POST', '/api/CsbFirmCertification/bindFirm', {
    token,
    body: { taxpayerName: fixture.company.name, taxNo: fixture.company.taxNo },
  });
  companyId = bound.data.firmId;
}, 120_000);
afterAll(() => ctx.close());

/** The planner's row count of invoice_lines beside the real one. */
async function lineEstimate(): Promise<{ estimated: number; counted: number }> {
  const { rows } = await sql<{ estimated: number; counted: number }>`
    SELECT (SELECT reltuples::int FROM pg_class WHERE relname = 'invoice_lines') AS estimated,
           (SELECT count(*)::int FROM invoice_lines) AS counted`.execute(ctx.db);
  return rows[0]!;
}

/** 12 000 lines of the company, committed. */
async function insertLines(from: number): Promise<void> {
  await sql`
    INSERT INTO invoice_lines (group_id, company_id, invoice_key, line_no, direction, item_text, item_name,
       amount_fen, tax_fen, total_fen)
     SELECT group_id, id, 'T' || (n / 4), n % 4, 'sales', '*信息技术服务*软件维护', '软件维护', 10000, 600, 10600
       FROM companies, generate_series(${from}::int, ${from}::int + 11999) AS n WHERE id = ${companyId}`.execute(
    ctx.db,
  );
}

/** The company's statistics lock on a connection of the pool, as an import's transaction takes it. */
async function lockOnConnection(id: number) {
  const pool = poolOf(ctx.db);
  if (!pool) throw new Error('the test database has a pool');
  return lockStatistics(await pool.connect(), id);
}

/** Whether `promise` settles within `ms`. */
async function settlesWithin(promise: Promise<unknown>, ms: number): Promise<boolean> {
  const timeout = new Promise<false>((resolve) => setTimeout(() => resolve(false), ms));
  return Promise.race([promise.then(() => true), timeout]);
}

describe('statistics refreshed after an import is done', () => {
  it('refreshes them after a large import and gives the lock back', async () => {
    const before = await lineEstimate();
    const answer = await uploadFile(
      ctx,
      token,
      { firmId: String(companyId), kind: 'invoice' },
      { filename: 'export.csv', content: fixture.buffer as Buffer },
    );
    expect(answer.code, answer.msg).toBe(0);
    expect(answer.data.status).toBe('done');
    expect(fixture.lineCount + fixture.invoiceCount).toBeGreaterThanOrEqual(10_000);
    // A report asked for now runs once the ANALYZE is over, and then the lock is free.
    expect(await settlesWithin(awaitFreshStatistics(ctx.db, companyId), 10_000)).toBe(true);
    const after = await lineEstimate();
    expect(after.counted).toBe(before.counted + fixture.lineCount);
    expect(Math.abs(after.estimated - after.counted)).toBeLessThan(after.counted * 0.05);
    expect(Math.abs(before.estimated - after.counted)).toBeGreaterThan(after.counted * 0.05);
  });

  it('makes a report wait until the ANALYZE has run, then plans on the new rows', async () => {
    await insertLines(0);
    const stale = await lineEstimate();
    expect(Math.abs(stale.estimated - stale.counted)).toBeGreaterThan(stale.counted * 0.05);
    const statistics = await lockOnConnection(companyId);
    const waiting = awaitFreshStatistics(ctx.db, companyId);
    expect(await settlesWithin(waiting, 300)).toBe(false);
    // Reports of another company do not wait.
    expect(await settlesWithin(awaitFreshStatistics(ctx.db, companyId + 1), 2_000)).toBe(true);
    await statistics.refresh();
    await waiting;
    const fresh = await lineEstimate();
    expect(Math.abs(fresh.estimated - fresh.counted)).toBeLessThan(fresh.counted * 0.05);
    // Refreshing twice (the job's finally after its own call) does nothing more and does not throw.
    await statistics.refresh();
  });

  it('ends the lock with a failed import’s transaction', async () => {
    const failure = withImportTransaction(ctx.db, async (_tx, client, keepClient) => {
      if (!client) throw new Error('the import transaction has a client');
      keepClient();
      await lockStatistics(client, companyId);
      throw new Error('导入失败');
    });
    await expect(failure).rejects.toThrow('导入失败');
    expect(await settlesWithin(awaitFreshStatistics(ctx.db, companyId), 2_000)).toBe(true);
    // The next import of the company takes it again at once.
    const again = await lockOnConnection(companyId);
    await again.refresh();
  });
});
