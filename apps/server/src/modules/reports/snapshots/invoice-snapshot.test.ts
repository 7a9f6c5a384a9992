import type { NormalizedInvoice, NormalizedInvoiceLine } from '@taxlens/engine';
import { createInvoiceFixture } from '@taxlens/engine/fixtures';
import { describe, expect, it } from 'vitest';
import { InvoiceSnapshotBuilder } from './invoice-snapshot.codec.js';
import { decodeInvoiceSnapshot } from './invoice-snapshot.decode.js';
import { compareHeads, compareLines, HEAD_INDEX } from './invoice-snapshot.format.js';

function fixtureRows(seed: number, invoiceCount = 400) {
  const invoices: NormalizedInvoice[] = [];
  const lines: NormalizedInvoiceLine[] = [];
  for (const item of createInvoiceFixture({
    seed,
    invoiceCount,
    months: 4,
    redShare: 0.05,
    voidShare: 0.05,
  }).invoices()) {
    invoices.push(item.invoice);
    lines.push(...item.lines);
  }
  return { invoices, lines };
}

function built(invoices: NormalizedInvoice[], lines: NormalizedInvoiceLine[], batch = 97) {
  const builder = new InvoiceSnapshotBuilder();
  for (let start = 0; start < invoices.length; start += batch)
    builder.addInvoices(invoices.slice(start, start + batch));
  for (let start = 0; start < lines.length; start += batch) builder.addLines(lines.slice(start, start + batch));
  return builder;
}

/** As the tables give them back: a bigint column has no -0 (JSON writes -0 as 0). */
const stored = <T>(rows: T[]): T[] => JSON.parse(JSON.stringify(rows));
const sortedHeads = (rows: NormalizedInvoice[]) =>
  stored(rows).sort((a, b) => compareHeads(a.issuedAt, a.key, b.issuedAt, b.key));
const sortedLines = (rows: NormalizedInvoiceLine[]) =>
  stored(rows).sort((a, b) => compareLines(a.invoiceKey, a.lineNo, b.invoiceKey, b.lineNo));

describe('invoice snapshot codec', () => {
  it('reads back every invoice and line of the import, sorted by issue time and key', () => {
    const { invoices, lines } = fixtureRows(5);
    const builder = built(invoices, lines);
    expect(builder.unfaithful).toBeNull();
    const decoded = decodeInvoiceSnapshot(builder.encode());
    expect(decoded.invoices).toEqual(sortedHeads(invoices));
    expect(decoded.lines).toEqual(sortedLines(lines));
    expect(decoded.ownLines).toBe(true);
    expect(builder.firstIssued).toBe(decoded.invoices[0]?.issuedAt);
    expect(builder.lastIssued).toBe(decoded.invoices.at(-1)?.issuedAt);
  });

  it('keeps nulls, amounts beyond 32 bits, exempt rates and lines of invoices it does not hold', () => {
    const { invoices, lines } = fixtureRows(6);
    const first = invoices[0]!;
    invoices[0] = { ...first, amountFen: 9_000_000_000_123, remark: null, digitalNumber: null, riskLevel: null };
    const line = lines[0]!;
    lines[0] = { ...line, taxRateBp: null, taxRateText: '免税', quantity: null, spec: null, amountFen: -(2 ** 40) };
    lines.push({ ...line, invoiceKey: 'NOT-IN-THIS-IMPORT', lineNo: 1 });
    const decoded = decodeInvoiceSnapshot(built(invoices, lines).encode());
    expect(decoded.invoices).toEqual(sortedHeads(invoices));
    expect(decoded.lines).toEqual(sortedLines(lines));
    expect(decoded.ownLines).toBe(false);
  });

  it('refuses rows that would not read back unchanged from the tables', () => {
    const { invoices, lines } = fixtureRows(7);
    expect(built([...invoices, invoices[3]!], lines).unfaithful).toMatch(/twice/);
    expect(built(invoices, [...lines, lines[3]!]).unfaithful).toMatch(/twice/);
    const dateOnly = { ...invoices[1]!, issuedAt: invoices[1]!.issuedAt.slice(0, 10) };
    expect(built([dateOnly], []).unfaithful).toMatch(/issuedAt/);
    expect(built([{ ...invoices[1]!, taxFen: 1.5 }], []).unfaithful).toBe('taxFen');
  });

  it('reads back a large import whose nearly unique columns are kept without lookups, and still tells repeats', () => {
    const { invoices, lines } = fixtureRows(8, 3_000);
    const builder = built(invoices, lines, 1_000);
    expect(builder.unfaithful).toBeNull();
    const bytes = builder.encode();
    const decoded = decodeInvoiceSnapshot(bytes);
    expect(decoded.invoices).toEqual(sortedHeads(invoices));
    expect(decoded.lines).toEqual(sortedLines(lines));
    expect(decoded.ownLines).toBe(true);
    // The header: issue times are distinct values for the first 2 000 invoices, then one value per
    // invoice (but where it repeats the one before); the invoice keys stay distinct values.
    const header = JSON.parse(bytes.subarray(4, 4 + bytes.readUInt32LE(0)).toString('utf8'));
    const issuedAt = header.columns[HEAD_INDEX.issuedAt].values as string[];
    const times = invoices.map((invoice) => invoice.issuedAt);
    const later = times.slice(2_000).filter((time, row) => time !== times[2_000 + row - 1]);
    expect(issuedAt.length - 1).toBe(new Set(times.slice(0, 2_000)).size + later.length);
    expect(header.columns[HEAD_INDEX.key].values.length - 1).toBe(invoices.length);
    // Keys are looked up past the point where other columns stop: a key given again late is still told.
    expect(built([...invoices, invoices[10]!], lines, 1_000).unfaithful).toMatch(/twice/);
    expect(built(invoices, [...lines, lines[10]!], 1_000).unfaithful).toMatch(/twice/);
  });
});
