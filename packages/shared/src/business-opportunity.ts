import { INDUSTRY_SECTIONS } from './catalogs/industries.js';
import { RISK_KINDS, type RiskKind } from './company-data.js';
import { z } from './zod.js';

/**
 * Business opportunities (商机) on the data-view map (/data-view/map-search,
 * /data-view/business_opportunity): counts of registry companies matching filters, by province →
 * city → county, their rankings, distributions and trends, and the list itself when it is short.
 */

/** The most companies a filter may match and still be listed or exported; above it, counts only. */
export const OPPORTUNITY_LIST_LIMIT = 5000;

export const tooManyToListMessage = (total: number) =>
  `符合条件的企业共 ${total} 家，超过 ${OPPORTUNITY_LIST_LIMIT} 家，仅显示分布统计；请选择更小的地区或增加筛选条件后查看名单`;

export const REGISTRATION_LABELS = {
  normal: '存续/在业',
  deregistered: '注销',
  revoked: '吊销',
  moved: '迁出',
  unknown: '其他',
} as const;
export type RegistrationKey = keyof typeof REGISTRATION_LABELS;
export const REGISTRATION_KEYS = Object.keys(REGISTRATION_LABELS) as RegistrationKey[];

export const TAXPAYER_TYPE_LABELS = { general: '一般纳税人', small_scale: '小规模纳税人' } as const;

/** Registered-capital bands (万元), lower bound inclusive. */
export const CAPITAL_BANDS = [
  { key: 'lt100', label: '100万以下', min: 0, max: 100 },
  { key: '100-500', label: '100万–500万', min: 100, max: 500 },
  { key: '500-1000', label: '500万–1000万', min: 500, max: 1000 },
  { key: '1000-5000', label: '1000万–5000万', min: 1000, max: 5000 },
  { key: 'ge5000', label: '5000万以上', min: 5000, max: Number.POSITIVE_INFINITY },
] as const;

const SECTION_CODES = INDUSTRY_SECTIONS.map((section) => section.code) as [string, ...string[]];
const month = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, '月份格式应为 YYYY-MM');

/** A list sent as repeated keys, one comma-separated string (form posts) or an array. */
const listOf = <T extends z.ZodTypeAny>(item: T) =>
  z.preprocess(
    (value) => (typeof value === 'string' ? value.split(',').filter(Boolean) : value),
    z.array(item).max(30),
  );
const optionalNumber = z.preprocess(
  (value) => (value === '' || value === null ? undefined : value),
  z.coerce.number({ error: '请输入数字' }).min(0, '不能小于0').max(100_000_000, '数值过大').optional(),
);

export const opportunityFilterSchema = z
  .object({
    /** 行政区划代码 of the area looked at: a province (440000), a city (440300) or a county (440305). */
    areaCode: z
      .string()
      .regex(/^\d{6}$/, '地区代码应为6位数字')
      .optional()
      .or(z.literal('').transform(() => undefined)),
    industries: listOf(z.enum(SECTION_CODES, { error: '行业门类不存在' })).optional(),
    registrations: listOf(z.enum(REGISTRATION_KEYS as [RegistrationKey, ...RegistrationKey[]])).optional(),
    taxpayerTypes: listOf(z.enum(['general', 'small_scale'])).optional(),
    establishedFrom: month.optional().or(z.literal('').transform(() => undefined)),
    establishedTo: month.optional().or(z.literal('').transform(() => undefined)),
    capitalMinWan: optionalNumber,
    capitalMaxWan: optionalNumber,
    /** On any of these risk lists now (not removed). */
    riskKinds: listOf(z.enum(RISK_KINDS)).optional(),
    /** On none of the risk lists now. */
    noRisk: z.preprocess((value) => value === true || value === 'true' || value === '1', z.boolean()).optional(),
  })
  .refine((value) => !value.establishedFrom || !value.establishedTo || value.establishedFrom <= value.establishedTo, {
    message: '成立时间的开始月份不能晚于结束月份',
    path: ['establishedTo'],
  })
  .refine(
    (value) =>
      value.capitalMinWan === undefined ||
      value.capitalMaxWan === undefined ||
      value.capitalMinWan <= value.capitalMaxWan,
    { message: '注册资本下限不能大于上限', path: ['capitalMaxWan'] },
  )
  .refine((value) => !(value.noRisk && value.riskKinds && value.riskKinds.length > 0), {
    message: '“无风险记录”不能与风险名单同时选择',
    path: ['noRisk'],
  });
export type OpportunityFilter = z.infer<typeof opportunityFilterSchema>;

/**
 * The 15 company-risk look-ups of spec §7 (/api/DataAnalysisMonitoring/<call>), each one risk list
 * of the company-data provider. The call names are the spec's words.
 */
export const COMPANY_RISK_LOOKUPS: readonly { call: string; kind: RiskKind }[] = [
  { call: 'abnormalOperation', kind: 'abnormal_operation' },
  { call: 'penalty', kind: 'admin_penalty' },
  { call: 'illegalBreach', kind: 'serious_illegal' },
  { call: 'chattelMortgage', kind: 'chattel_mortgage' },
  { call: 'pledgeEquity', kind: 'equity_pledge' },
  { call: 'liquidation', kind: 'liquidation' },
  { call: 'unlawful', kind: 'major_tax_violation' },
  { call: 'oweTax', kind: 'tax_arrears' },
  { call: 'brokenPromises', kind: 'dishonest_debtor' },
  { call: 'finalCase', kind: 'terminated_case' },
  { call: 'refereeDocuments', kind: 'judgment_document' },
  { call: 'court', kind: 'court_notice' },
  { call: 'courtFreeze', kind: 'judicial_freeze' },
  { call: 'highConsumption', kind: 'consumption_restriction' },
  { call: 'openCourt', kind: 'court_session' },
];

/** One company of the map's list (shown and exported only when the matches are few). */
export interface OpportunityRow {
  creditCode: string;
  name: string;
  legalRep: string | null;
  statusText: string;
  establishedOn: string | null;
  capitalText: string | null;
  industryName: string | null;
  taxpayerTypeText: string | null;
  regionCode: string | null;
  regionName: string | null;
  address: string | null;
  riskLabels: string[];
  source: string;
  asOf: string;
}
