import type { TaxCategoryCounts } from '@taxlens/shared';
import { sql } from 'kysely';
import type { DbOrTx } from '../../db/kysely.js';
import type { ReportStatus, ReportTypeName } from '../../db/tables/reports.js';

export function reportsWithCreator(db: DbOrTx) {
  return db
    .selectFrom('reports as r')
    .leftJoin('users as u', 'u.id', 'r.created_by')
    .leftJoin('report_charges as ch', 'ch.id', 'r.charge_id')
    .select([
      'r.id',
      'r.group_id',
      'r.company_id',
      'r.company_name',
      'r.company_tax_no',
      'r.report_type',
      'r.period_start',
      'r.period_end',
      'r.status',
      'r.failure_reason',
      'r.attempts',
      'r.overall_level',
      'r.high_count',
      'r.medium_count',
      'r.low_count',
      'r.charge_id',
      'r.refunded',
      'r.pdf_key',
      'r.pdf_generated_at',
      'r.pdf_cover_id',
      'r.created_by',
      'r.created_at',
      'r.finished_at',
      'r.read_at',
      // Only COMPREHENSIVE results carry a score; a path read keeps the list from loading whole results.
      sql<number | null>`(r.result #>> '{score,value}')::int`.as('score'),
      sql<TaxCategoryCounts | null>`case when r.report_type = 'TAX' then r.result -> 'notification' end`.as(
        'category_counts',
      ),
      'u.nick_name as creator_name',
      'u.phone as creator_phone',
      'ch.paid_with',
      'ch.amount as charge_amount',
    ]);
}

export type ReportRow = NonNullable<Awaited<ReturnType<typeof findReport>>>;

export function findReport(db: DbOrTx, groupId: number, owners: number[] | null, reportId: number) {
  let query = reportsWithCreator(db).where('r.group_id', '=', groupId).where('r.id', '=', reportId);
  if (owners) query = query.where('r.created_by', 'in', owners);
  return query.executeTakeFirst();
}

/** For the print view, which proves its right with a print token instead of a session. */
export function findReportById(db: DbOrTx, reportId: number) {
  return reportsWithCreator(db).where('r.id', '=', reportId).executeTakeFirst();
}

export interface ReportFilters {
  reportType?: ReportTypeName;
  firmId?: number;
  status?: ReportStatus;
  keyword?: string;
  dateFrom?: string;
  dateTo?: string;
  unreadOnly?: boolean;
  userId?: number;
}

export async function listReports(
  db: DbOrTx,
  groupId: number,
  owners: number[] | null,
  filters: ReportFilters,
  page: { page: number; size: number },
) {
  let query = reportsWithCreator(db).where('r.group_id', '=', groupId);
  if (owners) query = query.where('r.created_by', 'in', owners);
  if (filters.reportType) query = query.where('r.report_type', '=', filters.reportType);
  if (filters.firmId) query = query.where('r.company_id', '=', filters.firmId);
  if (filters.status) query = query.where('r.status', '=', filters.status);
  if (filters.keyword) {
    const like = `%${filters.keyword.replace(/[%_\\]/g, '\\$&')}%`;
    query = query.where((eb) =>
      eb.or([eb('r.company_name', 'like', like), eb('r.company_tax_no', 'like', like.toUpperCase())]),
    );
  }
  if (filters.dateFrom)
    query = query.where('r.created_at', '>=', sql<Date>`${filters.dateFrom}::date AT TIME ZONE 'Asia/Shanghai'`);
  if (filters.dateTo)
    query = query.where('r.created_at', '<', sql<Date>`(${filters.dateTo}::date + 1) AT TIME ZONE 'Asia/Shanghai'`);
  if (filters.unreadOnly && filters.userId) {
    query = query
      .where('r.created_by', '=', filters.userId)
      .where('r.read_at', 'is', null)
      .where('r.status', 'in', ['done', 'failed']);
  }
  const rows = await query
    .select(sql<number>`count(*) over ()`.as('total'))
    .orderBy('r.id', 'desc')
    .limit(page.size)
    .offset((page.page - 1) * page.size)
    .execute();
  return { rows, total: Number(rows[0]?.total ?? 0) };
}

/** The caller's reports still in the queue or being analysed, and counts for the header badge. */
export async function reportState(db: DbOrTx, groupId: number, userId: number) {
  const pending = await db
    .selectFrom('reports')
    .select(['id', 'report_type', 'company_name', 'status'])
    .where('group_id', '=', groupId)
    .where('created_by', '=', userId)
    .where('status', 'in', ['queued', 'analysing'])
    .orderBy('id')
    .execute();
  const counts = await db
    .selectFrom('reports')
    .select([
      sql<number>`count(*) FILTER (WHERE status = 'done')`.as('done'),
      sql<number>`count(*) FILTER (WHERE read_at IS NULL AND status IN ('done', 'failed'))`.as('unread'),
    ])
    .where('group_id', '=', groupId)
    .where('created_by', '=', userId)
    .executeTakeFirstOrThrow();
  return { pending, done: counts.done, unread: counts.unread };
}

export function annotationsOf(db: DbOrTx, reportId: number) {
  return db
    .selectFrom('report_annotations as a')
    .leftJoin('users as u', 'u.id', 'a.updated_by')
    .select(['a.rule_id', 'a.status', 'a.note', 'a.updated_at', 'u.nick_name', 'u.phone'])
    .where('a.report_id', '=', reportId)
    .orderBy('a.rule_id')
    .execute();
}

/** Whether the stored result lists a finding of this rule (annotations only attach to real findings). */
export async function reportHasFinding(db: DbOrTx, reportId: number, ruleId: string): Promise<boolean> {
  const row = await db
    .selectFrom('reports')
    .select(
      sql<boolean>`jsonb_path_exists(result, '$.findings[*] ? (@.ruleId == $rule)', jsonb_build_object('rule', ${ruleId}::text))`.as(
        'found',
      ),
    )
    .where('id', '=', reportId)
    .executeTakeFirst();
  return row?.found === true;
}

/** A report's stored result and sources, with the settings version it was made with. */
export function reportResult(db: DbOrTx, reportId: number) {
  return db
    .selectFrom('reports as r')
    .leftJoin('rule_settings_versions as v', 'v.id', 'r.settings_version_id')
    .select(['r.result', 'r.sources', 'r.settings_version_id', 'v.created_at as settings_created_at'])
    .where('r.id', '=', reportId)
    .executeTakeFirst();
}
