import { countMindNodes, type MindMapItem, type MindNode, reportKindByReportType } from '@taxlens/shared';
import type { Db } from '../../db/kysely.js';
import { AppError } from '../../lib/app-error.js';
import type { Actor } from '../accounts/accounts.policy.js';
import { visibleOwners } from '../companies/companies.policy.js';
import { reportResult } from '../reports/reports.repo.js';
import { requireReport } from '../reports/reports.service.js';
import { buildMindTree } from './mind-tree.js';

/** createXmindOrImgBatidslimitation: how many reports one batch may turn into maps. */
export const MIND_BATCH_LIMIT = 20;

async function requireMindService(db: Db, groupId: number) {
  const group = await db
    .selectFrom('groups')
    .select('mind_price_auth')
    .where('id', '=', groupId)
    .executeTakeFirstOrThrow();
  if (!group.mind_price_auth) throw new AppError('FORBIDDEN', '未开通思维导图服务，请联系您的客户经理开通');
}

/** The tree of a report the actor can see (404 otherwise), only once it is finished. */
export async function reportMindTree(db: Db, actor: Actor, reportId: number): Promise<MindNode> {
  const row = await requireReport(db, actor, reportId);
  if (row.status !== 'done') throw new AppError('CONFLICT', '报告尚未生成完成，暂不能生成思维导图');
  const stored = await reportResult(db, row.id);
  return buildMindTree({
    companyName: row.company_name,
    reportName: reportKindByReportType(row.report_type)?.name ?? row.report_type,
    periodStart: row.period_start,
    periodEnd: row.period_end,
    result: (stored?.result ?? null) as Record<string, unknown> | null,
  });
}

/**
 * createXmindOrImgBatids: maps for several finished reports at once. Every id is checked before
 * anything is written, so one unseen or unfinished report changes nothing.
 */
export async function createMindMaps(db: Db, actor: Actor, reportIds: number[], template: string) {
  await requireMindService(db, actor.groupId);
  const ids = [...new Set(reportIds)];
  if (ids.length > MIND_BATCH_LIMIT) {
    throw new AppError('VALIDATION', `一次最多生成 ${MIND_BATCH_LIMIT} 份报告的思维导图`);
  }
  const trees: { id: number; nodeCount: number }[] = [];
  for (const id of ids) trees.push({ id, nodeCount: countMindNodes(await reportMindTree(db, actor, id)) });
  await db.transaction().execute(async (tx) => {
    for (const tree of trees) {
      await tx
        .insertInto('mind_maps')
        .values({
          group_id: actor.groupId,
          report_id: tree.id,
          template,
          node_count: tree.nodeCount,
          created_by: actor.userId,
        })
        .onConflict((conflict) =>
          conflict.column('report_id').doUpdateSet({ template, node_count: tree.nodeCount, created_at: new Date() }),
        )
        .execute();
    }
  });
  return { created: trees.length };
}

function mapsQuery(db: Db, groupId: number, owners: number[] | null) {
  let query = db
    .selectFrom('mind_maps as m')
    .innerJoin('reports as r', 'r.id', 'm.report_id')
    .where('m.group_id', '=', groupId)
    .where('r.group_id', '=', groupId);
  if (owners) query = query.where('r.created_by', 'in', owners);
  return query;
}

export async function listMindMaps(db: Db, actor: Actor, page: { page: number; size: number }, keyword?: string) {
  let query = mapsQuery(db, actor.groupId, await visibleOwners(db, actor));
  if (keyword) query = query.where('r.company_name', 'ilike', `%${keyword.replace(/[%_\\]/g, '\\$&')}%`);
  const total = await query.select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow();
  const rows = await query
    .select([
      'm.id',
      'm.report_id',
      'm.template',
      'm.node_count',
      'm.created_at',
      'r.report_type',
      'r.company_name',
      'r.period_start',
      'r.period_end',
    ])
    .orderBy('m.created_at', 'desc')
    .orderBy('m.id', 'desc')
    .limit(page.size)
    .offset((page.page - 1) * page.size)
    .execute();
  const list: MindMapItem[] = rows.map((row) => ({
    id: row.id,
    reportId: row.report_id,
    reportName: reportKindByReportType(row.report_type)?.name ?? row.report_type,
    taxpayerName: row.company_name,
    periodStart: row.period_start,
    periodEnd: row.period_end,
    template: row.template as MindMapItem['template'],
    nodeCount: row.node_count,
    createTime: row.created_at.toISOString(),
  }));
  return { list, total: Number(total.count), page: page.page, size: page.size };
}

/** A stored map the actor can see, with its report's tree; 404 for another group's or an unseen staff member's. */
export async function requireMindMap(db: Db, actor: Actor, id: number) {
  const row = await mapsQuery(db, actor.groupId, await visibleOwners(db, actor))
    .select(['m.id', 'm.report_id', 'm.template', 'r.company_name'])
    .where('m.id', '=', id)
    .executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND', '思维导图不存在或已删除');
  return { ...row, tree: await reportMindTree(db, actor, row.report_id) };
}

export async function deleteMindMap(db: Db, actor: Actor, id: number) {
  const row = await requireMindMap(db, actor, id);
  await db.deleteFrom('mind_maps').where('id', '=', row.id).execute();
}

/** Finished reports of the actor's view that have no map yet (notification state 4, mindNum). */
export async function reportsWithoutMap(db: Db, actor: Actor) {
  let query = db
    .selectFrom('reports as r')
    .leftJoin('mind_maps as m', 'm.report_id', 'r.id')
    .where('r.group_id', '=', actor.groupId)
    .where('r.status', '=', 'done')
    .where('m.id', 'is', null);
  const owners = await visibleOwners(db, actor);
  if (owners) query = query.where('r.created_by', 'in', owners);
  const row = await query.select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow();
  return Number(row.count);
}
