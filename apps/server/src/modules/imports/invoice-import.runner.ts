import { Transform } from 'node:stream';
import {
  type InvoiceImportProblem,
  type InvoiceImportSummary,
  type InvoiceBatch as ReadBatch,
  readInvoiceExport,
  readInvoiceExportInThread,
} from '@taxlens/engine';
import type { Db } from '../../db/kysely.js';
import type { FileStorage } from '../../lib/storage.js';
import type { SnapshotFacts } from '../reports/snapshots/invoice-snapshot.codec.js';
import { storeInvoiceSnapshot } from '../reports/snapshots/invoice-snapshot.repo.js';
import { lockStatistics, needsAnalyze, type StatisticsRefresh } from './import-analyze.js';
import { withImportTransaction } from './import-connection.js';
import type { ImportProgress } from './import-progress.js';
import { ImportTimings } from './import-timings.js';
import type { ImportRow } from './imports.repo.js';
import { prepareState } from './invoice-batch.prepare.js';
import { snapshotFrom, type ThreadItem, threadStep } from './invoice-batch.thread.js';
import { type Counts, InvoiceBatchWriter, isDirectConflict } from './invoice-batch.writer.js';

/** Problems kept for the 错误报告; beyond this the report says how many more there were. */
const MAX_REPORTED_PROBLEMS = 20_000;

/** Rows per stored batch: fewer, larger statements than the reader's default (measured in bench/import-db.ts). */
const STORE_BATCH_ROWS = 5_000;
/** Rows in the first batch of a direct import: PostgreSQL starts storing sooner (then STORE_BATCH_ROWS at a time). */
const FIRST_BATCH_ROWS = 1_000;

/**
 * Exports from this size up (xlsx and csv) are read, normalised and prepared (snapshot rows, COPY
 * text: invoice-batch.thread.ts) on an import thread (engine, export-thread.pool.ts), while this
 * thread only feeds PostgreSQL; a small file is read here, where the thread's start and the
 * crossing cost more than they save. (In session 8 a csv stayed here: with only the read on the
 * thread, cloning its rows back cost what the read saved. Now bytes cross, not rows.)
 */
const THREAD_MIN_BYTES = 256 * 1024;

/** Thrown inside the transaction to roll it back when the file has row errors. */
class RejectedFile extends Error {}

export interface RunOutcome {
  status: 'done' | 'rejected' | 'failed';
  summary: Record<string, unknown>;
  message: string;
  problems: InvoiceImportProblem[];
  problemCount: number;
  /** Work after the import is marked done (the statistics: import-analyze.ts); idempotent, never throws. */
  afterDone?: () => Promise<void>;
}

interface FileOutcome {
  summary: InvoiceImportSummary | null;
  counts: Counts;
  problems: InvoiceImportProblem[];
  problemCount: number;
  errorCount: number;
  /** The statistics refresh after the commit, when the file needs one (import-analyze.ts). */
  statistics: StatisticsRefresh | null;
}

/**
 * Reads the stored export as a stream and stores its rows in one transaction, batch by batch
 * (invoice-batch.writer.ts; `direct`: straight COPY allowed). Any row error rolls the whole file
 * back: nothing half-stored, and the report lists every row.
 */
async function storeFile(
  db: Db,
  storage: FileStorage,
  row: ImportRow,
  company: { taxNo: string; name: string },
  progress: ImportProgress,
  timings: ImportTimings,
  options: { direct: boolean; readThread: boolean },
): Promise<FileOutcome> {
  let bytes = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      bytes += chunk.length;
      done(null, chunk);
    },
  });
  const source = (await storage.read(row.stored_key)).pipe(counter);
  const format: 'csv' | 'xlsx' = row.stored_key.endsWith('.csv') ? 'csv' : 'xlsx';
  const outcome: FileOutcome = {
    summary: null,
    counts: { invoicesNew: 0, invoicesUpdated: 0, linesNew: 0, linesUpdated: 0 },
    problems: [],
    problemCount: 0,
    errorCount: 0,
    statistics: null,
  };
  const scope = { groupId: row.group_id, companyId: row.company_id, importId: row.id };
  let writing: Promise<void> = Promise.resolve();
  let committing = 0;
  try {
    await withImportTransaction(db, async (tx, client, keepClient) => {
      await progress.deadline.bound(tx);
      const writer = await InvoiceBatchWriter.open(tx, client, scope, options.direct);
      const readOptions = {
        format,
        companyTaxNo: company.taxNo,
        companyName: company.name,
        batchSize: STORE_BATCH_ROWS,
        // Only the direct way: the careful way counts replaced lines per batch, so its counts depend on where batches end.
        firstBatchSize: writer.direct ? FIRST_BATCH_ROWS : undefined,
      };
      // On the thread the batches come prepared (invoice-batch.thread.ts); here they are prepared as they come.
      const state = prepareState(format);
      let snapshot: SnapshotFacts = state.snapshot;
      const items: AsyncIterable<ThreadItem | ReadBatch> =
        options.readThread && row.file_size >= THREAD_MIN_BYTES
          ? readInvoiceExportInThread<ThreadItem>(
              { stream: source },
              readOptions,
              threadStep({ scope, direct: writer.direct, format }),
            )
          : readInvoiceExport({ stream: source }, readOptions);
      outcome.counts = writer.counts;
      let mark = performance.now();
      for await (const item of items) {
        if ('kind' in item && item.kind === 'end') {
          snapshot = snapshotFrom(item);
          continue;
        }
        const batch = 'kind' in item ? item.read : item;
        for (const problem of batch.problems) {
          outcome.problemCount++;
          if (problem.severity === 'error') outcome.errorCount++;
          if (outcome.problems.length < MAX_REPORTED_PROBLEMS) outcome.problems.push(problem);
        }
        // Once a row error is known the file will be refused: keep reading only to list every problem.
        if (outcome.errorCount === 0) {
          // PostgreSQL stores this batch while the loop reads the next one (the two share no
          // state); one write at a time, as the transaction has one connection.
          // Its snapshot rows and COPY text are made first, while PostgreSQL stores the batch before.
          timings.add('read', performance.now() - mark);
          mark = performance.now();
          const prepared = 'kind' in item ? item.prepared : writer.prepare(item, state);
          timings.add('prepareBatches', performance.now() - mark);
          await timings.time('waitForWrites', () => writing);
          mark = performance.now();
          await progress.deadline.bound(tx);
          writing = timings.time('writes', () => writer.write(prepared));
          // Awaited before the next write and after the loop; this only keeps an early failure
          // from counting as unhandled while the next batch is being parsed.
          writing.catch(() => {});
        }
        outcome.summary = batch.summary ?? outcome.summary;
        await progress.report(bytes / Math.max(1, row.file_size));
      }
      timings.add('read', performance.now() - mark);
      // While PostgreSQL stores the last batch: the snapshot, unless it already cannot be kept
      // (made already when it came from the thread).
      if (
        outcome.errorCount === 0 &&
        snapshot.unfaithful === null &&
        writer.counts.invoicesUpdated + writer.counts.linesUpdated === 0
      ) {
        const start = performance.now();
        snapshot.encode();
        timings.add('snapshotEncode', performance.now() - start);
      }
      await timings.time('lastWrite', () => writing);
      timings.count('directBatches', writer.batches.direct);
      timings.count('carefulBatches', writer.batches.careful);
      if (outcome.errorCount > 0) throw new RejectedFile();
      progress.deadline.check();
      const { invoicesUpdated, linesUpdated } = writer.counts;
      if (client && needsAnalyze(writer.counts)) {
        // Its connection and lock are kept past the commit, until the import is done.
        keepClient();
        outcome.statistics = await lockStatistics(client, scope.companyId);
      }
      await timings.time('snapshot', () =>
        storeInvoiceSnapshot(tx, scope, snapshot, invoicesUpdated + linesUpdated === 0),
      );
      committing = performance.now();
    });
    timings.add('commit', performance.now() - committing);
  } catch (error) {
    // Nothing was stored: no statistics to refresh (the failed transaction's connection was closed).
    outcome.statistics = null;
    if (!(error instanceof RejectedFile)) throw error;
  } finally {
    source.destroy();
  }
  return outcome;
}

/** Stores one invoice export (storeFile) and words its outcome for the import's row. */
export async function runInvoiceImport(
  db: Db,
  storage: FileStorage,
  row: ImportRow,
  company: { taxNo: string; name: string },
  progress: ImportProgress,
  /** Where the time goes, by stage (the job logs it; bench/import-db.ts prints it). */
  timings = new ImportTimings(),
  readThread = false,
): Promise<RunOutcome> {
  let stored: FileOutcome;
  try {
    stored = await storeFile(db, storage, row, company, progress, timings, { direct: true, readThread });
  } catch (error) {
    // A concurrent import of the same company stored one of our keys first: everything this run
    // wrote is rolled back, and the file is stored again with upserts.
    if (!isDirectConflict(error)) throw error;
    timings.count('retriedCarefully');
    stored = await storeFile(db, storage, row, company, progress, timings, { direct: false, readThread });
  }
  const { summary, counts, problems, problemCount, errorCount, statistics } = stored;
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
    afterDone: statistics ? () => statistics.refresh() : undefined,
  };
}
