import { REPORT_KINDS, type ReportType } from '../report-kinds.js';
import { z } from '../zod.js';

// Apart from REPORT_KINDS (report-kinds.ts), which the web's first screen reads without zod (issue 21).
export const reportTypeSchema = z.enum(REPORT_KINDS.map((kind) => kind.reportType) as [ReportType, ...ReportType[]], {
  error: '报告类型不正确',
});
export const creditTypeSchema = z.union(
  [z.literal(1), z.literal(2), z.literal(3), z.literal(4), z.literal(5), z.literal(6)],
  { error: '次数类型应为 1-6' },
);
