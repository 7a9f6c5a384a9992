import {
  CLIENT_ANALYSIS_DEFAULT_MONTHS,
  CLIENT_ANALYSIS_MAX_MONTHS,
  type ClientAnalysisFilter,
  maskPhone,
} from '@taxlens/shared';
import { type RawBuilder, sql } from 'kysely';
import type { DbOrTx } from '../../db/kysely.js';
import { invalid, notFound } from '../../lib/app-error.js';
import type { Actor } from '../accounts/accounts.policy.js';
import { visibleOwners } from '../companies/companies.policy.js';

/**
 * What one client analysis covers: the group, the companies the actor may see (the company list's
 * rule: main account all, supervisor its own and its staff's, staff their own), optionally one
 * assignee's, a period of whole months in Asia/Shanghai and a report kind.
 */
export interface AnalysisScope {
  groupId: number;
  owners: number[] | null;
  assigneeId: number | null;
  from: string;
  to: string;
  /** Month strings of the period, in order. */
  months: string[];
  reportType: string | null;
  staleDays: number;
}

const monthIndex = (value: string) => Number(value.slice(0, 4)) * 12 + Number(value.slice(5, 7)) - 1;
const monthOf = (index: number) => `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;

/** This month in China, whatever the server's zone. */
function currentMonth(now = new Date()): string {
  return new Date(now.getTime() + 8 * 3600_000).toISOString().slice(0, 7);
}

/** Checks the filter against the actor; another group's or an unseen staff member is 404. */
export async function analysisScope(db: DbOrTx, actor: Actor, filter: ClientAnalysisFilter): Promise<AnalysisScope> {
  const to =
    filter.to ?? (filter.from ? monthOf(monthIndex(filter.from) + CLIENT_ANALYSIS_DEFAULT_MONTHS - 1) : currentMonth());
  const from = filter.from ?? monthOf(monthIndex(to) - CLIENT_ANALYSIS_DEFAULT_MONTHS + 1);
  const span = monthIndex(to) - monthIndex(from) + 1;
  if (span < 1) throw invalid({ from: '开始月份不能晚于结束月份' });
  if (span > CLIENT_ANALYSIS_MAX_MONTHS) {
    throw invalid({ to: `统计期间最长 ${CLIENT_ANALYSIS_MAX_MONTHS} 个月，请缩短期间` });
  }
  const owners = await visibleOwners(db, actor);
  const assigneeId = filter.assigneeId ?? null;
  if (assigneeId !== null) {
    const user = await db
      .selectFrom('users')
      .select('id')
      .where('id', '=', assigneeId)
      .where('group_id', '=', actor.groupId)
      .executeTakeFirst();
    if (!user || (owners !== null && !owners.includes(assigneeId))) throw notFound('未找到该员工');
  }
  return {
    groupId: actor.groupId,
    owners,
    assigneeId,
    from,
    to,
    months: Array.from({ length: span }, (_, at) => monthOf(monthIndex(from) + at)),
    reportType: filter.reportType ?? null,
    staleDays: filter.staleDays,
  };
}

/** `vc`: the companies in scope (id, assignee_id), as a CTE body. */
export function visibleClients(scope: AnalysisScope): RawBuilder<unknown> {
  const owners = scope.owners
    ? sql`AND (c.assignee_id = ANY(${scope.owners}::bigint[])
        OR (c.assignee_id IS NULL AND c.created_by = ANY(${scope.owners}::bigint[])))`
    : sql``;
  const assignee = scope.assigneeId !== null ? sql`AND c.assignee_id = ${scope.assigneeId}` : sql``;
  return sql`SELECT c.id, c.assignee_id FROM companies c WHERE c.group_id = ${scope.groupId} ${owners} ${assignee}`;
}

/**
 * `pr`: the finished reports of the clients in scope created within the period (of the kind, if
 * one is chosen). Failed reports were refunded and say nothing about the client.
 */
export function periodReports(scope: AnalysisScope): RawBuilder<unknown> {
  const kind = scope.reportType ? sql`AND r.report_type = ${scope.reportType}` : sql``;
  const start = `${scope.from}-01`;
  const end = `${monthOf(monthIndex(scope.to) + 1)}-01`;
  return sql`SELECT r.id, r.company_id, r.report_type, r.overall_level, r.created_at, r.result
    FROM reports r JOIN vc ON vc.id = r.company_id
    WHERE r.group_id = ${scope.groupId} AND r.status = 'done'
      AND r.created_at >= (${start}::timestamp AT TIME ZONE 'Asia/Shanghai')
      AND r.created_at < (${end}::timestamp AT TIME ZONE 'Asia/Shanghai') ${kind}`;
}

/**
 * `li`: per client in scope, the day its latest finished import finished (null: never), its kind
 * and whether that is older than the stale limit. Staleness is as of today, not of the period.
 */
export function lastImports(scope: AnalysisScope): RawBuilder<unknown> {
  return sql`SELECT vc.id AS company_id, last.at, last.kind,
      (last.at IS NULL OR last.at < now() - make_interval(days => ${scope.staleDays})) AS stale
    FROM vc LEFT JOIN LATERAL (
      SELECT coalesce(i.finished_at, i.created_at) AS at, i.kind FROM imports i
      WHERE i.company_id = vc.id AND i.group_id = ${scope.groupId} AND i.status = 'done'
      ORDER BY coalesce(i.finished_at, i.created_at) DESC, i.id DESC LIMIT 1) last ON true`;
}

/** A staff member's name as the company list shows it; the clients nobody holds are 未分配. */
export function staffName(row: { assignee_id: unknown; nick_name: string | null; phone: string | null }): string {
  if (row.assignee_id === null) return '未分配';
  return row.nick_name || maskPhone(row.phone);
}
