import { CompiledQuery } from 'kysely';
import type PgBoss from 'pg-boss';
import type { Tx } from '../db/kysely.js';

/**
 * Enqueues a job inside the caller's transaction: it exists only if the transaction commits,
 * so a rolled-back request never leaves a job behind (and a committed one always has one).
 */
export async function sendInTransaction(boss: PgBoss, tx: Tx, name: string, data: object): Promise<void> {
  await boss.send(name, data, {
    db: {
      async executeSql(text: string, values?: unknown[]) {
        const result = await tx.executeQuery(CompiledQuery.raw(text, values ?? []));
        return { rows: result.rows as Record<string, unknown>[] };
      },
    },
  });
}
