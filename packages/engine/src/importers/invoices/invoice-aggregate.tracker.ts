/**
 * What the reader remembers across rows, one small entry per invoice (never per line): duplicate
 * invoices, line numbering, invoices derived from the line sheet when the file has no invoice
 * sheet, and the check that both sheets agree when it has both.
 */
import { formatFen } from '@taxlens/shared';
import type { NormalizedInvoice, NormalizedInvoiceLine } from '../../model/invoice.js';
import type { CellInput } from './cell-value.parser.js';
import type { InvoiceHead } from './invoice-head.normalizer.js';
import type { InvoiceImportProblem } from './invoice-import.types.js';
import { type Amounts, invoiceOf, type LineRow } from './invoice-row.normalizer.js';

interface InvoiceEntry extends Amounts {
  sheet: string;
  row: number;
  issuedAt: string;
  sellerTaxNo: string;
  buyerTaxNo: string;
}

/** A `(详见销货清单)` line held until the file says whether its list lines are present. */
interface HeldSummary {
  line: NormalizedInvoiceLine;
  sheet: string;
  row: number;
  /** Set once a list line of the same invoice is met: the summary is then not a goods line. */
  replaced: boolean;
}

interface LineGroup extends Amounts {
  /** Kept only while invoices may have to be derived from lines (no invoice sheet met yet). */
  head: InvoiceHead | null;
  issuedAt: string;
  sellerTaxNo: string;
  buyerTaxNo: string;
  lineCount: number;
  sheet: string;
  firstRow: number;
}

/**
 * A copy of `text` that no longer points into the parser's chunk. V8 keeps substrings of 13+
 * characters as slices of their parent, so one kept invoice number would pin a whole 64 KB chunk
 * of XML or csv text; flattening a concatenation makes a small string of its own.
 */
function detached(text: string): string {
  return `${text} `.slice(0, -1);
}

function detachedText(text: string | null): string | null {
  return text === null ? null : detached(text);
}

/** The head of an invoice kept until the end (only when invoices are derived from lines). */
function detachedHead(head: InvoiceHead): InvoiceHead {
  return {
    key: detached(head.key),
    digitalNumber: detachedText(head.digitalNumber),
    code: detachedText(head.code),
    number: detachedText(head.number),
    direction: head.direction,
    sellerTaxNo: detached(head.sellerTaxNo),
    sellerName: detached(head.sellerName),
    buyerTaxNo: detached(head.buyerTaxNo),
    buyerName: detached(head.buyerName),
    issuedAt: detached(head.issuedAt),
    hasTime: head.hasTime,
    source: detachedText(head.source),
    kindText: detachedText(head.kindText),
    kindCode: head.kindCode,
    isSpecial: head.isSpecial,
    status: head.status,
    statusText: detachedText(head.statusText),
    positiveFlag: head.positiveFlag,
    riskLevel: head.riskLevel,
    issuer: detachedText(head.issuer),
    remark: detachedText(head.remark),
    redOfNumber: detachedText(head.redOfNumber),
  };
}

/**
 * A held `(详见销货清单)` line with every text copied: held to the end of the file, a line whose
 * strings still pointed into the parser's chunks pinned one 117 KB chunk each (about 200 MB of XML
 * text for a 100 000-line export whose summaries are spread over the whole sheet).
 */
function detachedLine(line: NormalizedInvoiceLine): NormalizedInvoiceLine {
  const copy: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(line)) copy[field] = typeof value === 'string' ? detached(value) : value;
  return copy as unknown as NormalizedInvoiceLine;
}

const location = (sheet: string, row: number) => `工作表「${sheet}」第 ${row} 行`;

export class InvoiceAggregateTracker {
  private readonly invoices = new Map<string, InvoiceEntry>();
  private readonly groups = new Map<string, LineGroup>();
  /** Per sheet: fingerprint of each line row's content → its row, to spot rows exported twice. */
  private readonly lineFingerprints = new Map<string, Map<number, number>>();
  private invoiceSheetSeen = false;
  private readonly summaries = new Map<string, HeldSummary>();
  /** Per special-business row group (business + invoice key): where it was first met and how many rows. */
  private readonly details = new Map<string, { key: string; sheet: string; row: number; count: number }>();

  /** Records an invoice-sheet row; a second row with the same key is an error. */
  addInvoice(invoice: NormalizedInvoice, sheet: string, row: number, problems: InvoiceImportProblem[]): boolean {
    this.invoiceSheetSeen = true;
    const earlier = this.invoices.get(invoice.key);
    if (earlier) {
      problems.push({
        sheet,
        row,
        column: null,
        reason: `发票「${invoice.key}」重复（与${location(earlier.sheet, earlier.row)}相同）`,
        severity: 'error',
      });
      return false;
    }
    const { amountFen, taxFen, totalFen } = invoice;
    this.invoices.set(detached(invoice.key), {
      sheet,
      row,
      amountFen,
      taxFen,
      totalFen,
      issuedAt: detached(invoice.issuedAt),
      sellerTaxNo: detached(invoice.sellerTaxNo),
      buyerTaxNo: detached(invoice.buyerTaxNo),
    });
    return true;
  }

  /** Whether no row of this invoice has been met yet in either sheet. */
  isNew(key: string): boolean {
    return !this.invoices.has(key) && !this.groups.has(key);
  }

  /** Whether the file holds this invoice (in either sheet). */
  has(key: string): boolean {
    return this.invoices.has(key) || this.groups.has(key);
  }

  /** Marks that the file has an invoice sheet even if none of its rows survived. */
  noteInvoiceSheet(): void {
    this.invoiceSheetSeen = true;
  }

  /**
   * Records a line and returns its 1-based number within its invoice, or 0 when the line is not
   * yielded now (a blank voided invoice has none; a `(详见销货清单)` line is held until the end).
   * Two identical lines can be genuine (the same item twice on one invoice), so a repeated row is
   * a warning; lines of one invoice that disagree on date or parties are an error (they would
   * merge different invoices).
   */
  addLine(line: LineRow, fingerprint: number, sheet: string, row: number, problems: InvoiceImportProblem[]): number {
    if (line.line !== null) this.noteFingerprint(fingerprint, sheet, row, problems);
    const { head } = line;
    let group = this.groups.get(head.key);
    if (!group) {
      group = {
        // Once the invoice sheet is known the full head is not needed: sums suffice for the cross-check.
        head: this.invoiceSheetSeen ? null : detachedHead(head),
        issuedAt: detached(head.issuedAt),
        sellerTaxNo: detached(head.sellerTaxNo),
        buyerTaxNo: detached(head.buyerTaxNo),
        lineCount: 0,
        sheet,
        firstRow: row,
        amountFen: 0,
        taxFen: 0,
        totalFen: 0,
      };
      this.groups.set(detached(head.key), group);
    } else if (
      group.issuedAt !== head.issuedAt ||
      group.sellerTaxNo !== head.sellerTaxNo ||
      group.buyerTaxNo !== head.buyerTaxNo
    ) {
      problems.push({
        sheet,
        row,
        column: null,
        reason: `同一发票「${head.key}」的明细行开票日期或购销方与${location(group.sheet, group.firstRow)}不一致`,
        severity: 'error',
      });
      return 0;
    }
    if (line.line === null) return 0;
    const held = this.summaries.get(head.key);
    if (line.listSummary) {
      if (!held) {
        const summary = { line: detachedLine(line.line), sheet, row, replaced: group.lineCount > 0 };
        this.summaries.set(detached(head.key), summary);
      }
      return 0;
    }
    if (held) held.replaced = true;
    group.lineCount += 1;
    group.amountFen += line.line.amountFen;
    group.taxFen += line.line.taxFen;
    group.totalFen += line.line.totalFen;
    return group.lineCount;
  }

  private noteFingerprint(fingerprint: number, sheet: string, row: number, problems: InvoiceImportProblem[]): void {
    let seen = this.lineFingerprints.get(sheet);
    if (!seen) {
      seen = new Map();
      this.lineFingerprints.set(sheet, seen);
    }
    const twin = seen.get(fingerprint);
    if (twin !== undefined) {
      problems.push({
        sheet,
        row,
        column: null,
        reason: `明细行与第 ${twin} 行完全相同，请核对是否重复导出`,
        severity: 'warning',
      });
    } else {
      seen.set(fingerprint, row);
    }
  }

  /**
   * After the last row: a `(详见销货清单)` line whose list lines never came is the invoice's only
   * line and is yielded now; one whose list lines came is dropped, and the list must add up to it.
   */
  *settleSummaries(problems: InvoiceImportProblem[]): Generator<NormalizedInvoiceLine> {
    for (const [key, held] of this.summaries) {
      const group = this.groups.get(key);
      if (!group) continue;
      if (!held.replaced) {
        group.lineCount += 1;
        group.amountFen += held.line.amountFen;
        group.taxFen += held.line.taxFen;
        group.totalFen += held.line.totalFen;
        yield { ...held.line, lineNo: group.lineCount };
        continue;
      }
      this.droppedSummaries += 1;
      if (held.line.amountFen !== group.amountFen || held.line.taxFen !== group.taxFen) {
        problems.push({
          sheet: held.sheet,
          row: held.row,
          column: null,
          reason:
            `发票「${key}」的销货清单明细合计（金额 ${formatFen(group.amountFen)}、税额 ${formatFen(group.taxFen)}）` +
            `与「详见销货清单」行（金额 ${formatFen(held.line.amountFen)}、税额 ${formatFen(held.line.taxFen)}）不一致`,
          severity: 'warning',
        });
      }
    }
    this.summaries.clear();
  }

  /** Summary lines dropped because their list lines were present. */
  droppedSummaries = 0;

  /** Records a special-business row; answers its number among the rows of that invoice and business. */
  addDetail(key: string, business: string, sheet: string, row: number): number {
    const id = `${business}\u0000${key}`;
    const entry = this.details.get(id);
    if (entry) {
      entry.count += 1;
      return entry.count;
    }
    this.details.set(detached(id), { key: detached(key), sheet, row, count: 1 });
    return 1;
  }

  get derivesInvoices(): boolean {
    return !this.invoiceSheetSeen && this.groups.size > 0;
  }

  /** Invoices built from their lines, amounts summed: used only when the file has no invoice sheet. */
  *derivedInvoices(): Generator<NormalizedInvoice> {
    for (const group of this.groups.values()) {
      if (!group.head) continue;
      yield invoiceOf(group.head, { amountFen: group.amountFen, taxFen: group.taxFen, totalFen: group.totalFen });
    }
  }

  /**
   * Where the sheets disagree: a special-business row naming an invoice the file does not hold
   * (warning), amounts of the lines against the invoice (warning, per invoice), date or parties
   * of the lines against the invoice (error: they describe different invoices).
   */
  *crossCheck(): Generator<InvoiceImportProblem> {
    for (const detail of this.details.values()) {
      if (this.has(detail.key)) continue;
      yield {
        sheet: detail.sheet,
        row: detail.row,
        column: null,
        reason: `特定业务信息所属发票「${detail.key}」不在发票基础信息表或信息汇总表中，已忽略`,
        severity: 'warning',
      };
    }
    if (!this.invoiceSheetSeen) return;
    for (const [key, group] of this.groups) {
      const invoice = this.invoices.get(key);
      if (!invoice) {
        yield {
          sheet: group.sheet,
          row: group.firstRow,
          column: null,
          reason: `明细所属发票「${key}」不在发票基础信息表中`,
          severity: 'warning',
        };
        continue;
      }
      if (
        invoice.issuedAt !== group.issuedAt ||
        invoice.sellerTaxNo !== group.sellerTaxNo ||
        invoice.buyerTaxNo !== group.buyerTaxNo
      ) {
        yield {
          sheet: group.sheet,
          row: group.firstRow,
          column: null,
          reason: `发票「${key}」在信息汇总表中的开票日期或购销方与${location(invoice.sheet, invoice.row)}不一致`,
          severity: 'error',
        };
        continue;
      }
      // A blank voided invoice has no line to compare with.
      if (group.lineCount === 0) continue;
      if (invoice.amountFen !== group.amountFen || invoice.taxFen !== group.taxFen) {
        yield {
          sheet: invoice.sheet,
          row: invoice.row,
          column: null,
          reason:
            `发票金额与明细合计不一致（金额 ${formatFen(invoice.amountFen)}、税额 ${formatFen(invoice.taxFen)}；` +
            `明细合计金额 ${formatFen(group.amountFen)}、税额 ${formatFen(group.taxFen)}）`,
          severity: 'warning',
        };
      }
    }
  }
}

/**
 * 53-bit hash (cyrb53) of a row's cells, skipping one column (序号, which differs between otherwise
 * identical rows). Hashed cell by cell so no joined string is built per line; collisions are
 * negligible at a few hundred thousand lines.
 */
export function fingerprintOf(cells: readonly CellInput[], skip: number | undefined): number {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let position = 0; position < cells.length; position += 1) {
    const cell = cells[position];
    if (position === skip || cell === null || cell === undefined) continue;
    const text = typeof cell === 'string' ? cell : String(cell);
    // The position keeps 'ab','' apart from 'a','b'.
    h1 = Math.imul(h1 ^ (position + 0x10000), 2654435761);
    h2 = Math.imul(h2 ^ (position + 0x10000), 1597334677);
    for (let index = 0; index < text.length; index += 1) {
      const code = text.charCodeAt(index);
      h1 = Math.imul(h1 ^ code, 2654435761);
      h2 = Math.imul(h2 ^ code, 1597334677);
    }
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}
