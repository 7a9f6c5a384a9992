import { INDUSTRY_SECTIONS } from '../catalogs/industries.js';
import { z } from '../zod.js';

/**
 * The data view's industry insight (issue 14, /data-view/industry): risk figures per GB/T 4754
 * section over the group's clients, beside platform benchmarks that exist only when at least
 * PLATFORM_MIN_GROUPS groups stand behind them (schemas/data-view.ts).
 */

/** Report kinds that carry an overall risk level, the page's 报告类型 filter. */
export const INDUSTRY_REPORT_TYPES = ['INVOICE', 'TAX', 'COMPREHENSIVE', 'PANORAMIC'] as const;
export const INDUSTRY_PERIODS = [3, 6, 12, 24] as const;
/** How many industries a group may follow (increaseIndustry). */
export const MAX_FOLLOWED_INDUSTRIES = 10;
/** The code of clients whose industry neither the company record nor the registry gives. */
export const UNCLASSIFIED_INDUSTRY = '-';

const sectionCodes = INDUSTRY_SECTIONS.map((section) => section.code) as [string, ...string[]];
export const industryCodeSchema = z
  .string({ error: '请选择行业' })
  .trim()
  .toUpperCase()
  .pipe(z.enum(sectionCodes, { error: '请选择正确的行业门类' }));

export const industryFollowSchema = z.object({ industryCode: industryCodeSchema });

export const industryQuerySchema = z.object({
  /** The last N calendar months, this one included (reports by the day they were finished). */
  months: z.coerce
    .number({ error: '请选择统计期间' })
    .int()
    .refine((value) => (INDUSTRY_PERIODS as readonly number[]).includes(value), '请选择正确的统计期间')
    .default(12),
  reportType: z.enum(INDUSTRY_REPORT_TYPES, { error: '请选择正确的报告类型' }).optional(),
});
export type IndustryQuery = z.infer<typeof industryQuerySchema>;

export const industryTrendQuerySchema = industryQuerySchema.extend({
  /** One section, or every industry together when left out. */
  industryCode: industryCodeSchema.optional(),
});
export type IndustryTrendQuery = z.infer<typeof industryTrendQuerySchema>;

export const industryOptionSchema = z.object({
  code: z.string(),
  name: z.string(),
  followed: z.boolean(),
  /** The group's clients (visible to the user) in this section. */
  clientCount: z.number().int(),
});
export type IndustryOption = z.infer<typeof industryOptionSchema>;

/** Shares are percentages with one decimal; averages have two decimals. */
const figures = {
  highShare: z.number(),
  mediumShare: z.number(),
  lowShare: z.number(),
  noneShare: z.number(),
  avgFindings: z.number(),
};

export const platformBenchmarkSchema = z.object({
  /** Groups that stand behind the figures (never below PLATFORM_MIN_GROUPS). */
  groups: z.number().int(),
  ...figures,
});
export type PlatformBenchmark = z.infer<typeof platformBenchmarkSchema>;

export const industryRankingRowSchema = z.object({
  rank: z.number().int(),
  code: z.string(),
  name: z.string(),
  followed: z.boolean(),
  clientCount: z.number().int(),
  /** Clients with a finished report in the period: the base of the shares. */
  reportedCount: z.number().int(),
  highCount: z.number().int(),
  mediumCount: z.number().int(),
  lowCount: z.number().int(),
  ...figures,
  /** The most frequent risk items of the latest reports, by the number of clients showing them. */
  topRiskItems: z.array(z.object({ title: z.string(), clients: z.number().int() })),
  /** null: fewer than PLATFORM_MIN_GROUPS groups contribute (样本不足). */
  benchmark: platformBenchmarkSchema.nullable(),
});
export type IndustryRankingRow = z.infer<typeof industryRankingRowSchema>;

export const industryRankingSchema = z.object({
  months: z.number().int(),
  from: z.string(),
  reportType: z.string().nullable(),
  minGroups: z.number().int(),
  rows: z.array(industryRankingRowSchema),
});
export type IndustryRanking = z.infer<typeof industryRankingSchema>;

export const industryTrendPointSchema = z.object({
  month: z.string(),
  reports: z.number().int(),
  highShare: z.number().nullable(),
  avgFindings: z.number().nullable(),
  benchmarkHighShare: z.number().nullable(),
  benchmarkAvgFindings: z.number().nullable(),
  benchmarkGroups: z.number().int().nullable(),
});
export type IndustryTrendPoint = z.infer<typeof industryTrendPointSchema>;

export const industryTrendSchema = z.object({
  industryCode: z.string().nullable(),
  minGroups: z.number().int(),
  points: z.array(industryTrendPointSchema),
});
export type IndustryTrend = z.infer<typeof industryTrendSchema>;
