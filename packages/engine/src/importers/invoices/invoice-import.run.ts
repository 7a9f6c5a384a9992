/**
 * State of one import while rows stream through: the current sheet and its header, the batch
 * being filled, the counters of the summary.
 */
import type { NormalizedInvoice, NormalizedInvoiceLine } from '../../model/invoice.js';
import type { CellInput } from './cell-value.parser.js';
import { HEADER_SCAN_ROWS, inspectHeaderRow, type SheetLayout } from './header.detector.js';
import { fingerprintOf, InvoiceAggregateTracker } from './invoice-aggregate.tracker.js';
import { type CompanyIdentity, RowCells } from './invoice-head.normalizer.js';
import { InvoiceImportError, missingColumnsError } from './invoice-import.errors.js';
import type {
  CsvEncoding,
  InvoiceBatch,
  InvoiceExportFormat,
  InvoiceImportProblem,
  InvoiceImportSummary,
  InvoiceSheetSummary,
} from './invoice-import.types.js';
import { normalizeInvoiceRow, normalizeLineRow } from './invoice-row.normalizer.js';
import { RowProblems } from './row-problems.collector.js';
import type { SheetRow } from './xlsx-rows.reader.js';

interface SheetState {
  name: string;
  scanned: number;
  layout: SheetLayout | null;
  summary: InvoiceSheetSummary | null;
}

const TOTAL_ROW_WORDS = /^(合计|总计|小计)/;

function isBlank(cells: readonly CellInput[]): boolean {
  return cells.every((cell) => cell === null || (typeof cell === 'string' && cell.trim() === ''));
}

/** A 合计 row under the data: no invoice number and a cell that says 合计. */
function isTotalRow(cells: RowCells, raw: readonly CellInput[]): boolean {
  if (cells.text('digitalNumber') !== null || cells.text('number') !== null) return false;
  return raw.some((cell) => typeof cell === 'string' && TOTAL_ROW_WORDS.test(cell.trim()));
}

export class InvoiceImportRun {
  private readonly tracker = new InvoiceAggregateTracker();
  private readonly sheets: InvoiceSheetSummary[] = [];
  private readonly periods = new Set<string>();
  private current: SheetState | null = null;
  private invoices: NormalizedInvoice[] = [];
  private lines: NormalizedInvoiceLine[] = [];
  private problems: InvoiceImportProblem[] = [];
  private invoiceCount = 0;
  private lineCount = 0;
  private rejectedRowCount = 0;
  private skippedRowCount = 0;
  private errorCount = 0;
  private warningCount = 0;

  constructor(
    private readonly company: CompanyIdentity,
    private readonly format: InvoiceExportFormat,
  ) {}

  startSheet(name: string): void {
    this.current = { name, scanned: 0, layout: null, summary: null };
  }

  acceptRow({ row, cells }: SheetRow): void {
    const sheet = this.current;
    if (!sheet) return;
    if (sheet.layout && sheet.summary) {
      this.acceptDataRow(sheet.layout, sheet.summary, row, cells);
    } else if (sheet.scanned < HEADER_SCAN_ROWS) {
      sheet.scanned += 1;
      this.acceptHeaderCandidate(sheet, row, cells);
    }
  }

  get pendingRows(): number {
    return this.invoices.length + this.lines.length + this.problems.length;
  }

  takeBatch(summary: InvoiceImportSummary | null = null): InvoiceBatch {
    const batch = { invoices: this.invoices, lines: this.lines, problems: this.problems, summary };
    this.invoices = [];
    this.lines = [];
    this.problems = [];
    return batch;
  }

  /** Refuses a file that held no invoice table or no data under its header. */
  assertReadable(): void {
    if (this.sheets.length === 0) throw new InvoiceImportError('NO_INVOICE_SHEET');
    if (this.sheets.every((sheet) => sheet.dataRows === 0)) throw new InvoiceImportError('NO_DATA');
  }

  /** The batches after the last row: cross-check warnings, derived invoices, then the summary. */
  *finish(batchSize: number, encoding: CsvEncoding | null): Generator<InvoiceBatch> {
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
      invoicesDerivedFromLines: derived,
    });
  }

  private acceptHeaderCandidate(sheet: SheetState, row: number, cells: CellInput[]): void {
    const verdict = inspectHeaderRow(cells, row);
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
    if (layout.kind === 'invoices') {
      const invoice = normalizeInvoiceRow(cells, problems, this.company);
      if (invoice && this.tracker.addInvoice(invoice, summary.name, row, problems.list)) this.pushInvoice(invoice);
      else this.rejectedRowCount += 1;
    } else {
      const line = normalizeLineRow(cells, problems, this.company);
      if (line) {
        const fingerprint = fingerprintOf(raw, layout.index.seq);
        line.line.lineNo = this.tracker.addLine(line, fingerprint, summary.name, row, problems.list);
        this.lines.push(line.line);
        this.lineCount += 1;
      } else {
        this.rejectedRowCount += 1;
      }
    }
    this.pushProblems(problems.list);
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
