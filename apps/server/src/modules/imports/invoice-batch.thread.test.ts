/**
 * The server's step on the import thread (invoice-batch.thread.ts) prepares each batch exactly as
 * the worker's thread does (invoice-batch.prepare.ts): the same COPY text, now as UTF-8 bytes, the
 * same direct or careful choice, and the same report snapshot bytes at the end. Run here without a
 * thread; stored-rows.test.ts runs it on the thread through the whole import.
 */
import { Readable } from 'node:stream';
import { type InvoiceBatch as ReadBatch, readInvoiceExport } from '@taxlens/engine';
import { writeInvoiceExportFixture } from '@taxlens/engine/fixtures';
import { beforeAll, describe, expect, it } from 'vitest';
import { prepareBatch, prepareState } from './invoice-batch.prepare.js';
import { createBatchStep, snapshotFrom, type ThreadItem } from './invoice-batch.thread.js';
import { copyBytes, copyText } from './invoice-copy.text.js';
import { INVOICE_FIELDS } from './invoice-fields.js';

const scope = { groupId: 3, companyId: 40, importId: 500 };
let batches: ReadBatch[];

beforeAll(async () => {
  const fixture = await writeInvoiceExportFixture({ seed: 5, lineCount: 1_800, format: 'csv' }, 'buffer');
  batches = [];
  const options = { format: 'csv' as const, companyTaxNo: fixture.company.taxNo, batchSize: 500 };
  for await (const batch of readInvoiceExport({ stream: Readable.from([fixture.buffer as Buffer]) }, options)) {
    batches.push(batch);
  }
});

function run(list: ReadBatch[], direct: boolean) {
  const state = prepareState('csv');
  const builder = state.snapshot;
  const here = list.map((batch) => prepareBatch(batch, state, scope, direct));
  const step = createBatchStep({ scope, direct, format: 'csv' });
  const there = list.map((batch) => step.batch(batch));
  const end = step.end();
  return { builder, here, there, end };
}

describe('batch step on the import thread', () => {
  it('makes the same COPY text as bytes to move, and the same snapshot', () => {
    const { builder, here, there, end } = run(batches, true);
    expect(here.length).toBeGreaterThan(3);
    const decoder = new TextDecoder();
    here.forEach((prepared, index) => {
      const { value, transfer } = there[index]!;
      if (value.kind !== 'batch') throw new Error('not a batch');
      expect(prepared.copies).not.toBeNull();
      expect(value.prepared.copies?.map((copy) => copy.target)).toEqual(prepared.copies?.map((copy) => copy.target));
      value.prepared.copies?.forEach((copy, at) => {
        expect(copy.text).toBeInstanceOf(Uint8Array);
        expect(decoder.decode(copy.text as Uint8Array)).toBe(prepared.copies?.[at]?.text);
        expect(transfer[at]).toBe((copy.text as Uint8Array).buffer);
      });
      // The rows are in the bytes: only the details and the counts cross as objects.
      expect(value.prepared.batch.invoices).toEqual([]);
      expect(value.prepared.batch.lines).toEqual([]);
      expect(value.prepared.batch.details).toBe(batches[index]!.details);
      expect([value.prepared.invoiceCount, value.prepared.lineCount]).toEqual([
        batches[index]!.invoices.length,
        batches[index]!.lines.length,
      ]);
      expect(value.read).toEqual({ problems: batches[index]!.problems, summary: batches[index]!.summary });
    });
    const item = end.value as Extract<ThreadItem, { kind: 'end' }>;
    expect(item.snapshot.unfaithful).toBeNull();
    expect(end.transfer).toEqual([item.snapshot.bytes?.buffer]);
    const facts = snapshotFrom(item);
    expect([facts.headCount, facts.lineCount, facts.firstIssued, facts.lastIssued]).toEqual([
      builder.headCount,
      builder.lineCount,
      builder.firstIssued,
      builder.lastIssued,
    ]);
    expect(facts.encode().equals(builder.encode())).toBe(true);
  });

  it('sends a batch that repeats keys, and every batch of a careful run, with its rows', () => {
    const repeating = [...batches, { ...batches[0]!, problems: [], summary: null }];
    const { here, there, end } = run(repeating, true);
    expect(here.at(-1)?.copies).toBeNull();
    const last = there.at(-1)?.value;
    expect(last?.kind === 'batch' && last.prepared.copies).toBeNull();
    expect(last?.kind === 'batch' && last.prepared.batch.lines).toEqual(batches[0]!.lines);
    expect(there.at(-1)?.transfer).toEqual([]);
    // A key given twice: the snapshot cannot be kept, so none is encoded.
    const item = end.value as Extract<ThreadItem, { kind: 'end' }>;
    expect(item.snapshot.unfaithful).toMatch(/twice/);
    expect(item.snapshot.bytes).toBeNull();

    const careful = run(batches, false);
    for (const { value } of careful.there) {
      expect(value.kind === 'batch' && value.prepared.copies).toBeNull();
    }
    const first = careful.there[0]?.value;
    expect(first?.kind === 'batch' && first.prepared.batch.invoices).toEqual(batches[0]!.invoices);
  });

  it('writes bytes that decode to the COPY text, also for rows far longer than the first buffer allows', () => {
    const invoice = batches.flatMap((batch) => batch.invoices)[0]!;
    // Chinese text, the characters COPY escapes, a surrogate pair and a lone surrogate, ~6 000 UTF-16 units.
    const remark = `备注\t含制表符\n换行\\反斜杠😀\ud800${'长'.repeat(2_000)}`.repeat(3);
    const rows = [invoice, { ...invoice, key: `${invoice.key}-2`, remark }, { ...invoice, key: `${invoice.key}-3` }];
    const bytes = copyBytes(rows, INVOICE_FIELDS, '1\t2\t3\t');
    expect(Buffer.from(bytes).equals(Buffer.from(copyText(rows, INVOICE_FIELDS, '1\t2\t3\t'), 'utf8'))).toBe(true);
    expect(bytes.byteOffset).toBe(0);
  });

  it('holds a csv’s invoices from their lines: each key once, before its derived invoice comes', () => {
    const { here } = run(batches, true);
    const heldIn = here.map((prepared) => {
      const holdings = prepared.copies?.find((copy) => copy.target.startsWith('import_invoices '));
      return holdings
        ? (holdings.text as string)
            .trimEnd()
            .split('\n')
            .map((line) => line.split('\t')[2]!)
        : [];
    });
    const held = heldIn.flat();
    const invoiceKeys = batches.flatMap((batch) => batch.invoices.map((invoice) => invoice.key));
    // The csv's invoices are derived from its lines after the last line.
    expect(batches[0]!.invoices).toEqual([]);
    expect(invoiceKeys.length).toBeGreaterThan(0);
    expect(held).toHaveLength(new Set(held).size);
    expect(new Set(held)).toEqual(new Set(invoiceKeys));
    // Held with the line batches: the batches of derived invoices bring no holding row.
    here.forEach((prepared, index) => {
      if (prepared.lineCount === 0) expect(heldIn[index]).toEqual([]);
    });
    // An xlsx (whose invoice sheet may come after its lines) holds each invoice with its row.
    const xlsx = prepareState('xlsx');
    const lineOnly = { invoices: [], lines: batches[0]!.lines, details: [] };
    expect(prepareBatch(lineOnly, xlsx, scope, true).copies?.map((copy) => copy.target.split(' ')[0])).toEqual([
      'invoice_lines',
    ]);
  });
});
