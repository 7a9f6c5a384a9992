/**
 * readInvoiceExport on a thread of its own (issue 21). Reading and normalising an export is most
 * of an import's CPU on the main thread; there it came before the COPY text, the report snapshot
 * and every request of the process, so the import's wall time was the sum of the two. On the
 * thread the export is read while the main thread writes the batch before, and the database
 * stores the one before that. Batches cross by structured clone (a 5 000-row batch costs the main
 * thread a few ms to receive); the file's bytes go the other way in the chunks the source gives,
 * pulled by the thread as it reads, so progress by bytes read still means what it meant.
 *
 * Threads are kept: starting one loads the importer (about half a second of CPU), more than a
 * small file takes to read, so one idle thread is kept ready (`prewarmExportThread` starts it with
 * the job workers) and a thread goes back to the pool after a read that ended (done or refused).
 * A read the caller abandons half way ends its thread.
 */
import { createReadStream } from 'node:fs';
import type { Readable } from 'node:stream';
import { Worker } from 'node:worker_threads';
import type { BatchStepSpec, CrossedError, FromThread, ToThread } from './export-thread.protocol.js';
import { InvoiceImportError, type InvoiceImportFailure } from './invoice-import.errors.js';
import type { InvoiceBatch, InvoiceExportInput, InvoiceExportOptions } from './invoice-import.types.js';

/** Idle threads kept for the next import. */
const KEEP_IDLE = 1;

const WORKER_URL = import.meta.url.replace(/export-thread[.]pool([.][cm]?[jt]s)$/, 'export-thread.worker$1');

/**
 * The worker's code: plain JavaScript is imported as is; TypeScript source (the repository runs
 * through tsx) is imported through tsx's API, which works whether or not this process has tsx's
 * hooks (vitest has its own).
 */
function bootCode(): string {
  if (!/[.][cm]?ts$/.test(WORKER_URL)) return `import(${JSON.stringify(WORKER_URL)})`;
  const api = import.meta.resolve('tsx/esm/api');
  return `import(${JSON.stringify(api)}).then(({ tsImport }) => tsImport(${JSON.stringify(WORKER_URL)}, ${JSON.stringify(WORKER_URL)}))`;
}

/**
 * The thread's young generation (both semi-spaces; V8's default for a worker is 32 MB). A batch's
 * rows, cells and texts live for a batch or two: with 32 MB semi-spaces more of them die in a
 * scavenge instead of being copied and promoted, ~6 % less CPU for a 100 000-line csv read and
 * prepared (0.15 s; in-process A/B, three runs each, load 6), for at most 64 MB more memory.
 */
const YOUNG_GENERATION_MB = 96;

class ExportThread {
  readonly worker = new Worker(bootCode(), {
    eval: true,
    resourceLimits: { maxYoungGenerationSizeMb: YOUNG_GENERATION_MB },
  });
  /** Settles once the worker has loaded the importer. */
  readonly ready: Promise<void>;
  /** Where the current read takes the thread's messages. */
  listener: ((message: FromThread) => void) | null = null;
  /** The thread failed or exited: never reused. */
  broken: Error | null = null;

  constructor() {
    let resolveReady: () => void = () => {};
    let rejectReady: (error: Error) => void = () => {};
    this.ready = new Promise<void>((resolve, reject) => {
      resolveReady = resolve;
      rejectReady = reject;
    });
    // Nobody may be waiting yet (a prewarmed thread): the failure is kept in `broken`.
    this.ready.catch(() => {});
    this.worker.on('message', (message: FromThread) => {
      if (message.type === 'ready') resolveReady();
      else this.listener?.(message);
    });
    const fail = (error: Error) => {
      this.broken ??= error;
      rejectReady(error);
      this.listener?.({ type: 'fail', job: -1, error: crossed(error) });
    };
    this.worker.on('error', fail);
    this.worker.on('exit', (code) => fail(new Error(`导入线程意外退出（代码 ${code}）`)));
  }

  post(message: ToThread, transfer: ArrayBuffer[] = []): void {
    this.worker.postMessage(message, transfer);
  }
}

const idle: ExportThread[] = [];

function takeThread(): ExportThread {
  for (let thread = idle.pop(); thread; thread = idle.pop()) if (!thread.broken) return thread;
  return new ExportThread();
}

function keepIdle(thread: ExportThread): void {
  thread.listener = null;
  if (thread.broken || idle.length >= KEEP_IDLE) {
    void thread.worker.terminate();
    return;
  }
  // An idle thread does not keep the process alive.
  thread.worker.unref();
  idle.push(thread);
}

/**
 * Starts an idle thread now, so the first import does not wait for the importer to load; with
 * `stepModules`, the thread also loads those BatchStep modules ahead of the read that needs them.
 */
export function prewarmExportThread(stepModules: readonly string[] = []): void {
  if (idle.length === 0) keepIdle(new ExportThread());
  for (const thread of idle) for (const module of stepModules) thread.post({ type: 'load', module });
}

function crossed(error: Error): CrossedError {
  return { name: error.name, message: error.message, stack: error.stack, reason: undefined, details: undefined };
}

function revived(error: CrossedError): Error {
  if (error.name === 'InvoiceImportError' && error.reason) {
    return new InvoiceImportError(error.reason as InvoiceImportFailure, error.message, error.details ?? {});
  }
  const revivedError = new Error(error.message);
  revivedError.name = error.name;
  if (error.stack) revivedError.stack = error.stack;
  return revivedError;
}

/** A chunk of the source as bytes the thread may own (copied: a stream's buffers may share their memory). */
function ownedBytes(chunk: unknown): Uint8Array {
  if (typeof chunk === 'string') return new Uint8Array(Buffer.from(chunk));
  return new Uint8Array(chunk as Uint8Array);
}

let jobs = 0;

/** What the read loop waits on: the thread's messages, or the failure of the source it reads for it. */
type Inbox = FromThread | { type: 'source failed'; error: unknown };

/**
 * readInvoiceExport's batches, read on an import thread; with `step`, what the step made of each
 * batch on the thread, then its `end()` value (see BatchStepSpec).
 */
export function readInvoiceExportInThread(
  input: InvoiceExportInput,
  options: InvoiceExportOptions,
): AsyncGenerator<InvoiceBatch, void, undefined>;
export function readInvoiceExportInThread<T>(
  input: InvoiceExportInput,
  options: InvoiceExportOptions,
  step: BatchStepSpec,
): AsyncGenerator<T, void, undefined>;
export async function* readInvoiceExportInThread(
  input: InvoiceExportInput,
  options: InvoiceExportOptions,
  step: BatchStepSpec | null = null,
): AsyncGenerator<unknown, void, undefined> {
  const source: Readable = 'path' in input ? createReadStream(input.path) : input.stream;
  const chunks = source[Symbol.asyncIterator]();
  const job = ++jobs;
  const thread = takeThread();
  thread.worker.ref();
  const inbox: Inbox[] = [];
  let wake: (() => void) | null = null;
  let reusable = false;
  const deliver = (message: Inbox) => {
    inbox.push(message);
    wake?.();
    wake = null;
  };
  thread.listener = (message) => {
    // Job -1: the thread itself failed, whatever it was reading.
    if ('job' in message && message.job !== job && message.job !== -1) return;
    if (message.type !== 'pull') {
      deliver(message);
      return;
    }
    chunks.next().then(
      (next) => {
        if (next.done) thread.post({ type: 'end', job });
        else {
          const bytes = ownedBytes(next.value);
          thread.post({ type: 'chunk', job, bytes }, [bytes.buffer as ArrayBuffer]);
        }
      },
      (error: unknown) => deliver({ type: 'source failed', error }),
    );
  };
  try {
    await thread.ready;
    thread.post({ type: 'read', job, options, step });
    for (;;) {
      while (inbox.length === 0) await new Promise<void>((resolve) => (wake = resolve));
      const message = inbox.shift() as Inbox;
      if (message.type === 'batch') {
        thread.post({ type: 'taken', job });
        yield message.batch;
      } else if (message.type === 'done') {
        reusable = true;
        return;
      } else if (message.type === 'fail') {
        // A file the reader refused leaves the thread fit for the next one.
        reusable = !thread.broken;
        throw revived(message.error);
      } else if (message.type === 'source failed') {
        throw message.error;
      }
    }
  } finally {
    source.destroy();
    if (reusable) keepIdle(thread);
    else {
      // Abandoned half way (or broken): the thread may still be reading; it ends with this read.
      thread.broken ??= new Error('abandoned');
      thread.listener = null;
      void thread.worker.terminate();
    }
  }
}
