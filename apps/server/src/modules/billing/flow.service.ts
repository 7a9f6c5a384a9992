import { REPORT_KINDS } from '@taxlens/shared';
import type { Db } from '../../db/kysely.js';
import { type Actor, canViewBalance } from './billing.policy.js';
import { presentLedger, presentTransfer } from './billing.presenter.js';
import { type LedgerFilters, ledgerTotals, listLedger } from './ledger.repo.js';
import { viewedUserId } from './scope.service.js';
import { listTransfers } from './transfers.repo.js';

type Page = { page: number; size: number };
type Dates = { startDate?: string; endDate?: string };

/** A wallet's ledger, newest first, with the value after each row (filters: asset, reason, dates). */
export async function flowRecord(
  db: Db,
  actor: Actor,
  query: Dates & { userId?: number; asset?: number; reason?: string },
  page: Page,
) {
  const userId = await viewedUserId(db, actor, query.userId);
  const filters: LedgerFilters = {
    assets: query.asset === undefined ? undefined : [query.asset],
    reason: query.reason,
    startDate: query.startDate,
    endDate: query.endDate,
  };
  const { rows, total } = await listLedger(db, actor.groupId, userId, filters, page);
  const visible = canViewBalance(actor);
  return { list: rows.map((row) => presentLedger(row, visible)), total, page: page.page, size: page.size };
}

/** The credit part of the ledger (types 1-6), with income and expense per type over the filters. */
export async function numFlow(
  db: Db,
  actor: Actor,
  query: Dates & { userId?: number; numberType?: number; reason?: string },
  page: Page,
) {
  const userId = await viewedUserId(db, actor, query.userId);
  const filters: LedgerFilters = {
    assets: query.numberType === undefined ? REPORT_KINDS.map((kind) => kind.type) : [query.numberType],
    reason: query.reason,
    startDate: query.startDate,
    endDate: query.endDate,
  };
  const [{ rows, total }, sums] = await Promise.all([
    listLedger(db, actor.groupId, userId, filters, page),
    ledgerTotals(db, actor.groupId, userId, filters),
  ]);
  const totals = REPORT_KINDS.filter((kind) => filters.assets?.includes(kind.type)).map((kind) => {
    const sum = sums.find((row) => row.asset === kind.type);
    return { type: kind.type, name: kind.name, income: sum?.income ?? 0, expense: sum?.expense ?? 0 };
  });
  return {
    list: rows.map((row) => presentLedger(row, true)),
    total,
    page: page.page,
    size: page.size,
    totals,
  };
}

/** Transfers in or out of one wallet (the caller's, or one it may see), direction seen from it. */
export async function giveRecord(db: Db, actor: Actor, query: Dates & { userId?: number; asset?: number }, page: Page) {
  const userId = await viewedUserId(db, actor, query.userId);
  const filters = { asset: query.asset, startDate: query.startDate, endDate: query.endDate, involving: userId };
  const { rows, total } = await listTransfers(db, actor.groupId, filters, page);
  return { list: rows.map((row) => presentTransfer(row, userId)), total, page: page.page, size: page.size };
}

/**
 * The transfer records of /number/history: every transfer of the group for the main account;
 * those a supervisor made or took part in; a staff member's own. `userId` narrows to one user.
 */
export async function givingRecord(
  db: Db,
  actor: Actor,
  query: Dates & { userId?: number; asset?: number },
  page: Page,
) {
  const involving = query.userId === undefined ? undefined : await viewedUserId(db, actor, query.userId);
  const actorOrInvolving = actor.level === 1 ? undefined : actor.userId;
  const { rows, total } = await listTransfers(
    db,
    actor.groupId,
    { asset: query.asset, startDate: query.startDate, endDate: query.endDate, involving, actorOrInvolving },
    page,
  );
  return { list: rows.map((row) => presentTransfer(row, actor.userId)), total, page: page.page, size: page.size };
}
