/**
 * State of one import while rows stream through: the current sheet and its header, the batch
 * being filled, the counters of the summary.
 */
import type { NormalizedInvoice, NormalizedInvoiceDetail, NormalizedInvoiceLine } from '../../model/invoice.js';
import type { CellInput } from './cell-value.parser.js';
import { ForeignParties } from './foreign-parties.counter.js';
import { HEADER_SCAN_ROWS, inspectHeaderRow, type SheetLayout } from './header.detector.js';
import { fingerprintOf, InvoiceAggregateTracker } from './invoice-aggregate.tracker.js';
import { type CompanyIdentity, type InvoiceHead, identityOf, RowCells } from './invoice-head.normalizer.js';
import { InvoiceImportError, missingColumnsError, wrongCompanyError } from './invoice-import.errors.js';
import type {
  CsvEncoding,
  InvoiceBatch,
  InvoiceExportFormat,
  InvoiceImportProblem,
  InvoiceImportSummary,
  InvoiceSheetSummary,
  SkippedSheet,
} from './invoice-import.types.js';
import { normalizeInvoiceRow, normalizeLineRow } from './invoice-row.normalizer.js';
import { RowProblems } from './row-problems.collector.js';
import type { SheetRow } from './sheet-events.js';
import { detailFieldsOf } from './special-sheet.fields.js';
import { cachedTaxNoProblem } from './tax-number.checks.js';

interface SheetState {
  name: string;
  scanned: number;
  /** Non-blank rows met before a header was found (to tell an empty sheet from an unknown one). */
  filled: number;
  layout: SheetLayout | null;
  summary: InvoiceSheetSummary | null;
}

const TOTAL_ROW_WORDS = /^(合计|总计|小计)/;

function isBlank(cells: readonly CellInput[]): boolean {
  return cells.every((cell) => cell === null || (typeof cell === 'string' && cell.trim() === ''));
}

/** A 合计 row under the data: no invoice number and a cell that says 合计. */
function isTotalRow(cells: RowCells, raw: readonly CellInput[]): boolean {
  // `--` in an identity column is "no value", not a number.
  if (/\d/.test(cells.text('digitalNumber') ?? '') || /\d/.test(cells.text('number') ?? '')) return false;
  return raw.some((cell) => typeof cell === 'string' && TOTAL_ROW_WORDS.test(cell.trim()));
}

export class InvoiceImportRun {
  private readonly tracker = new InvoiceAggregateTracker();
  private readonly sheets: InvoiceSheetSummary[] = [];
  private readonly skippedSheets: SkippedSheet[] = [];
  private readonly foreign = new ForeignParties();
  private readonly periods = new Set<string>();
  private current: SheetState | null = null;
  private invoices: NormalizedInvoice[] = [];
  private lines: NormalizedInvoiceLine[] = [];
  private details: NormalizedInvoiceDetail[] = [];
  private problems: InvoiceImportProblem[] = [];
  private invoiceCount = 0;
  private lineCount = 0;
  private rejectedRowCount = 0;
  private skippedRowCount = 0;
  private errorCount = 0;
  private warningCount = 0;
  private detailCount = 0;
  private taxNoWarnings = 0;

  constructor(
    private readonly company: CompanyIdentity,
    private readonly format: InvoiceExportFormat,
  ) {}

  startSheet(name: string): void {
    this.closeSheet();
    this.current = { name, scanned: 0, filled: 0, layout: null, summary: null };
  }

  /** A sheet that ended without a header is noted in the summary (an empty one silently). */
  private closeSheet(): void {
    const sheet = this.current;
    if (!sheet || sheet.layout || sheet.filled === 0) return;
    this.skippedSheets.push({
      name: sheet.name,
      reason: `工作表「${sheet.name}」不是发票、明细或特定业务信息表，已跳过`,
    });
  }

  acceptRow({ row, cells }: SheetRow): void {
    const sheet = this.current;
    if (!sheet) return;
    if (sheet.layout && sheet.summary) {
      this.acceptDataRow(sheet.layout, sheet.summary, row, cells);
    } else if (sheet.scanned < HEADER_SCAN_ROWS) {
      sheet.scanned += 1;
      if (!isBlank(cells)) sheet.filled += 1;
      this.acceptHeaderCandidate(sheet, row, cells);
    }
  }

  get pendingRows(): number {
    return this.invoices.length + this.lines.length + this.details.length + this.problems.length;
  }

  takeBatch(summary: InvoiceImportSummary | null = null): InvoiceBatch {
    const batch = {
      invoices: this.invoices,
      lines: this.lines,
      details: this.details,
      problems: this.problems,
      summary,
    };
    this.invoices = [];
    this.lines = [];
    this.details = [];
    this.problems = [];
    return batch;
  }

  /**
   * Refuses a file that held no invoice table or no data under its header, and a file of another
   * company (no row names this company on either side) with one sentence naming whose it is.
   */
  assertReadable(): void {
    this.closeSheet();
    this.current = null;
    const main = this.sheets.filter((sheet) => sheet.kind !== 'special');
    if (main.length === 0) throw new InvoiceImportError('NO_INVOICE_SHEET');
    if (main.every((sheet) => sheet.dataRows === 0)) throw new InvoiceImportError('NO_DATA');
    const owner = this.foreign.owner();
    if (owner) throw wrongCompanyError(owner);
  }

  /** The batches after the last row: cross-check warnings, derived invoices, then the summary. */
  *finish(batchSize: number, encoding: CsvEncoding | null): Generator<InvoiceBatch> {
    const settled: InvoiceImportProblem[] = [];
    for (const line of this.tracker.settleSummaries(settled)) {
      this.lines.push(line);
      this.lineCount += 1;
      if (this.pendingRows >= batchSize) yield this.takeBatch();
    }
    this.pushProblems(settled);
    for (const problem of this.tracker.crossCheck()) {
      this.pushProblems([problem]);
      if (this.pendingRows >= batchSize) yield this.takeBatch();
    }
    const derived = this.tracker.derivesInvoices;
    if (derived) {
      for (const invoice of this.tracker.derivedInvoices()) {
        this.pushInvoice(invoice);
        if (this.pendingRows >= batchSize) yield this.takeBatch();
      }
    }
    yield this.takeBatch({
      format: this.format,
      encoding,
      invoiceCount: this.invoiceCount,
      lineCount: this.lineCount,
      rejectedRowCount: this.rejectedRowCount,
      skippedRowCount: this.skippedRowCount,
      errorCount: this.errorCount,
      warningCount: this.warningCount,
      periods: [...this.periods].sort(),
      sheets: this.sheets,
      skippedSheets: this.skippedSheets,
      detailCount: this.detailCount,
      listSummaryLines: this.tracker.droppedSummaries,
      taxNoWarnings: this.taxNoWarnings,
      invoicesDerivedFromLines: derived,
    });
  }

  private acceptHeaderCandidate(sheet: SheetState, row: number, cells: CellInput[]): void {
    const verdict = inspectHeaderRow(cells, row);
    // Only a sheet with the money columns is an invoice or line table: anything else without a
    // usable header is left to closeSheet, which notes it as skipped.
    if (verdict.status === 'missing') {
      throw missingColumnsError(this.format === 'csv' ? null : sheet.name, verdict.missing);
    }
    if (verdict.status !== 'header') return;
    sheet.layout = verdict.layout;
    sheet.summary = { name: sheet.name, kind: verdict.layout.kind, headerRow: row, dataRows: 0 };
    this.sheets.push(sheet.summary);
    if (verdict.layout.kind === 'invoices') this.tracker.noteInvoiceSheet();
  }

  private acceptDataRow(layout: SheetLayout, summary: InvoiceSheetSummary, row: number, raw: CellInput[]): void {
    const cells = new RowCells(raw, layout);
    if (isBlank(raw) || isTotalRow(cells, raw)) {
      this.skippedRowCount += 1;
      return;
    }
    summary.dataRows += 1;
    const problems = new RowProblems(summary.name, row, layout);
    if (layout.kind === 'special') {
      this.acceptDetailRow(layout, summary.name, row, cells, raw, problems);
    } else if (layout.kind === 'invoices') {
      const invoice = normalizeInvoiceRow(cells, problems, this.company);
      this.noteParties(problems);
      if (invoice) this.checkCounterparty(invoice, problems);
      if (invoice && this.tracker.addInvoice(invoice, summary.name, row, problems.list)) this.pushInvoice(invoice);
      else this.rejectedRowCount += 1;
    } else {
      const line = normalizeLineRow(cells, problems, this.company);
      this.noteParties(problems);
      if (line) {
        this.checkCounterparty(line.head, problems);
        const fingerprint = fingerprintOf(raw, layout.index.seq);
        const lineNo = this.tracker.addLine(line, fingerprint, summary.name, row, problems.list);
        if (line.line !== null && lineNo > 0) {
          line.line.lineNo = lineNo;
          this.lines.push(line.line);
          this.lineCount += 1;
        }
      } else {
        this.rejectedRowCount += 1;
      }
    }
    this.pushProblems(problems.list);
  }

  /** A special-business row: attributes of the invoice it names; an unreadable identity only warns. */
  private acceptDetailRow(
    layout: SheetLayout,
    sheet: string,
    row: number,
    cells: RowCells,
    raw: CellInput[],
    problems: RowProblems,
  ): void {
    const probe = new RowProblems(sheet, row, layout);
    const identity = identityOf(cells, probe);
    if (identity === null) {
      const reason = probe.list.find((problem) => problem.severity === 'error')?.reason ?? '无法识别发票号码';
      problems.warn(null, `${reason}，该行特定业务信息已忽略`);
      return;
    }
    const fields = detailFieldsOf(layout.extras, raw);
    if (fields.length === 0) return;
    const rowNo = this.tracker.addDetail(identity.key, sheet, sheet, row);
    this.details.push({ invoiceKey: identity.key, business: sheet, rowNo, fields });
    this.detailCount += 1;
  }

  /** Counts whose file this is while no row has named this company. */
  private noteParties(problems: RowProblems): void {
    if (problems.foreign) this.foreign.add(problems.foreign);
    else if (!problems.hasError) this.foreign.ownRowSeen();
  }

  /** The counterparty's 纳税人识别号, checked once per invoice: a failed check is a warning on the row. */
  private checkCounterparty(
    head: Pick<InvoiceHead, 'key' | 'direction' | 'sellerTaxNo' | 'buyerTaxNo'>,
    problems: RowProblems,
  ): void {
    if (!this.tracker.isNew(head.key)) return;
    const sales = head.direction === 'sales';
    const taxNo = sales ? head.buyerTaxNo : head.sellerTaxNo;
    const problem = cachedTaxNoProblem(taxNo);
    if (problem === null) return;
    this.taxNoWarnings += 1;
    problems.warn(sales ? 'buyerTaxNo' : 'sellerTaxNo', `${sales ? '购方' : '销方'}识别号「${taxNo}」${problem}`);
  }

  private pushInvoice(invoice: NormalizedInvoice): void {
    this.invoices.push(invoice);
    this.invoiceCount += 1;
    this.periods.add(invoice.issuedAt.slice(0, 7));
  }

  private pushProblems(problems: readonly InvoiceImportProblem[]): void {
    for (const problem of problems) {
      this.problems.push(problem);
      if (problem.severity === 'error') this.errorCount += 1;
      else this.warningCount += 1;
    }
  }
}
