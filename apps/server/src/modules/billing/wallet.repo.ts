import { sql } from 'kysely';
import type { DbOrTx } from '../../db/kysely.js';
import { AppError } from '../../lib/app-error.js';

/**
 * Asset 0 is the balance in fen; 1-6 are the report credit types; 7 the invoice check credits;
 * 8 the toker credits.
 */
export type Asset = 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8;

/** Invoice check credits (发票鉴伪次数): wallets.check_credits, not one of the report credit types. */
export const CHECK_CREDIT_ASSET = 7;
/** Toker credits (拓客次数, one lead search each): wallets.toker_credits (migration 0220). */
export const TOKER_CREDIT_ASSET = 8;

/** The assets kept in a column of their own rather than in the report credits array. */
const COUNTER_COLUMNS = { [CHECK_CREDIT_ASSET]: 'check_credits', [TOKER_CREDIT_ASSET]: 'toker_credits' } as const;

export function isAsset(value: number): value is Asset {
  return Number.isInteger(value) && value >= 0 && value <= TOKER_CREDIT_ASSET;
}

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
  /** Message of the 402 when the move would go below zero. */
  insufficientMessage?: string;
  /** The input field the 402 names (data.fields), for forms that can show it there. */
  insufficientField?: string;
}

export interface WalletRow {
  userId: number;
  groupId: number;
  balanceFen: number;
  credits: number[];
}

/** Creates the wallets that do not exist yet (all zero); an existing wallet is left alone. */
export async function ensureWallets(tx: DbOrTx, groupId: number, userIds: readonly number[]): Promise<void> {
  const ids = [...new Set(userIds)].sort((a, b) => a - b);
  if (ids.length === 0) return;
  await tx
    .insertInto('wallets')
    .values(ids.map((userId) => ({ user_id: userId, group_id: groupId })))
    .onConflict((oc) => oc.column('user_id').doNothing())
    .execute();
}

/**
 * Locks wallets for the rest of the transaction, always in ascending user id, so two transfers
 * between the same two wallets in opposite directions wait for each other instead of deadlocking.
 * One statement: missing wallets are created (a row this transaction inserts is its own until
 * commit) and existing ones locked.
 */
export async function lockWallets(tx: DbOrTx, groupId: number, userIds: readonly number[]): Promise<WalletRow[]> {
  const ids = [...new Set(userIds)].sort((a, b) => a - b);
  if (ids.length === 0) return [];
  const values = sql.join(ids.map((id) => sql`(${id}::bigint, ${groupId}::bigint)`));
  const { rows } = await sql<RawWallet>`
    WITH created AS (
      INSERT INTO wallets (user_id, group_id) VALUES ${values} ON CONFLICT (user_id) DO NOTHING
    )
    SELECT user_id, group_id, balance_fen, credits FROM wallets
    WHERE user_id IN (${sql.join(ids)}) AND group_id = ${groupId}
    ORDER BY user_id FOR UPDATE`.execute(tx);
  const missing = ids.filter((id) => !rows.some((row) => Number(row.user_id) === id));
  if (missing.length > 0) {
    // Wallets the statement created, or that a concurrent transaction created while it waited,
    // were outside its snapshot: a second statement sees and locks them.
    rows.push(...(await selectForUpdate(tx, groupId, missing)));
  }
  return rows.map(toWallet).sort((a, b) => a.userId - b.userId);
}

type RawWallet = { user_id: number; group_id: number; balance_fen: number; credits: number[] };

function selectForUpdate(tx: DbOrTx, groupId: number, ids: number[]): Promise<RawWallet[]> {
  return tx
    .selectFrom('wallets')
    .select(['user_id', 'group_id', 'balance_fen', 'credits'])
    .where('user_id', 'in', ids)
    .where('group_id', '=', groupId)
    .orderBy('user_id')
    .forUpdate()
    .execute();
}

/** A wallet as it is now, without a lock; zeros when the user has none yet. */
export async function readWallet(db: DbOrTx, groupId: number, userId: number): Promise<WalletRow> {
  const row = await db
    .selectFrom('wallets')
    .select(['user_id', 'group_id', 'balance_fen', 'credits'])
    .where('user_id', '=', userId)
    .where('group_id', '=', groupId)
    .executeTakeFirst();
  return row ? toWallet(row) : { userId, groupId, balanceFen: 0, credits: [0, 0, 0, 0, 0, 0] };
}

function toWallet(row: RawWallet): WalletRow {
  return {
    userId: Number(row.user_id),
    groupId: Number(row.group_id),
    balanceFen: Number(row.balance_fen),
    credits: row.credits.map(Number),
  };
}

/**
 * Moves one asset of one wallet and writes its ledger row, inside the caller's transaction.
 * With a request key the wallet row is locked first, so a concurrent call with the same key
 * waits, then sees the first call's committed row and returns it instead of failing on the
 * unique index. The update is guarded, so a move that would go below zero changes
 * nothing and raises INSUFFICIENT_FUNDS. The same key with another amount is a conflict.
 */
export async function moveAsset(
  tx: DbOrTx,
  move: LedgerMove,
): Promise<{ entryId: number; after: number; replayed: boolean }> {
  if (!Number.isSafeInteger(move.delta) || move.delta === 0) throw new Error(`invalid ledger delta ${move.delta}`);
  if (!isAsset(move.asset)) throw new Error(`invalid ledger asset ${move.asset}`);
  if (move.requestKey) {
    // Lock first: a concurrent move with the same key then sees this one's row and replays it.
    await lockWallets(tx, move.groupId, [move.userId]);
    const earlier = await tx
      .selectFrom('ledger_entries')
      .select(['id', 'after', 'delta'])
      .where('user_id', '=', move.userId)
      .where('asset', '=', move.asset)
      .where('request_key', '=', move.requestKey)
      .executeTakeFirst();
    if (earlier) {
      if (Number(earlier.delta) !== move.delta) throw new AppError('CONFLICT', '同一请求号已用于不同的金额');
      return { entryId: earlier.id, after: Number(earlier.after), replayed: true };
    }
  } else if (move.delta > 0) {
    await ensureWallets(tx, move.groupId, [move.userId]);
  }
  // The guarded update locks the row and re-checks the guard on the latest version, so
  // concurrent moves of one wallet can never take it below zero.
  const counter =
    move.asset === CHECK_CREDIT_ASSET || move.asset === TOKER_CREDIT_ASSET ? COUNTER_COLUMNS[move.asset] : null;
  const updated = counter
    ? await tx
        .updateTable('wallets')
        .set({ [counter]: sql`${sql.ref(counter)} + ${move.delta}`, updated_at: sql`now()` })
        .where('user_id', '=', move.userId)
        .where(sql<boolean>`${sql.ref(counter)} + ${move.delta} >= 0`)
        .returning(sql<number>`${sql.ref(counter)}`.as('after'))
        .executeTakeFirst()
    : move.asset === 0
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
    const message = move.insufficientMessage ?? (move.asset === 0 ? '余额不足，请充值' : '可用次数不足，请购买套餐');
    const data = move.insufficientField ? { fields: { [move.insufficientField]: message } } : null;
    throw new AppError('INSUFFICIENT_FUNDS', message, data);
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
