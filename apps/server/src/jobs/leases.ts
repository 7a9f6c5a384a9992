import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type PgBoss from 'pg-boss';
import type { Db } from '../db/kysely.js';

/** A lease not refreshed for this long belongs to a dead process (refreshed every HEARTBEAT_MS). */
export const LEASE_STALE_SECONDS = 60;
const HEARTBEAT_MS = 10_000;
const SWEEP_MS = 15_000;

/**
 * Job leases (migration 0050): pg-boss 10 only notices a dead worker when the job's 15-minute
 * expiry passes, and a shorter expiry would retry long imports that are still running. So each
 * worker process leases the jobs it runs and refreshes the leases on a timer; any process's sweep
 * hands the job of a stale lease back to the queue with `fail` (a retry while the job has retries
 * left). A process whose event loop stalls for a minute would lose its lease too: the jobs that
 * use leases guard their rows (status checks) so a late finish of the first run changes nothing.
 */
export class JobLeases {
  readonly instanceId = randomUUID();
  private timers: NodeJS.Timeout[] = [];

  constructor(
    private readonly db: Db,
    private readonly boss: PgBoss,
    private readonly log: (message: string, data?: Record<string, unknown>) => void,
  ) {}

  /** Runs one job under a lease of this process. */
  async hold<T>(queue: string, jobId: string, run: () => Promise<T>): Promise<T> {
    await sql`INSERT INTO job_leases (job_id, queue, instance_id) VALUES (${jobId}, ${queue}, ${this.instanceId})
      ON CONFLICT (job_id) DO UPDATE SET instance_id = excluded.instance_id, heartbeat_at = now()`.execute(this.db);
    try {
      return await run();
    } finally {
      await sql`DELETE FROM job_leases WHERE job_id = ${jobId} AND instance_id = ${this.instanceId}`
        .execute(this.db)
        .catch(() => {});
    }
  }

  /** Refreshes this process's leases and sweeps stale ones, on timers that never keep the process alive. */
  start(): void {
    const every = (ms: number, task: () => Promise<unknown>) => {
      const timer = setInterval(() => void task().catch(() => {}), ms);
      timer.unref();
      this.timers.push(timer);
    };
    every(HEARTBEAT_MS, () => this.refresh());
    every(SWEEP_MS, () => this.handBackStale());
  }

  stop(): void {
    for (const timer of this.timers) clearInterval(timer);
    this.timers = [];
  }

  refresh() {
    return sql`UPDATE job_leases SET heartbeat_at = now() WHERE instance_id = ${this.instanceId}`.execute(this.db);
  }

  /** Hands back the jobs of dead processes; answers their ids. */
  async handBackStale(staleSeconds = LEASE_STALE_SECONDS): Promise<string[]> {
    const stale = await sql<{ job_id: string; queue: string }>`
      DELETE FROM job_leases WHERE heartbeat_at < now() - make_interval(secs => ${staleSeconds})
      RETURNING job_id, queue`.execute(this.db);
    for (const lease of stale.rows) {
      await this.boss.fail(lease.queue, lease.job_id, { message: '处理该任务的进程已停止，任务交回队列重试' });
      this.log('job of a stopped process handed back', { queue: lease.queue, jobId: lease.job_id });
    }
    return stale.rows.map((lease) => lease.job_id);
  }
}
