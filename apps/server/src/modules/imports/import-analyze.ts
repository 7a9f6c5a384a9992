/**
 * Fresh planner statistics after a large invoice import (issue 21). Planned on the stale ones of a
 * near-empty table, the report's lines query that usually follows became a nested loop that ran
 * for minutes. Only row counts and the columns queries filter and join on: a quarter of a full
 * ANALYZE's time (most of which was the name and amount columns); autovacuum's own ANALYZE
 * refreshes the rest.
 *
 * The ANALYZE runs after the import is marked done, not before: it was a tenth of a second of
 * every large import's wall time, spent on statistics only a planner needs. A company lock keeps
 * the order: the import takes it (exclusive) before its commit and gives it back after the
 * ANALYZE; a report waits for it (shared, `awaitFreshStatistics`) before it plans a query on the
 * company's invoices, so it never plans on the statistics from before the import. (In session 10
 * the ANALYZE ran inside the import's transaction; that hid it behind the snapshot's encoding but
 * kept it in the wall time.)
 */
import { sql } from 'kysely';
import { type Db, type DbOrTx, poolOf } from '../../db/kysely.js';

/** New invoices and lines from one file after which the tables' planner statistics are refreshed. */
export const ANALYZE_AFTER_NEW_ROWS = 10_000;

/** The advisory lock class of a company's invoice statistics (import-slots.ts uses 727003). */
const STATISTICS_LOCK = 727004;

const ANALYZE_STATEMENT = `ANALYZE
  invoices (group_id, company_id, key, digital_number, number, direction, status, issued_at, import_id,
    seller_tax_no, buyer_tax_no),
  invoice_lines (group_id, company_id, invoice_key, line_no, import_id)`;

export function needsAnalyze(counts: { invoicesNew: number; linesNew: number }): boolean {
  return counts.invoicesNew + counts.linesNew >= ANALYZE_AFTER_NEW_ROWS;
}

/** A company's statistics lock, held until `refresh` (ANALYZE, then unlock) or `release` (unlock only). */
export interface StatisticsRefresh {
  /** Never throws: a failed ANALYZE only leaves the statistics older (autovacuum catches up). */
  refresh(): Promise<void>;
  release(): Promise<void>;
}

/**
 * Takes the company's statistics lock on a connection of its own, before the import commits; the
 * caller marks the import done, then calls `refresh`. A handle with no pg pool behind it gets no
 * lock, and `refresh` analyzes on the handle.
 */
export async function holdStatisticsLock(db: Db, companyId: number): Promise<StatisticsRefresh> {
  const pool = poolOf(db);
  if (!pool) {
    let done = false;
    const refresh = async () => {
      if (done) return;
      done = true;
      await sql
        .raw(ANALYZE_STATEMENT)
        .execute(db)
        .catch(() => {});
    };
    return { refresh, release: async () => void (done = true) };
  }
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1, $2::int)', [STATISTICS_LOCK, companyId]);
  } catch (error) {
    client.release(true);
    throw error;
  }
  let held = true;
  const release = async () => {
    if (!held) return;
    held = false;
    // A connection that cannot unlock is closed, which unlocks.
    const unlocked = await client.query('SELECT pg_advisory_unlock($1, $2::int)', [STATISTICS_LOCK, companyId]).then(
      () => true,
      () => false,
    );
    client.release(!unlocked);
  };
  return {
    refresh: async () => {
      if (held) await client.query(ANALYZE_STATEMENT).catch(() => {});
      await release();
    },
    release,
  };
}

/**
 * Waits while an import of the company still refreshes its statistics (holdStatisticsLock); the
 * shared lock is taken and given back in one statement, so this works on a pool or in a transaction.
 */
export async function awaitFreshStatistics(db: DbOrTx, companyId: number): Promise<void> {
  await sql`
    SELECT pg_advisory_unlock_shared(${STATISTICS_LOCK}, ${companyId}::int)
      FROM (SELECT pg_advisory_lock_shared(${STATISTICS_LOCK}, ${companyId}::int)) AS waited`.execute(db);
}
