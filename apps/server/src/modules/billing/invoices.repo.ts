import { sql } from 'kysely';
import type { DbOrTx } from '../../db/kysely.js';
import type { InvoiceKind, InvoiceState } from '../../db/tables/billing.js';

/** Locks paid, not yet invoiced orders of a group (optionally of one user) for an invoice request. */
export function lockInvoiceableOrders(tx: DbOrTx, groupId: number, orderIds: number[], userId?: number) {
  let query = tx
    .selectFrom('orders')
    .select(['id', 'amount_fen', 'state', 'invoice_id'])
    .where('group_id', '=', groupId)
    .where('id', 'in', orderIds);
  if (userId !== undefined) query = query.where('user_id', '=', userId);
  return query.orderBy('id').forUpdate().execute();
}

export interface NewInvoice {
  groupId: number;
  userId: number;
  kind: InvoiceKind;
  title: string;
  taxNo: string;
  address: string | null;
  phone: string | null;
  bankName: string | null;
  bankAccount: string | null;
  email: string;
  amountFen: number;
  orderIds: number[];
}

export async function insertInvoice(tx: DbOrTx, invoice: NewInvoice): Promise<number> {
  const row = await tx
    .insertInto('purchase_invoices')
    .values({
      group_id: invoice.groupId,
      user_id: invoice.userId,
      kind: invoice.kind,
      title: invoice.title,
      tax_no: invoice.taxNo,
      address: invoice.address,
      phone: invoice.phone,
      bank_name: invoice.bankName,
      bank_account: invoice.bankAccount,
      email: invoice.email,
      amount_fen: invoice.amountFen,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await tx
    .insertInto('purchase_invoice_orders')
    .values(invoice.orderIds.map((orderId) => ({ invoice_id: row.id, order_id: orderId, group_id: invoice.groupId })))
    .execute();
  await tx
    .updateTable('orders')
    .set({ invoice_id: row.id, updated_at: sql`now()` })
    .where('group_id', '=', invoice.groupId)
    .where('id', 'in', invoice.orderIds)
    .execute();
  return row.id;
}

function invoicesWithOrders(db: DbOrTx) {
  return db
    .selectFrom('purchase_invoices as i')
    .selectAll('i')
    .select(
      sql<string[]>`coalesce((SELECT array_agg(o.order_no ORDER BY o.id) FROM purchase_invoice_orders io
        JOIN orders o ON o.id = io.order_id WHERE io.invoice_id = i.id), '{}')`.as('order_nos'),
    );
}

export async function listInvoices(
  db: DbOrTx,
  groupId: number,
  filters: { userId?: number; state?: InvoiceState },
  page: { page: number; size: number },
) {
  let query = invoicesWithOrders(db).where('i.group_id', '=', groupId);
  if (filters.userId !== undefined) query = query.where('i.user_id', '=', filters.userId);
  if (filters.state) query = query.where('i.state', '=', filters.state);
  const rows = await query
    .select(sql<string>`count(*) over ()`.as('total'))
    .orderBy('i.created_at', 'desc')
    .orderBy('i.id', 'desc')
    .limit(page.size)
    .offset((page.page - 1) * page.size)
    .execute();
  return { rows, total: Number(rows[0]?.total ?? 0) };
}

export type InvoiceRow = Awaited<ReturnType<typeof listInvoices>>['rows'][number];

export function findInvoice(db: DbOrTx, groupId: number, invoiceId: number, userId?: number) {
  let query = db
    .selectFrom('purchase_invoices')
    .selectAll()
    .where('group_id', '=', groupId)
    .where('id', '=', invoiceId);
  if (userId !== undefined) query = query.where('user_id', '=', userId);
  return query.executeTakeFirst();
}

/** Pending invoice requests of every group: the operator's queue. */
export function pendingInvoices(db: DbOrTx) {
  return invoicesWithOrders(db)
    .innerJoin('groups as g', 'g.id', 'i.group_id')
    .select('g.name as group_name')
    .where('i.state', '=', 'pending')
    .orderBy('i.created_at')
    .limit(500)
    .execute();
}

/** Locks an invoice request across groups: the operator's path. */
export function lockInvoiceForOperator(tx: DbOrTx, invoiceId: number) {
  return tx.selectFrom('purchase_invoices').selectAll().where('id', '=', invoiceId).forUpdate().executeTakeFirst();
}

export async function markInvoiceIssued(
  tx: DbOrTx,
  invoiceId: number,
  file: { key: string; name: string },
  operatorId: number,
): Promise<void> {
  await tx
    .updateTable('purchase_invoices')
    .set({
      state: 'issued',
      file_key: file.key,
      file_name: file.name,
      handled_by: operatorId,
      handled_at: sql`now()`,
      updated_at: sql`now()`,
    })
    .where('id', '=', invoiceId)
    .execute();
}

/** Rejects a request and frees its orders for a new one. */
export async function markInvoiceRejected(tx: DbOrTx, invoiceId: number, reason: string, operatorId: number) {
  await tx
    .updateTable('purchase_invoices')
    .set({
      state: 'rejected',
      reject_reason: reason,
      handled_by: operatorId,
      handled_at: sql`now()`,
      updated_at: sql`now()`,
    })
    .where('id', '=', invoiceId)
    .execute();
  await tx
    .updateTable('orders')
    .set({ invoice_id: null, updated_at: sql`now()` })
    .where('invoice_id', '=', invoiceId)
    .execute();
}
