import { type CreditType, reportKindByType } from '@taxlens/shared';
import type { Tx } from '../../db/kysely.js';
import { AppError, notFound } from '../../lib/app-error.js';
import {
  type ChargeRow,
  claimCharge,
  findChargeByKey,
  lockCharge,
  markChargeRefunded,
  setChargeEntry,
} from './charges.repo.js';
import { planPayment } from './payer.service.js';
import { pricesFor } from './prices.repo.js';
import { type Asset, moveAsset } from './wallet.repo.js';

export interface ChargeRequest {
  groupId: number;
  userId: number;
  creditType: CreditType;
  /** The report being paid for; may be null when the report row is created after the charge. */
  reportId?: number | null;
  /** Unique per group and report request: the same key charges once however often it is sent. */
  requestKey: string;
  /** The client company the report is about, for the per-company statistics. */
  firmName?: string | null;
  taxNo?: string | null;
  actorId?: number | null;
}

export interface ChargeResult {
  chargeId: number;
  /** 'credit': one credit of the report's type; 'balance': its price from the balance; 'free': price 0. */
  paidWith: 'credit' | 'balance' | 'free';
  /** 1 credit, or fen. */
  amount: number;
  priceFen: number;
  replayed: boolean;
}

function resultOf(charge: ChargeRow, replayed: boolean): ChargeResult {
  const amount = Number(charge.amount);
  return {
    chargeId: charge.id,
    paidWith: charge.paid_with === 0 ? (amount === 0 ? 'free' : 'balance') : 'credit',
    amount,
    priceFen: Number(charge.price_fen),
    replayed,
  };
}

function assertTransaction(tx: Tx): void {
  // The charge must commit or roll back with the caller's report row, never on its own.
  if (!tx.isTransaction) throw new Error('chargeForReport/refundCharge must run inside the caller’s transaction');
}

/**
 * Pays for one report inside the caller's transaction: one credit of the report's type if the
 * paying wallet has one, else the report's price (the group's own, else the default) from its
 * balance, else 402 (4021) saying what is short and whom to ask, with nothing changed. The paying
 * wallet follows the group's wallet mode (payer.service.ts). The same request key charges once: a replay,
 * also a concurrent one, answers the first charge with `replayed: true`.
 */
export async function chargeForReport(tx: Tx, request: ChargeRequest): Promise<ChargeResult> {
  assertTransaction(tx);
  const kind = reportKindByType(request.creditType);
  if (!kind) throw new AppError('VALIDATION', '报告类型不存在');
  const requestKey = request.requestKey.trim();
  if (requestKey.length === 0 || requestKey.length > 200)
    throw new AppError('VALIDATION', '请求号不能为空且不超过200字');
  const same = (charge: ChargeRow) => {
    if (Number(charge.user_id) !== request.userId || charge.credit_type !== request.creditType) {
      throw new AppError('CONFLICT', '该请求号已用于其他报告扣费');
    }
    return resultOf(charge, true);
  };
  const earlier = await findChargeByKey(tx, request.groupId, requestKey);
  if (earlier) return same(earlier);

  const priceFen = (await pricesFor(tx, request.groupId)).get(request.creditType) ?? 0;
  const plan = await planPayment(tx, { ...request, priceFen, kindName: kind.name });
  const { paidWith, amount } = plan;

  const claimed = await claimCharge(tx, {
    groupId: request.groupId,
    userId: request.userId,
    creditType: request.creditType,
    reportId: request.reportId ?? null,
    requestKey,
    firmName: request.firmName ?? null,
    taxNo: request.taxNo ?? null,
    paidWith,
    amount,
    priceFen,
    payerUserId: plan.shared ? plan.payerUserId : null,
  });
  if (!claimed) {
    // A concurrent call with this key committed first: answer its charge.
    const first = await findChargeByKey(tx, request.groupId, requestKey);
    if (!first) throw new AppError('CONFLICT');
    return same(first);
  }
  if (amount > 0) {
    const moved = await moveAsset(tx, {
      groupId: request.groupId,
      userId: plan.payerUserId,
      asset: paidWith,
      delta: -amount,
      reason: 'report_charge',
      note: kind.name,
      // A shared draw names the sub-account that spent it in the main account's ledger.
      counterpartUserId: plan.shared ? request.userId : null,
      actorId: request.actorId ?? request.userId,
      reportId: request.reportId ?? null,
      requestKey: `report_charge:${claimed.id}`,
    });
    await setChargeEntry(tx, claimed.id, moved.entryId);
  }
  return resultOf(claimed, false);
}

export interface RefundRequest {
  groupId: number;
  chargeId?: number;
  requestKey?: string;
  reason: string;
  actorId?: number | null;
}

/**
 * Reverses exactly one charge, once, inside the caller's transaction: the credit or the fen
 * go back to the wallet they came from. A second refund of the same charge changes nothing.
 */
export async function refundCharge(tx: Tx, request: RefundRequest): Promise<{ chargeId: number; replayed: boolean }> {
  assertTransaction(tx);
  if (request.chargeId === undefined && !request.requestKey) throw new AppError('VALIDATION', '请指定要退回的扣费');
  const charge = await lockCharge(tx, request.groupId, request);
  if (!charge) throw notFound('扣费记录不存在');
  if (charge.refunded_at) return { chargeId: charge.id, replayed: true };
  const amount = Number(charge.amount);
  let entryId: number | null = null;
  if (amount > 0) {
    const moved = await moveAsset(tx, {
      groupId: request.groupId,
      // Back to the wallet that paid: the main account's for a shared draw.
      userId: Number(charge.payer_user_id ?? charge.user_id),
      asset: charge.paid_with as Asset,
      delta: amount,
      reason: 'report_refund',
      note: request.reason,
      actorId: request.actorId ?? null,
      reportId: charge.report_id,
      requestKey: `report_refund:${charge.id}`,
    });
    entryId = moved.entryId;
  }
  await markChargeRefunded(tx, charge.id, entryId, request.reason);
  return { chargeId: charge.id, replayed: false };
}
