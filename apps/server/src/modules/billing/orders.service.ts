import { randomBytes, randomInt } from 'node:crypto';
import {
  BILLING_LIMITS,
  discountLabel,
  formatDateTime,
  formatFen,
  maskPhone,
  ORDER_KIND_LABELS,
  ORDER_STATE_LABELS,
  type OrderState,
  PAY_METHOD_LABELS,
  PAY_METHODS,
  type PayMethod,
} from '@taxlens/shared';
import type { Db } from '../../db/kysely.js';
import { AppError, notFound } from '../../lib/app-error.js';
import { buildXlsx } from '../../lib/xlsx-export.js';
import { packageDiscounts } from '../promotions/promotions.service.js';
import { type Actor, canPay, canViewBalance, ownerFilter } from './billing.policy.js';
import { creditList, presentOrder, presentPackage, presentPayState, presentPrices } from './billing.presenter.js';
import {
  countPendingOrders,
  findOrder,
  insertOrder,
  listOrders,
  lockOrder,
  markOrderCancelled,
  type OrderFilters,
  type OrderRow,
} from './orders.repo.js';
import { findActivePackage, listActivePackages } from './packages.repo.js';
import type { PaymentGateways } from './payment.gateway.js';
import { pricesFor } from './prices.repo.js';

const MAX_PENDING_ORDERS = 20;

/** Prices of the six report kinds (the group's own where set) and the packages on sale. */
export async function buyConfig(db: Db, groupId: number, discountEligible = false) {
  const [prices, packages, discounts] = await Promise.all([
    pricesFor(db, groupId),
    listActivePackages(db),
    packageDiscounts(db, discountEligible),
  ]);
  return {
    prices: presentPrices(prices),
    packages: packages.map((row) => ({ ...presentPackage(row), discount: discounts.get(row.id) ?? null })),
  };
}

/** What the caller may do on the pay page. */
export function topUpRights(actor: Actor, gateways: PaymentGateways) {
  const pay = canPay(actor);
  const methods = PAY_METHODS.filter((method) => gateways[method]);
  return {
    pay,
    rechargeAstrict: pay ? (0 as const) : (1 as const),
    viewBalance: canViewBalance(actor),
    payMethods: methods.map((method) => ({ method, label: PAY_METHOD_LABELS[method] })),
    minTopUpFen: BILLING_LIMITS.topUpMinFen,
    maxTopUpFen: BILLING_LIMITS.topUpMaxFen,
    sandbox: methods.includes('sandbox'),
  };
}

/** `TL` + Shanghai time to the second + 6 random digits: readable, sortable, hard to guess. */
function newOrderNo(): string {
  const stamp = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 19).replace(/\D/g, '');
  return `TL${stamp}${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;
}

const isUniqueViolation = (error: unknown) => (error as { code?: string }).code === '23505';

/** Creates a pending order and answers what the client needs to pay it. */
export async function placeOrder(
  db: Db,
  gateways: PaymentGateways,
  actor: Actor,
  input: { packageId?: number; amountFen?: number; payMethod: PayMethod },
  /** A main account of a group without the data service: a running limited-time discount applies. */
  discountEligible = false,
) {
  if (!gateways[input.payMethod]) {
    throw new AppError('VALIDATION', '该支付方式未开通，请选择对公转账', { fields: { payMethod: '该支付方式未开通' } });
  }
  if ((await countPendingOrders(db, actor.groupId, actor.userId)) >= MAX_PENDING_ORDERS) {
    throw new AppError('TOO_MANY_REQUESTS', '待支付订单过多，请先支付或取消已有订单');
  }
  let content: {
    kind: 'package' | 'top_up';
    packageId: number | null;
    title: string;
    amountFen: number;
    discountId?: number;
  };
  let grant: { balanceFen: number; credits: number[] };
  if (input.packageId !== undefined) {
    const pack = await findActivePackage(db, input.packageId);
    if (!pack) throw notFound('套餐不存在或已下架');
    content = { kind: 'package', packageId: pack.id, title: pack.name, amountFen: Number(pack.price_fen) };
    const discount = (await packageDiscounts(db, discountEligible)).get(pack.id);
    if (discount) {
      const label = discountLabel(discount.ratePct / 100);
      content = {
        ...content,
        title: `${pack.name}（限时${label}）`,
        amountFen: discount.priceFen,
        discountId: discount.id,
      };
    }
    grant = { balanceFen: Number(pack.balance_fen), credits: pack.credits.map(Number) };
  } else if (input.amountFen !== undefined) {
    content = {
      kind: 'top_up',
      packageId: null,
      title: `余额充值 ${formatFen(input.amountFen)} 元`,
      amountFen: input.amountFen,
    };
    grant = { balanceFen: input.amountFen, credits: [0, 0, 0, 0, 0, 0] };
  } else {
    throw new AppError('VALIDATION', '请选择套餐或输入充值金额（二选一）');
  }
  const minutes =
    // Online payments (sandbox cashier, online banking) are paid at once or not at all.
    input.payMethod !== 'bank_transfer'
      ? BILLING_LIMITS.sandboxOrderTimeoutMinutes
      : BILLING_LIMITS.bankTransferTimeoutDays * 24 * 60;
  let order: Awaited<ReturnType<typeof insertOrder>> | undefined;
  for (let attempt = 0; !order; attempt++) {
    try {
      order = await insertOrder(db, {
        groupId: actor.groupId,
        userId: actor.userId,
        orderNo: newOrderNo(),
        ...content,
        grantBalanceFen: grant.balanceFen,
        grantCredits: grant.credits,
        payMethod: input.payMethod,
        payToken: randomBytes(24).toString('base64url'),
        expiresInMinutes: minutes,
      });
    } catch (error) {
      // An order number drawn twice in one second: draw again.
      if (!isUniqueViolation(error) || attempt >= 3) throw error;
    }
  }
  return instructionFor(gateways, order);
}

type InstructedOrder = Pick<
  OrderRow,
  'id' | 'order_no' | 'title' | 'amount_fen' | 'pay_token' | 'pay_method' | 'state' | 'expires_at'
>;

/** The order with how to pay it (the cashier to open, or the account to transfer to). */
async function instructionFor(gateways: PaymentGateways, order: InstructedOrder) {
  const gateway = gateways[order.pay_method];
  if (!gateway) throw new AppError('VALIDATION', '该支付方式未开通，请取消订单后选择对公转账');
  const instruction = await gateway.instruct({
    orderId: order.id,
    orderNo: order.order_no,
    title: order.title,
    amountFen: Number(order.amount_fen),
    payToken: order.pay_token,
  });
  return {
    orderId: order.id,
    orderNo: order.order_no,
    title: order.title,
    amountFen: Number(order.amount_fen),
    payMethod: order.pay_method,
    state: order.state,
    expireTime: order.expires_at.toISOString(),
    ...instruction,
    bankForm: instruction.bankForm ?? null,
  };
}

/**
 * How to go on paying one's own pending order, from any device (the answer of unifiedOrder is
 * not needed again). An order paid, cancelled or past its time is a 409.
 */
export async function payInstruction(db: Db, gateways: PaymentGateways, actor: Actor, orderId: number) {
  const order = await visibleOrder(db, actor, orderId);
  if (Number(order.user_id) !== actor.userId) throw notFound('订单不存在');
  if (order.state !== 'pending' || order.expires_at.getTime() <= Date.now()) {
    const state = order.state === 'pending' ? '已超时' : ORDER_STATE_LABELS[order.state];
    throw new AppError('CONFLICT', `订单${state}，无法继续支付`);
  }
  return instructionFor(gateways, order);
}

async function visibleOrder(db: Db, actor: Actor, orderId: number): Promise<OrderRow> {
  const order = await findOrder(db, actor.groupId, orderId, ownerFilter(actor));
  if (!order) throw notFound('订单不存在');
  return order;
}

export async function payState(db: Db, actor: Actor, orderId: number) {
  return presentPayState(await visibleOrder(db, actor, orderId));
}

/** Cancels a pending order; any other state is a 409 (it may have been paid meanwhile). */
export async function cancelOrder(db: Db, actor: Actor, orderId: number) {
  await visibleOrder(db, actor, orderId);
  await db.transaction().execute(async (tx) => {
    const order = await lockOrder(tx, actor.groupId, orderId);
    if (!order) throw notFound('订单不存在');
    if (order.state !== 'pending') {
      throw new AppError('CONFLICT', `订单${ORDER_STATE_LABELS[order.state]}，无法取消`);
    }
    await markOrderCancelled(tx, orderId);
  });
  return payState(db, actor, orderId);
}

export interface OrderListFilters {
  state?: OrderState;
  payMethod?: PayMethod;
  startDate?: string;
  endDate?: string;
}

export async function orderList(db: Db, actor: Actor, filters: OrderListFilters, page: { page: number; size: number }) {
  const { rows, total } = await listOrders(db, actor.groupId, { ...filters, userId: ownerFilter(actor) }, page);
  return { list: rows.map(presentOrder), total, page: page.page, size: page.size };
}

/** Paid orders not yet claimed by an invoice request, for the invoice form. */
export async function invoiceableOrders(db: Db, actor: Actor, page: { page: number; size: number }) {
  const filters: OrderFilters = { userId: ownerFilter(actor), invoiceable: true };
  const { rows, total } = await listOrders(db, actor.groupId, filters, page);
  return { list: rows.map(presentOrder), total, page: page.page, size: page.size };
}

/** The same list as the page, as an Excel sheet (at most exportMaxRows rows). */
export async function exportOrders(db: Db, actor: Actor, filters: OrderListFilters): Promise<Buffer> {
  const { rows } = await listOrders(
    db,
    actor.groupId,
    { ...filters, userId: ownerFilter(actor) },
    { page: 1, size: BILLING_LIMITS.exportMaxRows },
  );
  const credits = (row: OrderRow) =>
    creditList(row.grant_credits, true)
      .map((item) => `${item.name}×${item.count}`)
      .join('；');
  return buildXlsx<OrderRow>(
    '订单列表',
    [
      { header: '订单号', width: 28, value: (row) => row.order_no },
      { header: '类型', width: 10, value: (row) => ORDER_KIND_LABELS[row.kind] },
      { header: '内容', width: 24, value: (row) => row.title },
      { header: '金额（元）', width: 14, format: 'fen', value: (row) => Number(row.amount_fen) },
      { header: '到账余额（元）', width: 14, format: 'fen', value: (row) => Number(row.grant_balance_fen) },
      { header: '赠送次数', width: 30, value: (row) => credits(row) || '-' },
      { header: '支付方式', width: 14, value: (row) => PAY_METHOD_LABELS[row.pay_method] },
      { header: '状态', width: 10, value: (row) => ORDER_STATE_LABELS[row.state] },
      { header: '下单账号', width: 16, value: (row) => maskPhone(row.phone) },
      { header: '下单时间', width: 20, value: (row) => formatDateTime(row.created_at.toISOString()) },
      { header: '支付时间', width: 20, value: (row) => formatDateTime(row.paid_at?.toISOString()) },
      { header: '已申请发票', width: 12, value: (row) => (row.invoice_id === null ? '否' : '是') },
    ],
    rows,
  );
}
