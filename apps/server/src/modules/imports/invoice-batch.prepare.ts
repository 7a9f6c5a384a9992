/**
 * A batch's work that needs no database (issue 21): its report snapshot rows, the choice between
 * the direct and the careful way (invoice-batch.writer.ts), and a direct batch's COPY text. Done
 * on the worker's thread (InvoiceBatchWriter.prepare) or on the import thread
 * (invoice-batch.thread.ts); neither loads database code from here.
 */
import type { NormalizedInvoice, NormalizedInvoiceDetail, NormalizedInvoiceLine } from '@taxlens/engine';
import type { InvoiceSnapshotBuilder } from '../reports/snapshots/invoice-snapshot.codec.js';
import { type DirectCopy, directCopies, type Scope } from './invoice-copy.text.js';

export interface InvoiceBatch {
  invoices: NormalizedInvoice[];
  lines: NormalizedInvoiceLine[];
  details: NormalizedInvoiceDetail[];
}

/** A batch ready to write: its COPY text made when it goes the direct way. */
export interface PreparedBatch {
  /** The rows; a direct batch prepared on the import thread carries only its details (its copies hold the rest). */
  batch: InvoiceBatch;
  copies: DirectCopy[] | null;
  invoiceCount: number;
  lineCount: number;
}

/**
 * `snapshot` is the import's one report snapshot builder, given every batch in order: it also
 * tells whether this batch names an invoice or line given before. `direct`: whether the run may
 * copy straight into the tables at all. `bytes`: the COPY text as UTF-8 bytes (for the import thread).
 */
export function prepareBatch(
  batch: InvoiceBatch,
  snapshot: InvoiceSnapshotBuilder,
  scope: Scope,
  direct: boolean,
  bytes = false,
): PreparedBatch {
  // The report snapshot (issue 21) copies what is written; it is kept only if all were inserts.
  // Added before the writes so the snapshot can be encoded while the last batch is being stored.
  const repeated = snapshot.repeated;
  snapshot.addInvoices(batch.invoices);
  snapshot.addLines(batch.lines);
  // A key met before (in an earlier batch, or twice in this one) sends the batch the careful way,
  // whose upserts merge it (the last one wins); so a direct batch never names a key twice.
  const copies = direct && snapshot.repeated === repeated ? directCopies(scope, batch, bytes) : null;
  return { batch, copies, invoiceCount: batch.invoices.length, lineCount: batch.lines.length };
}
