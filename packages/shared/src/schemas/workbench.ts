import { z } from 'zod';
import { importKindSchema } from './imports.js';

/**
 * The home workbench (issue 15): everything the first screen shows, gathered by one call
 * (/api/home/workbench) so the page opens with one request. Lists are short by design; each links
 * to its full page.
 */
const reportStatus = z.enum(['queued', 'analysing', 'done', 'failed']);
const importStatus = z.enum(['queued', 'parsing', 'done', 'rejected', 'failed']);
const importKind = importKindSchema;

export const workbenchCompanySchema = z.object({
  id: z.number().int(),
  taxpayerName: z.string(),
  taxNo: z.string(),
  /** Latest invoice month held ('YYYY-MM'), null when no invoice was imported. */
  invoicesUntil: z.string().nullable(),
  /** Latest statement period held (balance sheet or income statement), or null. */
  statementsUntil: z.string().nullable(),
  /** Latest tax-return period held (VAT or CIT), or null. */
  returnsUntil: z.string().nullable(),
  lastReportAt: z.string().nullable(),
});
export type WorkbenchCompany = z.infer<typeof workbenchCompanySchema>;

export const workbenchSchema = z.object({
  /** The three first steps of a new firm, done or not (bind a client, import, generate a report). */
  steps: z.object({ bound: z.boolean(), imported: z.boolean(), reported: z.boolean() }),
  companyCount: z.number().int(),
  companies: z.array(workbenchCompanySchema),
  recentReports: z.array(
    z.object({
      id: z.number().int(),
      reportType: z.string(),
      companyName: z.string(),
      status: reportStatus,
      createdAt: z.string(),
      highCount: z.number().int(),
      mediumCount: z.number().int(),
    }),
  ),
  recentImports: z.array(
    z.object({
      id: z.number().int(),
      companyId: z.number().int(),
      companyName: z.string(),
      kind: importKind,
      fileName: z.string(),
      status: importStatus,
      source: z.enum(['staff', 'share', 'collection']),
      createdAt: z.string(),
    }),
  ),
  /** Files clients uploaded through a 客户上传链接 with no report made for that company since. */
  pendingUploads: z.array(
    z.object({
      importId: z.number().int(),
      companyId: z.number().int(),
      companyName: z.string(),
      fileName: z.string(),
      kind: importKind,
      createdAt: z.string(),
    }),
  ),
  /** Reports and imports that failed in the last 30 days. */
  failures: z.array(
    z.object({
      kind: z.enum(['report', 'import']),
      id: z.number().int(),
      companyId: z.number().int().nullable(),
      title: z.string(),
      reason: z.string(),
      at: z.string(),
    }),
  ),
  wallet: z.object({
    /** Fen; null without viewBalance. */
    balance: z.number().int().nullable(),
    credits: z.array(z.object({ type: z.number().int(), name: z.string(), count: z.number().int() })),
  }),
});
export type Workbench = z.infer<typeof workbenchSchema>;
