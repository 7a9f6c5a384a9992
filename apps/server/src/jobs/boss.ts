import { BUSINESS_TIME_ZONE } from '@taxlens/shared';
import PgBoss from 'pg-boss';
import { JobLeases } from './leases.js';
import { JOBS, type JobDeps } from './registry.js';
import { listenForWakeUps } from './wake.js';

/** Starts pg-boss on the application database and creates every queue the modules use. */
export async function startBoss(connectionString: string, onError: (error: Error) => void): Promise<PgBoss> {
  const boss = new PgBoss({ connectionString, max: 4 });
  boss.on('error', onError);
  await boss.start();
  for (const job of JOBS) {
    const options = { name: job.name, retryLimit: job.retryLimit ?? 2, retryDelay: 5, retryBackoff: true };
    await boss.createQueue(job.name, options);
    // createQueue leaves an existing queue as it was: carry changed retry limits to older installs.
    await boss.updateQueue(job.name, options);
  }
  return boss;
}

/**
 * Registers the handlers of every job and their schedules: the worker side of the queue. Jobs
 * that resume after a crash run under a lease of this process (leases.ts); the answer stops its
 * timers.
 */
export async function startWorkers(deps: JobDeps & { databaseUrl?: string }): Promise<{ stop(): void }> {
  const leases = new JobLeases(deps.db, deps.boss, deps.log);
  const workerIds = new Map<string, string[]>();
  for (const job of JOBS) {
    for (let worker = 0; worker < (job.workers?.(deps) ?? 1); worker++) {
      const id = await deps.boss.work<object>(job.name, { batchSize: 1, includeMetadata: true }, async ([item]) => {
        if (!item) return;
        const run = () => job.handle(item.data, deps, { retryCount: item.retryCount });
        await (job.resumeAfterCrash ? leases.hold(job.name, item.id, run) : run());
      });
      workerIds.set(job.name, [...(workerIds.get(job.name) ?? []), id]);
    }
    if (job.cron) await deps.boss.schedule(job.name, job.cron, {}, { tz: BUSINESS_TIME_ZONE });
  }
  leases.start();
  // Without a database URL (tests that start workers by hand) the workers only poll.
  const wakeUps = deps.databaseUrl ? await listenForWakeUps(deps.databaseUrl, deps.boss, workerIds, deps.log) : null;
  return {
    stop: () => {
      leases.stop();
      wakeUps?.close().catch(() => {});
    },
  };
}
