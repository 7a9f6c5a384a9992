/**
 * Lead searches (智能拓客): a new search is checked, run, charged and written to the usage detail in
 * one transaction; its later pages are free and only for the user who paid for it.
 */
import { hasNarrowingFilter, TOKER_MESSAGES, type TokerFilters } from '@taxlens/shared';
import type { Db } from '../../db/kysely.js';
import { AppError, notFound } from '../../lib/app-error.js';
import type { Actor } from '../accounts/accounts.policy.js';
import { divisionByCode, divisionPath } from '../companydata/regions.js';
import { chargeSearch, requireUsageRight, tokerPlanOf } from './toker.charge.js';
import { searchProspects } from './toker.index-search.js';
import { describeFilters } from './toker.search.js';

/** Refuses filters that would dump the dataset or name a region the table does not know. */
export function checkFilters(filters: TokerFilters): void {
  if (!hasNarrowingFilter(filters)) throw new AppError('VALIDATION', TOKER_MESSAGES.noFilter);
  if (filters.regionCode && !divisionByCode(filters.regionCode)) throw new AppError('VALIDATION', '请选择正确的地区');
}

export async function newSearch(db: Db, databaseUrl: string, actor: Actor, filters: TokerFilters, size: number) {
  checkFilters(filters);
  await requireUsageRight(db, actor.groupId);
  const plan = await tokerPlanOf(db, actor.groupId);
  const page = await searchProspects(db, databaseUrl, filters, { page: 1, size });
  const summary = describeFilters(filters, (code) => divisionPath(code) ?? code);
  const charged = await db.transaction().execute(async (tx) => {
    const search = await tx
      .insertInto('toker_searches')
      .values({
        group_id: actor.groupId,
        user_id: actor.userId,
        filters: JSON.stringify(filters),
        summary,
        total: page.total,
        paid_with: 'free',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    // A search that finds nothing costs nothing.
    if (page.total === 0) return { searchId: search.id, paidWith: 'free' as const, cost: 0 };
    const charge = await chargeSearch(tx, { groupId: actor.groupId, userId: actor.userId, searchId: search.id, plan });
    await tx
      .updateTable('toker_searches')
      .set({
        paid_with: charge.paidWith,
        cost: charge.cost,
        payer_user_id: charge.payerUserId,
        ledger_entry_id: charge.ledgerEntryId,
      })
      .where('id', '=', search.id)
      .execute();
    return { searchId: search.id, paidWith: charge.paidWith, cost: charge.cost };
  });
  return { ...charged, page: 1, size, ...page };
}

/** A later page of a search the actor paid for (404 for anyone else's). */
export async function searchPage(
  db: Db,
  databaseUrl: string,
  actor: Actor,
  searchId: number,
  page: number,
  size: number,
) {
  await requireUsageRight(db, actor.groupId);
  const search = await db
    .selectFrom('toker_searches')
    .select(['filters', 'paid_with', 'cost'])
    .where('id', '=', searchId)
    .where('group_id', '=', actor.groupId)
    .where('user_id', '=', actor.userId)
    .where('kind', '=', 'search')
    .executeTakeFirst();
  if (!search) throw notFound('搜索记录不存在');
  const result = await searchProspects(db, databaseUrl, search.filters as TokerFilters, { page, size });
  return { searchId, paidWith: search.paid_with, cost: 0, page, size, ...result };
}

/** The usage detail: the whole group's for the main account, one's own otherwise. */
export async function usageDetail(db: Db, actor: Actor, page: number, size: number) {
  let query = db
    .selectFrom('toker_searches as t')
    .innerJoin('users as u', 'u.id', 't.user_id')
    .where('t.group_id', '=', actor.groupId);
  if (actor.level !== 1) query = query.where('t.user_id', '=', actor.userId);
  const [rows, count] = await Promise.all([
    query
      .select([
        't.id',
        't.kind',
        't.summary',
        't.total',
        't.paid_with',
        't.cost',
        't.created_at',
        'u.phone',
        'u.nick_name',
      ])
      .orderBy('t.created_at', 'desc')
      .orderBy('t.id', 'desc')
      .limit(size)
      .offset((page - 1) * size)
      .execute(),
    query.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return {
    list: rows.map((row) => ({
      id: row.id,
      kind: row.kind,
      summary: row.summary,
      total: row.total,
      paidWith: row.paid_with,
      cost: row.cost,
      createdAt: row.created_at.toISOString(),
      userName: row.nick_name ?? row.phone,
    })),
    total: Number(count.n),
    page,
    size,
  };
}
