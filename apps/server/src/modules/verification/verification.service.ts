/**
 * One check: offline checks, the provider's answer, the charge. The charge and a pending row are
 * written before the provider is asked; its answer completes the row, a failure on our side
 * refunds the charge (two ledger rows, both in the check's flow).
 */
import { type InvoiceRecord, runOfflineChecks } from '@taxlens/engine/verification';
import type { CheckBatch, InvoiceCheck } from '@taxlens/shared';
import type { Db } from '../../db/kysely.js';
import { AppError } from '../../lib/app-error.js';
import { refundCheck, takeCharge } from './verification.charge.js';
import { type CheckLookups, invoiceKeyOf, loadLookups } from './verification.lookups.js';
import { presentCheck } from './verification.presenter.js';
import { DAILY_CHECKS_PER_INVOICE, ProviderFailure, type VerificationProvider } from './verification.provider.js';
import {
  type CheckScope,
  claimQuota,
  getCheck,
  insertCheck,
  releaseQuota,
  shanghaiToday,
} from './verification.repo.js';

export interface VerificationDeps {
  db: Db;
  provider: VerificationProvider;
  now?: () => number;
}

/** A candidate that could not be checked, with the one sentence the user sees; nothing charged. */
export class CheckRefused extends Error {
  constructor(
    readonly errorName: 'TOO_MANY_REQUESTS' | 'INSUFFICIENT_FUNDS',
    message: string,
  ) {
    super(message);
  }
}

/**
 * Checks one invoice. `lookups` are the upload's shared reads (loadLookups); a lone check reads
 * its own.
 */
export async function checkOne(
  deps: VerificationDeps,
  scope: CheckScope,
  batchId: string,
  record: InvoiceRecord,
  lookups?: CheckLookups,
): Promise<InvoiceCheck> {
  const { db, provider } = deps;
  const face = record.face;
  const key = invoiceKeyOf(face);
  const today = shanghaiToday(deps.now?.());
  const shared = lookups ?? (await loadLookups(db, scope.groupId, [face]));
  const local = runOfflineChecks(face, { today, ...shared.contextOf(face) });
  if (provider.quotaLimited && !(await claimQuota(db, key, today))) {
    throw new CheckRefused(
      'TOO_MANY_REQUESTS',
      `002 超过该张票当天查验次数（每张发票每天最多查验${DAILY_CHECKS_PER_INVOICE}次），请明天再查`,
    );
  }
  const charge = shared.charge;
  let id: number;
  try {
    id = await db.transaction().execute(async (tx) => {
      const checkId = await insertCheck(tx, {
        group_id: scope.groupId,
        user_id: scope.userId,
        batch_id: batchId,
        invoice_key: key,
        invoice_code: face.code,
        invoice_number: face.number,
        invoice_date: face.date,
        kind_code: face.kindCode,
        kind_name: face.kindName,
        amount_fen: face.amountFen,
        tax_fen: face.taxFen,
        total_fen: face.totalFen,
        seller_name: face.sellerName,
        seller_tax_no: face.sellerTaxNo,
        buyer_name: face.buyerName,
        buyer_tax_no: face.buyerTaxNo,
        source_format: record.format,
        source_layer: record.layer,
        source_name: record.sourceName,
        provider: provider.name,
        provider_label: provider.label,
        verdict: 'error',
        results: JSON.stringify(local),
        face: JSON.stringify(face),
        notes: JSON.stringify(record.notes),
        vendor_message: '核验未完成',
        price_fen: charge.mode === 'price' ? charge.priceFen : 0,
      });
      await takeCharge(tx, { id: checkId, groupId: scope.groupId, userId: scope.userId, number: face.number }, charge);
      return checkId;
    });
  } catch (error) {
    if (provider.quotaLimited) await releaseQuota(db, key, today);
    if (error instanceof AppError && error.errorName === 'INSUFFICIENT_FUNDS')
      throw new CheckRefused('INSUFFICIENT_FUNDS', error.message);
    throw error;
  }

  let failure: ProviderFailure | null = null;
  let answer: Awaited<ReturnType<VerificationProvider['verify']>> | null = null;
  try {
    answer = await provider.verify(face, local);
  } catch (error) {
    failure = error instanceof ProviderFailure ? error : new ProviderFailure(null, '核验服务出错，已退回费用');
  }
  if (answer) {
    // One guarded statement: a check the unanswered sweep already refunded stays refunded.
    await db
      .updateTable('invoice_checks')
      .set({
        verdict: answer.verdict,
        results: JSON.stringify(answer.results),
        vendor_code: answer.vendorCode,
        vendor_message: answer.vendorMessage,
      })
      .where('id', '=', id)
      .where('refunded_at', 'is', null)
      .execute();
  } else {
    await db.transaction().execute((tx) =>
      refundCheck(tx, id, {
        message: failure?.message ?? '核验服务出错，已退回费用',
        vendorCode: failure?.vendorCode,
      }),
    );
  }
  const row = await getCheck(db, scope, id);
  if (!row) throw new AppError('INTERNAL');
  const check = presentCheck(row, row.vendor_message);
  shared.remember(key, check);
  return check;
}

export interface Rejected {
  name: string;
  reason: string;
}

/** Checks every readable record; the unreadable and the refused are listed with their reason. */
export async function checkBatch(
  deps: VerificationDeps,
  scope: CheckScope,
  batchId: string,
  records: InvoiceRecord[],
  rejected: Rejected[],
): Promise<CheckBatch> {
  const checked: InvoiceCheck[] = [];
  const lookups = await loadLookups(
    deps.db,
    scope.groupId,
    records.map((record) => record.face),
  );
  for (const record of records) {
    try {
      checked.push(await checkOne(deps, scope, batchId, record, lookups));
    } catch (error) {
      if (!(error instanceof CheckRefused)) throw error;
      rejected.push({ name: record.sourceName, reason: error.message });
    }
  }
  const kept = checked.filter((check) => !check.refunded);
  const chargedFen = kept.reduce((sum, check) => sum + check.priceFen, 0);
  const chargedCredits = kept.filter((check) => check.paidWithCredit).length;
  return { batchId, checked, rejected, chargedFen, chargedCredits };
}
