/**
 * Leads (智能拓客, issue 16): the prospect search filters, the risk signals a tax firm can help
 * with, contact statuses, and the messages the server and the pages share.
 */
import { z } from './zod.js';

/** Risk signals, each a reason to call: the company now has a problem a tax firm solves. */
export const TOKER_SIGNALS = [
  { key: 'abnormal', label: '新增经营异常', hint: '数据截至日前 90 天内列入经营异常名录且未移出' },
  { key: 'creditDrop', label: '纳税信用下降', hint: '最近评价年度的纳税信用级别低于上一年度（含失去 A 级）' },
  { key: 'illegal', label: '近期重大税收违法公布', hint: '数据截至日前 365 天内公布为重大税收违法失信主体' },
  { key: 'changes', label: '频繁变更', hint: '数据截至日前 365 天内工商变更 2 次及以上' },
] as const;
export type TokerSignal = (typeof TOKER_SIGNALS)[number]['key'];

/** Registered capital bands in 万元 (the size the registry publishes). */
export const TOKER_SIZES = [
  { key: 's1', label: '100万以下', minWan: null, maxWan: 100 },
  { key: 's2', label: '100–500万', minWan: 100, maxWan: 500 },
  { key: 's3', label: '500–1000万', minWan: 500, maxWan: 1000 },
  { key: 's4', label: '1000–5000万', minWan: 1000, maxWan: 5000 },
  { key: 's5', label: '5000万及以上', minWan: 5000, maxWan: null },
] as const;

/** Company age bands in whole years since establishment. */
export const TOKER_AGES = [
  { key: 'a1', label: '1年内', minYears: null, maxYears: 1 },
  { key: 'a2', label: '1–3年', minYears: 1, maxYears: 3 },
  { key: 'a3', label: '3–5年', minYears: 3, maxYears: 5 },
  { key: 'a4', label: '5–10年', minYears: 5, maxYears: 10 },
  { key: 'a5', label: '10年以上', minYears: 10, maxYears: null },
] as const;

export const TOKER_STATUSES = [
  { key: 'normal', label: '存续' },
  { key: 'deregistered', label: '注销' },
  { key: 'revoked', label: '吊销' },
  { key: 'moved', label: '迁出' },
] as const;

export const PROSPECT_STATUSES = [
  { key: 'new', label: '未联系' },
  { key: 'contacted', label: '已联系' },
  { key: 'interested', label: '有意向' },
  { key: 'signed', label: '已签约' },
  { key: 'declined', label: '无意向' },
] as const;
export type ProspectStatusKey = (typeof PROSPECT_STATUSES)[number]['key'];

const keysOf = <T extends { key: string }>(items: readonly T[]) =>
  items.map((item) => item.key) as [T['key'], ...T['key'][]];

export const tokerFiltersSchema = z.object({
  /** GB/T 2260 code: a province (xx0000) or city (xxxx00) covers the divisions below it. */
  regionCode: z
    .string()
    .regex(/^\d{6}$/, '请选择正确的地区')
    .optional(),
  /** GB/T 4754 section letter (门类). */
  industry: z
    .string()
    .regex(/^[A-T]$/, '请选择正确的行业')
    .optional(),
  size: z.enum(keysOf(TOKER_SIZES), { error: '请选择正确的规模' }).optional(),
  age: z.enum(keysOf(TOKER_AGES), { error: '请选择正确的成立年限' }).optional(),
  taxpayerType: z.enum(['general', 'small_scale'], { error: '请选择正确的纳税人资格' }).optional(),
  status: z.enum(keysOf(TOKER_STATUSES), { error: '请选择正确的登记状态' }).optional(),
  /** Any of these signals (a company showing one of them matches). */
  signals: z
    .array(z.enum(keysOf(TOKER_SIGNALS), { error: '请选择正确的风险信号' }))
    .max(4)
    .optional(),
});
export type TokerFilters = z.infer<typeof tokerFiltersSchema>;

/** Page size of the results and the deepest result a search pages to (no full dataset dumps). */
export const TOKER_PAGE_SIZE = 20;
export const TOKER_MAX_RESULTS = 2000;

export const TOKER_MESSAGES = {
  noFilter: '请至少选择一个筛选条件（地区、行业、规模、成立年限、纳税人资格或风险信号）',
  noUsageRight: '您的账号当前没有平台的使用权限，请购买服务套餐或联系客服开通。',
  exportOverLimit: (limit: number) => `导出数量超过套餐上限，每次最多导出 ${limit} 条`,
  creditsShort: '拓客次数不足，请联系客服购买次数',
  balanceShort: (priceFen: number) => `余额不足，请充值（智能拓客每次搜索 ${(priceFen / 100).toFixed(2)} 元）`,
} as const;

/**
 * Whether the filters narrow the dataset: the registration status alone does not (nearly every
 * company is 存续), so it never counts as the one filter a search needs.
 */
export function hasNarrowingFilter(filters: TokerFilters): boolean {
  return Boolean(
    filters.regionCode ||
      filters.industry ||
      filters.size ||
      filters.age ||
      filters.taxpayerType ||
      (filters.signals && filters.signals.length > 0),
  );
}

export const prospectSchema = z.object({
  creditCode: z.string(),
  name: z.string(),
  legalRep: z.string().nullable(),
  regionCode: z.string().nullable(),
  regionName: z.string().nullable(),
  industryCode: z.string().nullable(),
  industryName: z.string().nullable(),
  registeredCapitalFen: z.number().nullable(),
  establishedOn: z.string().nullable(),
  statusText: z.string(),
  taxpayerType: z.string().nullable(),
  address: z.string().nullable(),
  signals: z.array(z.object({ key: z.string(), label: z.string(), detail: z.string() })),
});
export type Prospect = z.infer<typeof prospectSchema>;
