import { INDUSTRY_SECTIONS } from '../catalogs/industries.js';
import { isRegionCode } from '../catalogs/regions.js';
import { taxpayerTypeSchema } from '../financials.js';
import { checkCreditCode } from '../validators.js';
import { z } from '../zod.js';
import { pageQuerySchema } from './paging.js';

/** A numeric id from JSON, a query string or a multipart field, with the message the user sees. */
const idOf = (message: string) => z.coerce.number({ error: message }).int(message).positive(message);
const idSchema = idOf('编号不正确');
const firmIdField = idOf('请选择企业');
const assigneeIdField = idOf('请选择负责人');
const taxpayerTypeField = z.enum(['general', 'small_scale'], { error: '请选择纳税人类型' });
const accountingStandardField = z.enum(['enterprise', 'small_enterprise'], { error: '请选择会计准则' });
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
  taxpayerType: taxpayerTypeField.nullable().optional(),
  accountingStandard: accountingStandardField.nullable().optional(),
  legalPerson: optionalText(30),
  contactName: optionalText(30),
  contactPhone: optionalText(20),
  address: optionalText(120),
  remark: optionalText(300),
  invoiceLimitFen: z
    .number({ error: '开票限额必须是金额（分）' })
    .int('开票限额必须是整数（分）')
    .positive('开票限额必须大于0')
    .max(1_000_000_000_00, '开票限额不能超过10亿元')
    .nullable()
    .optional(),
  assigneeId: assigneeIdField.nullable().optional(),
});
export type CompanyFields = z.infer<typeof companyFieldsSchema>;

/** assigneeId here goes through the same assignment rules as assignFirm. */
export const updateCompanySchema = companyFieldsSchema.partial().extend({ firmId: firmIdField });
export const firmIdSchema = z.object({ firmId: firmIdField });
export const assignCompanySchema = z.object({ firmId: firmIdField, assigneeId: assigneeIdField.nullable() });

const searchText = z.string().trim().max(80, '搜索内容最多80个字').optional();
export const companyListQuerySchema = pageQuerySchema.extend({
  keyword: searchText,
  /** The spec's name for the same search (findFirmList taxpayerName). */
  taxpayerName: searchText,
  regionCode: z
    .string()
    .trim()
    .regex(/^\d{2,6}$/, '请选择正确的地区')
    .optional(),
  industryCode: z.string().trim().max(2, '请选择正确的行业门类').optional(),
  taxpayerType: taxpayerTypeField.optional(),
  assigneeId: assigneeIdField.optional(),
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

export const SHARE_LINK_STATES = { pending: '待填写', bound: '已填写信息', uploaded: '已上传数据' } as const;

export const createShareLinkSchema = z.object({
  firmId: firmIdField.nullable().optional(),
  expiresInDays: z.coerce.number().int().min(1, '有效期至少1天').max(30, '有效期最多30天').default(7),
  note: optionalText(100),
});

export const shareLinkSchema = z.object({
  shareId: z.number().int(),
  firmId: z.number().int().nullable(),
  taxpayerName: z.string().nullable(),
  state: z.enum(['pending', 'bound', 'uploaded']),
  /** The client's address; the token appears only here and only for the firm. */
  url: z.string(),
  note: z.string().nullable(),
  createTime: z.string(),
  expireTime: z.string(),
  revoked: z.boolean(),
  expired: z.boolean(),
  uploads: z.number().int(),
});
export type ShareLink = z.infer<typeof shareLinkSchema>;

export const shareIdSchema = z.object({ shareId: idSchema });
export const shareMailSchema = z.object({ shareId: idSchema, email: z.string().trim().email('请输入正确的邮箱地址') });
export const shareTokenSchema = z.object({
  token: z.string({ error: '链接无效' }).trim().min(20, '链接无效').max(100, '链接无效'),
});

/** What the client sees when it opens the link. */
export const shareInfoSchema = z.object({
  valid: z.boolean(),
  reason: z.string().nullable(),
  groupName: z.string().nullable(),
  state: z.enum(['pending', 'bound', 'uploaded']).nullable(),
  company: z.object({ taxpayerName: z.string(), taxNo: z.string() }).nullable(),
  expireTime: z.string().nullable(),
});

/** The client fills in its own company: the fields a firm needs, nothing internal. */
export const shareBindSchema = shareTokenSchema.extend({
  taxpayerName: companyFieldsSchema.shape.taxpayerName,
  taxNo: taxNoSchema,
  regionCode: companyFieldsSchema.shape.regionCode,
  industryCode: companyFieldsSchema.shape.industryCode,
  taxpayerType: companyFieldsSchema.shape.taxpayerType,
  accountingStandard: companyFieldsSchema.shape.accountingStandard,
  legalPerson: optionalText(30),
  contactName: z.string().trim().min(1, '请输入联系人').max(30),
  contactPhone: z
    .string()
    .trim()
    .regex(/^1\d{10}$/, '请输入正确的11位手机号'),
  address: optionalText(120),
});

/** Several companies to one person at once (issue 19); null unassigns (the main account only). */
export const assignCompaniesSchema = z.object({
  firmIds: z.array(firmIdField).min(1, '请选择企业').max(200, '一次最多分配200家企业'),
  assigneeId: assigneeIdField.nullable(),
});
