import { z } from 'zod';
import {
  balanceSheetEntrySchema,
  citReturnEntrySchema,
  financialStatementKindSchema,
  incomeStatementEntrySchema,
  periodSchema,
  vatReturnEntrySchema,
} from '../financials.js';
import { firmIdSchema } from './companies.js';
import { pageQuerySchema } from './paging.js';

const firmIdField = firmIdSchema.shape.firmId;
const importIdField = z.coerce
  .number({ error: '导入记录编号不正确' })
  .int('导入记录编号不正确')
  .positive('导入记录编号不正确');

export const IMPORT_KINDS = {
  invoice: '发票数据',
  statement: '财务报表',
  return: '纳税申报表',
  deduction: '发票勾选（抵扣）',
  payroll: '个税与社保',
} as const;
export const importKindSchema = z.enum(['invoice', 'statement', 'return', 'deduction', 'payroll'], {
  error: '请选择数据类型（invoice、statement、return、deduction 或 payroll）',
});
export const IMPORT_STATUS_LABELS = {
  queued: '排队中',
  parsing: '解析中',
  done: '已完成',
  rejected: '有错误，未导入',
  failed: '失败',
} as const;

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
  source: z.enum(['staff', 'share']),
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
  /** The latest invoice import, for the invoice report's data card. */
  lastInvoiceImport: importSchema.nullable(),
});
export type DataOverview = z.infer<typeof dataOverviewSchema>;
