import { z } from '../zod.js';

/**
 * The data view's monitoring (issue 14): the kinds of change a monitored company is watched for
 * (setUpDataSwitch), and the shapes of the /api/DataAnalysisMonitoring calls.
 */
export const MONITOR_KINDS = ['lawsuit', 'abnormal', 'credit', 'illegal', 'invoice'] as const;
export type MonitorKindName = (typeof MONITOR_KINDS)[number];
export const monitorKindSchema = z.enum(MONITOR_KINDS, { message: '请选择正确的监控数据类型' });

export const MONITOR_KIND_LABELS: Readonly<Record<MonitorKindName, string>> = {
  lawsuit: '司法诉讼',
  abnormal: '经营异常',
  credit: '纳税信用等级',
  illegal: '税收违法案件',
  invoice: '发票风险',
};

/** Platform-wide figures are shown only when at least this many groups stand behind them (k-anonymity). */
export const PLATFORM_MIN_GROUPS = 5;

export const monitoredCompanySchema = z.object({
  id: z.number().int(),
  creditCode: z.string(),
  companyName: z.string(),
  industryCode: z.string().nullable(),
  industryName: z.string(),
  regionCode: z.string().nullable(),
  switches: z.array(monitorKindSchema),
  addedAt: z.string(),
  lastCheckedAt: z.string().nullable(),
  /** Events not yet read, and the newest event's title. */
  unreadCount: z.number().int(),
  eventCount: z.number().int(),
  latestEvent: z.string().nullable(),
});
export type MonitoredCompany = z.infer<typeof monitoredCompanySchema>;

export const monitoringNumSchema = z.object({
  /** Slots the operator granted the group. */
  monitorSlots: z.number().int(),
  /** Companies monitored now. */
  used: z.number().int(),
  /** Slots still free (spec §3 canUseMonitorNumber). */
  canUseMonitorNumber: z.number().int(),
});
export type MonitoringNum = z.infer<typeof monitoringNumSchema>;

export const monitoringEventSchema = z.object({
  id: z.number().int(),
  monitoredId: z.number().int(),
  creditCode: z.string(),
  companyName: z.string(),
  kind: monitorKindSchema,
  kindLabel: z.string(),
  title: z.string(),
  detail: z.string().nullable(),
  happenedOn: z.string().nullable(),
  source: z.string(),
  read: z.boolean(),
  createdAt: z.string(),
});
export type MonitoringEvent = z.infer<typeof monitoringEventSchema>;

const creditCodeText = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[0-9A-Z]{15,20}$/, '请输入正确的统一社会信用代码');

export const joinMonitoringSchema = z.object({
  creditCodes: z.array(creditCodeText).min(1, '请选择要监控的企业').max(200, '一次最多添加 200 家企业'),
});

export const monitoringRecordQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  size: z.coerce.number().int().min(1).max(200).default(20),
  kind: monitorKindSchema.optional(),
  keyword: z.string().trim().max(60).optional(),
  monitoredId: z.coerce.number().int().positive().optional(),
  from: z.iso.date('请选择正确的开始日期').optional(),
  to: z.iso.date('请选择正确的结束日期').optional(),
  /** Only unread events ('1' / 'true' in a form or query). */
  unread: z
    .preprocess((value) => (typeof value === 'string' ? value === '1' || value === 'true' : value), z.boolean())
    .optional(),
});
export type MonitoringRecordQuery = z.infer<typeof monitoringRecordQuerySchema>;

/** The DATAPRICE socket answer (spec §3 notification payload, §4 notification state 3). */
export interface DataPriceMessage {
  msgType: 'DATAPRICE';
  state: 3;
  msg: string;
  monitoringNumAll: number;
  monitoringNumCovering: number;
  /** id: the catalogue item, opened at /product-center/detail?id= (route ProductCenterDetail). */
  dataServerDeliveries: { id: number; title: string; subheading: string }[];
  industry: string;
  riskItem: string;
}
