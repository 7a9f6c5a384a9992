/**
 * Excel export of a prospect list, within the plan's limit: a list above it is refused with the
 * limit, nothing written. Each export is a line of the usage detail (it costs nothing).
 */
import { TOKER_MESSAGES } from '@taxlens/shared';
import type { Db } from '../../db/kysely.js';
import { AppError } from '../../lib/app-error.js';
import { buildXlsx, type ExportColumn } from '../../lib/xlsx-export.js';
import type { Actor } from '../accounts/accounts.policy.js';
import { requireUsageRight, tokerPlanOf } from './toker.charge.js';
import { prospectRows, requireList, statusLabel } from './toker.lists.js';

type Row = Awaited<ReturnType<typeof prospectRows>>['list'][number];

const COLUMNS: ExportColumn<Row>[] = [
  { header: '企业名称', width: 34, value: (row) => row.name },
  { header: '统一社会信用代码', width: 22, value: (row) => row.creditCode },
  { header: '法定代表人', width: 12, value: (row) => row.legalRep },
  { header: '地区', width: 22, value: (row) => row.regionName },
  { header: '行业', width: 24, value: (row) => row.industryName },
  {
    header: '注册资本（万元）',
    width: 14,
    // fen → 万元
    value: (row) => (row.registeredCapitalFen === null ? null : row.registeredCapitalFen / 1_000_000),
  },
  { header: '成立日期', width: 12, value: (row) => row.establishedOn },
  { header: '登记状态', width: 14, value: (row) => row.statusText },
  { header: '风险信号', width: 40, value: (row) => row.signals.map((s) => `${s.label}（${s.detail}）`).join('；') },
  { header: '跟进状态', width: 10, value: (row) => statusLabel(row.status) },
  { header: '负责人', width: 12, value: (row) => row.assigneeName },
  { header: '备注', width: 40, value: (row) => row.note },
];

export async function exportList(db: Db, actor: Actor, listId: number) {
  await requireUsageRight(db, actor.groupId);
  const list = await requireList(db, actor, listId);
  const plan = await tokerPlanOf(db, actor.groupId);
  const counted = await db
    .selectFrom('toker_prospects')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('list_id', '=', listId)
    .executeTakeFirstOrThrow();
  const total = Number(counted.n);
  if (total > plan.exportLimit) {
    throw new AppError('VALIDATION', TOKER_MESSAGES.exportOverLimit(plan.exportLimit), {
      limit: plan.exportLimit,
      total,
    });
  }
  const rows = await prospectRows(db, actor, { listId }, { page: 1, size: Math.max(total, 1) });
  const file = await buildXlsx('拓客名单', COLUMNS, rows.list);
  await db
    .insertInto('toker_searches')
    .values({
      group_id: actor.groupId,
      user_id: actor.userId,
      kind: 'export',
      filters: JSON.stringify({ listId }),
      summary: `导出名单「${list.name}」`,
      total,
      paid_with: 'free',
    })
    .execute();
  return { fileName: `拓客名单-${list.name}.xlsx`, file };
}
