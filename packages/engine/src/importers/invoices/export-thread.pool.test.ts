/**
 * The export read on an import thread gives exactly the batches of the read on the main thread
 * (xlsx and csv, several batches, problems and summary included), refuses a bad file with the
 * same Chinese error, passes a failing source's error on, and a thread stays usable after a
 * refusal and after a read abandoned half way.
 */
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { writeInvoiceExportFixture } from '../../fixtures/invoice-export-fixture.js';
import { readInvoiceExportInThread } from './export-thread.pool.js';
import { readInvoiceExport } from './invoice-export.reader.js';
import type { InvoiceBatch, InvoiceExportOptions } from './invoice-import.types.js';

async function all(batches: AsyncGenerator<InvoiceBatch>): Promise<InvoiceBatch[]> {
  const out: InvoiceBatch[] = [];
  for await (const batch of batches) out.push(batch);
  return out;
}

/** A stream in small chunks, so the thread pulls many times. */
function streamOf(bytes: Buffer, chunk = 4096): Readable {
  const parts: Buffer[] = [];
  for (let at = 0; at < bytes.length; at += chunk) parts.push(bytes.subarray(at, at + chunk));
  return Readable.from(parts);
}

async function fixture(format: 'xlsx' | 'csv') {
  const written = await writeInvoiceExportFixture(
    { seed: 7, lineCount: 1_200, format, ...(format === 'xlsx' ? { realShape: true, oldStyleShare: 0.3 } : {}) },
    'buffer',
  );
  const options: InvoiceExportOptions = { format, companyTaxNo: written.company.taxNo, batchSize: 500 };
  return { bytes: written.buffer as Buffer, options };
}

describe('export read on an import thread', () => {
  it('gives the same batches as the read on the main thread, for xlsx and csv', async () => {
    for (const format of ['xlsx', 'csv'] as const) {
      const { bytes, options } = await fixture(format);
      const here = await all(readInvoiceExport({ stream: streamOf(bytes) }, options));
      const there = await all(readInvoiceExportInThread({ stream: streamOf(bytes) }, options));
      expect(here.length).toBeGreaterThan(3);
      expect(there).toEqual(here);
      expect(there.at(-1)?.summary?.lineCount).toBeGreaterThan(1_000);
    }
  });

  it('refuses a damaged file with the Chinese error, then reads the next file', async () => {
    const { bytes, options } = await fixture('xlsx');
    const refused = all(readInvoiceExportInThread({ stream: streamOf(Buffer.from('发票,金额\n1,2\n')) }, options));
    await expect(refused).rejects.toMatchObject({ name: 'InvoiceImportError', reason: 'NOT_XLSX' });
    const reference = await all(readInvoiceExport({ stream: streamOf(bytes) }, options)).catch((error) => error);
    const truncated = bytes.subarray(0, bytes.length - 200);
    const expected = await all(readInvoiceExport({ stream: streamOf(truncated) }, options)).catch((error) => error);
    const got = await all(readInvoiceExportInThread({ stream: streamOf(truncated) }, options)).catch((error) => error);
    expect(got).toMatchObject({ name: 'InvoiceImportError', reason: expected.reason, message: expected.message });
    expect(got.message).toMatch(/[\u4e00-\u9fff]/);
    expect(await all(readInvoiceExportInThread({ stream: streamOf(bytes) }, options))).toEqual(reference);
  });

  it('passes a failing source on, and reads again after a read abandoned half way', async () => {
    const { bytes, options } = await fixture('csv');
    const failing = new Readable({
      read() {
        this.destroy(new Error('storage went away'));
      },
    });
    await expect(all(readInvoiceExportInThread({ stream: failing }, options))).rejects.toThrow('storage went away');
    const batches = readInvoiceExportInThread({ stream: streamOf(bytes) }, options);
    const first = await batches.next();
    expect(first.done).toBe(false);
    await batches.return();
    const reference = await all(readInvoiceExport({ stream: streamOf(bytes) }, options));
    expect(await all(readInvoiceExportInThread({ stream: streamOf(bytes) }, options))).toEqual(reference);
  });
});
