/**
 * Fresh planner statistics after a large invoice import (issue 21). Planned on the stale ones of a
 * near-empty table, the report's lines query that usually follows became a nested loop that ran
 * for minutes. Only row counts and the columns queries filter and join on: a quarter of a full
 * ANALYZE's time (most of which was the name and amount columns); autovacuum's own ANALYZE
 * refreshes the rest.
 *
 * The ANALYZE runs after the import is marked done, not before: it was a tenth of a second of
 * every large import's wall time, spent on statistics only a planner needs. A company lock keeps
 * the order: the import's own connection takes it (exclusive, session-level) inside its
 * transaction and keeps it past the commit, then runs the ANALYZE and gives lock and connection
 * back; a report waits for it (shared, `awaitFreshStatistics`) before it plans a query on the
 * company's invoices, so it never plans on the statistics from before the import. The import's
 * own connection, not a second one: imports each holding a connection and waiting for another
 * could starve the pool. A failed import closes its connection, which ends the lock. (In session
 * 10 the ANALYZE ran inside the import's transaction, which kept it in the wall time.)
 */
import { sql } from 'kysely';
import type pg from 'pg';
import type { DbOrTx } from '../../db/kysely.js';

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

/** The statistics refresh after an import's commit; `refresh` never throws and runs once. */
export interface StatisticsRefresh {
  refresh(): Promise<void>;
}

/**
 * Takes the company's statistics lock on the import's connection, inside its transaction; the
 * connection must be kept past the commit (import-connection.ts), and `refresh` (ANALYZE, unlock)
 * releases it to the pool. A failed ANALYZE only leaves the statistics older (autovacuum catches up).
 */
export async function lockStatistics(client: pg.PoolClient, companyId: number): Promise<StatisticsRefresh> {
  await client.query('SELECT pg_advisory_lock($1, $2::int)', [STATISTICS_LOCK, companyId]);
  let held = true;
  return {
    async refresh() {
      if (!held) return;
      held = false;
      await client.query(ANALYZE_STATEMENT).catch(() => {});
      // A connection that cannot unlock is closed, which unlocks.
      const unlocked = await client.query('SELECT pg_advisory_unlock($1, $2::int)', [STATISTICS_LOCK, companyId]).then(
        () => true,
        () => false,
      );
      client.release(!unlocked);
    },
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
