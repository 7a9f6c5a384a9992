import type { OperatorPackage } from '@taxlens/shared';
import { sql } from 'kysely';
import type { Db } from '../../db/kysely.js';
import { AppError, notFound } from '../../lib/app-error.js';
import { type Asset, moveAsset } from '../billing/wallet.repo.js';
import type { AuditWriter } from './customers.service.js';

/**
 * Refunds a paid order: what it granted (balance and credits) is taken back from the wallet it
 * went to, as ledger rows, and the refund is recorded; the money itself goes back by bank. A
 * wallet that no longer holds the grant (the customer used it) is refused and nothing changes.
 */
export async function refundOrder(
  db: Db,
  operatorId: number,
  input: { orderId: number; reason: string; bankSerial?: string },
  audit: AuditWriter,
) {
  return db.transaction().execute(async (tx) => {
    const order = await tx
      .selectFrom('orders')
      .selectAll()
      .where('id', '=', input.orderId)
      .forUpdate()
      .executeTakeFirst();
    if (!order) throw notFound('订单不存在');
    if (order.state !== 'paid') {
      throw new AppError('VALIDATION', '只有已支付的订单可以退款', { fields: { orderId: '只有已支付的订单可以退款' } });
    }
    const already = await tx
      .selectFrom('order_refunds')
      .select('id')
      .where('order_id', '=', order.id)
      .executeTakeFirst();
    if (already) throw new AppError('CONFLICT', '该订单已退款');
    const grants: [Asset, number][] = [[0, Number(order.grant_balance_fen)]];
    order.grant_credits.forEach((count, index) => {
      grants.push([(index + 1) as Asset, Number(count)]);
    });
    const moved: { asset: number; delta: number; after: number }[] = [];
    for (const [asset, amount] of grants) {
      if (amount <= 0) continue;
      const result = await moveAsset(tx, {
        groupId: Number(order.group_id),
        userId: Number(order.user_id),
        asset,
        delta: -amount,
        reason: 'order_refund',
        note: `订单 ${order.order_no} 退款：${input.reason}`,
        actorId: operatorId,
        orderId: Number(order.id),
        insufficientMessage: '客户已使用了该订单的部分余额或次数，无法按原订单退款',
        insufficientField: 'orderId',
      });
      moved.push({ asset, delta: -amount, after: result.after });
    }
    await tx
      .insertInto('order_refunds')
      .values({
        order_id: order.id,
        group_id: order.group_id,
        amount_fen: order.amount_fen,
        reason: input.reason,
        bank_serial: input.bankSerial || null,
        operator_id: operatorId,
      })
      .execute();
    await audit(tx, {
      targetType: 'order',
      targetId: Number(order.id),
      before: { state: 'paid' },
      after: { state: 'refunded', amountFen: Number(order.amount_fen), reason: input.reason, wallet: moved },
    });
    return { orderId: Number(order.id), amountFen: Number(order.amount_fen) };
  });
}

export async function allPackages(db: Db): Promise<OperatorPackage[]> {
  const rows = await db.selectFrom('packages').selectAll().orderBy('sort').orderBy('id').execute();
  return rows.map((row) => ({
    id: Number(row.id),
    name: row.name,
    description: row.description,
    priceFen: Number(row.price_fen),
    balanceFen: Number(row.balance_fen),
    credits: row.credits.map(Number),
    active: row.active,
    sort: row.sort,
  }));
}

export async function defaultPrices(db: Db) {
  const rows = await db
    .selectFrom('report_prices')
    .select(['credit_type', 'price_fen'])
    .where('group_id', 'is', null)
    .execute();
  return rows.map((row) => ({ creditType: row.credit_type, priceFen: Number(row.price_fen) }));
}

/** The platform's default price of one report kind; groups with their own price keep it. */
export async function setDefaultPrice(db: Db, input: { creditType: number; priceFen: number }, audit: AuditWriter) {
  await db.transaction().execute(async (tx) => {
    const before = await tx
      .selectFrom('report_prices')
      .select('price_fen')
      .where('group_id', 'is', null)
      .where('credit_type', '=', input.creditType)
      .forUpdate()
      .executeTakeFirst();
    await tx
      .insertInto('report_prices')
      .values({ group_id: null, credit_type: input.creditType, price_fen: input.priceFen })
      .onConflict((oc) =>
        oc
          .column('credit_type')
          .where('group_id', 'is', null)
          .doUpdateSet({ price_fen: input.priceFen, updated_at: sql`now()` }),
      )
      .execute();
    await audit(tx, {
      targetType: 'price',
      targetId: input.creditType,
      before: { creditType: input.creditType, priceFen: before ? Number(before.price_fen) : null },
      after: { creditType: input.creditType, priceFen: input.priceFen },
    });
  });
}
