import { z } from 'zod';
import { INDUSTRY_SECTIONS } from '../catalogs/industries.js';
import { isRegionCode } from '../catalogs/regions.js';
import { taxpayerTypeSchema } from '../financials.js';
import { checkCreditCode } from '../validators.js';
import { pageQuerySchema } from './paging.js';

const idSchema = z.coerce.number().int().positive();
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `最多${max}个字`)
    .transform((value) => (value === '' ? null : value))
    .nullable()
    .optional();

/**
 * 纳税人识别号: an 18-character unified social credit code, or an older 15-, 17- or
 * 20-character taxpayer id (domain facts §7.2).
 */
export const taxNoSchema = z
  .string({ error: '请输入纳税人识别号' })
  .trim()
  .transform((value) => value.toUpperCase())
  .refine(
    (value) => /^[0-9A-Z]{15}$|^[0-9A-Z]{17,18}$|^[0-9A-Z]{20}$/.test(value),
    '纳税人识别号应为15、17、18或20位数字或字母',
  )
  .refine(
    (value) => value.length !== 18 || checkCreditCode(value) !== 'malformed' || /^\d{17}[0-9X]$/.test(value),
    '统一社会信用代码格式不正确',
  );

export const companyFieldsSchema = z.object({
  taxpayerName: z.string({ error: '请输入企业名称' }).trim().min(2, '请输入企业名称').max(80, '企业名称最多80个字'),
  taxNo: taxNoSchema,
  regionCode: z
    .string()
    .trim()
    .refine((value) => value === '' || isRegionCode(value), '请选择正确的地区（6位行政区划代码）')
    .transform((value) => (value === '' ? null : value))
    .nullable()
    .optional(),
  industryCode: z
    .enum(INDUSTRY_SECTIONS.map((section) => section.code) as [string, ...string[]], { error: '请选择行业门类' })
    .nullable()
    .optional(),
  industryName: optionalText(60),
  taxpayerType: taxpayerTypeSchema.nullable().optional(),
  accountingStandard: z.enum(['enterprise', 'small_enterprise']).nullable().optional(),
  legalPerson: optionalText(30),
  contactName: optionalText(30),
  contactPhone: optionalText(20),
  address: optionalText(120),
  remark: optionalText(300),
  invoiceLimitFen: z.number().int().positive('开票限额必须大于0').max(1_000_000_000_00).nullable().optional(),
  assigneeId: idSchema.nullable().optional(),
});
export type CompanyFields = z.infer<typeof companyFieldsSchema>;

export const updateCompanySchema = companyFieldsSchema.partial().extend({ firmId: idSchema });
export const firmIdSchema = z.object({ firmId: idSchema });
export const assignCompanySchema = z.object({ firmId: idSchema, assigneeId: idSchema.nullable() });

export const companyListQuerySchema = pageQuerySchema.extend({
  keyword: z.string().trim().max(80).optional(),
  regionCode: z
    .string()
    .trim()
    .regex(/^\d{2,6}$/)
    .optional(),
  industryCode: z.string().trim().max(2).optional(),
  taxpayerType: taxpayerTypeSchema.optional(),
  assigneeId: idSchema.optional(),
});
export type CompanyListQuery = z.infer<typeof companyListQuerySchema>;

export const companySchema = z.object({
  firmId: z.number().int(),
  taxpayerName: z.string(),
  taxNo: z.string(),
  taxNoWarning: z.string().nullable(),
  regionCode: z.string().nullable(),
  regionName: z.string(),
  industryCode: z.string().nullable(),
  industryName: z.string().nullable(),
  industrySectionName: z.string(),
  taxpayerType: taxpayerTypeSchema.nullable(),
  accountingStandard: z.enum(['enterprise', 'small_enterprise']).nullable(),
  legalPerson: z.string().nullable(),
  contactName: z.string().nullable(),
  contactPhone: z.string().nullable(),
  address: z.string().nullable(),
  remark: z.string().nullable(),
  invoiceLimitFen: z.number().int().nullable(),
  assignee: z.object({ userId: z.number().int(), name: z.string() }).nullable(),
  createTime: z.string(),
  updateTime: z.string(),
});
export type Company = z.infer<typeof companySchema>;
