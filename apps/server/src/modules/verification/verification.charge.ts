/**
 * What one check costs and how it is paid, as the operator sets it: the price from the balance
 * ('price') or one invoice check credit (发票鉴伪次数, 'credit'). A check is charged before the
 * provider is asked and refunded, once, when it fails on our side — by the check itself, or by the
 * sweep below when a crash left it charged and unanswered.
 */
import { sql } from 'kysely';
import type { Db, DbOrTx } from '../../db/kysely.js';
import type { JobDefinition } from '../../jobs/registry.js';
import { CHECK_CREDIT_ASSET, moveAsset } from '../billing/wallet.repo.js';

export type ChargeMode = 'price' | 'credit';

export interface CheckCharge {
  mode: ChargeMode;
  /** Fen from the balance in 'price' mode (0: free); unused in 'credit' mode. */
  priceFen: number;
}

/** The group's own setting, else the installation's default (the default alone for null). */
export async function chargeFor(db: DbOrTx, groupId: number | null): Promise<CheckCharge> {
  const rows = await db
    .selectFrom('invoice_check_prices')
    .select(['group_id', 'price_fen', 'charge_mode'])
    .where((eb) => eb.or([eb('group_id', 'is', null), eb('group_id', '=', groupId ?? 0)]))
    .execute();
  const row = rows.find((item) => item.group_id !== null) ?? rows[0];
  return { mode: row?.charge_mode ?? 'price', priceFen: Number(row?.price_fen ?? 0) };
}

/** The user's own check credits (0 without a wallet). */
export async function checkCreditsOf(db: DbOrTx, userId: number): Promise<number> {
  const row = await db.selectFrom('wallets').select('check_credits').where('user_id', '=', userId).executeTakeFirst();
  return Number(row?.check_credits ?? 0);
}

const yuan = (fen: number) => (fen / 100).toFixed(2);

export function insufficientMessage(charge: CheckCharge): string {
  return charge.mode === 'credit'
    ? '发票鉴伪次数不足，请联系客服购买次数'
    : `余额不足，请充值（发票鉴伪每张 ${yuan(charge.priceFen)} 元）`;
}

/** Takes the charge of a check just inserted, inside its transaction; throws INSUFFICIENT_FUNDS. */
export async function takeCharge(
  tx: DbOrTx,
  check: { id: number; groupId: number; userId: number; number: string },
  charge: CheckCharge,
): Promise<void> {
  const credit = charge.mode === 'credit';
  if (!credit && charge.priceFen === 0) return;
  const moved = await moveAsset(tx, {
    groupId: check.groupId,
    userId: check.userId,
    asset: credit ? CHECK_CREDIT_ASSET : 0,
    delta: credit ? -1 : -charge.priceFen,
    reason: 'invoice_check',
    note: `发票鉴伪 ${check.number}`,
    actorId: check.userId,
    requestKey: `invoice_check:${check.id}`,
    insufficientMessage: insufficientMessage(charge),
  });
  await tx
    .updateTable('invoice_checks')
    .set({ charge_entry_id: moved.entryId, charge_asset: credit ? CHECK_CREDIT_ASSET : 0 })
    .where('id', '=', check.id)
    .execute();
}

/**
 * Refunds a check that failed on our side and marks it so, under a lock of its row; a check already
 * refunded is left alone (false). Used by the check and by the sweep, so one of them refunds.
 */
export async function refundCheck(
  tx: DbOrTx,
  id: number,
  failure: { message: string; vendorCode?: string | null },
): Promise<boolean> {
  const row = await tx
    .selectFrom('invoice_checks')
    .select(['group_id', 'user_id', 'invoice_number', 'price_fen', 'charge_asset', 'charge_entry_id', 'refunded_at'])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
  if (!row || row.refunded_at) return false;
  let refundEntry: number | null = null;
  if (row.charge_entry_id !== null) {
    const credit = row.charge_asset === CHECK_CREDIT_ASSET;
    const moved = await moveAsset(tx, {
      groupId: Number(row.group_id),
      userId: Number(row.user_id),
      asset: credit ? CHECK_CREDIT_ASSET : 0,
      delta: credit ? 1 : Number(row.price_fen),
      reason: 'invoice_check_refund',
      note: `发票鉴伪退费 ${row.invoice_number}：${failure.message}`,
      actorId: null,
      requestKey: `invoice_check_refund:${id}`,
    });
    refundEntry = moved.entryId;
  }
  await tx
    .updateTable('invoice_checks')
    .set({
      verdict: 'error',
      refunded_at: sql`now()`,
      refund_entry_id: refundEntry,
      vendor_code: failure.vendorCode ?? null,
      vendor_message: failure.message,
    })
    .where('id', '=', id)
    .execute();
  return true;
}

/**
 * A check answers within seconds (the relay client times out long before this); one still
 * charged and unanswered after 10 minutes was cut off by a crash or restart.
 */
export const UNANSWERED_CHECK_MINUTES = 10;

export const UNANSWERED_MESSAGE = '核验因服务中断未完成，已退回费用';

/** Refunds every check charged and unanswered beyond the limit; returns their ids. */
export async function sweepUnansweredChecks(db: Db, minutes = UNANSWERED_CHECK_MINUTES): Promise<number[]> {
  const stale = await db
    .selectFrom('invoice_checks')
    .select('id')
    .where('verdict', '=', 'error')
    .where('refunded_at', 'is', null)
    .where('created_at', '<', sql<Date>`now() - make_interval(mins => ${minutes})`)
    .orderBy('id')
    .execute();
  const refunded: number[] = [];
  for (const { id } of stale) {
    const done = await db.transaction().execute((tx) => refundCheck(tx, id, { message: UNANSWERED_MESSAGE }));
    if (done) refunded.push(id);
  }
  return refunded;
}

export const unansweredChecksJob: JobDefinition = {
  name: 'verification.unanswered-sweep',
  cron: '*/5 * * * *',
  async handle(_data, { db, log }) {
    const refunded = await sweepUnansweredChecks(db);
    if (refunded.length > 0) log('unanswered invoice checks refunded', { checkIds: refunded });
  },
};
