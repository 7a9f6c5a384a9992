import type { Readable } from 'node:stream';
import type { NormalizedInvoice, NormalizedInvoiceDetail, NormalizedInvoiceLine } from '../../model/invoice.js';

/** Where the export comes from: a file on disk or an upload stream. */
export type InvoiceExportInput = { path: string } | { stream: Readable };

export type InvoiceExportFormat = 'xlsx' | 'csv';

export interface InvoiceExportOptions {
  format: InvoiceExportFormat;
  /** 纳税人识别号 of the company being checked; decides 销项/进项 per invoice. */
  companyTaxNo: string;
  /** Used only as a fallback when the tax number is on neither side (old 15-digit numbers etc.). */
  companyName?: string;
  /** Rows per batch (invoices + lines + problems); defaults to 2000. */
  batchSize?: number;
  /** Rows in the first batch, when fewer than `batchSize` (a writer waiting for its first rows starts sooner). */
  firstBatchSize?: number;
}

export type ProblemSeverity = 'error' | 'warning';

/** One row-level finding of the import, as listed in the downloadable 错误报告. */
export interface InvoiceImportProblem {
  /** Sheet name as the workbook shows it ('CSV' for a csv file). */
  sheet: string;
  /** 1-based row number as Excel shows it (for csv: the record number in the file). */
  row: number;
  /** Header text of the column at fault, or null when the row as a whole is at fault. */
  column: string | null;
  /** Chinese explanation for the user. */
  reason: string;
  /** 'error' rejects the row (and the server refuses the file); 'warning' keeps it. */
  severity: ProblemSeverity;
}

/**
 * Which table a sheet holds, decided by its columns: invoices (发票基础信息), lines (信息汇总表), or
 * special (a 特定业务 sheet such as 建筑服务 or 铁路电子客票: invoice identity plus columns of its
 * own and no amounts, read as attributes of the invoices it names).
 */
export type InvoiceSheetKind = 'invoices' | 'lines' | 'special';

/** A sheet passed over (no invoice, line or special-business header found in it). */
export interface SkippedSheet {
  name: string;
  /** Chinese note for the import summary. */
  reason: string;
}

export interface InvoiceSheetSummary {
  name: string;
  kind: InvoiceSheetKind;
  /** Row number of the header row (title rows sit above it). */
  headerRow: number;
  /** Non-blank data rows met below the header. */
  dataRows: number;
}

export type CsvEncoding = 'utf-8' | 'gb18030' | 'utf-16le' | 'utf-16be';

export interface InvoiceImportSummary {
  format: InvoiceExportFormat;
  /** For csv: the encoding detected. */
  encoding: CsvEncoding | null;
  invoiceCount: number;
  lineCount: number;
  /** Data rows not yielded because they carry at least one error. */
  rejectedRowCount: number;
  /** Blank rows and 合计 rows passed over silently. */
  skippedRowCount: number;
  errorCount: number;
  warningCount: number;
  /** Months 'YYYY-MM' of the invoices yielded, ascending. */
  periods: string[];
  sheets: InvoiceSheetSummary[];
  /** Sheets passed over, each with a note; never a reason to refuse the file. */
  skippedSheets: SkippedSheet[];
  /** Rows of special-business sheets kept as invoice attributes. */
  detailCount: number;
  /** `(详见销货清单)` summary lines dropped because the invoice's list lines are present. */
  listSummaryLines: number;
  /** Rows whose counterparty 纳税人识别号 failed its check (each a warning in the problems). */
  taxNoWarnings: number;
  /** True when invoices were derived from the line sheet because no invoice sheet was present. */
  invoicesDerivedFromLines: boolean;
}

/** A slice of the import; `summary` is set on the last batch only. */
export interface InvoiceBatch {
  invoices: NormalizedInvoice[];
  lines: NormalizedInvoiceLine[];
  /** Attributes from the special-business sheets, for invoices of this file. */
  details: NormalizedInvoiceDetail[];
  problems: InvoiceImportProblem[];
  summary: InvoiceImportSummary | null;
}
