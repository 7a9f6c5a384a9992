import type { WalletMode } from '@taxlens/shared';
import { sql } from 'kysely';
import type { Db } from '../../db/kysely.js';
import { AppError, notFound } from '../../lib/app-error.js';
import type { Actor } from './accounts.policy.js';
import { findGroupUser } from './accounts.repo.js';
import { writeAudit } from './audit.repo.js';

export async function walletSettings(db: Db, actor: Actor): Promise<{ walletMode: WalletMode }> {
  const row = await db
    .selectFrom('groups')
    .select('wallet_mode')
    .where('id', '=', actor.groupId)
    .executeTakeFirstOrThrow();
  return { walletMode: row.wallet_mode };
}

/**
 * The main account's choice: 'shared' lets sub-accounts draw from its wallet, 'own' makes each
 * pay from what was transferred to it. Wallets are not touched: switching moves no money.
 */
export async function setWalletMode(db: Db, actor: Actor, walletMode: WalletMode): Promise<void> {
  await db.transaction().execute(async (tx) => {
    const before = await tx
      .selectFrom('groups')
      .select('wallet_mode')
      .where('id', '=', actor.groupId)
      .forUpdate()
      .executeTakeFirstOrThrow();
    if (before.wallet_mode === walletMode) return;
    await tx
      .updateTable('groups')
      .set({ wallet_mode: walletMode, updated_at: sql`now()` })
      .where('id', '=', actor.groupId)
      .execute();
    await writeAudit(tx, {
      groupId: actor.groupId,
      actorId: actor.userId,
      action: 'group.wallet_mode',
      detail: { before: before.wallet_mode, after: walletMode },
    });
  });
}

/** A sub-account's monthly cap on group-wallet draws (null: none); the main account's to set. */
export async function setMonthlyLimit(db: Db, actor: Actor, userId: number, limitFen: number | null): Promise<void> {
  const target = await findGroupUser(db, actor.groupId, userId);
  if (!target) throw notFound('账号不存在或已删除');
  if (target.level === 1) throw new AppError('FORBIDDEN', '主账号不设额度');
  await db.transaction().execute(async (tx) => {
    await tx
      .updateTable('users')
      .set({ monthly_limit_fen: limitFen, updated_at: sql`now()` })
      .where('id', '=', userId)
      .execute();
    await writeAudit(tx, {
      groupId: actor.groupId,
      actorId: actor.userId,
      action: 'child.monthly_limit',
      targetUserId: userId,
      detail: { before: target.monthly_limit_fen, after: limitFen },
    });
  });
}
