import { sql } from 'kysely';
import type { DbOrTx } from '../../db/kysely.js';
import { monthStart, withinDates } from './period.repo.js';

export interface LedgerFilters {
  assets?: number[];
  reason?: string;
  startDate?: string;
  endDate?: string;
}

function ledgerOf(db: DbOrTx, groupId: number, userId: number, filters: LedgerFilters) {
  let query = db.selectFrom('ledger_entries as l').where('l.group_id', '=', groupId).where('l.user_id', '=', userId);
  if (filters.assets) query = query.where('l.asset', 'in', filters.assets.length > 0 ? filters.assets : [-1]);
  if (filters.reason) query = query.where('l.reason', '=', filters.reason);
  for (const condition of withinDates('l.created_at', filters.startDate, filters.endDate))
    query = query.where(condition);
  return query;
}

/** One wallet's ledger, newest first, with the value after each row. */
export async function listLedger(
  db: DbOrTx,
  groupId: number,
  userId: number,
  filters: LedgerFilters,
  page: { page: number; size: number },
) {
  const rows = await ledgerOf(db, groupId, userId, filters)
    .leftJoin('users as c', 'c.id', 'l.counterpart_user_id')
    .leftJoin('users as a', 'a.id', 'l.actor_id')
    .selectAll('l')
    .select(['c.phone as counterpart_phone', 'a.phone as actor_phone', sql<string>`count(*) over ()`.as('total')])
    .orderBy('l.created_at', 'desc')
    .orderBy('l.id', 'desc')
    .limit(page.size)
    .offset((page.page - 1) * page.size)
    .execute();
  return { rows, total: Number(rows[0]?.total ?? 0) };
}

export type LedgerRow = Awaited<ReturnType<typeof listLedger>>['rows'][number];

/** Income and expense per asset over the same filters (for the credit-flow summary). */
export async function ledgerTotals(db: DbOrTx, groupId: number, userId: number, filters: LedgerFilters) {
  const rows = await ledgerOf(db, groupId, userId, filters)
    .select([
      'l.asset',
      sql<string>`coalesce(sum(l.delta) FILTER (WHERE l.delta > 0), 0)`.as('income'),
      sql<string>`coalesce(-sum(l.delta) FILTER (WHERE l.delta < 0), 0)`.as('expense'),
    ])
    .groupBy('l.asset')
    .execute();
  return rows.map((row) => ({ asset: row.asset, income: Number(row.income), expense: Number(row.expense) }));
}

/** Balance spent this month on reports, credits and product-centre/mall purchases, net of report and shop refunds. */
export async function balanceSpentThisMonth(db: DbOrTx, groupId: number, userId: number): Promise<number> {
  const row = await ledgerOf(db, groupId, userId, {
    assets: [0],
  })
    .select(sql<string>`coalesce(-sum(l.delta), 0)`.as('spent'))
    .where('l.reason', 'in', ['report_charge', 'report_refund', 'credit_purchase', 'mall_purchase', 'mall_refund'])
    .where('l.created_at', '>=', monthStart())
    .executeTakeFirstOrThrow();
  return Number(row.spent);
}

/** Sum of every ledger row per asset of one wallet: what the wallet must hold. */
export async function ledgerSums(db: DbOrTx, userId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('ledger_entries')
    .select(['asset', sql<string>`sum(delta)`.as('sum')])
    .where('user_id', '=', userId)
    .groupBy('asset')
    .execute();
  // The balance, the six report credits, the invoice check credits (7) and the toker credits (8).
  const sums = [0, 0, 0, 0, 0, 0, 0, 0, 0];
  for (const row of rows) sums[row.asset] = Number(row.sum);
  return sums;
}
