import {
  buildProblemReport,
  FileKindImportError,
  InvoiceImportError,
  ReturnImportError,
  StatementImportError,
} from '@taxlens/engine';
import type { JobDefinition, JobDeps } from '../../../jobs/registry.js';
import { runFiguresImport } from '../figures-import.runner.js';
import { runDeductionImport, runPayrollImport } from '../file-kinds.runner.js';
import { ImportProgress } from '../import-progress.js';
import { completeReplacement } from '../import-removal.service.js';
import {
  claimImportSlot,
  DEFAULT_IMPORT_SETTINGS,
  groupRank,
  ImportDeadline,
  type ImportSettings,
} from '../import-slots.js';
import { ImportTimings } from '../import-timings.js';
import { findImportById } from '../imports.repo.js';
import { type RunOutcome, runInvoiceImport } from '../invoice-import.runner.js';

export const PROCESS_IMPORT = 'imports.process';
/** Attempts of one file whose worker died before it is given up (e.g. a file that crashes the process). */
export const INTERRUPTED_IMPORT_ATTEMPTS = 2;
/** A file whose group has all its slots busy goes back to the queue for this long. */
const DEFER_SECONDS = 2;

/** Parses and stores one uploaded file; its outcome lands on the imports row and the sockets. */
export const processImportJob: JobDefinition<{ importId: number }> = {
  name: PROCESS_IMPORT,
  // A parse failure is the file's fault and would fail again; only crashes are retried. A worker
  // killed mid-file loses its lease (jobs/leases.ts), so the queue restarts the import from scratch (its rows
  // are stored in one transaction, which died with it) within a minute.
  retryLimit: INTERRUPTED_IMPORT_ATTEMPTS,
  resumeAfterCrash: true,
  workers: (deps) => (deps.imports ?? DEFAULT_IMPORT_SETTINGS).workers,
  async handle({ importId }, deps, attempt) {
    const settings = deps.imports ?? DEFAULT_IMPORT_SETTINGS;
    const outcome = await processImport(deps, importId, attempt?.retryCount ?? 0, settings);
    if (outcome !== 'deferred') return;
    // Its group has its share of the workers: queued again (same rank) so this worker serves others.
    const row = await findImportById(deps.db, importId);
    const priority = row ? await groupRank(deps.db, importId, row.group_id) : 0;
    await deps.boss.send(PROCESS_IMPORT, { importId }, { startAfter: DEFER_SECONDS, priority });
  },
};

/**
 * Runs one import to its end; also called directly by the demo seed, which has no queue yet (and
 * no share to keep). Answers 'deferred' when the group already has its share of files processing.
 */
export async function processImport(
  { db, storage, log }: Pick<JobDeps, 'db' | 'storage' | 'log'>,
  importId: number,
  retryCount = 0,
  settings: ImportSettings = { ...DEFAULT_IMPORT_SETTINGS, perGroup: Number.POSITIVE_INFINITY },
): Promise<'deferred' | undefined> {
  const started = performance.now();
  const timings = new ImportTimings();
  const row = await findImportById(db, importId);
  if (!row || row.status === 'done' || row.status === 'rejected' || row.status === 'failed') return;
  const progress = new ImportProgress(db, row, new ImportDeadline(settings.timeLimitMs));
  if (retryCount >= INTERRUPTED_IMPORT_ATTEMPTS) {
    await progress.finish('failed', { message: '导入多次因服务中断未能完成，请稍后重新上传该文件' });
    log('import given up after interrupted attempts', { importId, attempts: retryCount });
    return;
  }
  // A retry after a crash keeps the slot its first run took (its row is still parsing).
  if (row.status !== 'parsing' && !(await claimImportSlot(db, row, settings))) return 'deferred';
  if (row.status === 'parsing') {
    await db.updateTable('imports').set({ started_at: new Date() }).where('id', '=', importId).execute();
  }
  await progress.report(0, true);
  const company = await db
    .selectFrom('companies')
    .select(['tax_no', 'taxpayer_name'])
    .where('id', '=', row.company_id)
    .executeTakeFirst();
  if (!company) return;
  let outcome: RunOutcome | undefined;
  try {
    const identity = { taxNo: company.tax_no, name: company.taxpayer_name };
    timings.add('prepare', performance.now() - started);
    outcome =
      row.kind === 'invoice'
        ? await runInvoiceImport(db, storage, row, identity, progress, timings, settings.readThread ?? false)
        : row.kind === 'deduction'
          ? await runDeductionImport(db, storage, row, identity, progress.deadline)
          : row.kind === 'payroll'
            ? await runPayrollImport(db, storage, row, identity, progress.deadline)
            : await runFiguresImport(db, storage, row, identity, progress.deadline);
    const finishing = performance.now();
    if (outcome.status === 'done') await completeReplacement(db, storage, row);
    let reportKey: string | null = null;
    if (outcome.problems.length > 0) {
      reportKey = `imports/${row.group_id}/report-${row.id}.xlsx`;
      await storage.put(reportKey, await buildProblemReport(outcome.problems));
    }
    await progress.finish(outcome.status, {
      summary: JSON.stringify(outcome.summary),
      message: outcome.message,
      problem_count: outcome.problemCount,
      problem_report_key: reportKey,
    });
    timings.add('finish', performance.now() - finishing);
    // Done for the user; a report waits for this (import-analyze.ts).
    const { afterDone } = outcome;
    if (afterDone) await timings.time('statisticsAfterDone', afterDone);
    log('import finished', {
      importId,
      status: outcome.status,
      problems: outcome.problemCount,
      timings: timings.toJSON(),
      counts: timings.counts,
    });
  } catch (error) {
    const known =
      error instanceof InvoiceImportError ||
      error instanceof StatementImportError ||
      error instanceof ReturnImportError ||
      error instanceof FileKindImportError;
    const timeout = ImportDeadline.isTimeout(error);
    await progress.finish('failed', {
      message: timeout
        ? progress.deadline.message()
        : known
          ? error.message
          : '导入失败：文件无法处理，请确认文件内容后重试',
    });
    if (timeout) log('import stopped at its time limit', { importId, limitMs: settings.timeLimitMs });
    // Marked failed either way: a retry would find the row finished and stop.
    else if (!known) log('import crashed', { importId, error: String(error) });
  } finally {
    // Its rows are committed whatever failed after: their statistics still need refreshing (a no-op when done above).
    await outcome?.afterDone?.();
  }
}
