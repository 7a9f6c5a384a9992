import type { Readable } from 'node:stream';
import { checkCreditCode, type InvoiceKind, type InvoiceState } from '@taxlens/shared';
import type { Db } from '../../db/kysely.js';
import { AppError, notFound } from '../../lib/app-error.js';
import type { FileStorage } from '../../lib/storage.js';
import { type Actor, ownerFilter } from './billing.policy.js';
import { presentInvoice } from './billing.presenter.js';
import { findInvoice, insertInvoice, listInvoices, lockInvoiceableOrders } from './invoices.repo.js';

export interface InvoiceRequest {
  orderIds: number[];
  kind: InvoiceKind;
  title: string;
  taxNo: string;
  address?: string;
  phone?: string;
  bankName?: string;
  bankAccount?: string;
  email: string;
}

const orNull = (value: string | undefined) => (value && value.length > 0 ? value : null);

/**
 * Requests one invoice for paid orders that no other request claims. The orders are locked, so
 * two requests for the same order cannot both pass; a rejection frees them again.
 */
export async function requestInvoice(db: Db, actor: Actor, input: InvoiceRequest) {
  const orderIds = [...new Set(input.orderIds)];
  const id = await db.transaction().execute(async (tx) => {
    const orders = await lockInvoiceableOrders(tx, actor.groupId, orderIds, ownerFilter(actor));
    if (orders.length !== orderIds.length) throw notFound('订单不存在');
    if (orders.some((order) => order.state !== 'paid')) {
      throw new AppError('VALIDATION', '只能为已支付的订单申请发票', { fields: { orderIds: '包含未支付的订单' } });
    }
    if (orders.some((order) => order.invoice_id !== null)) throw new AppError('CONFLICT', '所选订单已申请过发票');
    return insertInvoice(tx, {
      groupId: actor.groupId,
      userId: actor.userId,
      kind: input.kind,
      title: input.title,
      taxNo: input.taxNo,
      address: orNull(input.address),
      phone: orNull(input.phone),
      bankName: orNull(input.bankName),
      bankAccount: orNull(input.bankAccount),
      email: input.email,
      amountFen: orders.reduce((sum, order) => sum + Number(order.amount_fen), 0),
      orderIds,
    });
  });
  // Early pilot credit codes can fail only their check digit and still be real (accounts does the same).
  const warning =
    checkCreditCode(input.taxNo) === 'checksum-mismatch' ? '纳税人识别号校验位不符，已按原样提交，请核对' : null;
  return { id, warning };
}

export async function invoiceList(
  db: Db,
  actor: Actor,
  filters: { state?: InvoiceState },
  page: { page: number; size: number },
) {
  const { rows, total } = await listInvoices(db, actor.groupId, { ...filters, userId: ownerFilter(actor) }, page);
  return { list: rows.map(presentInvoice), total, page: page.page, size: page.size };
}

/** The issued PDF of one of the caller's invoices; another group's, or one not issued, is 404. */
export async function invoicePdf(
  db: Db,
  storage: FileStorage,
  actor: Actor,
  invoiceId: number,
): Promise<{ stream: Readable; fileName: string }> {
  const invoice = await findInvoice(db, actor.groupId, invoiceId, ownerFilter(actor));
  if (invoice?.state !== 'issued' || !invoice.file_key) throw notFound('发票不存在或尚未开具');
  if (!(await storage.exists(invoice.file_key))) throw notFound('发票文件不存在，请联系客服');
  return { stream: await storage.read(invoice.file_key), fileName: invoice.file_name ?? `发票${invoice.id}.pdf` };
}
