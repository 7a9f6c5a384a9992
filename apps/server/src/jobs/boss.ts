import { BUSINESS_TIME_ZONE } from '@taxlens/shared';
import PgBoss from 'pg-boss';
import { JOBS, type JobDeps } from './registry.js';

/** Starts pg-boss on the application database and creates every queue the modules use. */
export async function startBoss(connectionString: string, onError: (error: Error) => void): Promise<PgBoss> {
  const boss = new PgBoss({ connectionString, max: 4 });
  boss.on('error', onError);
  await boss.start();
  for (const job of JOBS) {
    await boss.createQueue(job.name, {
      name: job.name,
      retryLimit: job.retryLimit ?? 2,
      retryDelay: 5,
      retryBackoff: true,
    });
  }
  return boss;
}

/** Registers the handlers of every job and their schedules: the worker side of the queue. */
export async function startWorkers(deps: JobDeps): Promise<void> {
  for (const job of JOBS) {
    await deps.boss.work<object>(job.name, { batchSize: 1 }, async ([item]) => {
      if (item) await job.handle(item.data, deps);
    });
    if (job.cron) await deps.boss.schedule(job.name, job.cron, {}, { tz: BUSINESS_TIME_ZONE });
  }
}
