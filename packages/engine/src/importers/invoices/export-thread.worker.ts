/**
 * The import thread's side of export-thread.pool.ts: reads one export after another with
 * readInvoiceExport, its bytes pulled from the main thread chunk by chunk, and posts each batch
 * back (structured clone) at most AHEAD batches before the main thread has taken them, so a slow
 * database holds the read back instead of piling batches up in memory.
 */
import { Readable } from 'node:stream';
import { parentPort } from 'node:worker_threads';
import type { FromThread, ToThread } from './export-thread.protocol.js';
import { readInvoiceExport } from './invoice-export.reader.js';
import type { InvoiceExportOptions } from './invoice-import.types.js';

/** Batches posted and not yet taken by the main thread before the read waits. */
const AHEAD = 2;

const port = parentPort;
if (!port) throw new Error('export-thread.worker.ts runs only as a worker thread');
const post = (message: FromThread) => port.postMessage(message);

/** The read in progress (one at a time). */
let current: { job: number; input: Readable; ahead: number; taken: (() => void) | null } | null = null;

async function read(job: number, options: InvoiceExportOptions): Promise<void> {
  const input = new Readable({ read: () => post({ type: 'pull', job }) });
  const state = { job, input, ahead: 0, taken: null as (() => void) | null };
  current = state;
  try {
    for await (const batch of readInvoiceExport({ stream: input }, options)) {
      post({ type: 'batch', job, batch });
      state.ahead += 1;
      while (state.ahead >= AHEAD) await new Promise<void>((resolve) => (state.taken = resolve));
    }
    post({ type: 'done', job });
  } catch (error) {
    const failure = error instanceof Error ? error : new Error(String(error));
    const { reason, details } = failure as Error & { reason?: string; details?: Record<string, string | string[]> };
    post({
      type: 'fail',
      job,
      error: { name: failure.name, message: failure.message, stack: failure.stack, reason, details },
    });
  } finally {
    if (current === state) current = null;
  }
}

port.on('message', (message: ToThread) => {
  if (message.type === 'read') {
    void read(message.job, message.options);
    return;
  }
  const state = current;
  // A late answer for a read that has ended.
  if (!state || state.job !== message.job) return;
  if (message.type === 'chunk') {
    state.input.push(Buffer.from(message.bytes.buffer, message.bytes.byteOffset, message.bytes.byteLength));
  } else if (message.type === 'end') {
    state.input.push(null);
  } else {
    state.ahead -= 1;
    state.taken?.();
    state.taken = null;
  }
});
post({ type: 'ready' });
