/**
 * The server's step on the import thread (engine, export-thread.pool.ts; issue 21): each batch is
 * prepared there (invoice-batch.prepare.ts: snapshot rows, direct or careful, COPY text), and a
 * direct batch crosses as UTF-8 bytes that are moved, not copied, with only its details and
 * problems cloned. The worker's thread is then left to feed PostgreSQL; before, it received the
 * rows by structured clone, which cost it about what reading them on the thread saved. A careful
 * batch crosses with its rows (its upserts need them). After the last batch the thread encodes the
 * report snapshot and sends its bytes with the facts storing it needs.
 *
 * Loaded by the thread by URL (`threadStep` below), so it imports no database code.
 */
import type { BatchStep, BatchStepSpec, Crossing, InvoiceBatch as ReadBatch } from '@taxlens/engine';
import type { SnapshotFacts } from '../reports/snapshots/invoice-snapshot.codec.js';
import { type PreparedBatch, prepareBatch, prepareState } from './invoice-batch.prepare.js';
import type { Scope } from './invoice-copy.text.js';

export interface ThreadStepConfig {
  scope: Scope;
  /** The writer's `direct`: whether batches may go the direct way at all. */
  direct: boolean;
  format: 'csv' | 'xlsx';
}

/** What crosses from the thread: each batch prepared, then the snapshot. */
export type ThreadItem =
  | { kind: 'batch'; read: Pick<ReadBatch, 'problems' | 'summary'>; prepared: PreparedBatch }
  | {
      kind: 'end';
      snapshot: Omit<SnapshotFacts, 'encode'> & { bytes: Uint8Array | null };
    };

/** The step the runner names in its read (resolved next to this file, .ts under tsx, .js when built). */
export function threadStep(config: ThreadStepConfig): BatchStepSpec {
  return { module: THREAD_STEP_URL, config };
}

export const THREAD_STEP_URL = import.meta.url;

/** Bytes whose buffer is theirs alone, so it can be moved (a pooled Buffer shares its memory). */
function owned(bytes: Uint8Array): Uint8Array {
  return bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? bytes : bytes.slice();
}

export function createBatchStep(config: ThreadStepConfig): BatchStep<ThreadItem> {
  const state = prepareState(config.format);
  const { snapshot } = state;
  const encoder = new TextEncoder();
  return {
    batch(read: ReadBatch): Crossing<ThreadItem> {
      const prepared = prepareBatch(read, state, config.scope, config.direct, true);
      const transfer: ArrayBuffer[] = [];
      if (prepared.copies) {
        // Each copy's bytes sit in a buffer of their own (copyBytes, TextEncoder): moved whole.
        for (const copy of prepared.copies) {
          if (typeof copy.text === 'string') copy.text = encoder.encode(copy.text);
          transfer.push(copy.text.buffer as ArrayBuffer);
        }
        // The copies hold the rows now; only the details are written from objects.
        prepared.batch = { invoices: [], lines: [], details: read.details };
      } else {
        prepared.batch = { invoices: read.invoices, lines: read.lines, details: read.details };
      }
      return { value: { kind: 'batch', read: { problems: read.problems, summary: read.summary }, prepared }, transfer };
    },
    end(): Crossing<ThreadItem> {
      // Encoded here while the worker's thread writes the last batches; an unfaithful one is never stored.
      const bytes =
        snapshot.unfaithful === null && snapshot.headCount + snapshot.lineCount > 0 ? owned(snapshot.encode()) : null;
      const { unfaithful, headCount, lineCount, firstIssued, lastIssued } = snapshot;
      return {
        value: { kind: 'end', snapshot: { unfaithful, headCount, lineCount, firstIssued, lastIssued, bytes } },
        transfer: bytes ? [bytes.buffer as ArrayBuffer] : [],
      };
    },
  };
}

/** The snapshot the thread sent, as storeInvoiceSnapshot takes it. */
export function snapshotFrom(item: Extract<ThreadItem, { kind: 'end' }>): SnapshotFacts {
  const { bytes, ...facts } = item.snapshot;
  return {
    ...facts,
    encode: () => (bytes ? Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) : Buffer.alloc(0)),
  };
}
