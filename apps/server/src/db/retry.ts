import type { Db, Tx } from './kysely.js';

/** PostgreSQL's deadlock and serialization-failure codes: the transaction was rolled back whole. */
const RETRYABLE = new Set(['40P01', '40001']);

/**
 * Runs a transaction, again if PostgreSQL chose it as a deadlock or serialization victim. The
 * aborted attempt changed nothing, so running it again is safe; after three attempts the error stands.
 */
export async function transactionWithRetry<T>(db: Db, work: (tx: Tx) => Promise<T>, attempts = 3): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction().execute(work);
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (!code || !RETRYABLE.has(code) || attempt >= attempts) throw error;
      await new Promise((resolve) => setTimeout(resolve, 10 * attempt + Math.floor(Math.random() * 20)));
    }
  }
}
