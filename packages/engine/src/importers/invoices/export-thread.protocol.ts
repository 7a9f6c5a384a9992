/** Messages between the main thread (export-thread.pool.ts) and the import thread (export-thread.worker.ts). */
import type { InvoiceBatch, InvoiceExportOptions } from './invoice-import.types.js';

/**
 * Work the import thread does on each batch before it crosses (issue 21), given by the caller:
 * `module` (a URL) exports `createBatchStep(config)` returning a `BatchStep`. The server uses it
 * to make the COPY text and the report snapshot on the thread, so that only bytes cross (moved,
 * not copied) where a structured clone of the rows cost the main thread about what it saved.
 */
export interface BatchStepSpec {
  module: string;
  /** Plain data (structured-cloneable) handed to `createBatchStep`. */
  config: unknown;
}

/** What crosses, and the buffers moved with it (each at most once; never a pooled Buffer's memory). */
export interface Crossing<T> {
  value: T;
  transfer: ArrayBuffer[];
}

export interface BatchStep<T> {
  /** What crosses instead of the batch. */
  batch(batch: InvoiceBatch): Crossing<T>;
  /** After the last batch (not after a refusal): one more value, e.g. what every batch added to. */
  end(): Crossing<T>;
}

/**
 * Every message names its read (`job`): a thread serves one read after another, and a chunk the
 * main thread sends for a read that has already ended must not reach the next one.
 */
export type ToThread =
  /** Read one export; its bytes follow as answers to `pull`. */
  | { type: 'read'; job: number; options: InvoiceExportOptions; step: BatchStepSpec | null }
  | { type: 'chunk'; job: number; bytes: Uint8Array }
  | { type: 'end'; job: number }
  /** The main thread took a batch: the thread may read one more ahead. */
  | { type: 'taken'; job: number }
  /** Load a BatchStep module ahead of the first read that names it (prewarm). */
  | { type: 'load'; module: string };

/** An error as it crosses: an InvoiceImportError keeps its reason and details (and so its Chinese message). */
export interface CrossedError {
  name: string;
  message: string;
  stack: string | undefined;
  reason: string | undefined;
  details: Record<string, string | string[]> | undefined;
}

export type FromThread =
  | { type: 'ready' }
  | { type: 'pull'; job: number }
  /** An InvoiceBatch, or what the read's BatchStep made of it. */
  | { type: 'batch'; job: number; batch: unknown }
  | { type: 'done'; job: number }
  | { type: 'fail'; job: number; error: CrossedError };
