/**
 * One check: offline checks, the provider's answer, the charge. The charge and a pending row are
 * written before the provider is asked; its answer completes the row, a failure on our side
 * refunds the charge (two ledger rows, both in the check's flow).
 */
import {
  type CheckContext,
  type InvoiceFace,
  type InvoiceRecord,
  runOfflineChecks,
} from '@taxlens/engine/verification';
import { type CheckBatch, checkCreditCode, type InvoiceCheck, RISK_LABELS, type RiskKind } from '@taxlens/shared';
import type { Db } from '../../db/kysely.js';
import { AppError } from '../../lib/app-error.js';
import { companyDataProvider } from '../companydata/company-data.js';
import { chargeFor, refundCheck, takeCharge } from './verification.charge.js';
import { presentCheck } from './verification.presenter.js';
import { DAILY_CHECKS_PER_INVOICE, ProviderFailure, type VerificationProvider } from './verification.provider.js';
import {
  type CheckScope,
  claimQuota,
  earlierChecks,
  getCheck,
  importedMatch,
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

const SELLER_RISK_KINDS: readonly RiskKind[] = ['abnormal_taxpayer', 'major_tax_violation', 'abnormal_operation'];

/** The seller on the company-data provider's risk lists (非正常户, 重大税收违法, 经营异常), or why not known. */
async function sellerRiskOf(
  db: Db,
  taxNo: string | null,
): Promise<Pick<CheckContext, 'sellerRisk' | 'sellerRiskNote'>> {
  if (!taxNo || checkCreditCode(taxNo) === 'malformed')
    return { sellerRisk: null, sellerRiskNote: '销售方无统一社会信用代码' };
  const provider = companyDataProvider(db);
  let facts: Awaited<ReturnType<typeof provider.counterparties>>;
  try {
    facts = await provider.counterparties([taxNo]);
  } catch {
    return { sellerRisk: null, sellerRiskNote: `${provider.info.label}暂不可用` };
  }
  const seller = facts.get(taxNo);
  if (!seller) return { sellerRisk: null, sellerRiskNote: `${provider.info.label}中没有该销售方` };
  const flags = seller.listedOn
    .filter((kind) => SELLER_RISK_KINDS.includes(kind))
    .map((kind) => ({
      label: RISK_LABELS[kind],
      detail: `${seller.name ?? taxNo}在列（${seller.source}，截至${seller.asOf}）`,
    }));
  return { sellerRisk: flags };
}

export function invoiceKeyOf(face: InvoiceFace): string {
  return face.code ? `${face.code}:${face.number}` : face.number;
}

export async function checkOne(
  deps: VerificationDeps,
  scope: CheckScope,
  batchId: string,
  record: InvoiceRecord,
): Promise<InvoiceCheck> {
  const { db, provider } = deps;
  const face = record.face;
  const key = invoiceKeyOf(face);
  const today = shanghaiToday(deps.now?.());
  const local = runOfflineChecks(face, {
    today,
    earlier: await earlierChecks(db, scope.groupId, key),
    imported: await importedMatch(db, scope.groupId, key),
    ...(await sellerRiskOf(db, face.sellerTaxNo)),
  });
  if (provider.quotaLimited && !(await claimQuota(db, key, today))) {
    throw new CheckRefused(
      'TOO_MANY_REQUESTS',
      `002 超过该张票当天查验次数（每张发票每天最多查验${DAILY_CHECKS_PER_INVOICE}次），请明天再查`,
    );
  }
  const charge = await chargeFor(db, scope.groupId);
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
  await db.transaction().execute(async (tx) => {
    if (!answer) {
      await refundCheck(tx, id, {
        message: failure?.message ?? '核验服务出错，已退回费用',
        vendorCode: failure?.vendorCode,
      });
      return;
    }
    // Guarded: a check the unanswered sweep already refunded stays refunded.
    await tx
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
  });
  const row = await getCheck(db, scope, id);
  if (!row) throw new AppError('INTERNAL');
  return presentCheck(row, row.vendor_message);
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
  for (const record of records) {
    try {
      checked.push(await checkOne(deps, scope, batchId, record));
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
