/**
 * What the reader remembers across rows, one small entry per invoice (never per line): duplicate
 * invoices, line numbering, invoices derived from the line sheet when the file has no invoice
 * sheet, and the check that both sheets agree when it has both.
 */
import { formatFen } from '@taxlens/shared';
import type { NormalizedInvoice } from '../../model/invoice.js';
import type { CellInput } from './cell-value.parser.js';
import type { InvoiceHead } from './invoice-head.normalizer.js';
import type { InvoiceImportProblem } from './invoice-import.types.js';
import { type Amounts, invoiceOf, type LineRow } from './invoice-row.normalizer.js';

interface InvoiceEntry extends Amounts {
  sheet: string;
  row: number;
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

const location = (sheet: string, row: number) => `工作表「${sheet}」第 ${row} 行`;

export class InvoiceAggregateTracker {
  private readonly invoices = new Map<string, InvoiceEntry>();
  private readonly groups = new Map<string, LineGroup>();
  /** Per sheet: fingerprint of each line row's content → its row, to spot rows exported twice. */
  private readonly lineFingerprints = new Map<string, Map<number, number>>();
  private invoiceSheetSeen = false;

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
    this.invoices.set(detached(invoice.key), { sheet, row, amountFen, taxFen, totalFen });
    return true;
  }

  /** Marks that the file has an invoice sheet even if none of its rows survived. */
  noteInvoiceSheet(): void {
    this.invoiceSheetSeen = true;
  }

  /**
   * Records a line and returns its 1-based number within its invoice. Two identical lines can be
   * genuine (the same item twice on one invoice), so a repeated row is a warning, not an error.
   */
  addLine(line: LineRow, fingerprint: number, sheet: string, row: number, problems: InvoiceImportProblem[]): number {
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
    const { head } = line;
    const group = this.groups.get(head.key);
    const { amountFen, taxFen, totalFen } = line.line;
    if (!group) {
      this.groups.set(detached(head.key), {
        // Once the invoice sheet is known the full head is not needed: sums suffice for the cross-check.
        head: this.invoiceSheetSeen ? null : detachedHead(head),
        issuedAt: detached(head.issuedAt),
        sellerTaxNo: detached(head.sellerTaxNo),
        buyerTaxNo: detached(head.buyerTaxNo),
        lineCount: 1,
        sheet,
        firstRow: row,
        amountFen,
        taxFen,
        totalFen,
      });
      return 1;
    }
    const differs =
      group.issuedAt !== head.issuedAt ||
      group.sellerTaxNo !== head.sellerTaxNo ||
      group.buyerTaxNo !== head.buyerTaxNo;
    if (differs) {
      problems.push({
        sheet,
        row,
        column: null,
        reason: `同一发票「${head.key}」的明细行开票日期或购销方与${location(group.sheet, group.firstRow)}不一致`,
        severity: 'warning',
      });
    }
    group.lineCount += 1;
    group.amountFen += amountFen;
    group.taxFen += taxFen;
    group.totalFen += totalFen;
    return group.lineCount;
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

  /** Warnings where the line sheet and the invoice sheet disagree. */
  *crossCheck(): Generator<InvoiceImportProblem> {
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
