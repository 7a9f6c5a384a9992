/**
 * What exceljs's streaming reader makes of a worksheet's and the shared strings' XML, rebuilt on
 * the byte tokenizer: the same cells (by the same rules, quirks included: a `<t>` starts its text
 * afresh, text after `</v>` still counts, str and inline strings are entity-decoded a second time,
 * a number is a date when its style's format is a date format) and the same row lengths (trailing
 * empty cells dropped). The reference is worksheet-reader.js / workbook-reader.js of exceljs 4.4;
 * xlsx-rows.reader.test.ts compares both readers cell by cell. A cell's value is kept as a byte
 * span until the cell ends, so a number or a shared-string index never becomes a string.
 */
import { createRequire } from 'node:module';
import { type CellInput, plainCell } from './cell-value.parser.js';
import type { SheetRow } from './sheet-events.js';
import { decimalOf, digitsOf } from './xlsx-cell.bytes.js';
import { CellTextCache } from './xlsx-text.cache.js';
import { attributeText, decodeText, readAttributeSpans, Tag, type XmlByteHandler } from './xml-bytes.scanner.js';

const fromExceljs = createRequire(createRequire(import.meta.url).resolve('exceljs'));
const utils = fromExceljs('./lib/utils/utils.js') as {
  xmlDecode(text: string): string;
  isDateFmt(format: string | undefined): boolean;
  excelToDate(value: number, date1904?: boolean): Date;
};
const colCache = fromExceljs('./lib/utils/col-cache.js') as { decodeAddress(ref: string): { col?: number } };

/** exceljs decodes str and inline-string text once more after the XML parser did (same result, less work when there is no `&`). */
function xmlDecode(text: string): string {
  return text.includes('&') ? utils.xmlDecode(text) : text;
}

/** exceljs's style manager as far as cells use it. */
export interface CellStyles {
  getStyleModel(id: number): { numFmt?: string } | null;
}

/** A cell the sheet names with no value (exceljs leaves it out of `row.values`). */
const ABSENT = Symbol('absent');
type Slot = CellInput | typeof ABSENT;

/** Shared strings as exceljs caches them: text, rich text runs, or null for an empty item. */
export class SharedStringsHandler implements XmlByteHandler {
  readonly items: unknown[] = [];
  private pending: string | null = null;
  private runs: { text: string | null }[] = [];

  open(tag: Tag): void {
    if (tag === Tag.SI) {
      this.runs = [];
      this.pending = null;
    } else if (tag === Tag.T) {
      this.pending = null;
    }
  }

  close(tag: Tag): void {
    if (tag === Tag.R) {
      this.runs.push({ text: this.pending });
      this.pending = null;
    } else if (tag === Tag.SI) {
      this.items.push(this.runs.length > 0 ? { richText: this.runs } : this.pending);
      this.runs = [];
      this.pending = null;
    }
  }

  text(bytes: Buffer, start: number, end: number, flags: number): void {
    const text = decodeText(bytes, start, end, flags);
    this.pending = this.pending ? this.pending + text : text;
  }
}

/** Cell types by their `t` attribute; anything else (n, absent, unknown) is read as a number. */
enum Kind {
  NUMBER = 0,
  SHARED = 1,
  STRING = 2,
  INLINE = 3,
  ERROR = 4,
  BOOLEAN = 5,
}
const KINDS = new Map<string, Kind>([
  ['s', Kind.SHARED],
  ['str', Kind.STRING],
  ['inlineStr', Kind.INLINE],
  ['e', Kind.ERROR],
  ['b', Kind.BOOLEAN],
]);
/** Where the cell's value text is: none yet (null), '' (a `<v>` opened), one byte span, or a string. */
enum Held {
  NONE = 0,
  EMPTY = 1,
  SPAN = 2,
  TEXT = 3,
}
/** Where text goes: exceljs appends it to the last `<f>`/`<v>`/`<is>`/`<t>` opened in the cell, until the cell ends. */
enum Target {
  NONE = 0,
  FORMULA = 1,
  VALUE = 2,
}

const EMPTY_BYTES = Buffer.alloc(0);
const CELL_ATTRIBUTES = ['r', 's', 't'].map((name) => Buffer.from(name, 'latin1'));
const ROW_ATTRIBUTES = ['r', 's'].map((name) => Buffer.from(name, 'latin1'));

interface OpenRow {
  number: number;
  numFmt: string | undefined;
  slots: Slot[];
}

export class SheetHandler implements XmlByteHandler {
  /** Rows completed since the caller last took them. */
  rows: SheetRow[] = [];
  private inRows = false;
  private row: OpenRow | null = null;
  private inCell = false;
  /** The open cell: column (NaN when its address is bad, `ref` then says what it was), style, type. */
  private col = Number.NaN;
  private ref: string | undefined;
  private style = Number.NaN;
  private kind = Kind.NUMBER;
  private formula = false;
  private target = Target.NONE;
  private held = Held.NONE;
  private heldBytes: Buffer = Buffer.alloc(0);
  private heldStart = 0;
  private heldEnd = 0;
  private heldFlags = 0;
  private heldText = '';
  private readonly spans = new Int32Array(6);
  private readonly dateStyles = new Map<string | undefined, boolean>();

  /** `strings`: undefined when the workbook has no shared-strings part (cells then keep only their index). */
  constructor(
    private readonly strings: { plain: CellInput[]; present: boolean[] } | undefined,
    private readonly styles: CellStyles,
    private readonly date1904: boolean,
    /** Shared by the sheets of one workbook (the invoice sheet repeats the lines sheet's texts). */
    private readonly texts = new CellTextCache(),
  ) {}

  open(tag: Tag, bytes: Buffer, start: number, end: number): void {
    switch (tag) {
      case Tag.SHEET_DATA:
        this.inRows = true;
        break;
      case Tag.ROW:
        if (this.inRows) this.openRow(bytes, start, end);
        break;
      case Tag.C:
        if (this.row) this.openCell(bytes, start, end);
        break;
      case Tag.F:
        if (this.inCell) {
          this.formula = true;
          this.target = Target.FORMULA;
        }
        break;
      case Tag.V:
      case Tag.IS:
      case Tag.T:
        if (this.inCell) {
          this.held = Held.EMPTY;
          this.target = Target.VALUE;
        }
        break;
      default:
        break;
    }
  }

  private openRow(bytes: Buffer, start: number, end: number): void {
    const spans = this.spans;
    readAttributeSpans(bytes, start, end, ROW_ATTRIBUTES, spans);
    const number = intOf(bytes, spans[0] as number, spans[1] as number);
    const styleId = spans[2] as number;
    // `s=""` names no style, as an absent one.
    const style =
      styleId >= 0 && (spans[3] as number) > styleId
        ? this.styles.getStyleModel(intOf(bytes, styleId, spans[3] as number))
        : null;
    this.row = { number, numFmt: style?.numFmt, slots: [] };
  }

  private openCell(bytes: Buffer, start: number, end: number): void {
    const spans = this.spans;
    readAttributeSpans(bytes, start, end, CELL_ATTRIBUTES, spans);
    const refStart = spans[0] as number;
    const refEnd = spans[1] as number;
    this.ref = undefined;
    this.col = refStart < 0 ? Number.NaN : columnOf(bytes, refStart, refEnd);
    if (Number.isNaN(this.col) && refStart >= 0) {
      this.ref = attributeText(bytes, refStart, refEnd);
      const col = colCache.decodeAddress(this.ref).col;
      this.col = col === undefined ? Number.NaN : col;
    }
    this.style = intOf(bytes, spans[2] as number, spans[3] as number);
    const typeStart = spans[4] as number;
    this.kind = typeStart < 0 ? Kind.NUMBER : kindOf(bytes, typeStart, spans[5] as number);
    this.formula = false;
    this.held = Held.NONE;
    this.inCell = true;
    this.target = Target.NONE;
  }

  text(bytes: Buffer, start: number, end: number, flags: number): void {
    // Formula text is never read (the importer takes the result), so only value text is kept.
    if (!this.inCell || this.target !== Target.VALUE) return;
    if (this.held === Held.EMPTY) {
      this.held = Held.SPAN;
      this.heldBytes = bytes;
      this.heldStart = start;
      this.heldEnd = end;
      this.heldFlags = flags;
    } else {
      this.heldText = this.valueText() + decodeText(bytes, start, end, flags);
      this.held = Held.TEXT;
    }
  }

  close(tag: Tag): void {
    if (tag === Tag.SHEET_DATA) {
      this.inRows = false;
    } else if (tag === Tag.ROW) {
      const row = this.row;
      if (!row) throw new Error('row closed outside a row');
      this.rows.push({ row: row.number, cells: cellsOf(row.slots) });
      this.row = null;
    } else if (tag === Tag.C && this.row && this.inCell) {
      this.store(this.row);
      // Text after the cell went to an object exceljs never read again: dropped here.
      this.inCell = false;
      this.target = Target.NONE;
      this.heldBytes = EMPTY_BYTES;
    }
  }

  /** The value text as a string (Held.NONE is never asked). */
  private valueText(): string {
    if (this.held === Held.SPAN) return this.texts.text(this.heldBytes, this.heldStart, this.heldEnd, this.heldFlags);
    return this.held === Held.TEXT ? this.heldText : '';
  }

  private store(row: OpenRow): void {
    const col = this.col;
    if (!(col >= 1) || Number.isNaN(row.number)) throw new Error(`bad cell address ${this.ref}`);
    let numFmt = row.numFmt;
    if (this.style) {
      const style = this.styles.getStyleModel(this.style);
      if (style) numFmt = style.numFmt;
    }
    const slots = row.slots;
    while (slots.length < col) slots.push(ABSENT);
    if (this.formula) {
      // exceljs keeps { formula, result }; what the importer reads of it is the result.
      slots[col - 1] =
        this.held === Held.NONE ? null : this.kind === Kind.STRING ? xmlDecode(this.valueText()) : this.numberValue();
    } else if (this.held !== Held.NONE) {
      slots[col - 1] = this.valueOf(numFmt);
    }
  }

  private valueOf(numFmt: string | undefined): Slot {
    switch (this.kind) {
      case Kind.SHARED: {
        if (!this.strings) return null;
        const index =
          (this.held === Held.SPAN ? digitsOf(this.heldBytes, this.heldStart, this.heldEnd) : undefined) ??
          Number.parseInt(this.valueText(), 10);
        return this.strings.present[index] ? (this.strings.plain[index] as CellInput) : ABSENT;
      }
      case Kind.STRING:
      case Kind.INLINE:
        return xmlDecode(this.valueText());
      case Kind.ERROR:
        return this.valueText();
      case Kind.BOOLEAN:
        return Number.parseInt(this.valueText(), 10) !== 0;
      default: {
        let isDate = this.dateStyles.get(numFmt);
        if (isDate === undefined) {
          isDate = utils.isDateFmt(numFmt);
          this.dateStyles.set(numFmt, isDate);
        }
        const number = this.numberValue();
        return isDate ? utils.excelToDate(number, this.date1904) : number;
      }
    }
  }

  /** parseFloat of the value text, read from the bytes when they are a plain decimal. */
  private numberValue(): number {
    if (this.held === Held.SPAN) {
      const number = decimalOf(this.heldBytes, this.heldStart, this.heldEnd);
      if (number !== undefined) return number;
    }
    return Number.parseFloat(this.valueText());
  }
}

/** The kind named by a `t` attribute, without making a string for the usual ones. */
function kindOf(bytes: Buffer, start: number, end: number): Kind {
  if (end - start === 1) {
    const code = bytes[start];
    if (code === 0x73 /* s */) return Kind.SHARED;
    if (code === 0x6e /* n */) return Kind.NUMBER;
  } else if (end - start === 3 && bytes[start] === 0x73 && bytes[start + 1] === 0x74 && bytes[start + 2] === 0x72) {
    return Kind.STRING;
  }
  return KINDS.get(attributeText(bytes, start, end)) ?? Kind.NUMBER;
}

/** parseInt of an attribute or value span (NaN when absent). */
function intOf(bytes: Buffer, start: number, end: number): number {
  if (start < 0) return Number.NaN;
  const digits = digitsOf(bytes, start, end);
  return digits !== undefined ? digits : Number.parseInt(attributeText(bytes, start, end), 10);
}

/** The column of a plain cell address (`AB12`), or NaN for anything exceljs's decodeAddress must judge. */
function columnOf(bytes: Buffer, start: number, end: number): number {
  let at = start;
  let col = 0;
  for (; at < end && at - start < 3; at += 1) {
    const code = bytes[at] as number;
    if (code < 0x41 || code > 0x5a) break;
    col = col * 26 + code - 64;
  }
  if (at === start || col > 16384 || at === end || digitsOf(bytes, at, end) === undefined) return Number.NaN;
  return col;
}

/** The shared strings as cells: what plainCell makes of each, and whether exceljs counts it as a value. */
export function sharedCells(items: unknown[]): { plain: CellInput[]; present: boolean[] } {
  return {
    plain: items.map((item) => plainCell(item)),
    present: items.map((item) => item !== null && item !== undefined),
  };
}

/** exceljs's `row.values` through the importer's cellsOf: up to the last cell with a value, gaps as null (in place). */
function cellsOf(slots: Slot[]): CellInput[] {
  let length = slots.length;
  while (length > 0 && slots[length - 1] === ABSENT) length -= 1;
  slots.length = length;
  for (let index = 0; index < length; index += 1) if (slots[index] === ABSENT) slots[index] = null;
  return slots as CellInput[];
}
