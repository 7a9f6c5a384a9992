import { sql } from 'kysely';
import type PgBoss from 'pg-boss';
import type { Db } from '../../db/kysely.js';
import { AppError, notFound } from '../../lib/app-error.js';

/** Queue figures per job name, read from pg-boss's own table (every instance shares it). */
async function queueFigures(db: Db) {
  const rows = await sql<{ name: string; state: string; n: string; retried: string }>`
    SELECT name, state, count(*) AS n, count(*) FILTER (WHERE retry_count > 0) AS retried
    FROM pgboss.job
    WHERE name NOT LIKE '\\_\\_%'
    GROUP BY name, state`.execute(db);
  const queues = new Map<
    string,
    { name: string; waiting: number; active: number; failed: number; completed: number; retried: number }
  >();
  for (const row of rows.rows) {
    const entry = queues.get(row.name) ?? {
      name: row.name,
      waiting: 0,
      active: 0,
      failed: 0,
      completed: 0,
      retried: 0,
    };
    const n = Number(row.n);
    if (row.state === 'created' || row.state === 'retry') entry.waiting += n;
    else if (row.state === 'active') entry.active += n;
    else if (row.state === 'failed') entry.failed += n;
    else if (row.state === 'completed') entry.completed += n;
    entry.retried += Number(row.retried);
    queues.set(row.name, entry);
  }
  return [...queues.values()].sort((a, b) => a.name.localeCompare(b.name));
}

async function failedJobs(db: Db, limit: number) {
  const rows = await sql<{
    id: string;
    name: string;
    retry_count: number;
    output: unknown;
    created_on: Date;
    completed_on: Date | null;
  }>`
    SELECT id, name, retry_count, output, created_on, completed_on
    FROM pgboss.job WHERE state = 'failed'
    ORDER BY completed_on DESC NULLS LAST LIMIT ${limit}`.execute(db);
  return rows.rows.map((row) => ({
    id: row.id,
    name: row.name,
    retryCount: row.retry_count,
    error: errorText(row.output),
    createdAt: new Date(row.created_on).toISOString(),
    failedAt: row.completed_on ? new Date(row.completed_on).toISOString() : null,
  }));
}

function errorText(output: unknown): string {
  if (output && typeof output === 'object' && 'message' in output)
    return String((output as { message: unknown }).message);
  return output ? JSON.stringify(output).slice(0, 300) : '';
}

/** The console's health page: queues, failed jobs, reports and imports of the last days, active groups, database size. */
export async function healthFigures(db: Db, days: number) {
  const since = sql<Date>`now() - make_interval(days => ${days})`;
  const [queues, failed, reports, imports, active, size] = await Promise.all([
    queueFigures(db),
    failedJobs(db, 50),
    db
      .selectFrom('reports')
      .select(['report_type', 'status', sql<string>`count(*)`.as('n')])
      .where('created_at', '>=', since)
      .groupBy(['report_type', 'status'])
      .execute(),
    db
      .selectFrom('imports')
      .select(['kind', 'status', sql<string>`count(*)`.as('n')])
      .where('created_at', '>=', since)
      .groupBy(['kind', 'status'])
      .execute(),
    sql<{ n: string }>`
      SELECT count(DISTINCT u.group_id) AS n FROM sessions s JOIN users u ON u.id = s.user_id
      WHERE u.group_id IS NOT NULL AND s.last_seen_at >= ${since}`.execute(db),
    sql<{ bytes: string }>`SELECT pg_database_size(current_database()) AS bytes`.execute(db),
  ]);
  return {
    days,
    queues,
    failedJobs: failed,
    reports: reports.map((row) => ({ kind: row.report_type, status: row.status, count: Number(row.n) })),
    imports: imports.map((row) => ({ kind: row.kind, status: row.status, count: Number(row.n) })),
    activeGroups: Number(active.rows[0]?.n ?? 0),
    databaseBytes: Number(size.rows[0]?.bytes ?? 0),
  };
}

/** Puts a failed job back in its queue (pg-boss retry); anything but a failed job is refused. */
export async function retryJob(db: Db, boss: PgBoss, id: string) {
  const found = await sql<{
    name: string;
    state: string;
  }>`SELECT name, state FROM pgboss.job WHERE id = ${id}::uuid`.execute(db);
  const job = found.rows[0];
  if (!job) throw notFound('任务不存在');
  if (job.state !== 'failed') throw new AppError('CONFLICT', '只有失败的任务可以重试');
  await boss.retry(job.name, id);
  return { id, name: job.name, before: { state: 'failed' }, after: { state: 'retry' } };
}
