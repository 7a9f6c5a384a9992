import { sql } from 'kysely';
import type { DbOrTx } from '../../db/kysely.js';
import { AppError } from '../../lib/app-error.js';

/** Asset 0 is the balance in fen; 1-6 are the credit types. */
export type Asset = 0 | 1 | 2 | 3 | 4 | 5 | 6;

export interface LedgerMove {
  groupId: number;
  userId: number;
  asset: Asset;
  delta: number;
  reason: string;
  note?: string | null;
  actorId?: number | null;
  orderId?: number | null;
  reportId?: number | null;
  counterpartUserId?: number | null;
  requestKey?: string | null;
}

/**
 * Moves one asset of one wallet and writes its ledger row, inside the caller's transaction.
 * The wallet row is updated with a guard, so a move that would go below zero changes nothing
 * and raises INSUFFICIENT_FUNDS. A request key already used for this wallet and asset returns
 * the earlier entry instead of moving twice.
 */
export async function moveAsset(
  tx: DbOrTx,
  move: LedgerMove,
): Promise<{ entryId: number; after: number; replayed: boolean }> {
  if (!Number.isSafeInteger(move.delta) || move.delta === 0) throw new Error(`invalid ledger delta ${move.delta}`);
  if (move.requestKey) {
    const earlier = await tx
      .selectFrom('ledger_entries')
      .select(['id', 'after'])
      .where('user_id', '=', move.userId)
      .where('asset', '=', move.asset)
      .where('request_key', '=', move.requestKey)
      .executeTakeFirst();
    if (earlier) return { entryId: earlier.id, after: Number(earlier.after), replayed: true };
  }
  await tx
    .insertInto('wallets')
    .values({ user_id: move.userId, group_id: move.groupId })
    .onConflict((oc) => oc.column('user_id').doNothing())
    .execute();
  const updated =
    move.asset === 0
      ? await tx
          .updateTable('wallets')
          .set({ balance_fen: sql`balance_fen + ${move.delta}`, updated_at: sql`now()` })
          .where('user_id', '=', move.userId)
          .where(sql<boolean>`balance_fen + ${move.delta} >= 0`)
          .returning(sql<number>`balance_fen`.as('after'))
          .executeTakeFirst()
      : await tx
          .updateTable('wallets')
          .set({
            credits: sql`credits[:${move.asset - 1}] || (credits[${move.asset}] + ${move.delta}) || credits[${move.asset + 1}:]`,
            updated_at: sql`now()`,
          })
          .where('user_id', '=', move.userId)
          .where(sql<boolean>`credits[${move.asset}] + ${move.delta} >= 0`)
          .returning(sql<number>`credits[${move.asset}]`.as('after'))
          .executeTakeFirst();
  if (!updated) {
    throw new AppError('INSUFFICIENT_FUNDS', move.asset === 0 ? '余额不足，请充值' : '可用次数不足，请购买套餐');
  }
  const entry = await tx
    .insertInto('ledger_entries')
    .values({
      group_id: move.groupId,
      user_id: move.userId,
      asset: move.asset,
      delta: move.delta,
      after: updated.after,
      reason: move.reason,
      note: move.note ?? null,
      actor_id: move.actorId ?? null,
      order_id: move.orderId ?? null,
      report_id: move.reportId ?? null,
      counterpart_user_id: move.counterpartUserId ?? null,
      request_key: move.requestKey ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { entryId: entry.id, after: Number(updated.after), replayed: false };
}
