import { ORDER_STATE_LABELS } from '@taxlens/shared';
import type { Db, DbOrTx } from '../../db/kysely.js';
import { AppError, notFound } from '../../lib/app-error.js';
import {
  insertNotification,
  isTxnUsed,
  type LockedOrder,
  lockOrder,
  lockOrderByNo,
  lockOrderForOperator,
  markOrderCancelled,
  markOrderPaid,
} from './orders.repo.js';
import type { PaymentGateway } from './payment.gateway.js';
import { type Asset, moveAsset } from './wallet.repo.js';

/**
 * Credits a paid order to the wallet of whoever placed it: the balance and each credit type of
 * the package, one ledger row each, in the transaction that marks the order paid. The order id
 * is also the ledger request key, a second guard against crediting one order twice.
 */
export async function creditOrder(tx: DbOrTx, order: LockedOrder, actorId: number | null): Promise<void> {
  const base = {
    groupId: Number(order.group_id),
    userId: Number(order.user_id),
    reason: order.kind === 'package' ? 'package_purchase' : 'top_up',
    note: order.title,
    actorId,
    orderId: order.id,
    requestKey: `order:${order.id}`,
  };
  const grants: [Asset, number][] = [[0, Number(order.grant_balance_fen)]];
  order.grant_credits.forEach((count, index) => {
    grants.push([(index + 1) as Asset, Number(count)]);
  });
  for (const [asset, delta] of grants) {
    if (delta > 0) await moveAsset(tx, { ...base, asset, delta });
  }
  // Paid: the pay dialog has nothing more to ask of this user.
  await tx.updateTable('users').set({ pay_dialog_flag: false }).where('id', '=', base.userId).execute();
}

export type NotifyOutcome =
  | 'credited'
  | 'duplicate'
  | 'duplicate_payment'
  | 'txn_reused'
  | 'amount_mismatch'
  | 'unknown_order'
  | 'order_not_pending'
  | 'malformed'
  | 'bad_signature'
  | 'declined';

const REJECTIONS: Partial<Record<NotifyOutcome, () => AppError>> = {
  malformed: () => new AppError('VALIDATION', '通知格式不正确'),
  bad_signature: () => new AppError('VALIDATION', '签名校验失败'),
  declined: () => new AppError('VALIDATION', '银行未确认支付成功，未入账'),
  amount_mismatch: () => new AppError('VALIDATION', '支付金额与订单金额不符，未入账'),
  unknown_order: () => notFound('订单不存在'),
  order_not_pending: () => new AppError('CONFLICT', '订单已关闭或已取消，未入账'),
  txn_reused: () => new AppError('CONFLICT', '该支付流水号已用于其他订单，未入账'),
};

/**
 * Handles one payment notification from a gateway. Every delivery is logged with its outcome.
 * The order row is locked, so concurrent deliveries queue up: the first one of a pending order
 * marks it paid and credits it in one transaction; later ones find it paid and change nothing.
 * A bad signature, a wrong amount, an unknown or closed order credit nothing and are refused.
 */
export async function settleNotification(
  db: Db,
  gateway: PaymentGateway,
  payload: Record<string, unknown>,
  log: (message: string, data: Record<string, unknown>) => void,
): Promise<{ outcome: NotifyOutcome; orderNo: string }> {
  if (!gateway.verify) throw notFound('该支付方式不支持回调');
  const verification = gateway.verify(payload);
  if (!verification.ok) {
    const entry = {
      provider: gateway.method,
      orderNo: verification.orderNo,
      orderId: null,
      txnId: null,
      amountFen: null,
    };
    await insertNotification(db, { ...entry, outcome: verification.reason, payload: verification.record });
    log('payment notification refused', { ...entry, outcome: verification.reason });
    throw (REJECTIONS[verification.reason] as () => AppError)();
  }
  const payment = verification.payment;
  const outcome = await db.transaction().execute(async (tx) => {
    const order = await lockOrderByNo(tx, payment.orderNo);
    let result: NotifyOutcome;
    if (!order || order.pay_method !== gateway.method) result = 'unknown_order';
    else if (Number(order.amount_fen) !== payment.amountFen) result = 'amount_mismatch';
    else if (order.state === 'paid')
      result = order.gateway_txn_id === payment.txnId ? 'duplicate' : 'duplicate_payment';
    else if (order.state !== 'pending') result = 'order_not_pending';
    else if (await isTxnUsed(tx, payment.txnId)) result = 'txn_reused';
    else {
      await markOrderPaid(tx, order.id, payment.txnId, null);
      await creditOrder(tx, order, Number(order.user_id));
      result = 'credited';
    }
    await insertNotification(tx, {
      provider: gateway.method,
      orderNo: payment.orderNo,
      orderId: order?.id ?? null,
      txnId: payment.txnId,
      amountFen: payment.amountFen,
      outcome: result,
      // Only what the signature covers: a caller's extra fields are not stored.
      payload: verification.record,
    });
    return result;
  });
  if (outcome !== 'credited') log('payment notification not credited', { orderNo: payment.orderNo, outcome });
  const rejection = REJECTIONS[outcome];
  if (rejection) throw rejection();
  return { outcome, orderNo: payment.orderNo };
}

/**
 * The operator saw a bank transfer arrive: the order is paid and credited. An order closed by
 * its 7-day time-out can still be confirmed (the money came late); a cancelled one cannot.
 */
export async function confirmBankTransfer(db: Db, operatorId: number, orderId: number, bankSerial?: string) {
  return db.transaction().execute(async (tx) => {
    const order = await lockOrderForOperator(tx, orderId);
    if (order?.pay_method !== 'bank_transfer') throw notFound('对公转账订单不存在');
    if (order.state !== 'pending' && order.state !== 'closed') {
      throw new AppError('CONFLICT', `订单${ORDER_STATE_LABELS[order.state]}，无法确认收款`);
    }
    const txnId = bankSerial ? `BANK:${bankSerial}` : `BANK:${order.order_no}`;
    if (await isTxnUsed(tx, txnId)) throw new AppError('CONFLICT', '该银行流水号已入账');
    await markOrderPaid(tx, order.id, txnId, operatorId);
    await creditOrder(tx, order, operatorId);
    return { orderId: order.id, groupId: Number(order.group_id) };
  });
}

/** The payer cancelled at the sandbox cashier (the token in the URL is the credential). */
export async function cancelAtCashier(db: Db, order: { id: number; group_id: number }): Promise<void> {
  await db.transaction().execute(async (tx) => {
    const locked = await lockOrder(tx, Number(order.group_id), order.id);
    if (locked?.state === 'pending') await markOrderCancelled(tx, locked.id);
  });
}
