import type { DbOrTx } from '../../db/kysely.js';
import { insertTransfer } from '../billing/transfers.repo.js';
import { type Asset, CHECK_CREDIT_ASSET, lockWallets, moveAsset, TOKER_CREDIT_ASSET } from '../billing/wallet.repo.js';
import { findMainAccount } from './accounts.repo.js';

/**
 * Moves every non-zero asset of a sub-account back to the main account, inside the caller's
 * transaction, as `take_back` transfers with their two ledger rows each, so nothing is stranded
 * on a deleted account and the ledger still sums to every wallet.
 */
export async function reclaimAssets(
  tx: DbOrTx,
  input: { groupId: number; actorId: number; fromUserId: number },
): Promise<void> {
  const main = await findMainAccount(tx, input.groupId);
  const toUserId = main ? Number(main.id) : null;
  if (toUserId === null || toUserId === input.fromUserId) return;
  const wallets = await lockWallets(tx, input.groupId, [input.fromUserId, toUserId]);
  const source = wallets.find((wallet) => wallet.userId === input.fromUserId);
  if (!source) return;
  // Invoice check and toker credits live beside the report credits (assets 7 and 8).
  const checks = await tx
    .selectFrom('wallets')
    .select(['check_credits', 'toker_credits'])
    .where('user_id', '=', input.fromUserId)
    .executeTakeFirst();
  const held: [Asset, number][] = [
    [0, source.balanceFen],
    ...source.credits.map((count, index) => [(index + 1) as Asset, count] as [Asset, number]),
    [CHECK_CREDIT_ASSET, Number(checks?.check_credits ?? 0)],
    [TOKER_CREDIT_ASSET, Number(checks?.toker_credits ?? 0)],
  ];
  for (const [asset, amount] of held) {
    if (amount <= 0) continue;
    const common = { groupId: input.groupId, asset, actorId: input.actorId, note: '删除子账号，余额与次数退回主账号' };
    const out = await moveAsset(tx, {
      ...common,
      userId: input.fromUserId,
      delta: -amount,
      reason: 'take_back_out',
      counterpartUserId: toUserId,
    });
    const into = await moveAsset(tx, {
      ...common,
      userId: toUserId,
      delta: amount,
      reason: 'take_back_in',
      counterpartUserId: input.fromUserId,
    });
    await insertTransfer(tx, {
      groupId: input.groupId,
      kind: 'take_back',
      fromUserId: input.fromUserId,
      toUserId,
      actorId: input.actorId,
      asset,
      amount,
      outEntryId: out.entryId,
      inEntryId: into.entryId,
    });
  }
}
