import { randomInt } from 'node:crypto';
import { formatFen, SHOP_KIND_OF_SCENE, SHOP_MESSAGES, type ShopScene } from '@taxlens/shared';
import type { Db } from '../../db/kysely.js';
import { transactionWithRetry } from '../../db/retry.js';
import { AppError, notFound } from '../../lib/app-error.js';
import { type Asset, lockWallets, moveAsset } from '../billing/wallet.repo.js';
import { shelfItem } from './catalogue.repo.js';
import { insertRequest, purchaseByKey } from './requests.repo.js';

export interface Buyer {
  groupId: number;
  userId: number;
  phone: string;
  nickName: string | null;
}

export interface BuyInput {
  scene: ShopScene;
  deliveryId: number;
  /** Unique per purchase attempt: the same key buys once however often it is sent. */
  requestKey: string;
  contactName?: string;
  contactPhone?: string;
  remark?: string;
}

/** `TM` + Shanghai time to the second + 6 random digits, like billing's `TL` order numbers. */
function newOrderNo(): string {
  const stamp = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 19).replace(/\D/g, '');
  return `TM${stamp}${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;
}

/**
 * Buys one priced item from the buyer's own balance, in one transaction: the wallet is locked,
 * the price leaves it with a ledger row (mall_purchase), credits the item grants arrive with a
 * second row, and the request the operator follows up is written. Short of money: billing's 402
 * and nothing changes. An item that only grants credits is delivered at once (closed); a service
 * delivered by people waits for the operator (submitted).
 */
export async function buyItem(db: Db, buyer: Buyer, input: BuyInput) {
  const item = await shelfItem(db, input.deliveryId, SHOP_KIND_OF_SCENE[input.scene]);
  if (!item) throw notFound(SHOP_MESSAGES.itemMissing);
  if (item.price_fen === null) throw new AppError('VALIDATION', SHOP_MESSAGES.inquiryOnly);
  const grant = item.grant_asset !== null && item.grant_count !== null;
  // People deliver it: they need someone to call.
  if (!grant && !input.contactName)
    throw new AppError('VALIDATION', '请输入联系人', { fields: { contactName: '请输入联系人' } });
  if (!grant && !input.contactPhone)
    throw new AppError('VALIDATION', '请输入手机号', { fields: { contactPhone: '请输入手机号' } });
  const price = Number(item.price_fen);
  return transactionWithRetry(db, async (tx) => {
    await lockWallets(tx, buyer.groupId, [buyer.userId]);
    const earlier = await purchaseByKey(tx, buyer.groupId, input.requestKey);
    if (earlier) {
      if (Number(earlier.user_id) !== buyer.userId || Number(earlier.delivery_id) !== input.deliveryId)
        throw new AppError('CONFLICT', '该请求号已用于其他购买');
      return { id: Number(earlier.id), orderNo: earlier.order_no, priceFen: Number(earlier.price_fen), replayed: true };
    }
    const orderNo = newOrderNo();
    const common = {
      groupId: buyer.groupId,
      userId: buyer.userId,
      actorId: buyer.userId,
      reason: 'mall_purchase',
      note: `${item.title}（${orderNo}）`,
    };
    const paid = await moveAsset(tx, {
      ...common,
      asset: 0,
      delta: -price,
      requestKey: `mall_purchase:${input.requestKey}`,
      insufficientMessage: `余额不足，请充值（购买「${item.title}」需 ${formatFen(price)} 元）`,
    });
    if (grant) {
      await moveAsset(tx, {
        ...common,
        asset: item.grant_asset as Asset,
        delta: Number(item.grant_count),
        requestKey: `mall_grant:${input.requestKey}`,
      });
    }
    const id = await insertRequest(tx, {
      groupId: buyer.groupId,
      userId: buyer.userId,
      deliveryId: input.deliveryId,
      contactName: input.contactName || buyer.nickName || buyer.phone,
      contactPhone: input.contactPhone || buyer.phone,
      remark: input.remark,
      kind: 'purchase',
      status: grant ? 'closed' : 'submitted',
      orderNo,
      priceFen: price,
      ledgerEntryId: paid.entryId,
      requestKey: input.requestKey,
    });
    return { id, orderNo, priceFen: price, replayed: false };
  });
}
