/**
 * The import thread's CPU priority (issue 21). Reading an export is background work: when the
 * cores are busy, the process's event loop (answering requests) and PostgreSQL (storing the
 * batches, the slower side of an import) go first. On the 100 000-line csv the import went from
 * 1.56× to 1.52× COPY (medians of 6 runs each, interleaved ABBA; bench/HISTORY.md, session 10).
 */
import { readlinkSync } from 'node:fs';
import os from 'node:os';

/** The import thread's nice value (0 is the process's own, 19 the lowest). */
export const IMPORT_THREAD_NICE = 10;

/** The calling thread's id where a thread has a nice value of its own (Linux), else null. */
export function threadId(): number | null {
  try {
    return Number(readlinkSync('/proc/thread-self').split('/').pop());
  } catch {
    return null;
  }
}

/**
 * Lowers the calling thread's priority to IMPORT_THREAD_NICE, never raises it (a process started
 * lower stays so: raising needs a privilege); elsewhere than Linux the thread keeps the process's.
 */
export function lowerThreadPriority(): void {
  const tid = threadId();
  if (tid === null) return;
  try {
    if (os.getPriority(tid) < IMPORT_THREAD_NICE) os.setPriority(tid, IMPORT_THREAD_NICE);
  } catch {
    // Refused (a sandbox without setpriority): the thread keeps the process's priority.
  }
}
