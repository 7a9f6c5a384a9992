import { formatFen, reportKindByType } from '@taxlens/shared';
import type { Db } from '../../db/kysely.js';
import { transactionWithRetry } from '../../db/retry.js';
import { AppError } from '../../lib/app-error.js';
import { type Actor, assertCanTransfer, canViewBalance } from './billing.policy.js';
import { presentWallet } from './billing.presenter.js';
import { balanceSpentThisMonth } from './ledger.repo.js';
import { countPendingOrders, paidTotals } from './orders.repo.js';
import { monthStart } from './period.repo.js';
import { pricesFor } from './prices.repo.js';
import { groupUser, managedBy, viewedUserId } from './scope.service.js';
import { countChargesThisMonth } from './stats.repo.js';
import { insertTransfer } from './transfers.repo.js';
import { type Asset, lockWallets, moveAsset, readWallet, type WalletRow } from './wallet.repo.js';

/** Balance (when the caller may see it) and credits of the caller or a user it may see. */
export async function walletView(db: Db, actor: Actor, userId?: number) {
  const id = await viewedUserId(db, actor, userId);
  return presentWallet(await readWallet(db, actor.groupId, id), canViewBalance(actor));
}

export interface TransferInput {
  otherUserId: number;
  balance?: number;
  numberType?: number;
  count?: number;
}

/** Spec §8: spending from a wallet that holds nothing at all (never topped up, or used up) asks for a top-up first. */
export const NOT_TOPPED_UP = '充值后才可进行此操作';
function requireToppedUp(wallet: WalletRow | undefined): void {
  if (!wallet || (wallet.balanceFen <= 0 && wallet.credits.every((count) => count <= 0)))
    throw new AppError('INSUFFICIENT_FUNDS', NOT_TOPPED_UP);
}

/**
 * Gives to a sub-account (`give`) or takes back from one (`take_back`), always through the
 * actor's own wallet: two ledger rows and a transfer row in one transaction, both wallets
 * locked in ascending id order. More than the source holds is a 402 and changes nothing.
 */
export async function transfer(db: Db, actor: Actor, kind: 'give' | 'take_back', input: TransferInput) {
  const target = await groupUser(db, actor, input.otherUserId);
  assertCanTransfer(actor, target, await managedBy(db, actor));
  const asset = (input.balance !== undefined ? 0 : input.numberType) as Asset | undefined;
  const amount = input.balance ?? input.count;
  if (asset === undefined || amount === undefined || !Number.isSafeInteger(amount) || amount <= 0) {
    throw new AppError('VALIDATION', '请填写划拨金额，或次数类型与次数（二选一）');
  }
  const [fromUserId, toUserId] = kind === 'give' ? [actor.userId, target.id] : [target.id, actor.userId];
  const unit = asset === 0 ? '余额' : `「${reportKindByType(asset)?.name}」次数`;
  const transferId = await transactionWithRetry(db, async (tx) => {
    const locked = await lockWallets(tx, actor.groupId, [fromUserId, toUserId]);
    if (kind === 'give') requireToppedUp(locked.find((wallet) => wallet.userId === fromUserId));
    const common = { groupId: actor.groupId, asset, actorId: actor.userId };
    const out = await moveAsset(tx, {
      ...common,
      userId: fromUserId,
      delta: -amount,
      reason: kind === 'give' ? 'transfer_out' : 'take_back_out',
      counterpartUserId: toUserId,
      insufficientMessage: kind === 'give' ? `您的${unit}不足，无法划拨` : `该账号的${unit}不足，无法收回`,
    });
    const into = await moveAsset(tx, {
      ...common,
      userId: toUserId,
      delta: amount,
      reason: kind === 'give' ? 'transfer_in' : 'take_back_in',
      counterpartUserId: fromUserId,
    });
    return insertTransfer(tx, {
      groupId: actor.groupId,
      kind,
      fromUserId,
      toUserId,
      actorId: actor.userId,
      asset,
      amount,
      outEntryId: out.entryId,
      inEntryId: into.entryId,
    });
  });
  return { transferId, giver: await walletView(db, actor) };
}

/** Buys credits of one type with the balance at the group's current price: count × price, atomically. */
export async function balanceToCredits(db: Db, actor: Actor, input: { numberType: number; count: number }) {
  const kind = reportKindByType(input.numberType);
  if (!kind) throw new AppError('VALIDATION', '次数类型不存在');
  const price = (await pricesFor(db, actor.groupId)).get(kind.type) ?? 0;
  if (price <= 0) throw new AppError('VALIDATION', '该类型暂不支持余额兑换');
  const cost = price * input.count;
  if (!Number.isSafeInteger(cost)) throw new AppError('VALIDATION', '兑换次数过多');
  await transactionWithRetry(db, async (tx) => {
    requireToppedUp((await lockWallets(tx, actor.groupId, [actor.userId]))[0]);
    const common = {
      groupId: actor.groupId,
      userId: actor.userId,
      actorId: actor.userId,
      reason: 'credit_purchase',
      note: `${kind.name} ${input.count} 次 × ${formatFen(price)} 元`,
    };
    await moveAsset(tx, {
      ...common,
      asset: 0,
      delta: -cost,
      insufficientMessage: `余额不足，兑换需 ${formatFen(cost)} 元，请充值`,
    });
    await moveAsset(tx, { ...common, asset: kind.type, delta: input.count });
  });
  return { costFen: cost, wallet: await walletView(db, actor) };
}

/** The /my overview: the caller's wallet, this month's spending and top-ups, open orders. */
export async function overview(db: Db, actor: Actor) {
  const [wallet, spent, paid, reports, pending] = await Promise.all([
    walletView(db, actor),
    balanceSpentThisMonth(db, actor.groupId, actor.userId),
    paidTotals(db, actor.groupId, actor.userId, monthStart()),
    countChargesThisMonth(db, actor.groupId, actor.userId),
    countPendingOrders(db, actor.groupId, actor.userId),
  ]);
  return {
    wallet,
    spentThisMonthFen: wallet.balanceVisible ? spent : null,
    topUpThisMonthFen: wallet.balanceVisible ? paid.since : null,
    topUpTotalFen: wallet.balanceVisible ? paid.total : null,
    reportsThisMonth: reports,
    pendingOrders: pending,
  };
}
