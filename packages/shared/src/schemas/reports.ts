import { AUTO_DELETE_DAYS } from '../constants.js';
import { z } from '../zod.js';
import { pageQuerySchema } from './paging.js';
import { coverTemplateSchema } from './report-covers.js';
import { reportCustomisationSchema } from './report-custom.js';

const idSchema = z.coerce.number().int().positive();
const monthSchema = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, '期间格式应为 YYYY-MM，例如 2025-06');

/** Report kinds generated through the report pool (the spec's socket reportType). */
export const POOL_REPORT_TYPES = [
  'INVOICE',
  'TAX',
  'COMPREHENSIVE',
  'PANORAMIC',
  'BUSINESS_INFO',
  'DUE_DILIGENCE',
] as const;
export const poolReportTypeSchema = z.enum(POOL_REPORT_TYPES, {
  error: '报告类型应为 INVOICE、TAX、COMPREHENSIVE、PANORAMIC、BUSINESS_INFO 或 DUE_DILIGENCE',
});
export type PoolReportType = (typeof POOL_REPORT_TYPES)[number];

export const reportStatusSchema = z.enum(['queued', 'analysing', 'done', 'failed']);
/** Finding levels and their Chinese labels; the engine's findings use the same keys. */
export const FINDING_LEVEL_LABELS = {
  high: '高风险',
  medium: '中风险',
  low: '低风险',
  none: '未发现异常',
  insufficient: '数据不足，未检测',
} as const;

/** The TAX report's three finding categories, by the field that counts their risks (spec socket payload). */
export const TAX_CATEGORY_COUNT_LABELS = {
  sscwhsfxListNum: '申报与财务核算风险',
  szhsfxListNum: '税种合规风险',
  jyfxListNum: '经营风险',
} as const;
export const taxCategoryCountsSchema = z.object({
  sscwhsfxListNum: z.number().int(),
  szhsfxListNum: z.number().int(),
  jyfxListNum: z.number().int(),
});
export type TaxCategoryCounts = z.infer<typeof taxCategoryCountsSchema>;

/** Longest period one report covers. */
export const MAX_REPORT_MONTHS = 36;

export const createReportSchema = z
  .object({
    firmId: idSchema,
    reportType: poolReportTypeSchema,
    periodStart: monthSchema,
    periodEnd: monthSchema,
    /** Sent again with a retried request so it charges once. */
    requestKey: z.string().trim().min(8).max(64).optional(),
  })
  .refine((body) => body.periodStart <= body.periodEnd, { message: '开始月份不能晚于结束月份', path: ['periodEnd'] });

export const reportListQuerySchema = pageQuerySchema.extend({
  reportType: poolReportTypeSchema.optional(),
  firmId: idSchema.optional(),
  status: reportStatusSchema.optional(),
  keyword: z.string().trim().max(80).optional(),
  dateFrom: z.string().date('日期格式应为 YYYY-MM-DD').optional(),
  dateTo: z.string().date('日期格式应为 YYYY-MM-DD').optional(),
  unreadOnly: z.enum(['true', 'false']).optional(),
});

export const reportItemSchema = z.object({
  id: z.number().int(),
  reportType: poolReportTypeSchema,
  reportName: z.string(),
  firmId: z.number().int().nullable(),
  taxpayerName: z.string(),
  taxNo: z.string(),
  periodStart: z.string(),
  periodEnd: z.string(),
  status: reportStatusSchema,
  failureReason: z.string().nullable(),
  overallLevel: z.string().nullable(),
  highCount: z.number().int(),
  mediumCount: z.number().int(),
  lowCount: z.number().int(),
  /** 综合得分 (0–100) of a finished COMPREHENSIVE report, else null. */
  score: z.number().int().nullable(),
  /** Risks per category of a finished TAX report, else null. */
  categoryCounts: taxCategoryCountsSchema.nullable(),
  paidWith: z.string().nullable(),
  refunded: z.boolean(),
  creator: z.string().nullable(),
  read: z.boolean(),
  createTime: z.string(),
  finishTime: z.string().nullable(),
});
export type ReportItem = z.infer<typeof reportItemSchema>;

export const annotationSchema = z.object({
  ruleId: z.string(),
  status: z.enum(['verified', 'explained']),
  note: z.string().nullable(),
  updatedBy: z.string().nullable(),
  updateTime: z.string(),
});
export const ANNOTATION_LABELS = { verified: '已核实', explained: '有合理解释' } as const;

/** One invoice behind a finding, as the drill-down table, its Excel export and the PDF show it. */
export const findingInvoiceRowSchema = z.object({
  key: z.string(),
  number: z.string(),
  issuedAt: z.string(),
  direction: z.enum(['销项', '进项']),
  counterparty: z.string(),
  counterpartyTaxNo: z.string(),
  goods: z.string(),
  amountFen: z.number(),
  taxFen: z.number(),
  totalFen: z.number(),
  status: z.string(),
});
export type FindingInvoiceRow = z.infer<typeof findingInvoiceRowSchema>;

export const reportDetailSchema = reportItemSchema.extend({
  result: z.record(z.string(), z.unknown()).nullable(),
  findings: z.array(z.object({ ruleId: z.string(), level: z.string(), title: z.string() }).passthrough()),
  annotations: z.array(annotationSchema),
  sources: z.array(z.record(z.string(), z.unknown())),
  watermark: z.object({ text: z.string().nullable(), imageUrl: z.string().nullable() }).nullable(),
  groupName: z.string(),
  groupLogo: z.string().nullable(),
  /**
   * The rule-threshold and benchmark version the report was made with: a stored operator version
   * (id, in use from `date`), or the platform defaults (id null). Null before the report is done.
   */
  rulesVersion: z.object({ id: z.number().int().nullable(), date: z.string().nullable() }).nullable().optional(),
  /** Print data only: the first invoice rows of each finding's evidence, by rule id. */
  evidenceRows: z.record(z.string(), z.array(findingInvoiceRowSchema)).optional(),
  /** The group's customisation of this report kind (sections, cover title, contact block); null: none. */
  customisation: reportCustomisationSchema.nullable().optional(),
  /** The cover the PDF prints with: the exporting user's choice (print data and the signed-in detail). */
  cover: coverTemplateSchema.optional(),
});
export type ReportDetail = z.infer<typeof reportDetailSchema>;

export const reportIdSchema = z.object({ id: idSchema });
export const annotateSchema = z.object({
  id: idSchema,
  ruleId: z.string().min(1).max(64),
  status: z.enum(['verified', 'explained']).nullable(),
  note: z.string().trim().max(500, '备注最多500字').nullable().optional(),
});

/** Spec §3 report status: what is still being analysed, and counts. */
export const reportStateSchema = z.object({
  beAnalyseList: z.array(
    z.object({
      id: z.number().int(),
      reportType: poolReportTypeSchema,
      taxpayerName: z.string(),
      status: reportStatusSchema,
    }),
  ),
  successNum: z.number().int(),
  chineseTotalElements: z.number().int(),
  unreadNum: z.number().int(),
});

export const ruleCatalogueItemSchema = z.object({
  id: z.string(),
  title: z.string(),
  category: z.string(),
  reportTypes: z.array(z.string()),
  dataNeeded: z.array(z.string()),
  basis: z.string(),
});

export const reportCostSchema = z.object({
  reportType: poolReportTypeSchema,
  creditType: z.number().int(),
  credits: z.number().int(),
  priceFen: z.number().int(),
  balanceFen: z.number().int(),
  /** What creating the report would use now. */
  payWith: z.enum(['credit', 'balance', 'insufficient']),
});

/** Auto-delete of spec §2/§5: 0 = on, 1 = off; the days only when on. */
export const reportDeleteTimeSchema = z
  .object({
    reportOverdueDeleteSwitch: z.union([z.literal(0), z.literal(1)], { error: '请选择是否自动删除' }),
    reportOverdueTime: z
      .union(
        AUTO_DELETE_DAYS.map((days) => z.literal(days)) as unknown as [
          z.ZodLiteral<7>,
          z.ZodLiteral<15>,
          z.ZodLiteral<180>,
          z.ZodLiteral<365>,
        ],
        {
          error: '请选择一个定时删除时间',
        },
      )
      .optional(),
  })
  .transform((value) => ({
    reportOverdueDeleteSwitch: value.reportOverdueDeleteSwitch,
    reportOverdueTime: value.reportOverdueDeleteSwitch === 0 ? (value.reportOverdueTime ?? 15) : null,
  }));

export const watermarkSettingsSchema = z.object({
  watermark: z.string().trim().max(30, '水印文字最多30个字').nullable(),
  watermarkSwitch: z.union([z.literal(0), z.literal(1)]),
  /** 0 every report kind, else the report types that carry it. */
  watermarkObject: z.union([z.literal('0'), z.array(poolReportTypeSchema).min(1)]),
  hasImage: z.boolean().optional(),
  /** The uploaded watermark image as a data URL (findWatermark answers it; saving ignores it). */
  imageUrl: z.string().nullable().optional(),
  /** The group's logo for report covers as a data URL (findWatermark answers it; saving ignores it). */
  logoUrl: z.string().nullable().optional(),
});

/** Report images (watermark, group logo): PNG or JPEG, small enough to travel inside the report detail as a data URL. */
export const REPORT_IMAGE_MAX_BYTES = 512 * 1024;

/** One row of the industry benchmark table (the engine's IndustryBenchmark), as the operator edits it. */
export const industryBenchmarkSchema = z.object({
  key: z
    .string()
    .trim()
    .min(1)
    .max(40)
    .regex(/^[\w-]+$/, '编号只能包含字母、数字、下划线和短横线'),
  name: z.string().trim().min(1, '请输入行业名称').max(60),
  industryCodes: z.array(z.string().trim().max(8)).max(50),
  keywords: z.array(z.string().trim().max(20)).max(50),
  regionCode: z
    .string()
    .regex(/^\d{6}$/, '地区应为6位行政区划代码')
    .nullable(),
  vatBurdenPct: z.number().min(0).max(100).nullable(),
  citContributionPct: z.number().min(0).max(100).nullable(),
  expenseRatioMaxPct: z.number().min(0).max(100).nullable(),
  grossMarginPct: z
    .object({ lowPct: z.number().min(-100).max(100), highPct: z.number().min(-100).max(100) })
    .nullable(),
  source: z.string().trim().min(1, '请注明数据来源').max(200),
  isDefault: z.boolean().optional(),
});
export type IndustryBenchmarkRow = z.infer<typeof industryBenchmarkSchema>;
