/**
 * What exceljs's streaming reader makes of a worksheet's and the shared strings' XML, rebuilt on
 * the plain tokenizer: the same cells (by the same rules, quirks included: a `<t>` starts its text
 * afresh, text after `</v>` still counts, str and inline strings are entity-decoded a second time,
 * a number is a date when its style's format is a date format) and the same row lengths (trailing
 * empty cells dropped). The reference is worksheet-reader.js / workbook-reader.js of exceljs 4.4;
 * xlsx-rows.reader.test.ts compares both readers cell by cell.
 */
import { createRequire } from 'node:module';
import { type CellInput, plainCell } from './cell-value.parser.js';
import type { SheetRow } from './sheet-events.js';
import { readAttributes, type XmlHandler } from './xml-chunk.scanner.js';

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
export class SharedStringsHandler implements XmlHandler {
  readonly items: unknown[] = [];
  private pending: string | null = null;
  private runs: { text: string | null }[] = [];

  open(name: string): void {
    if (name === 'si') {
      this.runs = [];
      this.pending = null;
    } else if (name === 't') {
      this.pending = null;
    }
  }

  close(name: string): void {
    if (name === 'r') {
      this.runs.push({ text: this.pending });
      this.pending = null;
    } else if (name === 'si') {
      this.items.push(this.runs.length > 0 ? { richText: this.runs } : this.pending);
      this.runs = [];
      this.pending = null;
    }
  }

  text(text: string): void {
    this.pending = this.pending ? this.pending + text : text;
  }
}

/** The cell being read; one object reused for every cell (text goes to `formula` or `value` by `target`). */
interface OpenCell {
  ref: string | undefined;
  style: number;
  type: string | undefined;
  formula: string | null;
  value: string | null;
}

const CELL_ATTRIBUTES = ['r', 's', 't'] as const;
const ROW_ATTRIBUTES = ['r', 's'] as const;
const NONE = 0;
const FORMULA = 1;
const VALUE = 2;

export class SheetHandler implements XmlHandler {
  /** Rows completed since the caller last took them. */
  rows: SheetRow[] = [];
  private inRows = false;
  private row: { number: number; numFmt: string | undefined; slots: Slot[] } | null = null;
  private cell: OpenCell | null = null;
  private readonly open_: OpenCell = { ref: undefined, style: Number.NaN, type: undefined, formula: null, value: null };
  /** Where text goes: exceljs appends it to the last `<f>`/`<v>`/`<is>`/`<t>` opened in the cell, until the cell ends. */
  private target = NONE;
  private readonly attributes: (string | undefined)[] = [undefined, undefined, undefined];
  private readonly dateStyles = new Map<string | undefined, boolean>();

  /** `strings`: undefined when the workbook has no shared-strings part (cells then keep only their index). */
  constructor(
    private readonly strings: { plain: CellInput[]; present: boolean[] } | undefined,
    private readonly styles: CellStyles,
    private readonly date1904: boolean,
  ) {}

  open(name: string, text: string, start: number, end: number): void {
    switch (name) {
      case 'sheetData':
        this.inRows = true;
        break;
      case 'row':
        if (this.inRows) {
          readAttributes(text, start, end, ROW_ATTRIBUTES, this.attributes);
          const [number, styleId] = this.attributes;
          const style = styleId ? this.styles.getStyleModel(Number.parseInt(styleId, 10)) : null;
          this.row = { number: Number.parseInt(number ?? '', 10), numFmt: style?.numFmt, slots: [] };
        }
        break;
      case 'c':
        if (this.row) {
          readAttributes(text, start, end, CELL_ATTRIBUTES, this.attributes);
          const cell = this.open_;
          cell.ref = this.attributes[0];
          cell.style = Number.parseInt(this.attributes[1] ?? '', 10);
          cell.type = this.attributes[2];
          cell.formula = null;
          cell.value = null;
          this.cell = cell;
          this.target = NONE;
        }
        break;
      case 'f':
        if (this.cell) {
          this.cell.formula = '';
          this.target = FORMULA;
        }
        break;
      case 'v':
      case 'is':
      case 't':
        if (this.cell) {
          this.cell.value = '';
          this.target = VALUE;
        }
        break;
      default:
        break;
    }
  }

  text(text: string): void {
    const cell = this.cell;
    if (cell === null || this.target === NONE) return;
    if (this.target === VALUE) cell.value += text;
    else cell.formula += text;
  }

  close(name: string): void {
    if (name === 'sheetData') {
      this.inRows = false;
    } else if (name === 'row') {
      const row = this.row;
      if (!row) throw new Error('row closed outside a row');
      this.rows.push({ row: row.number, cells: cellsOf(row.slots) });
      this.row = null;
    } else if (name === 'c' && this.row && this.cell) {
      this.store(this.row, this.cell);
      // Text after the cell went to an object exceljs never read again: dropped here.
      this.cell = null;
      this.target = NONE;
    }
  }

  private store(row: { number: number; numFmt: string | undefined; slots: Slot[] }, cell: OpenCell): void {
    const col = cell.ref === undefined ? undefined : colCache.decodeAddress(cell.ref).col;
    if (col === undefined || !(col >= 1) || Number.isNaN(row.number)) throw new Error(`bad cell address ${cell.ref}`);
    let numFmt = row.numFmt;
    if (cell.style) {
      const style = this.styles.getStyleModel(cell.style);
      if (style) numFmt = style.numFmt;
    }
    const slots = row.slots;
    while (slots.length < col) slots.push(ABSENT);
    const { formula, value } = cell;
    if (formula !== null) {
      // exceljs keeps { formula, result }; what the importer reads of it is the result.
      const result = value !== null ? (cell.type === 'str' ? xmlDecode(value) : Number.parseFloat(value)) : null;
      slots[col - 1] = result;
    } else if (value !== null) {
      slots[col - 1] = this.valueOf(cell.type, value, numFmt);
    }
  }

  private valueOf(type: string | undefined, text: string, numFmt: string | undefined): Slot {
    switch (type) {
      case 's': {
        if (!this.strings) return null;
        const index = Number.parseInt(text, 10);
        return this.strings.present[index] ? (this.strings.plain[index] as CellInput) : ABSENT;
      }
      case 'inlineStr':
      case 'str':
        return xmlDecode(text);
      case 'e':
        return text;
      case 'b':
        return Number.parseInt(text, 10) !== 0;
      default: {
        let isDate = this.dateStyles.get(numFmt);
        if (isDate === undefined) {
          isDate = utils.isDateFmt(numFmt);
          this.dateStyles.set(numFmt, isDate);
        }
        const number = Number.parseFloat(text);
        return isDate ? utils.excelToDate(number, this.date1904) : number;
      }
    }
  }
}

/** The shared strings as cells: what plainCell makes of each, and whether exceljs counts it as a value. */
export function sharedCells(items: unknown[]): { plain: CellInput[]; present: boolean[] } {
  return {
    plain: items.map((item) => plainCell(item)),
    present: items.map((item) => item !== null && item !== undefined),
  };
}

/** exceljs's `row.values` through the importer's cellsOf: up to the last cell with a value, gaps as null. */
function cellsOf(slots: Slot[]): CellInput[] {
  let length = slots.length;
  while (length > 0 && slots[length - 1] === ABSENT) length -= 1;
  const cells: CellInput[] = new Array(length);
  for (let index = 0; index < length; index += 1) {
    const slot = slots[index] as Slot;
    cells[index] = slot === ABSENT ? null : slot;
  }
  return cells;
}
