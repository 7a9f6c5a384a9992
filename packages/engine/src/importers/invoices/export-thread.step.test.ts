/**
 * A read on the import thread with a BatchStep (the server's hook, issue 21): each batch crosses
 * as what the step made of it on the thread (its buffers moved), then the step's end value; a step
 * that throws fails the read with its message, and the thread then reads again.
 */
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { writeInvoiceExportFixture } from '../../fixtures/invoice-export-fixture.js';
import { readInvoiceExportInThread } from './export-thread.pool.js';
import type { KeysItem } from './export-thread.step.test-support.js';
import { readInvoiceExport } from './invoice-export.reader.js';
import type { InvoiceExportOptions } from './invoice-import.types.js';
import { IMPORT_THREAD_NICE } from './thread-priority.js';

const STEP = import.meta.url.replace(
  /export-thread[.]step[.]test([.][cm]?[jt]s)$/,
  'export-thread.step.test-support$1',
);

async function all<T>(items: AsyncGenerator<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of items) out.push(item);
  return out;
}

async function fixture() {
  const written = await writeInvoiceExportFixture({ seed: 11, lineCount: 1_500, format: 'csv' }, 'buffer');
  const options: InvoiceExportOptions = { format: 'csv', companyTaxNo: written.company.taxNo, batchSize: 400 };
  return { bytes: written.buffer as Buffer, options };
}

describe('export read on an import thread with a batch step', () => {
  it('gives what the step made of each batch on the thread, then its end value', async () => {
    const { bytes, options } = await fixture();
    const here = await all(readInvoiceExport({ stream: Readable.from([bytes]) }, options));
    const there = await all(
      readInvoiceExportInThread<KeysItem>({ stream: Readable.from([bytes]) }, options, { module: STEP, config: {} }),
    );
    expect(here.length).toBeGreaterThan(3);
    expect(there).toHaveLength(here.length + 1);
    const decoder = new TextDecoder();
    here.forEach((batch, index) => {
      const item = there[index];
      if (item?.kind !== 'batch') throw new Error(`item ${index} is not a batch`);
      expect(item.keys).toBeInstanceOf(Uint8Array);
      expect(decoder.decode(item.keys)).toBe(batch.lines.map((line) => line.invoiceKey).join('\n'));
      expect(item.problems).toBe(batch.problems.length);
      expect(item.onThread).toBe(true);
    });
    const lines = here.reduce((sum, batch) => sum + batch.lines.length, 0);
    expect(there.at(-1)).toMatchObject({ kind: 'end', batches: here.length, lines });
    // The thread runs at a lower priority where threads have their own (Linux).
    const { nice } = there.at(-1) as Extract<KeysItem, { kind: 'end' }>;
    if (process.platform === 'linux') expect(nice).toBeGreaterThanOrEqual(IMPORT_THREAD_NICE);
    else expect(nice).toBeNull();
  });

  it('fails the read with the step’s error, and the thread reads again', async () => {
    const { bytes, options } = await fixture();
    const failing = all(
      readInvoiceExportInThread<KeysItem>({ stream: Readable.from([bytes]) }, options, {
        module: STEP,
        config: { failAt: 2 },
      }),
    );
    await expect(failing).rejects.toThrow('步骤在第 2 批失败');
    const reference = await all(readInvoiceExport({ stream: Readable.from([bytes]) }, options));
    expect(await all(readInvoiceExportInThread({ stream: Readable.from([bytes]) }, options))).toEqual(reference);
  });
});
