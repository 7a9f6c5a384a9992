/**
 * Fresh planner statistics after a large invoice import (issue 21). Planned on the stale ones of a
 * near-empty table, the report's lines query that usually follows became a nested loop that ran
 * for minutes. Only row counts and the columns queries filter and join on: a quarter of a full
 * ANALYZE's time (most of which was the name and amount columns); autovacuum's own ANALYZE
 * refreshes the rest.
 *
 * Run inside the import's transaction where it can be (ANALYZE, unlike VACUUM, may run in one, and
 * it counts the transaction's own new rows as live, so the statistics it commits are those of the
 * committed tables): it then runs while the import thread encodes the report snapshot, instead of
 * after the commit. It holds ANALYZE's lock until the commit, a few tenths of a second; another
 * import's ANALYZE of the same tables waits that long.
 */
import { sql } from 'kysely';
import type pg from 'pg';
import type { Db } from '../../db/kysely.js';

/** New invoices and lines from one file after which the tables' planner statistics are refreshed. */
export const ANALYZE_AFTER_NEW_ROWS = 10_000;

const ANALYZE_STATEMENT = `ANALYZE
  invoices (group_id, company_id, key, digital_number, number, direction, status, issued_at, import_id,
    seller_tax_no, buyer_tax_no),
  invoice_lines (group_id, company_id, invoice_key, line_no, import_id)`;

export function needsAnalyze(counts: { invoicesNew: number; linesNew: number }): boolean {
  return counts.invoicesNew + counts.linesNew >= ANALYZE_AFTER_NEW_ROWS;
}

/**
 * ANALYZE inside the import's open transaction, in a savepoint: a failure (a lock or statement
 * timeout) leaves the import's transaction as it was and answers false, and the caller analyzes
 * after the commit instead.
 */
export async function analyzeInTransaction(client: pg.PoolClient): Promise<boolean> {
  await client.query('SAVEPOINT import_analyze');
  try {
    await client.query(ANALYZE_STATEMENT);
    await client.query('RELEASE SAVEPOINT import_analyze');
    return true;
  } catch {
    await client.query('ROLLBACK TO SAVEPOINT import_analyze');
    return false;
  }
}

/** ANALYZE on its own, after the import committed; a failure only leaves the statistics older. */
export async function analyzeAfterCommit(db: Db): Promise<void> {
  await sql
    .raw(ANALYZE_STATEMENT)
    .execute(db)
    .catch(() => {});
}
