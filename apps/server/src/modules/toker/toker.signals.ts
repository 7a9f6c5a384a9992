/**
 * The risk signals of the prospect search, derived from the imported lists into toker_signals:
 * one row per company that shows at least one. Recomputed whole inside every dataset import's
 * transaction (the lists are replaced whole too), so a search joins one small indexed table instead
 * of aggregating risk lists, ratings and change records for every candidate.
 */
import { sql } from 'kysely';
import type { Db, DbOrTx } from '../../db/kysely.js';

/** Tax-credit levels best first (A, B, M, C, D since 2018): a higher position is a lower level. */
const rank = (column: string) => `array_position(ARRAY['A','B','M','C','D'], ${column})`;

/** Two statements, plain SQL so the importer's raw pg client runs them in its own transaction. */
export const REFRESH_SIGNALS_SQL = [
  'DELETE FROM toker_signals',
  `INSERT INTO toker_signals (credit_code, abnormal_on, illegal_on, credit_year, credit_from, credit_to, changes_recent)
   SELECT code, max(abnormal_on), max(illegal_on), max(credit_year), max(credit_from), max(credit_to),
          coalesce(max(changes_recent), 0)
   FROM (
     SELECT credit_code AS code, decided_on AS abnormal_on, NULL::date AS illegal_on, NULL::int AS credit_year,
            NULL::text AS credit_from, NULL::text AS credit_to, NULL::int AS changes_recent
       FROM cd_risks
      WHERE kind = 'abnormal_operation' AND removed_on IS NULL
        AND decided_on > as_of - 90 AND decided_on <= as_of
     UNION ALL
     SELECT credit_code, NULL, decided_on, NULL, NULL, NULL, NULL
       FROM cd_risks
      WHERE kind = 'major_tax_violation' AND decided_on > as_of - 365 AND decided_on <= as_of
     UNION ALL
     -- Only A-level lists are published every year: absence from the latest year's list after an A
     -- is a loss of A; for any other earlier level only a published lower level counts.
     SELECT p.credit_code, NULL, NULL, latest.year, p.level, coalesce(c.level, '非A'), NULL
       FROM (SELECT max(year) AS year FROM cd_credit_ratings) latest
       JOIN cd_credit_ratings p ON p.year = latest.year - 1
       LEFT JOIN cd_credit_ratings c ON c.credit_code = p.credit_code AND c.year = latest.year
      WHERE (c.level IS NULL AND p.level = 'A') OR ${rank('c.level')} > ${rank('p.level')}
     UNION ALL
     SELECT credit_code, NULL, NULL, NULL, NULL, NULL, count(*)::int
       FROM cd_relations
      WHERE kind = 'change' AND happened_on > as_of - 365 AND happened_on <= as_of
      GROUP BY credit_code HAVING count(*) >= 2
   ) signals
   GROUP BY code`,
] as const;

/** Rebuilds toker_signals in one transaction (the caller's, if it is one). */
export async function refreshLeadSignals(db: DbOrTx): Promise<void> {
  const run = async (tx: DbOrTx) => {
    for (const statement of REFRESH_SIGNALS_SQL) await sql.raw(statement).execute(tx);
  };
  if (db.isTransaction) return run(db);
  return (db as Db).transaction().execute(run);
}
