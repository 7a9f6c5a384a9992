import type { Readable } from 'node:stream';
import type { DataOverview, ImportInfo } from '@taxlens/shared';
import { maskPhone } from '@taxlens/shared';
import type PgBoss from 'pg-boss';
import type { Db } from '../../db/kysely.js';
import { wakeWorkersOnCommit } from '../../jobs/wake.js';
import { AppError, notFound } from '../../lib/app-error.js';
import type { FileStorage } from '../../lib/storage.js';
import { onEvent } from '../../plugins/realtime.js';
import { listFigures, type StatementName, upsertFigures } from './figures.repo.js';
import { checkFileName, type ImportKind, storeUpload, zipLimitsFor } from './import-files.js';
import { IMPORT_EVENT } from './import-progress.js';
import { groupRank } from './import-slots.js';
import { findImport, type ImportRow, listImports } from './imports.repo.js';
import { PROCESS_IMPORT } from './jobs/process-import.job.js';
import { invoiceMonths, lineCount, monthsBetween } from './overview.repo.js';

export function presentImport(row: ImportRow): ImportInfo {
  const summary = row.summary as Record<string, unknown>;
  const number = (key: string) => (typeof summary[key] === 'number' ? (summary[key] as number) : 0);
  return {
    importId: row.id,
    firmId: row.company_id,
    kind: row.kind,
    fileName: row.file_name,
    fileSize: row.file_size,
    status: row.status,
    progress: row.progress,
    invoices: number('invoices'),
    lines: number('lines'),
    rejected: number('rejected'),
    periods: Array.isArray(summary.periods) ? (summary.periods as string[]) : [],
    message: row.message,
    problemCount: row.problem_count,
    hasProblemReport: row.problem_report_key !== null,
    source: row.source,
    creator:
      row.source === 'share'
        ? '客户上传链接'
        : row.source === 'collection'
          ? '授权采集'
          : (row.creator_name ?? (row.creator_phone ? maskPhone(row.creator_phone) : null)),
    summary,
    createTime: row.created_at.toISOString(),
    finishTime: row.finished_at ? new Date(row.finished_at).toISOString() : null,
  };
}

export interface UploadTarget {
  groupId: number;
  companyId: number;
  userId: number | null;
  source: 'staff' | 'share' | 'collection';
  shareLinkId?: number | null;
  /** An earlier import of the same company and kind that this upload replaces once it succeeds. */
  replacesImportId?: number | null;
}

/** Stores the upload, records it and queues its processing; answers the new import id. */
export async function startImport(
  deps: { db: Db; storage: FileStorage; boss: PgBoss },
  target: UploadTarget,
  kind: ImportKind,
  file: { fileName: string; stream: Readable },
): Promise<number> {
  const ext = checkFileName(kind, file.fileName);
  const stored = await storeUpload(deps.storage, target.groupId, ext, file.stream, zipLimitsFor(kind));
  const row = await deps.db
    .insertInto('imports')
    .values({
      group_id: target.groupId,
      company_id: target.companyId,
      kind,
      file_name: file.fileName.slice(0, 200),
      file_size: stored.size,
      file_sha256: stored.sha256,
      stored_key: stored.key,
      source: target.source,
      share_link_id: target.shareLinkId ?? null,
      replaces_import_id: target.replacesImportId ?? null,
      created_by: target.userId,
      summary: '{}',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  // Ranked within its group: each group's next file goes before any group's file after that.
  const priority = await groupRank(deps.db, row.id, target.groupId);
  await deps.boss.send(PROCESS_IMPORT, { importId: row.id }, { singletonKey: `import-${row.id}`, priority });
  // The job is committed (send runs on its own): a worker takes it now rather than at its next poll (2 s).
  await wakeWorkersOnCommit(deps.db, PROCESS_IMPORT);
  return row.id;
}

const FINISHED = new Set(['done', 'rejected', 'failed']);

/**
 * Waits for the worker to finish an import (long uploads may take minutes). The import's final
 * event (import-progress.ts, through NOTIFY) wakes the wait at once; the 250 ms poll stays for an
 * instance that does not hear it (no realtime plugin, a lost LISTEN connection).
 */
export async function waitForImport(db: Db, groupId: number, importId: number, timeoutMs: number): Promise<ImportRow> {
  const deadline = Date.now() + timeoutMs;
  let wake: (() => void) | null = null;
  const stop = onEvent((event) => {
    if (event.msgType === IMPORT_EVENT && event.importId === importId && FINISHED.has(String(event.status))) wake?.();
  });
  try {
    for (;;) {
      const row = await findImport(db, groupId, importId);
      if (!row) throw notFound('导入记录不存在');
      if (FINISHED.has(row.status) || Date.now() > deadline) return row;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, 250);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      wake = null;
    }
  } finally {
    stop();
  }
}

export async function importInfo(
  db: Db,
  groupId: number,
  importId: number,
  companyVisible: (companyId: number) => Promise<void>,
) {
  const row = await findImport(db, groupId, importId);
  if (!row) throw notFound('导入记录不存在');
  await companyVisible(row.company_id);
  return row;
}

export async function importHistory(db: Db, groupId: number, companyId: number, page: { page: number; size: number }) {
  const { rows, total } = await listImports(db, groupId, companyId, page);
  return { list: rows.map(presentImport), total, page: page.page, size: page.size };
}

export async function dataOverview(db: Db, groupId: number, companyId: number): Promise<DataOverview> {
  const months = await invoiceMonths(db, groupId, companyId);
  const first = months[0]?.month ?? null;
  const last = months.at(-1)?.month ?? null;
  const present = new Set(months.map((row) => row.month));
  const gaps = first && last ? monthsBetween(first, last).filter((month) => !present.has(month)) : [];
  const figures = await listFigures(db, groupId, companyId);
  const byStatement = new Map<StatementName, string[]>();
  for (const row of figures) byStatement.set(row.statement, [...(byStatement.get(row.statement) ?? []), row.period]);
  const [history, invoiceHistory, statementHistory, returnHistory] = await Promise.all([
    listImports(db, groupId, companyId, { page: 1, size: 1 }),
    listImports(db, groupId, companyId, { page: 1, size: 1 }, 'invoice', true),
    listImports(db, groupId, companyId, { page: 1, size: 1 }, 'statement', true),
    listImports(db, groupId, companyId, { page: 1, size: 1 }, 'return', true),
  ]);
  return {
    invoices: {
      total: months.reduce((sum, row) => sum + Number(row.sales_count) + Number(row.purchase_count), 0),
      lines: await lineCount(db, groupId, companyId),
      voidCount: months.reduce((sum, row) => sum + Number(row.void_count), 0),
      firstMonth: first,
      lastMonth: last,
      gaps,
      months: months.map((row) => ({
        month: row.month,
        salesCount: Number(row.sales_count),
        salesAmountFen: Number(row.sales_amount),
        salesTaxFen: Number(row.sales_tax),
        purchaseCount: Number(row.purchase_count),
        purchaseAmountFen: Number(row.purchase_amount),
        purchaseTaxFen: Number(row.purchase_tax),
      })),
    },
    figures: [...byStatement.entries()].map(([statement, periods]) => ({ statement, periods })),
    lastImport: history.rows[0] ? presentImport(history.rows[0]) : null,
    lastInvoiceImport: invoiceHistory.rows[0] ? presentImport(invoiceHistory.rows[0]) : null,
    lastFiguresImports: [...statementHistory.rows, ...returnHistory.rows].map(presentImport),
  };
}

export async function saveManualFigures(
  db: Db,
  scope: { groupId: number; companyId: number; userId: number },
  entry: { statement: StatementName; period: string; layout: string | null; figures: Record<string, number> },
) {
  if (Object.keys(entry.figures).length === 0) throw new AppError('VALIDATION', '请至少填写一项数据');
  await db.transaction().execute((tx) => upsertFigures(tx, { ...scope, importId: null }, [entry]));
}

export async function figuresOf(db: Db, groupId: number, companyId: number, statement?: StatementName) {
  const rows = await listFigures(db, groupId, companyId, statement);
  return rows.map((row) => ({
    statement: row.statement,
    period: row.period,
    layout: row.layout,
    figures: row.figures as Record<string, number>,
    source: row.source,
    importId: row.import_id,
    updateTime: row.updated_at.toISOString(),
  }));
}
