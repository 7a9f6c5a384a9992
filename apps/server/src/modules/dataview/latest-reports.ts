import { type RawBuilder, sql } from 'kysely';
import type { DbOrTx } from '../../db/kysely.js';
import { ownedBy } from '../companies/companies.repo.js';

/**
 * The building blocks of the data view's analysis pages: which clients a user sees, which GB/T 4754
 * section (门类) each belongs to, and each client's latest finished report of a period.
 */

/** Business months are Shanghai months (UTC+8, no DST). */
const SHANGHAI_MS = 8 * 3600 * 1000;

/** The first day ('YYYY-MM-01') of the window of the last `months` calendar months, this one included. */
export function windowStart(months: number, now = new Date()): string {
  const local = new Date(now.getTime() + SHANGHAI_MS);
  const start = new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth() - (months - 1), 1));
  return start.toISOString().slice(0, 10);
}

/** The months ('YYYY-MM') of that window, oldest first. */
export function windowMonths(months: number, now = new Date()): string[] {
  const first = windowStart(months, now);
  const year = Number(first.slice(0, 4));
  const month = Number(first.slice(5, 7)) - 1;
  return Array.from({ length: months }, (_, index) => {
    const date = new Date(Date.UTC(year, month + index, 1));
    return date.toISOString().slice(0, 7);
  });
}

/** A Shanghai day as the instant it starts, for comparing with timestamptz columns (keeps indexes usable). */
export const shanghaiDayStart = (day: string) => sql`((${day}::date)::timestamp AT TIME ZONE 'Asia/Shanghai')`;
/** The Shanghai month ('YYYY-MM') of a timestamptz column. */
export const shanghaiMonth = (column: RawBuilder<unknown>) =>
  sql<string>`to_char(${column} AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM')`;

/**
 * A client's section: the company record's industry code (the user chose it), else the registry's
 * for the same credit code; '-' when neither gives one of the 20 sections A–T. Needs `c` (companies)
 * and `cd` (cd_companies left-joined on the credit code) in scope.
 */
export const SECTION_OF_CLIENT = sql<string>`(CASE
  WHEN upper(left(c.industry_code, 1)) ~ '^[A-T]$' THEN upper(left(c.industry_code, 1))
  WHEN upper(left(cd.industry_code, 1)) ~ '^[A-T]$' THEN upper(left(cd.industry_code, 1))
  ELSE '-' END)`;

/** The clients a user sees (DESIGN §4: staff see what is assigned to them), with their section. */
export function visibleClients(db: DbOrTx, groupId: number, owners: number[] | null) {
  return db
    .selectFrom('companies as c')
    .leftJoin('cd_companies as cd', 'cd.credit_code', 'c.tax_no')
    .select(['c.id', 'c.group_id'])
    .select(SECTION_OF_CLIENT.as('section'))
    .where('c.group_id', '=', groupId)
    .where(ownedBy(owners));
}

export interface ReportWindow {
  /** 'YYYY-MM-01', the first Shanghai day counted. */
  from: string;
  reportType?: string | undefined;
  /** One group's reports only; left out for platform figures. */
  groupId?: number;
  /** Per Shanghai month instead of over the whole window (trends). */
  byMonth?: boolean;
}

/**
 * Each client's latest finished report with a risk level in the window (or in each month of it):
 * columns company_id, group_id, month (or null), overall_level, findings (risk items counted by
 * level high/medium/low), result. Reports of deleted companies (company_id null) are not counted.
 */
export function latestReports(window: ReportWindow) {
  const month = window.byMonth ? shanghaiMonth(sql`r.finished_at`) : sql`NULL::text`;
  return sql`SELECT DISTINCT ON (r.company_id, 3) r.company_id, r.group_id, ${month} AS month, r.overall_level,
      (r.high_count + r.medium_count + r.low_count) AS findings, r.result
    FROM reports r
    WHERE r.status = 'done' AND r.company_id IS NOT NULL AND r.overall_level IS NOT NULL
      AND r.finished_at >= ${shanghaiDayStart(window.from)}
      ${window.groupId === undefined ? sql`` : sql`AND r.group_id = ${window.groupId}`}
      ${window.reportType ? sql`AND r.report_type = ${window.reportType}` : sql``}
    ORDER BY r.company_id, 3, r.finished_at DESC, r.id DESC`;
}
