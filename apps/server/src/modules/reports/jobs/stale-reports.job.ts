import { sql } from 'kysely';
import type { Db } from '../../../db/kysely.js';
import type { JobDefinition } from '../../../jobs/registry.js';
import { failReport } from './report-failure.js';

/**
 * How long a report may sit in a state before it is taken as lost: a report takes seconds to
 * build, so 15 minutes analysing means its worker died; an hour queued means its job was lost.
 */
export const STALE_REPORT_LIMITS = { analysingMinutes: 15, queuedMinutes: 60 } as const;

/**
 * Fails and refunds, once, every report stuck in 排队中 or 分析中 beyond its limit, so the user
 * sees 失败 + 已退回 and can delete it. Returns the ids it failed.
 */
export async function sweepStaleReports(db: Db, limits = STALE_REPORT_LIMITS): Promise<number[]> {
  const stale = await db
    .selectFrom('reports')
    .selectAll()
    .where((eb) =>
      eb.or([
        eb.and([
          eb('status', '=', 'analysing'),
          eb(
            sql`coalesce(started_at, created_at)`,
            '<',
            sql<Date>`now() - make_interval(mins => ${limits.analysingMinutes})`,
          ),
        ]),
        eb.and([
          eb('status', '=', 'queued'),
          eb('created_at', '<', sql<Date>`now() - make_interval(mins => ${limits.queuedMinutes})`),
        ]),
      ]),
    )
    .orderBy('id')
    .execute();
  const failed: number[] = [];
  for (const report of stale) {
    const reason =
      report.status === 'analysing'
        ? `分析超过${limits.analysingMinutes}分钟未完成，可能是服务中断`
        : `排队超过${limits.queuedMinutes}分钟未开始，可能是服务中断`;
    if (await failReport(db, report, reason)) failed.push(report.id);
  }
  return failed;
}

export const staleReportsJob: JobDefinition = {
  name: 'reports.stale-sweep',
  cron: '*/5 * * * *',
  async handle(_data, { db, log }) {
    const failed = await sweepStaleReports(db);
    if (failed.length > 0) log('stale reports failed and refunded', { reportIds: failed });
  },
};
