import type { NormalizedInvoice, NormalizedInvoiceLine } from '@taxlens/engine';
import {
  type ColumnKind,
  compareHeads,
  compareLines,
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

/**
 * Rows after which a text column whose values are nearly all different (issue times, invoice
 * numbers, unit prices) stops looking them up: a table of distinct values saves nothing there,
 * and the lookups were most of the snapshot's cost in the import. Such a column's `values` then
 * holds each row's value as it comes (the format reads values by index, repeats or not).
 */
const LOOKUP_CHECK_ROWS = 2_000;
const LOOKUP_MAX_DISTINCT = 0.8 * LOOKUP_CHECK_ROWS;

/** One column being filled: text columns look each value up in their own table of distinct values. */
class ColumnBuilder {
  readonly distinct = new Map<string, number>();
  readonly values: (string | null)[] = [null];
  indexes: number[] = [];
  numbers: number[] = [];
  private lastText: string | null = null;
  private lastIndex = 0;
  /** Values are looked up (always for a `keyed` column, whose same value must give the same index). */
  private lookup = true;

  constructor(
    readonly kind: ColumnKind,
    private readonly keyed = false,
  ) {}

  pushText(value: unknown): void {
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
    let index = this.lookup ? this.distinct.get(text) : undefined;
    if (index === undefined) {
      index = this.values.length;
      this.values.push(text);
      if (this.lookup) this.distinct.set(text, index);
    }
    this.lastText = text;
    this.lastIndex = index;
    this.indexes.push(index);
    if (this.indexes.length === LOOKUP_CHECK_ROWS && !this.keyed && this.values.length > LOOKUP_MAX_DISTINCT) {
      this.lookup = false;
      this.distinct.clear();
    }
  }

  pushFlag(value: unknown): void {
    this.numbers.push(value ? 1 : 0);
  }

  pushNumber(value: unknown): void {
    // + 0 turns -0 into 0, as the bigint column does.
    this.numbers.push(value === null || value === undefined ? Number.NaN : (value as number) + 0);
  }

  /** The row's text ('' for null), for comparing rows. */
  textAt(row: number): string {
    return this.values[this.indexes[row]!] ?? '';
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

type RowAdder = (row: object, columns: readonly ColumnBuilder[]) => void;

/**
 * Adds a row's fields to their columns, by a function made once per column list: each field is
 * read by name (a plain property load) and pushed by its kind's own method. The generic loop
 * (`row[name]` with a new name every step, then a branch on the kind) cost the import about
 * twice as much CPU (issue 21).
 */
function rowAdder(columns: readonly (readonly [string, ColumnKind])[]): RowAdder {
  const methods: Record<ColumnKind, string> = {
    text: 'pushText',
    flag: 'pushFlag',
    number: 'pushNumber',
    nullableNumber: 'pushNumber',
  };
  const body = columns
    .map(([name, kind], index) => `columns[${index}].${methods[kind]}(row[${JSON.stringify(name)}]);`)
    .join('\n');
  return new Function('row', 'columns', body) as RowAdder;
}

const addHead = rowAdder(HEAD_COLUMNS);
const addLine = rowAdder(LINE_COLUMNS);

/** Row numbers 0…count-1 in the order `compare` gives, or null when they are in that order already. */
function sortedRows(count: number, compare: (a: number, b: number) => number): number[] | null {
  let ordered = true;
  for (let row = 1; row < count && ordered; row++) ordered = compare(row - 1, row) <= 0;
  if (ordered) return null;
  return Array.from({ length: count }, (_, row) => row).sort(compare);
}

function reorderAll(columns: readonly ColumnBuilder[], order: readonly number[] | null): void {
  if (order) for (const column of columns) column.reorder(order);
}

/** Line numbers below this (and invoice-key indexes below 2^18) make a line id that is a small integer. */
const SMALL_LINE_NO = 4096;

/**
 * What storing a snapshot needs: a builder, or what a builder on the import thread sent back
 * (imports/invoice-batch.thread.ts).
 */
export type SnapshotFacts = Pick<
  InvoiceSnapshotBuilder,
  'unfaithful' | 'headCount' | 'lineCount' | 'firstIssued' | 'lastIssued' | 'encode'
>;

/** Collects rows batch by batch (the import's batches), so the row objects need not be kept. */
export class InvoiceSnapshotBuilder {
  // The invoice keys are looked up always: a key given twice, and each line's invoice, are told by them.
  private readonly heads = HEAD_COLUMNS.map(([, kind], index) => new ColumnBuilder(kind, index === HEAD_INDEX.key));
  private readonly lines = LINE_COLUMNS.map(
    ([, kind], index) => new ColumnBuilder(kind, index === LINE_INDEX.invoiceKey),
  );
  headCount = 0;
  lineCount = 0;
  /** Earliest and latest issuedAt, for choosing the snapshots a period needs. */
  firstIssued: string | null = null;
  lastIssued: string | null = null;
  /** Set when a row would not read back unchanged: then no snapshot is stored. */
  unfaithful: string | null = null;
  /**
   * Invoices and lines given again (a key, or a key and line number, added before): the import's
   * writer sends a batch that repeats one the careful way (invoice-batch.writer.ts).
   */
  repeated = 0;
  /** Every line's invoice-key index and line number as one number, to notice a line given twice. */
  private readonly lineIds = new Set<number>();

  addInvoices(invoices: readonly NormalizedInvoice[]): void {
    const keys = this.heads[HEAD_INDEX.key]!;
    for (const invoice of invoices) {
      this.unfaithful ??= unfaithfulInvoice(invoice);
      const known = keys.values.length;
      addHead(invoice, this.heads);
      // No new distinct key: given before. It is stored once (the last wins): the snapshot would hold both.
      if (keys.values.length === known) {
        this.repeated += 1;
        this.unfaithful ??= `invoice ${invoice.key} twice`;
      }
      if (this.firstIssued === null || invoice.issuedAt < this.firstIssued) this.firstIssued = invoice.issuedAt;
      if (this.lastIssued === null || invoice.issuedAt > this.lastIssued) this.lastIssued = invoice.issuedAt;
      this.headCount += 1;
    }
  }

  addLines(lines: readonly NormalizedInvoiceLine[]): void {
    const keys = this.lines[LINE_INDEX.invoiceKey]!;
    for (const line of lines) {
      this.unfaithful ??= unfaithfulLine(line);
      addLine(line, this.lines);
      const key = keys.indexes[this.lineCount]!;
      const lineNo = line.lineNo;
      // A small integer when it can be (no number object per line); the rare rest below zero.
      const id =
        lineNo >= 0 && lineNo < SMALL_LINE_NO && key < 2 ** 18
          ? key * SMALL_LINE_NO + lineNo
          : -(key * 2 ** 21 + lineNo) - 1;
      if (this.lineIds.has(id)) {
        this.repeated += 1;
        this.unfaithful ??= `line ${line.invoiceKey}#${lineNo} twice`;
      }
      if (lineNo < 0 || lineNo >= 2 ** 21) this.unfaithful ??= `line ${line.invoiceKey}#${lineNo}`;
      this.lineIds.add(id);
      this.lineCount += 1;
    }
  }

  /**
   * Heads by issue time then key, lines by invoice key then line number: the order the report
   * loader gives every source in (invoice-load.repo.ts), so merging is cheap and the engine sees
   * the same order whichever way the rows came. Rows are compared by their strings: exports are
   * mostly in issue order already, where the sort takes one comparison per row (ranking each
   * column's distinct values first cost more than that). Rows already in order are not moved.
   */
  private sortRows(): void {
    const issuedAt = this.heads[HEAD_INDEX.issuedAt]!;
    const key = this.heads[HEAD_INDEX.key]!;
    reorderAll(
      this.heads,
      sortedRows(this.headCount, (a, b) =>
        compareHeads(issuedAt.textAt(a), key.textAt(a), issuedAt.textAt(b), key.textAt(b)),
      ),
    );
    const invoiceKey = this.lines[LINE_INDEX.invoiceKey]!;
    const lineNo = this.lines[LINE_INDEX.lineNo]!.numbers;
    reorderAll(
      this.lines,
      sortedRows(this.lineCount, (a, b) =>
        compareLines(invoiceKey.textAt(a), lineNo[a]!, invoiceKey.textAt(b), lineNo[b]!),
      ),
    );
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
