import type { NormalizedInvoice, NormalizedInvoiceLine } from '@taxlens/engine';
import {
  type ColumnKind,
  HEAD_COLUMNS,
  HEAD_INDEX,
  type Header,
  type HeaderColumn,
  LINE_COLUMNS,
  LINE_INDEX,
  NULL_INT32,
} from './invoice-snapshot.format.js';

/** The instant format the stored timestamp gives back (to_char … 'YYYY-MM-DD HH24:MI:SS'). */
const INSTANT = /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/;

/**
 * Why a row would not read back from PostgreSQL exactly as written, or null. A snapshot is only
 * kept when every row passes, so the snapshot and the tables always give the same records.
 */
export function unfaithfulInvoice(invoice: NormalizedInvoice): string | null {
  if (!INSTANT.test(invoice.issuedAt)) return `issuedAt ${invoice.issuedAt}`;
  for (const field of ['amountFen', 'taxFen', 'totalFen'] as const) {
    if (!Number.isSafeInteger(invoice[field])) return field;
  }
  return null;
}

export function unfaithfulLine(line: NormalizedInvoiceLine): string | null {
  for (const field of ['amountFen', 'taxFen', 'totalFen', 'lineNo'] as const) {
    if (!Number.isSafeInteger(line[field])) return field;
  }
  if (line.taxRateBp !== null && line.taxRateBp !== undefined && !Number.isSafeInteger(line.taxRateBp)) {
    return 'taxRateBp';
  }
  return null;
}

type Row = Record<string, unknown>;

/** One column being filled: text columns look each value up in their own table of distinct values. */
class ColumnBuilder {
  readonly distinct = new Map<string, number>();
  readonly values: (string | null)[] = [null];
  indexes: number[] = [];
  numbers: number[] = [];
  private lastText: string | null = null;
  private lastIndex = 0;

  constructor(readonly kind: ColumnKind) {}

  push(value: unknown): void {
    if (this.kind === 'text') {
      if (value === null || value === undefined) {
        this.indexes.push(0);
        return;
      }
      const text = value as string;
      // Neighbouring rows often repeat a value (the company's own name, a rate): skip the lookup.
      if (text === this.lastText) {
        this.indexes.push(this.lastIndex);
        return;
      }
      let index = this.distinct.get(text);
      if (index === undefined) {
        index = this.values.length;
        this.values.push(text);
        this.distinct.set(text, index);
      }
      this.lastText = text;
      this.lastIndex = index;
      this.indexes.push(index);
    } else if (this.kind === 'flag') {
      this.numbers.push(value ? 1 : 0);
    } else {
      // + 0 turns -0 into 0, as the bigint column does.
      this.numbers.push(value === null || value === undefined ? Number.NaN : (value as number) + 0);
    }
  }

  /** Per row, the rank of its value in code-unit order (null first), for sorting rows. */
  ranks(): Int32Array {
    const order = this.values.map((_, index) => index);
    order.sort((a, b) => {
      const left = this.values[a] ?? null;
      const right = this.values[b] ?? null;
      if (left === right) return 0;
      if (left === null) return -1;
      if (right === null) return 1;
      return left < right ? -1 : 1;
    });
    const rankOf = new Int32Array(this.values.length);
    order.forEach((index, rank) => {
      rankOf[index] = rank;
    });
    return Int32Array.from(this.indexes, (index) => rankOf[index]!);
  }

  /** Puts the rows in the given order. */
  reorder(order: readonly number[]): void {
    if (this.kind === 'text') this.indexes = order.map((row) => this.indexes[row]!);
    else this.numbers = order.map((row) => this.numbers[row]!);
  }

  finish(): { header: HeaderColumn; bytes: Uint8Array } {
    if (this.kind === 'text') {
      const width = this.values.length <= 0xff ? 1 : this.values.length <= 0xffff ? 2 : 4;
      const array =
        width === 1
          ? Uint8Array.from(this.indexes)
          : width === 2
            ? Uint16Array.from(this.indexes)
            : Uint32Array.from(this.indexes);
      return {
        header: { kind: 'text', width, values: this.values },
        bytes: new Uint8Array(array.buffer, 0, array.byteLength),
      };
    }
    if (this.kind === 'flag') {
      const flags = Uint8Array.from(this.numbers);
      return { header: { kind: 'flag' }, bytes: flags };
    }
    // Most amounts fit 32 bits: half the bytes to store, send and read. NaN (null) becomes NULL_INT32.
    const fits = this.numbers.every(
      (value) => Number.isNaN(value) || (Number.isInteger(value) && value > NULL_INT32 && value <= 0x7fffffff),
    );
    const array = fits
      ? Int32Array.from(this.numbers, (value) => (Number.isNaN(value) ? NULL_INT32 : value))
      : Float64Array.from(this.numbers);
    return { header: { kind: this.kind, int32: fits }, bytes: new Uint8Array(array.buffer, 0, array.byteLength) };
  }
}

/** Collects rows batch by batch (the import's batches), so the row objects need not be kept. */
export class InvoiceSnapshotBuilder {
  private readonly heads = HEAD_COLUMNS.map(([, kind]) => new ColumnBuilder(kind));
  private readonly lines = LINE_COLUMNS.map(([, kind]) => new ColumnBuilder(kind));
  headCount = 0;
  lineCount = 0;
  /** Earliest and latest issuedAt, for choosing the snapshots a period needs. */
  firstIssued: string | null = null;
  lastIssued: string | null = null;
  /** Set when a row would not read back unchanged: then no snapshot is stored. */
  unfaithful: string | null = null;
  /** Invoice-key index × 2^21 + line number of every line, to notice a line given twice. */
  private readonly lineIds = new Set<number>();

  addInvoices(invoices: readonly NormalizedInvoice[]): void {
    for (const invoice of invoices) {
      this.unfaithful ??= unfaithfulInvoice(invoice);
      const row = invoice as unknown as Row;
      const keys = this.heads[HEAD_INDEX.key]!;
      // A key given twice is stored once (the last wins): the snapshot would hold both.
      if (keys.distinct.has(invoice.key)) this.unfaithful ??= `invoice ${invoice.key} twice`;
      for (let column = 0; column < HEAD_COLUMNS.length; column += 1) {
        this.heads[column]!.push(row[HEAD_COLUMNS[column]![0]]);
      }
      if (this.firstIssued === null || invoice.issuedAt < this.firstIssued) this.firstIssued = invoice.issuedAt;
      if (this.lastIssued === null || invoice.issuedAt > this.lastIssued) this.lastIssued = invoice.issuedAt;
      this.headCount += 1;
    }
  }

  addLines(lines: readonly NormalizedInvoiceLine[]): void {
    for (const line of lines) {
      this.unfaithful ??= unfaithfulLine(line);
      const row = line as unknown as Row;
      for (let column = 0; column < LINE_COLUMNS.length; column += 1) {
        this.lines[column]!.push(row[LINE_COLUMNS[column]![0]]);
      }
      const id = this.lines[LINE_INDEX.invoiceKey]!.indexes[this.lineCount]! * 2 ** 21 + line.lineNo;
      if (this.lineIds.has(id) || line.lineNo < 0 || line.lineNo >= 2 ** 21) {
        this.unfaithful ??= `line ${line.invoiceKey}#${line.lineNo} twice`;
      }
      this.lineIds.add(id);
      this.lineCount += 1;
    }
  }

  /**
   * Heads by issue time then key, lines by invoice key then line number: the order the report
   * loader gives every source in (invoice-load.repo.ts), so merging is cheap and the engine sees
   * the same order whichever way the rows came.
   */
  private sortRows(): void {
    // Rows compare by the rank of their value among the column's distinct values: each distinct
    // string is compared once, not at every step of the row sort.
    const issuedAt = this.heads[HEAD_INDEX.issuedAt]!.ranks();
    const key = this.heads[HEAD_INDEX.key]!.ranks();
    const headOrder = Array.from({ length: this.headCount }, (_, row) => row);
    headOrder.sort((a, b) => issuedAt[a]! - issuedAt[b]! || key[a]! - key[b]!);
    for (const column of this.heads) column.reorder(headOrder);
    const invoiceKey = this.lines[LINE_INDEX.invoiceKey]!.ranks();
    const lineNo = this.lines[LINE_INDEX.lineNo]!.numbers;
    const lineOrder = Array.from({ length: this.lineCount }, (_, row) => row);
    lineOrder.sort((a, b) => invoiceKey[a]! - invoiceKey[b]! || lineNo[a]! - lineNo[b]!);
    for (const column of this.lines) column.reorder(lineOrder);
  }

  private encoded: Buffer | null = null;

  /** The snapshot's bytes; made once (the import may encode it while its last batch is written). */
  encode(): Buffer {
    this.encoded ??= this.encodeRows();
    return this.encoded;
  }

  private encodeRows(): Buffer {
    this.sortRows();
    const finished = [...this.heads, ...this.lines].map((column) => column.finish());
    const headKeys = this.heads[HEAD_INDEX.key]!.distinct;
    const header: Header = {
      version: 1,
      heads: this.headCount,
      lines: this.lineCount,
      ownLines: this.lines[LINE_INDEX.invoiceKey]!.values.every((key) => key === null || headKeys.has(key)),
      columns: finished.map((column) => column.header),
    };
    const headerBytes = Buffer.from(JSON.stringify(header), 'utf8');
    const pad = (length: number) => (8 - (length % 8)) % 8;
    const parts: Uint8Array[] = [];
    const prefix = Buffer.alloc(4);
    prefix.writeUInt32LE(headerBytes.length);
    parts.push(prefix, headerBytes, new Uint8Array(pad(4 + headerBytes.length)));
    for (const column of finished) parts.push(column.bytes, new Uint8Array(pad(column.bytes.byteLength)));
    return Buffer.concat(parts);
  }
}
