import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import type PgBoss from 'pg-boss';
import type { DbOrTx } from '../db/kysely.js';
import { listen } from '../db/listen.js';

/**
 * Wakes the workers of a queue as soon as a job is committed, instead of at their next poll
 * (pg-boss polls every 2 s: a report that takes 0.7 s waited 1 s on average before it started,
 * issue 21). Every worker process LISTENs on this channel, so a job sent by one API instance
 * wakes the workers of another; polling stays as the fallback for a missed notification.
 */
const CHANNEL = 'taxlens_jobs';

/** Inside the transaction that sends the job: PostgreSQL delivers the notification only on commit. */
export async function wakeWorkersOnCommit(db: DbOrTx, queue: string): Promise<void> {
  await sql`SELECT pg_notify(${CHANNEL}, ${queue})`.execute(db);
}

/** Starts listening for wake-ups of this process's workers (queue name → worker ids). */
export function listenForWakeUps(
  databaseUrl: string,
  boss: PgBoss,
  workerIds: ReadonlyMap<string, readonly string[]>,
  log: (message: string, data?: Record<string, unknown>) => void,
): Promise<{ close(): Promise<void> }> {
  // listen() logs through a Fastify logger; a worker process has only its message logger.
  const logger = { warn: (data: object, message: string) => log(message, { ...data }) } as FastifyBaseLogger;
  return listen(logger, databaseUrl, CHANNEL, {
    onPayload(queue) {
      for (const id of workerIds.get(queue) ?? []) boss.notifyWorker(id);
    },
  });
}
