import { z } from '../zod.js';
import { pageSchema } from './paging.js';
import { reportTypeSchema } from './report-kinds.js';

/**
 * Client analysis of the data view (/data-view/user, issue 14): the firm's client portfolio over
 * the companies the user may see. Calls /api/DataAnalysisMonitoring/findReportRisk and the stale
 * client list; the web page and the server share these shapes.
 */

/** Longest period one analysis covers, in months. */
export const CLIENT_ANALYSIS_MAX_MONTHS = 36;
export const CLIENT_ANALYSIS_DEFAULT_MONTHS = 12;
export const STALE_DAYS_DEFAULT = 90;

const month = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, '月份格式应为 YYYY-MM，例如 2026-06');
const optionalId = z.preprocess(
  (value) => (value === '' || value === null ? undefined : value),
  z.coerce.number().int().positive('员工编号不正确').optional(),
);

export const clientAnalysisFilterSchema = z.object({
  /** First and last month of the period (Asia/Shanghai); both default to the last 12 months. */
  from: month.optional(),
  to: month.optional(),
  reportType: z.preprocess((value) => (value === '' ? undefined : value), reportTypeSchema.optional()),
  /** Only the clients this staff member is assigned. */
  assigneeId: optionalId,
  /** A client whose latest finished import is older than this is "stale". */
  staleDays: z.coerce
    .number({ error: '天数应为 1-3650 的整数' })
    .int('天数应为 1-3650 的整数')
    .min(1, '天数应为 1-3650 的整数')
    .max(3650, '天数应为 1-3650 的整数')
    .default(STALE_DAYS_DEFAULT),
});
export type ClientAnalysisFilter = z.infer<typeof clientAnalysisFilterSchema>;

export const staleClientQuerySchema = clientAnalysisFilterSchema.extend({
  page: z.coerce.number().int().min(1).default(1),
  size: z.coerce.number().int().min(1).max(200).default(10),
  keyword: z.string().trim().max(60).optional(),
});
export type StaleClientQuery = z.infer<typeof staleClientQuerySchema>;

/** Levels of a client's latest report; `unreported`: no finished report in the period. */
export const CLIENT_RISK_LEVELS = ['high', 'medium', 'low', 'none', 'unreported'] as const;
export type ClientRiskLevel = (typeof CLIENT_RISK_LEVELS)[number];
export const CLIENT_RISK_LEVEL_LABELS: Readonly<Record<ClientRiskLevel, string>> = {
  high: '高风险',
  medium: '中风险',
  low: '低风险',
  none: '未发现明显风险',
  unreported: '期间内无报告',
};

const count = z.number().int();

export const staffRowSchema = z.object({
  /** null: the clients nobody is assigned. */
  assigneeId: z.number().int().nullable(),
  name: z.string(),
  clients: count,
  reportedClients: count,
  reports: count,
  highRiskClients: count,
  staleClients: count,
});
export type StaffRow = z.infer<typeof staffRowSchema>;

export const clientAnalysisSchema = z.object({
  period: z.object({ from: z.string(), to: z.string() }),
  staleDays: count,
  summary: z.object({
    clients: count,
    reportedClients: count,
    reports: count,
    highRiskClients: count,
    staleClients: count,
    neverImported: count,
  }),
  riskLevels: z.array(z.object({ level: z.enum(CLIENT_RISK_LEVELS), label: z.string(), count })),
  byKind: z.array(z.object({ reportType: reportTypeSchema, name: z.string(), count })),
  /** Every month of the period, with the finished reports of each kind that month. */
  byMonth: z.array(z.object({ month: z.string(), counts: z.record(z.string(), count), total: count })),
  /** Finding titles raised most often in the clients' latest reports of the period. */
  topRisks: z.array(z.object({ title: z.string(), clients: count, highClients: count })),
  byStaff: z.array(staffRowSchema),
});
export type ClientAnalysis = z.infer<typeof clientAnalysisSchema>;

export const staleClientSchema = z.object({
  companyId: z.number().int(),
  companyName: z.string(),
  taxNo: z.string(),
  assigneeName: z.string(),
  /** Date (YYYY-MM-DD) the latest import finished; null when nothing was ever imported. */
  lastImportOn: z.string().nullable(),
  lastImportKind: z.string().nullable(),
  daysSince: z.number().int().nullable(),
  lastReportOn: z.string().nullable(),
  lastReportLevel: z.enum(CLIENT_RISK_LEVELS),
});
export type StaleClient = z.infer<typeof staleClientSchema>;
export const staleClientPageSchema = pageSchema(staleClientSchema);
