/**
 * The planner statistics of a large import, refreshed inside its transaction (import-analyze.ts):
 * ANALYZE there counts the transaction's own new rows, and a failing ANALYZE (here a lock it waits
 * for too long) leaves the import's transaction usable and its rows stored.
 */
import { sql } from 'kysely';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helpers.js';
import { poolOf } from '../../db/kysely.js';
import { analyzeInTransaction } from './import-analyze.js';
import { withImportTransaction } from './import-connection.js';

let ctx: TestContext;
let companyId: number;

beforeAll(async () => {
  ctx = await createTestContext({ template: 'empty' });
  await sql`INSERT INTO groups (id, name) VALUES (1, '测试机构') ON CONFLICT (id) DO NOTHING`.execute(ctx.db);
  const company = await ctx.db
    .insertInto('companies')
    .values({ group_id: 1, taxpayer_name: '统计测试有限公司', tax_no: '91310000MA1FL8XQ3B' })
    .returning('id')
    .executeTakeFirstOrThrow();
  companyId = company.id;
}, 60_000);
afterAll(() => ctx.close());

/** 12 000 lines of the company, written inside the caller's transaction. */
async function insertLines(client: pg.PoolClient, from: number): Promise<void> {
  await client.query(
    `INSERT INTO invoice_lines (group_id, company_id, invoice_key, line_no, direction, item_text, item_name,
       amount_fen, tax_fen, total_fen)
     SELECT 1, $1, 'K' || (n / 4), n % 4, 'sales', '*信息技术服务*软件维护', '软件维护', 10000, 600, 10600
       FROM generate_series($2::int, $2::int + 11999) AS n`,
    [companyId, from],
  );
}

describe('ANALYZE inside an import’s transaction', () => {
  it('counts the transaction’s own new rows', async () => {
    await withImportTransaction(ctx.db, async (_tx, client) => {
      if (!client) throw new Error('the import transaction has a client');
      await insertLines(client, 0);
      expect(await analyzeInTransaction(client)).toBe(true);
      // Seen from inside the transaction, the statistics already describe its rows.
      const { rows } = await client.query<{ values: string | null }>(
        `SELECT most_common_vals::text AS values FROM pg_stats
          WHERE tablename = 'invoice_lines' AND attname = 'company_id'`,
      );
      expect(rows[0]?.values).toBe(`{${companyId}}`);
    });
    const { rows } = await sql<{ tuples: number }>`
      SELECT reltuples::int AS tuples FROM pg_class WHERE relname = 'invoice_lines'`.execute(ctx.db);
    expect(rows[0]?.tuples).toBeGreaterThanOrEqual(12_000);
  });

  it('answers false and keeps the transaction when ANALYZE fails', async () => {
    const pool = poolOf(ctx.db);
    if (!pool) throw new Error('the test database has a pool');
    const holder = await pool.connect();
    try {
      // Another session holds the lock ANALYZE needs.
      await holder.query('BEGIN');
      await holder.query('LOCK TABLE invoice_lines IN SHARE UPDATE EXCLUSIVE MODE');
      await withImportTransaction(ctx.db, async (_tx, client) => {
        if (!client) throw new Error('the import transaction has a client');
        await insertLines(client, 100_000);
        await client.query(`SET LOCAL lock_timeout = '100ms'`);
        expect(await analyzeInTransaction(client)).toBe(false);
        const { rows } = await client.query<{ lines: number }>(
          'SELECT count(*)::int AS lines FROM invoice_lines WHERE company_id = $1',
          [companyId],
        );
        expect(rows[0]?.lines).toBe(24_000);
      });
    } finally {
      await holder.query('ROLLBACK');
      holder.release();
    }
    const stored = await ctx.db
      .selectFrom('invoice_lines')
      .where('company_id', '=', companyId)
      .select((eb) => eb.fn.countAll<number>().as('lines'))
      .executeTakeFirstOrThrow();
    expect(Number(stored.lines)).toBe(24_000);
  });
});
