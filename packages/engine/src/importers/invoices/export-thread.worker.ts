/**
 * The import thread's side of export-thread.pool.ts: reads one export after another with
 * readInvoiceExport, its bytes pulled from the main thread chunk by chunk, and posts each batch
 * back (structured clone) at most AHEAD batches before the main thread has taken them, so a slow
 * database holds the read back instead of piling batches up in memory.
 */
import { Readable } from 'node:stream';
import { parentPort } from 'node:worker_threads';
import type { BatchStep, BatchStepSpec, Crossing, FromThread, ToThread } from './export-thread.protocol.js';
import { readInvoiceExport } from './invoice-export.reader.js';
import type { InvoiceBatch, InvoiceExportOptions } from './invoice-import.types.js';
import { lowerThreadPriority } from './thread-priority.js';

/** Batches posted and not yet taken by the main thread before the read waits. */
const AHEAD = 2;

const port = parentPort;
if (!port) throw new Error('export-thread.worker.ts runs only as a worker thread');
lowerThreadPriority();
const post = (message: FromThread, transfer: ArrayBuffer[] = []) => port.postMessage(message, transfer);

type StepModule = { createBatchStep(config: unknown): BatchStep<unknown> };
/** Step modules loaded so far (once per thread). */
const stepModules = new Map<string, Promise<StepModule>>();

/** TypeScript source (the repository runs through tsx) is imported through tsx's API, as this file was. */
function stepModule(url: string): Promise<StepModule> {
  let loading = stepModules.get(url);
  if (!loading) {
    loading = /[.][cm]?ts$/.test(url)
      ? import('tsx/esm/api').then(({ tsImport }) => tsImport(url, import.meta.url) as Promise<StepModule>)
      : (import(url) as Promise<StepModule>);
    stepModules.set(url, loading);
  }
  return loading;
}

/** The batch as it crosses: as it is (cloned), or what the read's step made of it. */
const asIs = (batch: InvoiceBatch): Crossing<unknown> => ({ value: batch, transfer: [] });

/** The read in progress (one at a time). */
let current: { job: number; input: Readable; ahead: number; taken: (() => void) | null } | null = null;

async function read(job: number, options: InvoiceExportOptions, spec: BatchStepSpec | null): Promise<void> {
  const input = new Readable({ read: () => post({ type: 'pull', job }) });
  const state = { job, input, ahead: 0, taken: null as (() => void) | null };
  current = state;
  const send = async ({ value, transfer }: Crossing<unknown>, hold = true) => {
    post({ type: 'batch', job, batch: value }, transfer);
    state.ahead += 1;
    while (hold && state.ahead >= AHEAD) await new Promise<void>((resolve) => (state.taken = resolve));
  };
  try {
    const step = spec ? (await stepModule(spec.module)).createBatchStep(spec.config) : null;
    for await (const batch of readInvoiceExport({ stream: input }, options)) {
      await send(step ? step.batch(batch) : asIs(batch));
    }
    // Nothing is read after the last batch, so nothing is held back: the step's `end()` is made
    // (the server encodes its report snapshot) while the main thread still stores the last batches.
    if (step) await send(step.end(), false);
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
    void read(message.job, message.options, message.step);
    return;
  }
  if (message.type === 'load') {
    // A failure to load shows again, with its reason, at the read that needs the module.
    stepModule(message.module).catch(() => stepModules.delete(message.module));
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
