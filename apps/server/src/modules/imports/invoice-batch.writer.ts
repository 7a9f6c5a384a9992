/**
 * Stores an invoice import's batches inside its transaction, by one of two ways:
 *
 * - careful (any company): invoices and lines are upserted (COPY into a staging table, then
 *   INSERT … ON CONFLICT, or the JSON path without a pg client), the import's holdings are added,
 *   lines and special-business rows an earlier import left for these invoices are removed first;
 * - direct (issue 21): when the company had no invoice, line or detail stored as the import began,
 *   a batch whose keys this import has not written yet cannot meet a stored row, so it is COPYed
 *   straight into the tables and nothing earlier is looked for. A batch that repeats a key of an
 *   earlier batch of the file takes the careful way, so a key given twice merges as it always did.
 *
 * Both ways store the same rows (stored-rows.test.ts). A concurrent import of the same company
 * that stores one of these keys first makes the direct COPY fail on the unique keys
 * (unique_violation); the runner then runs the file again the careful way (`isDirectConflict`).
 */
import { sql } from 'kysely';
import type pg from 'pg';
import type { DbOrTx } from '../../db/kysely.js';
import { type InvoiceBatch, type PreparedBatch, type PrepareState, prepareBatch } from './invoice-batch.prepare.js';
import { copyDirect, copyUpsertInvoiceLines, copyUpsertInvoices, createStages } from './invoice-copy.repo.js';
import type { Scope } from './invoice-copy.text.js';
import { clearEarlierLines, linkInvoices, storeDetails } from './invoice-holdings.repo.js';
import { upsertInvoiceLines, upsertInvoices } from './invoices.repo.js';

export type { InvoiceBatch, PreparedBatch };

export type Counts = { invoicesNew: number; invoicesUpdated: number; linesNew: number; linesUpdated: number };

/** The error a direct COPY gives when a concurrent import stored one of its keys first. */
export function isDirectConflict(error: unknown): boolean {
  return (error as { code?: string } | null)?.code === '23505';
}

/** Whether the company has any invoice, line or special-business row stored (committed or ours). */
async function companyHasInvoiceData(tx: DbOrTx, companyId: number): Promise<boolean> {
  const { rows } = await sql<{ stored: boolean }>`
    SELECT EXISTS (SELECT 1 FROM invoices WHERE company_id = ${companyId})
        OR EXISTS (SELECT 1 FROM invoice_lines WHERE company_id = ${companyId})
        OR EXISTS (SELECT 1 FROM invoice_details WHERE company_id = ${companyId}) AS stored`.execute(tx);
  return rows[0]?.stored ?? true;
}

export class InvoiceBatchWriter {
  readonly counts: Counts = { invoicesNew: 0, invoicesUpdated: 0, linesNew: 0, linesUpdated: 0 };
  /** Batches stored each way (for the log and the bench). */
  readonly batches = { direct: 0, careful: 0 };
  private staged = false;

  private constructor(
    private readonly tx: DbOrTx,
    private readonly client: pg.PoolClient | null,
    readonly scope: Scope,
    /** Whether batches may go the direct way (the company had nothing stored, and COPY is at hand). */
    readonly direct: boolean,
  ) {}

  /** `direct`: whether this run may copy straight into the tables (false after a direct conflict). */
  static async open(tx: DbOrTx, client: pg.PoolClient | null, scope: Scope, direct: boolean) {
    const empty = direct && client !== null && !(await companyHasInvoiceData(tx, scope.companyId));
    return new InvoiceBatchWriter(tx, client, scope, empty);
  }

  /** Stores one batch: `prepare` then `write`. */
  async store(batch: InvoiceBatch, state: PrepareState): Promise<void> {
    await this.write(this.prepare(batch, state));
  }

  /**
   * A batch's work that needs no database (invoice-batch.prepare.ts), on this thread: the runner
   * does it while PostgreSQL stores the batch before. (On the import thread the same is done by
   * invoice-batch.thread.ts.)
   */
  prepare(batch: InvoiceBatch, state: PrepareState): PreparedBatch {
    return prepareBatch(batch, state, this.scope, this.direct);
  }

  /** Writes prepared batches, in the order they were prepared, one at a time. */
  async write(prepared: PreparedBatch): Promise<void> {
    if (prepared.copies && this.client) await this.storeDirect(this.client, prepared);
    else await this.storeCarefully(prepared.batch);
  }

  private async storeDirect(client: pg.PoolClient, prepared: PreparedBatch): Promise<void> {
    await copyDirect(client, prepared.copies ?? []);
    // No other import holds details of this company: none to remove first.
    await storeDetails(this.tx, this.scope, prepared.batch.details, { clearEarlier: false });
    this.counts.invoicesNew += prepared.invoiceCount;
    this.counts.linesNew += prepared.lineCount;
    this.batches.direct += 1;
  }

  private async storeCarefully(batch: InvoiceBatch): Promise<void> {
    const { tx, client, scope, counts } = this;
    if (client && !this.staged) {
      await createStages(client);
      this.staged = true;
    }
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
    counts.invoicesNew += invoices.inserted;
    counts.invoicesUpdated += invoices.updated;
    counts.linesNew += Math.max(0, lines.inserted - replaced);
    counts.linesUpdated += lines.updated + Math.min(replaced, lines.inserted);
    this.batches.careful += 1;
  }
}
