import { reportKindByReportType } from '@taxlens/shared';
import type { Db } from '../../db/kysely.js';
import type { ReportTypeName } from '../../db/tables/reports.js';
import type { Actor } from '../accounts/accounts.policy.js';
import { visibleOwners } from '../companies/companies.policy.js';

/**
 * shyInfoListxmind: the finished 综合税务风险报告 (shyInfoList's kind, or another kind asked for) the
 * actor can see, each with its mind map if one was generated — what the batch generation picks from.
 */
export async function reportsForMaps(
  db: Db,
  actor: Actor,
  filter: { reportType: ReportTypeName; withoutMap?: boolean },
  page: { page: number; size: number },
) {
  let query = db
    .selectFrom('reports as r')
    .leftJoin('mind_maps as m', 'm.report_id', 'r.id')
    .where('r.group_id', '=', actor.groupId)
    .where('r.status', '=', 'done')
    .where('r.report_type', '=', filter.reportType);
  if (filter.withoutMap) query = query.where('m.id', 'is', null);
  const owners = await visibleOwners(db, actor);
  if (owners) query = query.where('r.created_by', 'in', owners);
  const [total, rows] = await Promise.all([
    query.select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow(),
    query
      .select([
        'r.id',
        'r.report_type',
        'r.company_name',
        'r.period_start',
        'r.period_end',
        'r.finished_at',
        'm.id as map_id',
        'm.node_count',
      ])
      .orderBy('r.finished_at', 'desc')
      .orderBy('r.id', 'desc')
      .limit(page.size)
      .offset((page.page - 1) * page.size)
      .execute(),
  ]);
  return {
    list: rows.map((row) => ({
      reportId: row.id,
      reportName: reportKindByReportType(row.report_type)?.name ?? row.report_type,
      taxpayerName: row.company_name,
      periodStart: row.period_start,
      periodEnd: row.period_end,
      finishedAt: row.finished_at ? row.finished_at.toISOString() : null,
      mindMapId: row.map_id ?? null,
      nodeCount: row.node_count ?? null,
    })),
    total: Number(total.count),
    page: page.page,
    size: page.size,
  };
}
