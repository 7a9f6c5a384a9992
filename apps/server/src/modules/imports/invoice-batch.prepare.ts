/**
 * A batch's work that needs no database (issue 21): its report snapshot rows, the choice between
 * the direct and the careful way (invoice-batch.writer.ts), and a direct batch's COPY text. Done
 * on the worker's thread (InvoiceBatchWriter.prepare) or on the import thread
 * (invoice-batch.thread.ts); neither loads database code from here.
 */
import type { NormalizedInvoice, NormalizedInvoiceDetail, NormalizedInvoiceLine } from '@taxlens/engine';
import { InvoiceSnapshotBuilder } from '../reports/snapshots/invoice-snapshot.codec.js';
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
 * Invoice keys whose holding row (import_invoices) this import has written the direct way. A csv
 * holds lines only, and its invoices are derived from them after the last line (the engine's
 * reader), so they used to come in the last batches with all their holding rows, while
 * PostgreSQL was the slower side and the import thread idle. With `fromLines` an invoice is held
 * as soon as its first line is written, when PostgreSQL has time to spare; every key of a csv's
 * lines becomes one of its invoices, so the rows stored are the same (issue 21).
 */
export class HeldKeys {
  private readonly keys = new Set<string>();

  constructor(readonly fromLines: boolean) {}

  /** The batch's invoice keys not held yet (its invoices', with `fromLines` its lines' too), now held. */
  take(batch: Pick<InvoiceBatch, 'invoices' | 'lines'>): string[] {
    const taken: string[] = [];
    const hold = (key: string) => {
      if (this.keys.has(key)) return;
      this.keys.add(key);
      taken.push(key);
    };
    for (const invoice of batch.invoices) hold(invoice.key);
    if (this.fromLines) {
      let last: string | null = null;
      for (const line of batch.lines) {
        // A csv lists an invoice's lines together: most lines name the key of the line before.
        if (line.invoiceKey !== last) hold(line.invoiceKey);
        last = line.invoiceKey;
      }
    }
    return taken;
  }
}

/** What preparing an import's batches remembers from one batch to the next. */
export interface PrepareState {
  /** The import's one report snapshot builder, given every batch in order. */
  snapshot: InvoiceSnapshotBuilder;
  held: HeldKeys;
}

/** A new import's state; `format` of its file (a csv's invoices are held from its lines). */
export function prepareState(format: 'csv' | 'xlsx'): PrepareState {
  return { snapshot: new InvoiceSnapshotBuilder(), held: new HeldKeys(format === 'csv') };
}

/**
 * The snapshot also tells whether this batch names an invoice or line given before. `direct`:
 * whether the run may copy straight into the tables at all. `bytes`: the COPY text as UTF-8 bytes
 * (for the import thread).
 */
export function prepareBatch(
  batch: InvoiceBatch,
  { snapshot, held }: PrepareState,
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
  const copies = direct && snapshot.repeated === repeated ? directCopies(scope, batch, held.take(batch), bytes) : null;
  return { batch, copies, invoiceCount: batch.invoices.length, lineCount: batch.lines.length };
}
