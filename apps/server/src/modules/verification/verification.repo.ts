/** Storage of checks, prices and the per-invoice daily quota. Every read takes the group first. */
import type { CheckFilter } from '@taxlens/shared';
import type { Insertable } from 'kysely';
import { sql } from 'kysely';
import type { DbOrTx } from '../../db/kysely.js';
import type { InvoiceChecksTable } from '../../db/tables/verification.js';
import { DAILY_CHECKS_PER_INVOICE } from './verification.provider.js';

/** Who is looking: the main account sees the group's checks, everyone else their own. */
export interface CheckScope {
  groupId: number;
  userId: number;
  level: number;
}

/** Business date in Asia/Shanghai (UTC+8, no DST). */
export function shanghaiToday(now = Date.now()): string {
  return new Date(now + 8 * 3_600_000).toISOString().slice(0, 10);
}

/** The operator's charge: a group's own (a null price removes it), or the default when groupId is null. */
export async function setPrice(
  db: DbOrTx,
  groupId: number | null,
  priceFen: number | null,
  chargeMode: 'price' | 'credit' = 'price',
): Promise<void> {
  if (groupId === null) {
    await db
      .updateTable('invoice_check_prices')
      .set({ price_fen: priceFen ?? 0, charge_mode: chargeMode, updated_at: sql`now()` })
      .where('group_id', 'is', null)
      .execute();
    return;
  }
  await db.deleteFrom('invoice_check_prices').where('group_id', '=', groupId).execute();
  if (priceFen !== null)
    await db
      .insertInto('invoice_check_prices')
      .values({ group_id: groupId, price_fen: priceFen, charge_mode: chargeMode })
      .execute();
}

export function shanghaiStamp(date: Date): string {
  return new Date(date.getTime() + 8 * 3_600_000).toISOString().slice(0, 16).replace('T', ' ');
}

/** Takes one of today's checks of the invoice; false when the 5 are used. */
export async function claimQuota(db: DbOrTx, invoiceKey: string, day: string): Promise<boolean> {
  const { rows } = await sql<{ used: number }>`
    INSERT INTO invoice_check_quota (invoice_key, day, used) VALUES (${invoiceKey}, ${day}::date, 1)
    ON CONFLICT (invoice_key, day) DO UPDATE SET used = invoice_check_quota.used + 1
    WHERE invoice_check_quota.used < ${DAILY_CHECKS_PER_INVOICE}
    RETURNING used`.execute(db);
  return rows.length > 0;
}

/** Gives a claimed check back (the call never reached the service). */
export async function releaseQuota(db: DbOrTx, invoiceKey: string, day: string): Promise<void> {
  await sql`UPDATE invoice_check_quota SET used = used - 1 WHERE invoice_key = ${invoiceKey} AND day = ${day}::date AND used > 0`.execute(
    db,
  );
}

export async function insertCheck(db: DbOrTx, row: Insertable<InvoiceChecksTable>): Promise<number> {
  const inserted = await db.insertInto('invoice_checks').values(row).returning('id').executeTakeFirstOrThrow();
  return inserted.id;
}

const listColumns = [
  'c.id',
  'c.batch_id',
  'c.invoice_code',
  'c.invoice_number',
  'c.invoice_date',
  'c.kind_name',
  'c.amount_fen',
  'c.tax_fen',
  'c.total_fen',
  'c.seller_name',
  'c.seller_tax_no',
  'c.buyer_name',
  'c.source_format',
  'c.source_layer',
  'c.source_name',
  'c.provider',
  'c.provider_label',
  'c.verdict',
  'c.results',
  'c.price_fen',
  'c.charge_asset',
  'c.refunded_at',
  'c.user_id',
  'c.created_at',
  'u.phone',
] as const;

function scoped(db: DbOrTx, scope: CheckScope) {
  let query = db
    .selectFrom('invoice_checks as c')
    .innerJoin('users as u', 'u.id', 'c.user_id')
    .where('c.group_id', '=', scope.groupId)
    .where('c.deleted_at', 'is', null);
  if (scope.level !== 1) query = query.where('c.user_id', '=', scope.userId);
  return query;
}

function filtered(db: DbOrTx, scope: CheckScope, filter: CheckFilter) {
  let query = scoped(db, scope);
  // Dates are business days in Asia/Shanghai.
  if (filter.startDate)
    query = query.where(
      'c.created_at',
      '>=',
      sql<Date>`(${filter.startDate}::date)::timestamp AT TIME ZONE 'Asia/Shanghai'`,
    );
  if (filter.endDate)
    query = query.where(
      'c.created_at',
      '<',
      sql<Date>`(${filter.endDate}::date + 1)::timestamp AT TIME ZONE 'Asia/Shanghai'`,
    );
  if (filter.verdict) query = query.where('c.verdict', '=', filter.verdict);
  if (filter.userId) query = query.where('c.user_id', '=', filter.userId);
  if (filter.format) query = query.where('c.source_format', '=', filter.format);
  if (filter.keyword) {
    const like = `%${filter.keyword.replace(/[\\%_]/g, '\\$&')}%`;
    query = query.where((eb) =>
      eb.or([
        eb('c.invoice_number', 'like', like),
        eb('c.seller_name', 'like', like),
        eb('c.buyer_name', 'like', like),
        eb('c.source_name', 'like', like),
      ]),
    );
  }
  return query;
}

export async function listChecks(
  db: DbOrTx,
  scope: CheckScope,
  filter: CheckFilter & { ids?: number[] },
  page: { page: number; size: number },
) {
  let query = filtered(db, scope, filter);
  if (filter.ids) query = query.where('c.id', 'in', filter.ids.length > 0 ? filter.ids : [0]);
  const [rows, count] = await Promise.all([
    query
      .select([...listColumns])
      .orderBy('c.created_at', 'desc')
      .orderBy('c.id', 'desc')
      .limit(page.size)
      .offset((page.page - 1) * page.size)
      .execute(),
    query.select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

export type CheckListRow = Awaited<ReturnType<typeof listChecks>>['rows'][number];

export async function getCheck(db: DbOrTx, scope: CheckScope, id: number) {
  return scoped(db, scope)
    .select([...listColumns, 'c.face', 'c.notes', 'c.vendor_code', 'c.vendor_message'])
    .where('c.id', '=', id)
    .executeTakeFirst();
}

/** The check a batch produced (a manual request's retry key), if any. */
export async function checkOfBatch(db: DbOrTx, scope: CheckScope, batchId: string) {
  return scoped(db, scope)
    .select([...listColumns, 'c.vendor_message'])
    .where('c.batch_id', '=', batchId)
    .where('c.user_id', '=', scope.userId)
    .executeTakeFirst();
}

/** Soft-deletes the scope's checks among the ids; answers how many it deleted. */
export async function deleteChecks(db: DbOrTx, scope: CheckScope, ids: number[]): Promise<number> {
  let query = db
    .updateTable('invoice_checks')
    .set({ deleted_at: sql`now()` })
    .where('group_id', '=', scope.groupId)
    .where('id', 'in', ids)
    .where('deleted_at', 'is', null);
  if (scope.level !== 1) query = query.where('user_id', '=', scope.userId);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Users who ran checks in the scope (history's 操作人 filter: phone/list). */
export async function checkUsers(db: DbOrTx, scope: CheckScope) {
  return scoped(db, scope).select(['u.id', 'u.phone', 'u.nick_name']).distinct().orderBy('u.id').execute();
}

/** Ledger rows of checks and their refunds (getInvoiceAuthFlow). */
export async function checkFlow(db: DbOrTx, scope: CheckScope, page: { page: number; size: number }) {
  let query = db
    .selectFrom('ledger_entries as l')
    .innerJoin('users as u', 'u.id', 'l.user_id')
    .where('l.group_id', '=', scope.groupId)
    .where('l.reason', 'in', ['invoice_check', 'invoice_check_refund']);
  if (scope.level !== 1) query = query.where('l.user_id', '=', scope.userId);
  const [rows, count] = await Promise.all([
    query
      .select(['l.id', 'l.reason', 'l.delta', 'l.note', 'l.created_at', 'u.phone'])
      .orderBy('l.id', 'desc')
      .limit(page.size)
      .offset((page.page - 1) * page.size)
      .execute(),
    query.select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}
