import { sql } from 'kysely';
import type { DbOrTx } from '../../db/kysely.js';
import { businessMonth, monthStart, withinDates } from './period.repo.js';

/**
 * Report statistics read the charges: one row per report paid (its ledger row beside it),
 * refunded ones left out. They answer empty lists until reports are charged.
 */
function chargesOf(
  db: DbOrTx,
  groupId: number,
  userIds: number[] | null,
  dates: { startDate?: string; endDate?: string },
) {
  let query = db.selectFrom('report_charges as c').where('c.group_id', '=', groupId).where('c.refunded_at', 'is', null);
  if (userIds) query = query.where('c.user_id', 'in', userIds.length > 0 ? userIds : [0]);
  for (const condition of withinDates('c.created_at', dates.startDate, dates.endDate)) query = query.where(condition);
  return query;
}

export function chargesByType(
  db: DbOrTx,
  groupId: number,
  userIds: number[] | null,
  dates: { startDate?: string; endDate?: string },
) {
  return chargesOf(db, groupId, userIds, dates)
    .select([
      'c.credit_type',
      sql<string>`count(*)`.as('count'),
      sql<string>`count(*) FILTER (WHERE c.paid_with <> 0)`.as('credits'),
      sql<string>`coalesce(sum(c.amount) FILTER (WHERE c.paid_with = 0), 0)`.as('fen'),
    ])
    .groupBy('c.credit_type')
    .orderBy('c.credit_type')
    .execute();
}

export async function chargesByFirm(
  db: DbOrTx,
  groupId: number,
  userIds: number[] | null,
  filters: { firmName?: string; startDate?: string; endDate?: string },
  page: { page: number; size: number },
) {
  let query = chargesOf(db, groupId, userIds, filters).where('c.firm_name', 'is not', null);
  if (filters.firmName) {
    query = query.where('c.firm_name', 'like', `%${filters.firmName.replace(/[%_\\]/g, '\\$&')}%`);
  }
  const rows = await query
    .select([
      sql<string>`c.firm_name`.as('firm_name'),
      sql<string | null>`max(c.tax_no)`.as('tax_no'),
      sql<string>`count(*)`.as('count'),
      sql<Date>`max(c.created_at)`.as('last_time'),
      sql<string>`count(*) over ()`.as('total'),
    ])
    .groupBy('c.firm_name')
    .orderBy(sql`max(c.created_at)`, 'desc')
    .limit(page.size)
    .offset((page.page - 1) * page.size)
    .execute();
  return { rows, total: Number(rows[0]?.total ?? 0) };
}

/** Per firm and type counts of the firms on one page. */
export function chargesByFirmAndType(db: DbOrTx, groupId: number, userIds: number[] | null, firmNames: string[]) {
  return chargesOf(db, groupId, userIds, {})
    .where('c.firm_name', 'in', firmNames.length > 0 ? firmNames : [''])
    .select(['c.firm_name', 'c.credit_type', sql<string>`count(*)`.as('count')])
    .groupBy(['c.firm_name', 'c.credit_type'])
    .execute();
}

/** Per user and type counts, with who the users are. */
export function chargesByUser(
  db: DbOrTx,
  groupId: number,
  userIds: number[] | null,
  dates: { startDate?: string; endDate?: string },
) {
  return chargesOf(db, groupId, userIds, dates)
    .innerJoin('users as u', 'u.id', 'c.user_id')
    .select(['c.user_id', 'u.phone', 'u.nick_name', 'c.credit_type', sql<string>`count(*)`.as('count')])
    .groupBy(['c.user_id', 'u.phone', 'u.nick_name', 'c.credit_type'])
    .orderBy('c.user_id')
    .execute();
}

/** Per month (Asia/Shanghai) and type counts over the last `months` months, this one included. */
export function chargesByMonth(db: DbOrTx, groupId: number, userIds: number[] | null, months: number) {
  return chargesOf(db, groupId, userIds, {})
    .where('c.created_at', '>=', monthStart(months - 1))
    .select([businessMonth('c.created_at').as('month'), 'c.credit_type', sql<string>`count(*)`.as('count')])
    .groupBy([businessMonth('c.created_at'), 'c.credit_type'])
    .execute();
}

export async function countChargesThisMonth(db: DbOrTx, groupId: number, userId: number): Promise<number> {
  const row = await chargesOf(db, groupId, [userId], {})
    .where('c.created_at', '>=', monthStart())
    .select(sql<string>`count(*)`.as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
