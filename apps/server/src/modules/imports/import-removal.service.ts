/**
 * Deleting an import, and replacing one by a new upload: the data only that import holds goes
 * with it (an invoice another import also brought stays), then its stored files.
 */
import type { Db } from '../../db/kysely.js';
import { AppError, notFound } from '../../lib/app-error.js';
import type { FileStorage } from '../../lib/storage.js';
import { findImport, type ImportRow } from './imports.repo.js';
import { type RemovedData, removeImportData } from './invoice-holdings.repo.js';

const BUSY = new Set(['queued', 'parsing']);

/** The import an upload may replace: same company and kind, not running. */
export async function replaceableImport(
  db: Db,
  groupId: number,
  importId: number,
  target: { companyId: number; kind: string },
): Promise<ImportRow> {
  const row = await findImport(db, groupId, importId);
  if (!row || row.company_id !== target.companyId) throw notFound('要替换的导入记录不存在');
  if (row.kind !== target.kind) throw new AppError('VALIDATION', '只能用同一类数据文件替换');
  if (BUSY.has(row.status)) throw new AppError('CONFLICT', '该次导入尚未完成，不能替换');
  return row;
}

async function dropFiles(storage: FileStorage, row: Pick<ImportRow, 'stored_key' | 'problem_report_key'>) {
  await storage.delete(row.stored_key);
  if (row.problem_report_key) await storage.delete(row.problem_report_key);
}

/** Deletes one import (not while it runs) and what only it holds. */
export async function deleteImport(deps: { db: Db; storage: FileStorage }, row: ImportRow): Promise<RemovedData> {
  if (BUSY.has(row.status)) throw new AppError('CONFLICT', '该次导入尚未完成，不能删除');
  const removed = await deps.db.transaction().execute(async (tx) => {
    // Locks the row so a concurrent delete or replacement of the same import waits, then finds nothing.
    const locked = await tx.selectFrom('imports').select('id').where('id', '=', row.id).forUpdate().executeTakeFirst();
    if (!locked) throw notFound('导入记录不存在');
    return removeImportData(tx, row.company_id, row.id);
  });
  await dropFiles(deps.storage, row);
  return removed;
}

/**
 * After an upload that replaces an earlier import succeeded: the earlier import is deleted (its
 * invoices that the new file also holds stay, now held by the new import). A failed or refused
 * upload leaves the earlier import as it was.
 */
export async function completeReplacement(db: Db, storage: FileStorage, row: ImportRow): Promise<void> {
  if (row.replaces_import_id === null) return;
  const earlier = await findImport(db, row.group_id, row.replaces_import_id);
  if (!earlier || earlier.company_id !== row.company_id || BUSY.has(earlier.status)) return;
  await deleteImport({ db, storage }, earlier);
}
