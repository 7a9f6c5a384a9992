import type { Db } from '../../db/kysely.js';
import type { CashierView } from './cashier.page.js';
import { findSandboxOrderByToken } from './orders.repo.js';
import { cancelAtCashier } from './payments.service.js';
import type { SandboxGateway, SandboxNotification } from './sandbox.gateway.js';

/** Posts a signed notification to the notify URL and reports what the merchant answered. */
export type NotifyDelivery = (notification: SandboxNotification) => Promise<{ status: number; msg: string }>;

async function orderOf(db: Db, token: string) {
  return token.length > 0 && token.length <= 64 ? findSandboxOrderByToken(db, token) : undefined;
}

type SandboxOrder = NonNullable<Awaited<ReturnType<typeof orderOf>>>;

function viewOf(order: SandboxOrder, token: string, message?: string): CashierView {
  return {
    token,
    orderNo: order.order_no,
    title: order.title,
    amountFen: Number(order.amount_fen),
    state: order.state,
    expired: order.expires_at.getTime() <= Date.now(),
    expireTime: order.expires_at,
    message,
  };
}

export async function cashierView(db: Db, token: string): Promise<CashierView | null> {
  const order = await orderOf(db, token);
  return order ? viewOf(order, token) : null;
}

/**
 * The payer confirmed: the sandbox "bank" tells the merchant through the notify URL, as a
 * real gateway does, and the merchant's answer decides what the payer sees. No money moves.
 */
export async function payAtCashier(
  db: Db,
  sandbox: SandboxGateway,
  deliver: NotifyDelivery,
  token: string,
): Promise<{ orderId: number } | { view: CashierView } | null> {
  const order = await orderOf(db, token);
  if (!order) return null;
  const view = viewOf(order, token);
  if (view.state !== 'pending' || view.expired) return { view: { ...view, message: '订单已关闭或已处理，未发生支付' } };
  const answer = await deliver(
    sandbox.notificationFor({ orderNo: order.order_no, amountFen: Number(order.amount_fen) }),
  );
  if (answer.status !== 200) {
    const latest = (await cashierView(db, token)) ?? view;
    return { view: { ...latest, message: `支付未完成：${answer.msg}` } };
  }
  return { orderId: order.id };
}

/** The payer cancelled at the cashier: the order is cancelled if still pending. */
export async function cancelCashierOrder(db: Db, token: string): Promise<{ orderId: number } | null> {
  const order = await orderOf(db, token);
  if (!order) return null;
  await cancelAtCashier(db, order);
  return { orderId: order.id };
}
