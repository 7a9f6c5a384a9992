/**
 * A BatchStep module for export-thread.step.test.ts, loaded by the import thread by its URL: each
 * batch crosses as the invoice keys of its lines, UTF-8 encoded and moved; the end value counts
 * what the step saw and gives the thread's nice value; `failAt` makes the step throw at that batch.
 */
import os from 'node:os';
import { isMainThread } from 'node:worker_threads';
import type { BatchStep } from './export-thread.protocol.js';
import { threadId } from './thread-priority.js';

export interface KeysConfig {
  failAt?: number;
}

export type KeysItem =
  | { kind: 'batch'; keys: Uint8Array; problems: number; onThread: boolean }
  | { kind: 'end'; batches: number; lines: number; nice: number | null };

export function createBatchStep(config: KeysConfig): BatchStep<KeysItem> {
  let batches = 0;
  let lines = 0;
  const encoder = new TextEncoder();
  return {
    batch(batch) {
      batches += 1;
      if (config.failAt === batches) throw new Error('步骤在第 2 批失败');
      lines += batch.lines.length;
      const keys = encoder.encode(batch.lines.map((line) => line.invoiceKey).join('\n'));
      return {
        value: { kind: 'batch', keys, problems: batch.problems.length, onThread: !isMainThread },
        transfer: [keys.buffer as ArrayBuffer],
      };
    },
    end() {
      const tid = threadId();
      return { value: { kind: 'end', batches, lines, nice: tid === null ? null : os.getPriority(tid) }, transfer: [] };
    },
  };
}
