import { sql } from 'kysely';
import type { JobDefinition } from '../../jobs/registry.js';

/** Removes sessions that ended more than a week ago, login failures older than a day and expired locks. */
const pruneSessions: JobDefinition = {
  name: 'maintenance.prune-sessions',
  cron: '17 * * * *',
  async handle(_data, { db, log }) {
    const sessions = await db
      .deleteFrom('sessions')
      .where((eb) =>
        eb.or([
          eb('expires_at', '<', sql<Date>`now() - interval '7 days'`),
          eb('revoked_at', '<', sql<Date>`now() - interval '7 days'`),
        ]),
      )
      .executeTakeFirst();
    const failures = await db
      .deleteFrom('login_failures')
      .where('failed_at', '<', sql<Date>`now() - interval '1 day'`)
      .executeTakeFirst();
    const locks = await db.deleteFrom('login_locks').where('locked_until', '<', sql<Date>`now()`).executeTakeFirst();
    log('pruned sessions', {
      sessions: Number(sessions.numDeletedRows),
      loginFailures: Number(failures.numDeletedRows),
      loginLocks: Number(locks.numDeletedRows),
    });
  },
};

export const maintenanceJobs: JobDefinition[] = [pruneSessions];
