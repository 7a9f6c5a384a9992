/**
 * Reader of the e-tax-bureau 全量发票查询 export (xlsx or legacy .xls with 发票基础信息 and/or 信息汇总表, or csv):
 * streams normalised invoices and lines in batches with their row-level problems.
 */
import type { NormalizedInvoice, NormalizedInvoiceDetail, NormalizedInvoiceLine } from '../../model/invoice.js';
import { type CsvReadState, csvRows } from './csv-rows.reader.js';
import { assertFormat, openInput } from './input-source.reader.js';
import { normalizeCompanyName, normalizeTaxNo } from './invoice-head.normalizer.js';
import { InvoiceImportRun } from './invoice-import.run.js';
import type {
  InvoiceBatch,
  InvoiceExportInput,
  InvoiceExportOptions,
  InvoiceImportProblem,
  InvoiceImportSummary,
} from './invoice-import.types.js';
import { xlsRows } from './xls-rows.reader.js';
import { xlsxRows } from './xlsx-rows.reader.js';

const DEFAULT_BATCH_SIZE = 2000;

/**
 * Yields batches of a few thousand rows; the last batch carries the summary. Rows with an error
 * are reported in `problems` and not yielded. File-level failures throw an InvoiceImportError.
 */
export async function* readInvoiceExport(
  input: InvoiceExportInput,
  options: InvoiceExportOptions,
): AsyncGenerator<InvoiceBatch, void, undefined> {
  const taxNo = normalizeTaxNo(options.companyTaxNo);
  if (taxNo === '') throw new TypeError('readInvoiceExport: companyTaxNo is required');
  const company = { taxNo, name: options.companyName ? normalizeCompanyName(options.companyName) : null };
  const batchSize = Math.max(1, options.batchSize ?? DEFAULT_BATCH_SIZE);
  // The first batch may be smaller, so whoever stores the batches can start sooner.
  let limit = Math.max(1, Math.min(options.firstBatchSize ?? batchSize, batchSize));
  const opened = await openInput(input);
  try {
    const legacyXls = await assertFormat(opened, options.format);
    const csvState: CsvReadState = { encoding: null };
    const events = legacyXls
      ? xlsRows(legacyXls)
      : options.format === 'xlsx'
        ? xlsxRows(opened.stream)
        : csvRows(opened.stream, csvState);
    const run = new InvoiceImportRun(company, options.format);
    for await (const event of events) {
      if (event.type === 'sheet') {
        run.startSheet(event.name);
        continue;
      }
      for (const row of event.rows) {
        run.acceptRow(row);
        if (run.pendingRows >= limit) {
          yield run.takeBatch();
          limit = batchSize;
        }
      }
    }
    run.assertReadable();
    yield* run.finish(batchSize, options.format === 'csv' ? csvState.encoding : null);
  } finally {
    opened.close();
  }
}

export interface InvoiceExportContents {
  invoices: NormalizedInvoice[];
  lines: NormalizedInvoiceLine[];
  details: NormalizedInvoiceDetail[];
  problems: InvoiceImportProblem[];
  summary: InvoiceImportSummary;
}

/** Reads a whole export into memory: for tests and small files, not for 100 000-line uploads. */
export async function collectInvoiceExport(
  input: InvoiceExportInput,
  options: InvoiceExportOptions,
): Promise<InvoiceExportContents> {
  const contents: Omit<InvoiceExportContents, 'summary'> = { invoices: [], lines: [], details: [], problems: [] };
  let summary: InvoiceImportSummary | null = null;
  for await (const batch of readInvoiceExport(input, options)) {
    contents.invoices.push(...batch.invoices);
    contents.lines.push(...batch.lines);
    contents.details.push(...batch.details);
    contents.problems.push(...batch.problems);
    summary = batch.summary ?? summary;
  }
  if (!summary) throw new Error('collectInvoiceExport: the reader ended without a summary');
  return { ...contents, summary };
}
