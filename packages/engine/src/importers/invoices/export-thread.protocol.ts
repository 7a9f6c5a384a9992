/** Messages between the main thread (export-thread.pool.ts) and the import thread (export-thread.worker.ts). */
import type { InvoiceBatch, InvoiceExportOptions } from './invoice-import.types.js';

/**
 * Every message names its read (`job`): a thread serves one read after another, and a chunk the
 * main thread sends for a read that has already ended must not reach the next one.
 */
export type ToThread =
  /** Read one export; its bytes follow as answers to `pull`. */
  | { type: 'read'; job: number; options: InvoiceExportOptions }
  | { type: 'chunk'; job: number; bytes: Uint8Array }
  | { type: 'end'; job: number }
  /** The main thread took a batch: the thread may read one more ahead. */
  | { type: 'taken'; job: number };

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
  | { type: 'batch'; job: number; batch: InvoiceBatch }
  | { type: 'done'; job: number }
  | { type: 'fail'; job: number; error: CrossedError };
