import {
  balanceSheetEntrySchema,
  citReturnEntrySchema,
  financialStatementKindSchema,
  incomeStatementEntrySchema,
  periodSchema,
  vatReturnEntrySchema,
} from '../financials.js';
import { z } from '../zod.js';
import { firmIdSchema } from './companies.js';
import { pageQuerySchema } from './paging.js';

const firmIdField = firmIdSchema.shape.firmId;
const importIdField = z.coerce
  .number({ error: '导入记录编号不正确' })
  .int('导入记录编号不正确')
  .positive('导入记录编号不正确');

export const importKindSchema = z.enum(['invoice', 'statement', 'return', 'deduction', 'payroll'], {
  error: '请选择数据类型（invoice、statement、return、deduction 或 payroll）',
});

export const importSchema = z.object({
  importId: z.number().int(),
  firmId: z.number().int(),
  kind: importKindSchema,
  fileName: z.string(),
  fileSize: z.number().int(),
  status: z.enum(['queued', 'parsing', 'done', 'rejected', 'failed']),
  progress: z.number().int(),
  invoices: z.number().int(),
  lines: z.number().int(),
  rejected: z.number().int(),
  periods: z.array(z.string()),
  message: z.string().nullable(),
  problemCount: z.number().int(),
  hasProblemReport: z.boolean(),
  source: z.enum(['staff', 'share', 'collection']),
  creator: z.string().nullable(),
  summary: z.record(z.string(), z.unknown()),
  createTime: z.string(),
  finishTime: z.string().nullable(),
});
export type ImportInfo = z.infer<typeof importSchema>;

export const importIdSchema = z.object({ importId: importIdField });
export const importListQuerySchema = pageQuerySchema.extend({ firmId: firmIdField });

/** Manual entry of one statement or return for one period (figures in fen). */
export const saveFiguresSchema = z.discriminatedUnion('statement', [
  balanceSheetEntrySchema.extend({ statement: z.literal('balance_sheet'), firmId: firmIdField }),
  incomeStatementEntrySchema.extend({ statement: z.literal('income_statement'), firmId: firmIdField }),
  vatReturnEntrySchema.extend({ statement: z.literal('vat_return'), firmId: firmIdField }),
  citReturnEntrySchema.extend({ statement: z.literal('cit_return'), firmId: firmIdField }),
]);
export const deleteFiguresSchema = z.object({
  firmId: firmIdField,
  statement: financialStatementKindSchema,
  period: periodSchema,
});

export const figureSetSchema = z.object({
  statement: financialStatementKindSchema,
  period: z.string(),
  layout: z.string().nullable(),
  figures: z.record(z.string(), z.number()),
  source: z.enum(['import', 'manual']),
  importId: z.number().int().nullable(),
  updateTime: z.string(),
});

export const dataOverviewSchema = z.object({
  invoices: z.object({
    total: z.number().int(),
    lines: z.number().int(),
    /** Void (作废) invoices among total; they count but are left out of every amount. */
    voidCount: z.number().int().optional(),
    firstMonth: z.string().nullable(),
    lastMonth: z.string().nullable(),
    /** Months between the first and the last with no invoice on either side. */
    gaps: z.array(z.string()),
    months: z.array(
      z.object({
        month: z.string(),
        salesCount: z.number().int(),
        salesAmountFen: z.number().int(),
        salesTaxFen: z.number().int(),
        purchaseCount: z.number().int(),
        purchaseAmountFen: z.number().int(),
        purchaseTaxFen: z.number().int(),
      }),
    ),
  }),
  figures: z.array(z.object({ statement: financialStatementKindSchema, periods: z.array(z.string()) })),
  lastImport: importSchema.nullable(),
  /** The latest successful invoice import, for the invoice report's data card. */
  lastInvoiceImport: importSchema.nullable(),
  /** The latest successful statement and return imports (at most one each), for the tax reports' data card. */
  lastFiguresImports: z.array(importSchema).default([]),
});
export type DataOverview = z.infer<typeof dataOverviewSchema>;

/** Per company, which months each kind of data covers (rows come from the server's coverage providers). */
export const dataTimelineSchema = z.object({
  firstMonth: z.string().nullable(),
  lastMonth: z.string().nullable(),
  rows: z.array(
    z.object({
      key: z.string(),
      label: z.string(),
      months: z.array(z.object({ month: z.string(), count: z.number().int() })),
    }),
  ),
});
export type DataTimeline = z.infer<typeof dataTimelineSchema>;

export const deleteImportResultSchema = z.object({
  /** Invoices removed (those another import also holds stay). */
  invoices: z.number().int(),
  /** Statement or return periods removed. */
  figures: z.number().int(),
  /** Rows of the other kinds removed (deduction list, payroll months). */
  records: z.number().int(),
});

/** One invoice as imported, with its lines and the special-business attributes of the export. */
export const invoiceDetailQuerySchema = z.object({
  firmId: firmIdField,
  number: z.string().trim().min(1, '请输入发票号码').max(40, '发票号码不正确'),
});
export const invoiceDetailSchema = z.object({
  key: z.string(),
  digitalNumber: z.string().nullable(),
  code: z.string().nullable(),
  number: z.string().nullable(),
  direction: z.enum(['sales', 'purchase']),
  sellerTaxNo: z.string(),
  sellerName: z.string(),
  buyerTaxNo: z.string(),
  buyerName: z.string(),
  issuedAt: z.string(),
  amountFen: z.number().int(),
  taxFen: z.number().int(),
  totalFen: z.number().int(),
  kindText: z.string().nullable(),
  statusText: z.string().nullable(),
  isPositive: z.boolean(),
  remark: z.string().nullable(),
  redOfNumber: z.string().nullable(),
  lines: z.array(
    z.object({
      lineNo: z.number().int(),
      itemText: z.string(),
      spec: z.string().nullable(),
      unit: z.string().nullable(),
      quantity: z.string().nullable(),
      amountFen: z.number().int(),
      taxRateText: z.string().nullable(),
      taxFen: z.number().int(),
    }),
  ),
  details: z.array(
    z.object({
      business: z.string(),
      rowNo: z.number().int(),
      fields: z.array(z.object({ label: z.string(), value: z.string() })),
    }),
  ),
});
export type InvoiceDetail = z.infer<typeof invoiceDetailSchema>;
