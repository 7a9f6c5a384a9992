import { SHOP_MESSAGES } from '@taxlens/shared';
import { sql } from 'kysely';
import type { Db } from '../../db/kysely.js';
import { AppError, notFound } from '../../lib/app-error.js';
import { type Asset, lockWallets, moveAsset } from '../billing/wallet.repo.js';
import type { AuditWriter } from '../operator/customers.service.js';

interface PurchaseRow {
  id: string;
  group_id: string;
  user_id: string;
  kind: 'inquiry' | 'purchase';
  status: string;
  order_no: string | null;
  price_fen: string | null;
  request_key: string | null;
  title: string;
}

/**
 * Refunds a shop purchase in one transaction: the credits a credits pack granted are taken back
 * (found by the purchase's own grant ledger row, so a later edit of the item does not matter;
 * spent credits refuse the refund and nothing changes), the price goes back to the buyer's
 * balance as a mall_refund row, and the request reads 已退款 with the reason. The row lock and
 * the refunded state make a second refund a clear refusal.
 */
export async function refundPurchase(
  db: Db,
  operatorId: number,
  input: { id: number; reason: string },
  audit: AuditWriter,
) {
  return db.transaction().execute(async (tx) => {
    const row = (
      await sql<PurchaseRow>`
        SELECT r.id, r.group_id, r.user_id, r.kind, r.status, r.order_no, r.price_fen, r.request_key, d.title
        FROM data_server_delivery_requests r JOIN data_server_deliveries d ON d.id = r.delivery_id
        WHERE r.id = ${input.id} FOR UPDATE OF r`.execute(tx)
    ).rows[0];
    if (!row) throw notFound(SHOP_MESSAGES.requestMissing);
    if (row.kind !== 'purchase') throw new AppError('VALIDATION', SHOP_MESSAGES.inquiryNoRefund);
    if (row.status === 'refunded') throw new AppError('CONFLICT', SHOP_MESSAGES.refundedTwice);
    const groupId = Number(row.group_id);
    const userId = Number(row.user_id);
    const price = Number(row.price_fen);
    await lockWallets(tx, groupId, [userId]);
    const common = {
      groupId,
      userId,
      actorId: operatorId,
      reason: 'mall_refund',
      note: `${row.title}（${row.order_no}）退款：${input.reason}`,
    };
    const grant = (
      await sql<{ asset: number; delta: string }>`SELECT asset, delta FROM ledger_entries
        WHERE user_id = ${userId} AND request_key = ${`mall_grant:${row.request_key}`}`.execute(tx)
    ).rows[0];
    const moved: { asset: number; delta: number; after: number }[] = [];
    if (grant) {
      const taken = await moveAsset(tx, {
        ...common,
        asset: Number(grant.asset) as Asset,
        delta: -Number(grant.delta),
        insufficientMessage: SHOP_MESSAGES.creditsSpent,
      });
      moved.push({ asset: Number(grant.asset), delta: -Number(grant.delta), after: taken.after });
    }
    const paid = await moveAsset(tx, { ...common, asset: 0, delta: price, requestKey: `mall_refund:${row.id}` });
    moved.push({ asset: 0, delta: price, after: paid.after });
    await sql`UPDATE data_server_delivery_requests
      SET status = 'refunded', refund_reason = ${input.reason}, refunded_at = now(), refund_ledger_entry_id = ${paid.entryId}
      WHERE id = ${row.id}`.execute(tx);
    await audit(tx, {
      targetType: 'data_service_request',
      targetId: Number(row.id),
      before: { status: row.status },
      after: { status: 'refunded', orderNo: row.order_no, priceFen: price, reason: input.reason, wallet: moved },
    });
    return { id: Number(row.id), priceFen: price };
  });
}
