import { Transform } from 'node:stream';
import {
  type InvoiceImportProblem,
  type InvoiceImportSummary,
  type NormalizedInvoice,
  type NormalizedInvoiceDetail,
  type NormalizedInvoiceLine,
  readInvoiceExport,
} from '@taxlens/engine';
import { sql } from 'kysely';
import type pg from 'pg';
import type { Db, DbOrTx } from '../../db/kysely.js';
import type { FileStorage } from '../../lib/storage.js';
import { InvoiceSnapshotBuilder } from '../reports/snapshots/invoice-snapshot.codec.js';
import { storeInvoiceSnapshot } from '../reports/snapshots/invoice-snapshot.repo.js';
import { withImportTransaction } from './import-connection.js';
import type { ImportProgress } from './import-progress.js';
import { ImportTimings } from './import-timings.js';
import type { ImportRow } from './imports.repo.js';
import { copyUpsertInvoiceLines, copyUpsertInvoices, createStages } from './invoice-copy.repo.js';
import { clearEarlierLines, linkInvoices, storeDetails } from './invoice-holdings.repo.js';
import { upsertInvoiceLines, upsertInvoices } from './invoices.repo.js';

/** Problems kept for the 错误报告; beyond this the report says how many more there were. */
const MAX_REPORTED_PROBLEMS = 20_000;

/** Rows per stored batch: fewer, larger statements than the reader's default (measured in bench/import-db.ts). */
const STORE_BATCH_ROWS = 5_000;
/** New invoices and lines from one file after which the tables' planner statistics are refreshed. */
const ANALYZE_AFTER_NEW_ROWS = 10_000;

/** Thrown inside the transaction to roll it back when the file has row errors. */
class RejectedFile extends Error {}

export interface RunOutcome {
  status: 'done' | 'rejected' | 'failed';
  summary: Record<string, unknown>;
  message: string;
  problems: InvoiceImportProblem[];
  problemCount: number;
}

type Counts = { invoicesNew: number; invoicesUpdated: number; linesNew: number; linesUpdated: number };

/**
 * Stores one batch. With the import's own connection (`client`) invoices and lines go through COPY
 * into staging tables (invoice-copy.repo.ts), otherwise as one JSON parameter; the statements that
 * move them into place, and so the merge rules, are the same.
 */
async function storeBatch(
  tx: DbOrTx,
  client: pg.PoolClient | null,
  scope: { groupId: number; companyId: number; importId: number },
  batch: { invoices: NormalizedInvoice[]; lines: NormalizedInvoiceLine[]; details: NormalizedInvoiceDetail[] },
  counts: Counts,
  snapshot: InvoiceSnapshotBuilder,
): Promise<void> {
  const invoices = client
    ? await copyUpsertInvoices(client, scope, batch.invoices)
    : await upsertInvoices(tx, scope, batch.invoices);
  await linkInvoices(
    tx,
    scope,
    batch.invoices.map((invoice) => invoice.key),
  );
  // A re-import replaces an invoice's lines whole; a replaced line counts as updated, not new.
  const replaced = await clearEarlierLines(
    tx,
    scope,
    batch.lines.map((line) => line.invoiceKey),
  );
  const lines = client
    ? await copyUpsertInvoiceLines(client, scope, batch.lines)
    : await upsertInvoiceLines(tx, scope, batch.lines);
  await storeDetails(tx, scope, batch.details);
  // The report snapshot (issue 21) copies what was written; it is kept only if all were inserts.
  snapshot.addInvoices(batch.invoices);
  snapshot.addLines(batch.lines);
  counts.invoicesNew += invoices.inserted;
  counts.invoicesUpdated += invoices.updated;
  counts.linesNew += Math.max(0, lines.inserted - replaced);
  counts.linesUpdated += lines.updated + Math.min(replaced, lines.inserted);
}

/**
 * Reads the stored export as a stream and stores its rows in one transaction, batch by batch.
 * Any row error rolls the whole file back: nothing half-stored, and the report lists every row.
 */
export async function runInvoiceImport(
  db: Db,
  storage: FileStorage,
  row: ImportRow,
  company: { taxNo: string; name: string },
  progress: ImportProgress,
  /** Where the time goes, by stage (the job logs it; bench/import-db.ts prints it). */
  timings = new ImportTimings(),
): Promise<RunOutcome> {
  let bytes = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      bytes += chunk.length;
      done(null, chunk);
    },
  });
  const source = (await storage.read(row.stored_key)).pipe(counter);
  const format = row.stored_key.endsWith('.csv') ? 'csv' : 'xlsx';
  const problems: InvoiceImportProblem[] = [];
  let problemCount = 0;
  let errorCount = 0;
  // Assigned inside the transaction callback, which narrowing cannot see.
  let summary = null as InvoiceImportSummary | null;
  const counts: Counts = { invoicesNew: 0, invoicesUpdated: 0, linesNew: 0, linesUpdated: 0 };
  const scope = { groupId: row.group_id, companyId: row.company_id, importId: row.id };
  const snapshot = new InvoiceSnapshotBuilder();

  let writing: Promise<void> = Promise.resolve();

  let committing = 0;
  try {
    await withImportTransaction(db, async (tx, client) => {
      await progress.deadline.bound(tx);
      if (client) await createStages(client);
      let mark = performance.now();
      for await (const batch of readInvoiceExport(
        { stream: source },
        { format, companyTaxNo: company.taxNo, companyName: company.name, batchSize: STORE_BATCH_ROWS },
      )) {
        for (const problem of batch.problems) {
          problemCount++;
          if (problem.severity === 'error') errorCount++;
          if (problems.length < MAX_REPORTED_PROBLEMS) problems.push(problem);
        }
        // Once a row error is known the file will be refused: keep reading only to list every problem.
        if (errorCount === 0) {
          // PostgreSQL stores this batch while the loop parses the next one (the two share no
          // state); one write at a time, as the transaction has one connection.
          timings.add('read', performance.now() - mark);
          await timings.time('waitForWrites', () => writing);
          mark = performance.now();
          await progress.deadline.bound(tx);
          writing = timings.time('writes', () => storeBatch(tx, client, scope, batch, counts, snapshot));
          // Awaited before the next write and after the loop; this only keeps an early failure
          // from counting as unhandled while the next batch is being parsed.
          writing.catch(() => {});
        }
        summary = batch.summary ?? summary;
        await progress.report(bytes / Math.max(1, row.file_size));
      }
      timings.add('read', performance.now() - mark);
      await timings.time('lastWrite', () => writing);
      if (errorCount > 0) throw new RejectedFile();
      progress.deadline.check();
      await timings.time('snapshot', () =>
        storeInvoiceSnapshot(tx, scope, snapshot, counts.invoicesUpdated + counts.linesUpdated === 0),
      );
      committing = performance.now();
    });
    timings.add('commit', performance.now() - committing);
  } catch (error) {
    if (!(error instanceof RejectedFile)) throw error;
  }

  const base = {
    invoices: summary?.invoiceCount ?? 0,
    lines: summary?.lineCount ?? 0,
    rejected: summary?.rejectedRowCount ?? 0,
    periods: summary?.periods ?? [],
    warnings: summary?.warningCount ?? 0,
    sheets: summary?.sheets ?? [],
    skippedSheets: summary?.skippedSheets ?? [],
    details: summary?.detailCount ?? 0,
    listSummaryLines: summary?.listSummaryLines ?? 0,
    taxNoWarnings: summary?.taxNoWarnings ?? 0,
    encoding: summary?.encoding ?? null,
  };
  if (errorCount > 0) {
    return {
      status: 'rejected',
      summary: { ...base, invoices: 0, lines: 0 },
      message: `文件中有 ${base.rejected} 行存在错误，本次未导入任何数据。请下载错误报告，修改后重新上传。`,
      problems,
      problemCount,
    };
  }
  if (counts.invoicesNew + counts.linesNew >= ANALYZE_AFTER_NEW_ROWS) {
    // Fresh statistics before the report that usually follows: planned on the stale ones of a near-
    // empty table, the report's lines query became a nested loop that ran for minutes (issue 21).
    await timings.time('analyze', () => sql`ANALYZE invoices, invoice_lines`.execute(db).catch(() => {}));
  }
  const periods = base.periods.length > 0 ? `，涵盖 ${base.periods[0]} 至 ${base.periods.at(-1)}` : '';
  const notes = [
    base.details > 0 ? `特定业务信息 ${base.details} 条` : '',
    base.taxNoWarnings > 0 ? `${base.taxNoWarnings} 张发票的对方纳税人识别号未通过校验（见错误报告）` : '',
    base.skippedSheets.length > 0
      ? `已跳过无法识别的工作表：${base.skippedSheets.map((sheet) => sheet.name).join('、')}`
      : '',
  ].filter((note) => note !== '');
  return {
    status: 'done',
    summary: { ...base, ...counts },
    message:
      `导入完成：发票 ${base.invoices} 张（新增 ${counts.invoicesNew}），明细 ${base.lines} 行${periods}` +
      (notes.length > 0 ? `；${notes.join('；')}` : ''),
    problems,
    problemCount,
  };
}
