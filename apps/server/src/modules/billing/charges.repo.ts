import { sql } from 'kysely';
import type { DbOrTx } from '../../db/kysely.js';

export function findChargeByKey(db: DbOrTx, groupId: number, requestKey: string) {
  return db
    .selectFrom('report_charges')
    .selectAll()
    .where('group_id', '=', groupId)
    .where('request_key', '=', requestKey)
    .executeTakeFirst();
}

export type ChargeRow = Awaited<ReturnType<typeof findChargeByKey>> & object;

export interface ChargeClaim {
  groupId: number;
  userId: number;
  creditType: number;
  reportId: number | null;
  requestKey: string;
  firmName: string | null;
  taxNo: string | null;
  paidWith: number;
  amount: number;
  priceFen: number;
  /** Set for a draw from the group (main account's) wallet. */
  payerUserId: number | null;
}

/**
 * Claims a request key. A concurrent claim of the same key waits on the unique index and then
 * gets null, so exactly one transaction goes on to move the wallet.
 */
export async function claimCharge(tx: DbOrTx, claim: ChargeClaim) {
  return tx
    .insertInto('report_charges')
    .values({
      group_id: claim.groupId,
      user_id: claim.userId,
      credit_type: claim.creditType,
      report_id: claim.reportId,
      request_key: claim.requestKey,
      firm_name: claim.firmName,
      tax_no: claim.taxNo,
      paid_with: claim.paidWith,
      amount: claim.amount,
      price_fen: claim.priceFen,
      payer_user_id: claim.payerUserId,
    })
    .onConflict((oc) => oc.columns(['group_id', 'request_key']).doNothing())
    .returningAll()
    .executeTakeFirst();
}

export async function setChargeEntry(tx: DbOrTx, chargeId: number, entryId: number): Promise<void> {
  await tx.updateTable('report_charges').set({ entry_id: entryId }).where('id', '=', chargeId).execute();
}

/** Locks one charge of a group, by id or by request key, for its refund. */
export function lockCharge(tx: DbOrTx, groupId: number, by: { chargeId?: number; requestKey?: string }) {
  let query = tx.selectFrom('report_charges').selectAll().where('group_id', '=', groupId);
  query =
    by.chargeId !== undefined
      ? query.where('id', '=', by.chargeId)
      : query.where('request_key', '=', by.requestKey ?? '');
  return query.forUpdate().executeTakeFirst();
}

export async function markChargeRefunded(
  tx: DbOrTx,
  chargeId: number,
  refundEntryId: number | null,
  reason: string,
): Promise<void> {
  await tx
    .updateTable('report_charges')
    .set({ refunded_at: sql`now()`, refund_entry_id: refundEntryId, refund_reason: reason })
    .where('id', '=', chargeId)
    .execute();
}
