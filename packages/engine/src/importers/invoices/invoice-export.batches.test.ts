/**
 * Batch sizes of readInvoiceExport: `firstBatchSize` makes only the first batch smaller (a writer
 * waiting for its first rows starts sooner), and the rows read are the same whatever the sizes.
 */
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { writeInvoiceExportFixture } from '../../fixtures/invoice-export-fixture.js';
import { readInvoiceExport } from './invoice-export.reader.js';
import type { InvoiceBatch, InvoiceExportOptions } from './invoice-import.types.js';

async function batchesOf(bytes: Buffer, options: InvoiceExportOptions): Promise<InvoiceBatch[]> {
  const batches: InvoiceBatch[] = [];
  for await (const batch of readInvoiceExport({ stream: Readable.from([bytes]) }, options)) batches.push(batch);
  return batches;
}

const rowsOf = (batch: InvoiceBatch) => batch.invoices.length + batch.lines.length + batch.problems.length;

describe('readInvoiceExport batch sizes', () => {
  it('makes only the first batch smaller with firstBatchSize, and reads the same rows', async () => {
    const written = await writeInvoiceExportFixture({ seed: 5, lineCount: 1_200, format: 'xlsx' }, 'buffer');
    const bytes = written.buffer as Buffer;
    const base: InvoiceExportOptions = { format: 'xlsx', companyTaxNo: written.company.taxNo, batchSize: 300 };
    const even = await batchesOf(bytes, base);
    const small = await batchesOf(bytes, { ...base, firstBatchSize: 50 });

    expect(rowsOf(even[0]!)).toBe(300);
    expect(rowsOf(small[0]!)).toBe(50);
    // Every later batch that is cut by size has the full size again.
    expect(small.slice(1, -1).every((batch) => rowsOf(batch) === 300)).toBe(true);
    expect(small.length).toBe(even.length + 1);
    const all = (batches: InvoiceBatch[]) => ({
      invoices: batches.flatMap((batch) => batch.invoices),
      lines: batches.flatMap((batch) => batch.lines),
      summary: batches.at(-1)?.summary,
    });
    expect(all(small)).toEqual(all(even));
  });
});
