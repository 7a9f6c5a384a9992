import { type RawBuilder, sql } from 'kysely';
import type { DbOrTx } from '../../db/kysely.js';
import type { OrderKind, OrderState, PayMethod } from '../../db/tables/billing.js';
import { withinDates } from './period.repo.js';

export interface NewOrder {
  groupId: number;
  userId: number;
  orderNo: string;
  kind: OrderKind;
  packageId: number | null;
  title: string;
  amountFen: number;
  grantBalanceFen: number;
  grantCredits: number[];
  payMethod: PayMethod;
  payToken: string;
  expiresInMinutes: number;
  /** The limited-time discount charged (migration 0270). */
  discountId?: number;
}

export async function insertOrder(db: DbOrTx, order: NewOrder) {
  return db
    .insertInto('orders')
    .values({
      group_id: order.groupId,
      user_id: order.userId,
      order_no: order.orderNo,
      kind: order.kind,
      package_id: order.packageId,
      title: order.title,
      amount_fen: order.amountFen,
      grant_balance_fen: order.grantBalanceFen,
      grant_credits: order.grantCredits,
      pay_method: order.payMethod,
      pay_token: order.payToken,
      discount_id: order.discountId ?? null,
      expires_at: sql<Date>`now() + make_interval(mins => ${order.expiresInMinutes})`,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Orders with the phone and name of who placed them. */
function ordersWithUser(db: DbOrTx) {
  return db
    .selectFrom('orders as o')
    .innerJoin('users as u', 'u.id', 'o.user_id')
    .selectAll('o')
    .select(['u.phone', 'u.nick_name']);
}

export type OrderRow = Awaited<ReturnType<typeof findOrder>> & object;

/** One order of a group; with `userId`, only if that user placed it. */
export function findOrder(db: DbOrTx, groupId: number, orderId: number, userId?: number) {
  let query = ordersWithUser(db).where('o.group_id', '=', groupId).where('o.id', '=', orderId);
  if (userId !== undefined) query = query.where('o.user_id', '=', userId);
  return query.executeTakeFirst();
}

export interface OrderFilters {
  userId?: number;
  state?: OrderState;
  payMethod?: PayMethod;
  startDate?: string;
  endDate?: string;
  /** Paid and not claimed by an invoice request. */
  invoiceable?: boolean;
}

export async function listOrders(
  db: DbOrTx,
  groupId: number,
  filters: OrderFilters,
  page: { page: number; size: number },
) {
  let query = ordersWithUser(db).where('o.group_id', '=', groupId);
  if (filters.userId !== undefined) query = query.where('o.user_id', '=', filters.userId);
  if (filters.state) query = query.where('o.state', '=', filters.state);
  if (filters.payMethod) query = query.where('o.pay_method', '=', filters.payMethod);
  if (filters.invoiceable) query = query.where('o.state', '=', 'paid').where('o.invoice_id', 'is', null);
  for (const condition of withinDates('o.created_at', filters.startDate, filters.endDate)) {
    query = query.where(condition);
  }
  const rows = await query
    .select(sql<string>`count(*) over ()`.as('total'))
    .orderBy('o.created_at', 'desc')
    .orderBy('o.id', 'desc')
    .limit(page.size)
    .offset((page.page - 1) * page.size)
    .execute();
  return { rows, total: Number(rows[0]?.total ?? 0) };
}

/** Locks an order for a state change, scoped by group. */
export function lockOrder(tx: DbOrTx, groupId: number, orderId: number) {
  return tx
    .selectFrom('orders')
    .selectAll()
    .where('group_id', '=', groupId)
    .where('id', '=', orderId)
    .forUpdate()
    .executeTakeFirst();
}

export type LockedOrder = Awaited<ReturnType<typeof lockOrder>> & object;

/**
 * Locks an order by its number. Only the payment gateway path uses it: a gateway knows the
 * order number, not the group, and its signature has been checked before.
 */
export function lockOrderByNo(tx: DbOrTx, orderNo: string) {
  return tx.selectFrom('orders').selectAll().where('order_no', '=', orderNo).forUpdate().executeTakeFirst();
}

/** Locks an order by id across groups: the platform operator's path. */
export function lockOrderForOperator(tx: DbOrTx, orderId: number) {
  return tx.selectFrom('orders').selectAll().where('id', '=', orderId).forUpdate().executeTakeFirst();
}

/** The sandbox cashier page finds its order by the unguessable token in its URL. */
export function findSandboxOrderByToken(db: DbOrTx, token: string) {
  return db
    .selectFrom('orders')
    .selectAll()
    .where('pay_token', '=', token)
    .where('pay_method', '=', 'sandbox')
    .executeTakeFirst();
}

/** Marks a locked order paid. The unique gateway_txn_id refuses a second order for one payment. */
export async function markOrderPaid(tx: DbOrTx, orderId: number, txnId: string, confirmedBy: number | null) {
  await tx
    .updateTable('orders')
    .set({
      state: 'paid',
      gateway_txn_id: txnId,
      paid_at: sql`now()`,
      confirmed_by: confirmedBy,
      updated_at: sql`now()`,
    })
    .where('id', '=', orderId)
    .execute();
}

/** Whether a gateway transaction id already paid an order (checked before the unique index refuses it). */
export async function isTxnUsed(db: DbOrTx, txnId: string): Promise<boolean> {
  const row = await db.selectFrom('orders').select('id').where('gateway_txn_id', '=', txnId).executeTakeFirst();
  return row !== undefined;
}

export async function markOrderCancelled(tx: DbOrTx, orderId: number) {
  await tx
    .updateTable('orders')
    .set({ state: 'cancelled', cancelled_at: sql`now()`, updated_at: sql`now()` })
    .where('id', '=', orderId)
    .where('state', '=', 'pending')
    .execute();
}

/** Closes every pending order past its time-out; the guard keeps a just-paid order paid. */
export async function closeExpiredOrders(db: DbOrTx): Promise<number[]> {
  const rows = await db
    .updateTable('orders')
    .set({ state: 'closed', closed_at: sql`now()`, updated_at: sql`now()` })
    .where('state', '=', 'pending')
    .where('expires_at', '<', sql<Date>`now()`)
    .returning('id')
    .execute();
  return rows.map((row) => row.id);
}

export async function countPendingOrders(db: DbOrTx, groupId: number, userId: number): Promise<number> {
  const row = await db
    .selectFrom('orders')
    .select(sql<string>`count(*)`.as('n'))
    .where('group_id', '=', groupId)
    .where('user_id', '=', userId)
    .where('state', '=', 'pending')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Paid amounts of one user: this month (business time zone) and ever. */
export async function paidTotals(db: DbOrTx, groupId: number, userId: number, since: RawBuilder<Date>) {
  const row = await db
    .selectFrom('orders')
    .select([
      sql<string>`coalesce(sum(amount_fen), 0)`.as('total'),
      sql<string>`coalesce(sum(amount_fen) FILTER (WHERE paid_at >= ${since}), 0)`.as('since'),
    ])
    .where('group_id', '=', groupId)
    .where('user_id', '=', userId)
    .where('state', '=', 'paid')
    .executeTakeFirstOrThrow();
  return { total: Number(row.total), since: Number(row.since) };
}

export interface NotificationLog {
  provider: string;
  orderNo: string | null;
  orderId: number | null;
  txnId: string | null;
  amountFen: number | null;
  outcome: string;
  payload: unknown;
}

export async function insertNotification(db: DbOrTx, log: NotificationLog): Promise<void> {
  await db
    .insertInto('payment_notifications')
    .values({
      provider: log.provider,
      order_no: log.orderNo,
      order_id: log.orderId,
      gateway_txn_id: log.txnId,
      amount_fen: log.amountFen,
      outcome: log.outcome,
      payload: JSON.stringify(log.payload),
    })
    .execute();
}

/** Bank transfers waiting for the operator (pending, or closed after 7 days but still payable). */
export function pendingBankTransfers(db: DbOrTx) {
  return ordersWithUser(db)
    .innerJoin('groups as g', 'g.id', 'o.group_id')
    .select('g.name as group_name')
    .where('o.pay_method', '=', 'bank_transfer')
    .where('o.state', '=', 'pending')
    .orderBy('o.created_at')
    .limit(500)
    .execute();
}
