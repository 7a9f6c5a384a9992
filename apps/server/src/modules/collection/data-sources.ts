import { sql } from 'kysely';
import type { Db } from '../../db/kysely.js';

const KIND_LABELS: Record<string, string> = {
  invoice: '发票',
  statement: '财务报表',
  return: '纳税申报表',
  deduction: '抵扣勾选',
  payroll: '个税与社保',
};
const SOURCE_LABELS: Record<string, string> = { staff: '文件导入', share: '客户上传链接', collection: '授权采集' };

/** Per kind of data, the latest successful import and how it came in (file, client link or collection). */
export async function dataSources(db: Db, groupId: number, companyId: number) {
  const rows = await db
    .selectFrom('imports')
    .select(['id', 'kind', 'source', 'file_name', 'finished_at'])
    .distinctOn('kind')
    .where('group_id', '=', groupId)
    .where('company_id', '=', companyId)
    .where('status', '=', 'done')
    .orderBy('kind')
    .orderBy(sql`finished_at DESC NULLS LAST`)
    .orderBy('id', 'desc')
    .execute();
  return Object.keys(KIND_LABELS).map((kind) => {
    const row = rows.find((candidate) => candidate.kind === kind);
    return {
      kind,
      label: KIND_LABELS[kind],
      source: row?.source ?? null,
      sourceLabel: row ? SOURCE_LABELS[row.source] : '暂无数据',
      importId: row ? Number(row.id) : null,
      fileName: row?.file_name ?? null,
      finishedAt: row?.finished_at ? new Date(row.finished_at).toISOString() : null,
    };
  });
}

const monthOf = (date: Date) => `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}`;

/**
 * The months worth collecting next: from the month after the last month the company's data covers
 * (January of last year when it has none) to the last finished month; when the data is already
 * current, the last finished month alone (a refresh).
 */
export function suggestedPeriods(lastCovered: string | null, today: Date) {
  const to = monthOf(new Date(today.getFullYear(), today.getMonth() - 1, 1));
  if (!lastCovered) return { suggestedFrom: `${today.getFullYear() - 1}-01`, suggestedTo: to };
  const [year, month] = lastCovered.split('-').map(Number) as [number, number];
  const next = monthOf(new Date(year, month, 1));
  // YYYY-MM texts sort as months do.
  return { suggestedFrom: [next, to].sort()[0] as string, suggestedTo: to };
}
