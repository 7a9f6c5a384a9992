import { MONITOR_KIND_LABELS, MONITOR_KINDS, type MonitoringEvent, type MonitoringRecordQuery } from '@taxlens/shared';
import { sql } from 'kysely';
import type { DbOrTx } from '../../db/kysely.js';

/** findMonitoringRecord: the group's risk events, newest first, filtered by kind, company, dates, unread. */
export async function listMonitoringRecords(db: DbOrTx, groupId: number, query: MonitoringRecordQuery) {
  let base = db.selectFrom('monitoring_events as e').where('e.group_id', '=', groupId);
  if (query.kind) base = base.where('e.kind', '=', query.kind);
  if (query.monitoredId) base = base.where('e.monitored_id', '=', query.monitoredId);
  if (query.keyword) {
    const like = `%${query.keyword.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
    base = base.where((eb) =>
      eb.or([eb('e.company_name', 'like', like), eb('e.credit_code', 'like', like), eb('e.title', 'like', like)]),
    );
  }
  // Dates filter on the day the fact happened; a fact without a date by the day it was found.
  const day = sql`coalesce(e.happened_on, (e.created_at AT TIME ZONE 'Asia/Shanghai')::date)`;
  if (query.from) base = base.where(sql<boolean>`${day} >= ${query.from}::date`);
  if (query.to) base = base.where(sql<boolean>`${day} <= ${query.to}::date`);
  if (query.unread) base = base.where('e.read_at', 'is', null);
  const [rows, total, kinds] = await Promise.all([
    base
      .select([
        'e.id',
        'e.monitored_id',
        'e.credit_code',
        'e.company_name',
        'e.kind',
        'e.title',
        'e.detail',
        sql<string | null>`to_char(e.happened_on, 'YYYY-MM-DD')`.as('happened_on'),
        'e.source',
        'e.read_at',
        'e.created_at',
      ])
      .orderBy('e.created_at', 'desc')
      .orderBy('e.id', 'desc')
      .limit(query.size)
      .offset((query.page - 1) * query.size)
      .execute(),
    base.select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow(),
    base
      .select(['e.kind', sql<string>`count(*)`.as('n')])
      .groupBy('e.kind')
      .execute(),
  ]);
  // Counts by kind over the whole filtered set (not just this page), for the history's chart.
  const byKind = MONITOR_KINDS.map((kind) => ({
    kind,
    label: MONITOR_KIND_LABELS[kind],
    count: Number(kinds.find((row) => row.kind === kind)?.n ?? 0),
  }));
  const list: MonitoringEvent[] = rows.map((row) => ({
    id: Number(row.id),
    monitoredId: Number(row.monitored_id),
    creditCode: row.credit_code,
    companyName: row.company_name,
    kind: row.kind,
    kindLabel: MONITOR_KIND_LABELS[row.kind],
    title: row.title,
    detail: row.detail,
    happenedOn: row.happened_on,
    source: row.source,
    read: row.read_at !== null,
    createdAt: row.created_at.toISOString(),
  }));
  return { list, total: Number(total.n), page: query.page, size: query.size, byKind };
}

/** Marks the group's events read: the given ones, or all when none are named. */
export async function readMonitoringRecords(db: DbOrTx, groupId: number, ids: readonly number[] | undefined) {
  let update = db
    .updateTable('monitoring_events')
    .set({ read_at: sql`now()` })
    .where('group_id', '=', groupId)
    .where('read_at', 'is', null);
  if (ids && ids.length > 0) update = update.where('id', 'in', [...ids]);
  const result = await update.executeTakeFirst();
  return { read: Number(result.numUpdatedRows) };
}
