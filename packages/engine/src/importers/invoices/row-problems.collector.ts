/** Collects the problems of one data row; the reader keeps the row only when no error was raised. */
import { columnDisplayName, type InvoiceColumn } from './column-aliases.table.js';
import type { SheetLayout } from './header.detector.js';
import type { InvoiceImportProblem, ProblemSeverity } from './invoice-import.types.js';

export class RowProblems {
  readonly list: InvoiceImportProblem[] = [];
  hasError = false;
  /** Set when neither party is the company: the parties, to name whose file this is. */
  foreign: { sellerTaxNo: string; sellerName: string; buyerTaxNo: string; buyerName: string } | null = null;

  constructor(
    readonly sheet: string,
    readonly row: number,
    private readonly layout: SheetLayout,
  ) {}

  error(column: InvoiceColumn | null, reason: string): void {
    this.add(column, reason, 'error');
  }

  warn(column: InvoiceColumn | null, reason: string): void {
    this.add(column, reason, 'warning');
  }

  private add(column: InvoiceColumn | null, reason: string, severity: ProblemSeverity): void {
    if (severity === 'error') this.hasError = true;
    const header = column === null ? null : (this.layout.header[column] ?? columnDisplayName(column));
    this.list.push({ sheet: this.sheet, row: this.row, column: header, reason, severity });
  }
}
