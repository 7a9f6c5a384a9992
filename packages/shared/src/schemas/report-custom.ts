import type { ReportType } from '../report-kinds.js';
import { z } from '../zod.js';
import { reportTypeSchema } from './report-kinds.js';

/**
 * Report customisation (spec §7 /api/UserReportCustomConfig/*): per group and report kind, which
 * sections the report shows, which rule families it runs, the cover title and the firm's contact
 * block. The section ids are the web views' own; a test keeps the two lists equal.
 */
const INVOICE_SECTIONS = [
  { id: 'overview', title: '概览' },
  { id: 'counterparties', title: '上下游' },
  { id: 'goods', title: '商品' },
  { id: 'findings', title: '风险发现' },
  { id: 'sources', title: '数据来源' },
] as const;
const TAX_SECTIONS = [
  { id: 'summary', title: '报告摘要' },
  { id: 'charts', title: '经营与税负趋势' },
  { id: 'categories', title: '风险明细' },
  { id: 'quality', title: '数据质量' },
  { id: 'sources', title: '数据来源' },
] as const;
const COMPREHENSIVE_SECTIONS = [
  { id: 'summary', title: '报告摘要' },
  { id: 'score', title: '综合评分' },
  { id: 'charts', title: '经营与税负趋势' },
  { id: 'categories', title: '风险明细' },
  { id: 'quality', title: '数据质量' },
  { id: 'sources', title: '数据来源' },
] as const;
const COMPANY_SECTIONS = [
  { id: 'profile', title: '工商信息' },
  { id: 'relations', title: '股东与人员' },
  { id: 'risks', title: '风险信息' },
  { id: 'own', title: '本企业数据' },
  { id: 'financial', title: '财务分析' },
  { id: 'rating', title: '综合评级' },
  { id: 'sources', title: '数据来源' },
] as const;

export const REPORT_SECTIONS: Readonly<Record<ReportType, readonly { id: string; title: string }[]>> = {
  INVOICE: INVOICE_SECTIONS,
  TAX: TAX_SECTIONS,
  COMPREHENSIVE: COMPREHENSIVE_SECTIONS,
  PANORAMIC: COMPANY_SECTIONS,
  BUSINESS_INFO: COMPANY_SECTIONS,
  DUE_DILIGENCE: COMPANY_SECTIONS,
};

export const REPORT_CUSTOM_LIMITS = { coverTitleMax: 40, contactFieldMax: 60, addressMax: 120 } as const;

const optionalText = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, `${label}最多${max}个字`)
    .nullish()
    .transform((value) => (value ? value : null));

export const reportContactSchema = z.object({
  name: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  address: z.string().nullable(),
});
export type ReportContact = z.infer<typeof reportContactSchema>;

export const saveReportCustomSchema = z.object({
  reportType: reportTypeSchema,
  /** Section ids left out of the report; every other section shows. */
  hiddenSections: z.array(z.string().max(40)).max(20).default([]),
  /** Rule families (rule categories) the report kind does not run. */
  hiddenFamilies: z.array(z.string().max(40)).max(40).default([]),
  coverTitle: optionalText(REPORT_CUSTOM_LIMITS.coverTitleMax, '封面标题'),
  contactName: optionalText(REPORT_CUSTOM_LIMITS.contactFieldMax, '联系人'),
  contactPhone: z
    .string()
    .trim()
    .regex(
      /^(?:1\d{10}|0\d{2,3}-?\d{7,8}(?:-\d{1,6})?|400-?\d{3}-?\d{4})?$/,
      '请输入正确的手机号或座机号（如 010-12345678）',
    )
    .nullish()
    .transform((value) => (value ? value : null)),
  contactEmail: z
    .string()
    .trim()
    .max(REPORT_CUSTOM_LIMITS.contactFieldMax)
    .regex(/^(?:[^\s@]+@[^\s@]+\.[^\s@]+)?$/, '请输入正确的邮箱')
    .nullish()
    .transform((value) => (value ? value : null)),
  contactAddress: optionalText(REPORT_CUSTOM_LIMITS.addressMax, '地址'),
});
export type SaveReportCustom = z.input<typeof saveReportCustomSchema>;

export const reportCustomTypeSchema = z.object({ reportType: reportTypeSchema });

export const reportCustomConfigSchema = z.object({
  reportType: reportTypeSchema,
  reportName: z.string(),
  sections: z.array(z.object({ id: z.string(), title: z.string(), included: z.boolean() })),
  ruleFamilies: z.array(z.object({ name: z.string(), ruleCount: z.number().int(), included: z.boolean() })),
  coverTitle: z.string().nullable(),
  contact: reportContactSchema,
  /** null: the group never changed this kind (the defaults). */
  updateTime: z.string().nullable(),
});
export type ReportCustomConfig = z.infer<typeof reportCustomConfigSchema>;

/** What the report view and the PDF apply: carried in the report detail. */
export const reportCustomisationSchema = z.object({
  hiddenSections: z.array(z.string()),
  coverTitle: z.string().nullable(),
  contact: reportContactSchema.nullable(),
});
export type ReportCustomisation = z.infer<typeof reportCustomisationSchema>;
