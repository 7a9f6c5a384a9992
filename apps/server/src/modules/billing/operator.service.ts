import { randomBytes } from 'node:crypto';
import type { Db, DbOrTx } from '../../db/kysely.js';
import { AppError, notFound } from '../../lib/app-error.js';
import type { FileStorage } from '../../lib/storage.js';
import { presentInvoice, presentOrder } from './billing.presenter.js';
import { lockInvoiceForOperator, markInvoiceIssued, markInvoiceRejected, pendingInvoices } from './invoices.repo.js';
import { findUserForOperator, groupExists } from './operator.repo.js';
import { pendingBankTransfers } from './orders.repo.js';
import { type PackageInput, savePackage } from './packages.repo.js';
import { setGroupPrice } from './prices.repo.js';
import { type Asset, moveAsset } from './wallet.repo.js';

/** The operator's queue: bank transfers waiting for money, invoice requests waiting for a PDF. */
export async function pendingItems(db: Db) {
  const [transfers, invoices] = await Promise.all([pendingBankTransfers(db), pendingInvoices(db)]);
  return {
    bankTransfers: transfers.map((row) => ({
      ...presentOrder(row),
      groupId: Number(row.group_id),
      groupName: row.group_name,
    })),
    invoices: invoices.map((row) => ({
      ...presentInvoice(row),
      groupId: Number(row.group_id),
      groupName: row.group_name,
      address: row.address,
      phone: row.phone,
      bankName: row.bank_name,
      bankAccount: row.bank_account,
    })),
  };
}

/**
 * Adds to or takes from any wallet, with a reason, as one ledger row. Never below zero: taking
 * more than the wallet holds is a 402 and changes nothing.
 */
export async function adjustWallet(
  db: Db,
  operatorId: number,
  input: { userId: number; asset: number; delta: number; reason: string },
  audit?: (
    tx: DbOrTx,
    note: { targetType: string; targetId: number; before: unknown; after: unknown },
  ) => Promise<void>,
) {
  const user = await findUserForOperator(db, input.userId);
  if (!user || user.group_id === null) throw notFound('账号不存在或未绑定账户主体');
  const groupId = Number(user.group_id);
  return db.transaction().execute(async (tx) => {
    const moved = await moveAsset(tx, {
      groupId,
      userId: input.userId,
      asset: input.asset as Asset,
      delta: input.delta,
      reason: 'operator_adjust',
      note: input.reason,
      actorId: operatorId,
      insufficientMessage: '调整后将小于 0，未调整',
      insufficientField: 'delta',
    });
    // The ledger row and the audit row commit with the balance change, or not at all.
    await audit?.(tx, {
      targetType: 'wallet',
      targetId: input.userId,
      before: { asset: input.asset, amount: moved.after - input.delta },
      after: {
        asset: input.asset,
        amount: moved.after,
        delta: input.delta,
        reason: input.reason,
        entryId: moved.entryId,
      },
    });
    return { entryId: moved.entryId, after: moved.after };
  });
}

/** adjustWallet for the account signed in with `phone` (the credit pages name accounts by phone). */
export async function adjustWalletByPhone(
  db: Db,
  operatorId: number,
  input: { phone: string; asset: number; delta: number; reason: string },
) {
  const user = await db
    .selectFrom('users')
    .select('id')
    .where('phone', '=', input.phone)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!user) throw notFound('该手机号没有账号');
  return adjustWallet(db, operatorId, {
    userId: Number(user.id),
    asset: input.asset,
    delta: input.delta,
    reason: input.reason,
  });
}

/** Stores the PDF and marks the request issued; a PDF is checked by its magic bytes, not its name. */
export async function issueInvoice(db: Db, storage: FileStorage, operatorId: number, invoiceId: number, pdf: Buffer) {
  if (pdf.subarray(0, 5).toString('latin1') !== '%PDF-') {
    throw new AppError('VALIDATION', '请上传 PDF 格式的发票文件', { fields: { file: '不是 PDF 文件' } });
  }
  const key = `invoices/${randomBytes(16).toString('hex')}.pdf`;
  await storage.put(key, pdf);
  try {
    await db.transaction().execute(async (tx) => {
      const invoice = await lockInvoiceForOperator(tx, invoiceId);
      if (!invoice) throw notFound('发票申请不存在');
      if (invoice.state !== 'pending') throw new AppError('CONFLICT', '该发票申请已处理');
      await markInvoiceIssued(tx, invoiceId, { key, name: `发票-${invoice.title}-${invoiceId}.pdf` }, operatorId);
    });
  } catch (error) {
    // The request was not issued: do not keep an orphan file.
    await storage.delete(key).catch(() => {});
    throw error;
  }
}

export async function rejectInvoice(db: Db, operatorId: number, invoiceId: number, reason: string) {
  await db.transaction().execute(async (tx) => {
    const invoice = await lockInvoiceForOperator(tx, invoiceId);
    if (!invoice) throw notFound('发票申请不存在');
    if (invoice.state !== 'pending') throw new AppError('CONFLICT', '该发票申请已处理');
    await markInvoiceRejected(tx, invoiceId, reason, operatorId);
  });
}

/** Sets a group's own price of one credit type (null: back to the default); answers the price before. */
export async function setPrice(db: Db, input: { groupId: number; creditType: number; priceFen: number | null }) {
  if (!(await groupExists(db, input.groupId))) throw notFound('集团不存在');
  const before = await db
    .selectFrom('report_prices')
    .select('price_fen')
    .where('group_id', '=', input.groupId)
    .where('credit_type', '=', input.creditType)
    .executeTakeFirst();
  await setGroupPrice(db, input.groupId, input.creditType, input.priceFen);
  return { before: before ? Number(before.price_fen) : null };
}

export async function saveCatalogue(db: Db, input: PackageInput & { id?: number }): Promise<number> {
  const { id, ...values } = input;
  if (values.balanceFen === 0 && values.credits.every((count) => count === 0)) {
    throw new AppError('VALIDATION', '套餐须包含余额或报告次数', {
      fields: { balanceFen: '套餐须包含余额或报告次数' },
    });
  }
  const saved = await savePackage(db, id, values);
  if (saved === null) throw notFound('套餐不存在');
  return saved;
}
