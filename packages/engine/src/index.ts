export * from './benchmarks/benchmark-lookup.js';
export * from './benchmarks/industry-benchmark.types.js';
export * from './benchmarks/industry-benchmarks.table.js';
export * from './fixtures/financials-demo.fixture.js';
export {
  buildFilledReturnWorkbook,
  buildStatementWorkbook,
  DEMO_COMPANY,
  type FigureInput,
  printedLines,
  type ReturnRowSpec,
  type StatementSheetSpec,
} from './fixtures/financials-fixture.js';
export { readDeductionList } from './importers/deductions/deduction-list.reader.js';
export type { DeductionListResult, VatDeductionEntry } from './importers/deductions/deduction-list.types.js';
export type { CellInput } from './importers/invoices/cell-value.parser.js';
// The streaming row readers, reused by the server's company-data dataset import.
export { type CsvReadState, csvRows } from './importers/invoices/csv-rows.reader.js';
// readInvoiceExport on an import thread (issue 21): same arguments, same batches.
export { prewarmExportThread, readInvoiceExportInThread } from './importers/invoices/export-thread.pool.js';
export type { BatchStep, BatchStepSpec, Crossing } from './importers/invoices/export-thread.protocol.js';
export {
  collectInvoiceExport,
  type InvoiceExportContents,
  readInvoiceExport,
} from './importers/invoices/invoice-export.reader.js';
export {
  INVOICE_IMPORT_FAILURES,
  InvoiceImportError,
  type InvoiceImportFailure,
} from './importers/invoices/invoice-import.errors.js';
export type {
  CsvEncoding,
  InvoiceBatch,
  InvoiceExportFormat,
  InvoiceExportInput,
  InvoiceExportOptions,
  InvoiceImportProblem,
  InvoiceImportSummary,
  InvoiceSheetKind,
  InvoiceSheetSummary,
  ProblemSeverity,
} from './importers/invoices/invoice-import.types.js';
export { buildProblemReport } from './importers/invoices/problem-report.builder.js';
export { type SheetEvent, xlsxRows } from './importers/invoices/xlsx-rows.reader.js';
export { readPayroll } from './importers/payroll/payroll.reader.js';
export type { PayrollImportResult, PayrollMonth, PayrollSource } from './importers/payroll/payroll.types.js';
export { ReturnImportError, type ReturnImportErrorCode } from './importers/returns/return-import.error.js';
export {
  type CitReturnSummaryRow,
  type ReturnSummaryResult,
  type ReturnSummaryRow,
  readReturnSummary,
  type VatReturnSummaryRow,
} from './importers/returns/return-summary.reader.js';
export { buildReturnTemplate } from './importers/returns/return-template.builder.js';
export { CHECK_TOLERANCE_FEN, checkStatement } from './importers/statements/statement.checks.js';
export { readStatements } from './importers/statements/statement.importer.js';
export type {
  FinancialImportProblem,
  ImportedStatement,
  StatementImportResult,
  StatementKind,
} from './importers/statements/statement.types.js';
export { StatementImportError, type StatementImportErrorCode } from './importers/statements/statement-import.error.js';
export { type FileKindErrorCode, FileKindImportError } from './importers/workbook/file-kind.error.js';
export * from './levies/disability-levy.js';
export * from './model/invoice.js';
export * from './reports/comprehensive/comprehensive-report.builder.js';
export * from './reports/comprehensive/comprehensive-report.types.js';
export { describeMethod, SCORE_METHOD, scoreFindings } from './reports/comprehensive/comprehensive-score.js';
export {
  buildInvoiceRuleInput,
  type CounterpartyTotals,
  type InvoiceRuleInput,
  type SideView,
} from './reports/invoice/invoice-context.js';
export * from './reports/invoice/invoice-report.builder.js';
export * from './reports/invoice/invoice-report.types.js';
export * from './reports/invoice/invoice-rules.js';
export type { TaxRuleInput } from './reports/tax/tax-context.js';
export { buildTaxReport, missingTaxData } from './reports/tax/tax-report.builder.js';
export * from './reports/tax/tax-report.types.js';
export { TAX_RULES } from './reports/tax/tax-rules.js';
export * from './reports/tax/testing/demo-tax.dataset.js';
export * from './rules/define-rule.js';
export * from './rules/finding.types.js';
export * from './rules/rule.types.js';
export * from './rules/rule-catalogue.js';
export * from './rules/rule-runner.js';
