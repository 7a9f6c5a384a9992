/** API contract of the invoice authenticity check (/api/InvoiceAuthenticity/*, spec §7). */
import { z } from '../zod.js';
import { pageQuerySchema } from './paging.js';

export const CHECK_VERDICTS = ['pass', 'warn', 'fail', 'error'] as const;
export type CheckVerdict = (typeof CHECK_VERDICTS)[number];
export const CHECK_VERDICT_NAMES: Record<CheckVerdict, string> = {
  pass: '未见异常',
  warn: '存疑',
  fail: '异常',
  error: '核验失败（已退费）',
};

export const INVOICE_CHECK_LIMITS = {
  /** Files in one upload request. */
  maxFiles: 50,
  /** Bytes of one file. */
  maxFileBytes: 10 * 1024 * 1024,
  /** Rows of one Excel manual list. */
  maxListRows: 500,
  exportMaxRows: 5000,
} as const;

export const manualVerifyBodySchema = z.object({
  code: z.string().trim().max(12).optional().nullable(),
  number: z.string({ error: '请输入发票号码' }).trim().min(1, '请输入发票号码').max(20, '发票号码应为8或20位数字'),
  date: z.string({ error: '请输入开票日期' }).trim().min(1, '请输入开票日期'),
  fourth: z.string({ error: '请输入第四要素' }).trim().min(1, '请输入第四要素').max(30),
  requestKey: z.string().trim().max(100).optional(),
});
export type ManualVerifyBody = z.infer<typeof manualVerifyBodySchema>;

const dateText = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, '日期格式应为 YYYY-MM-DD');

export const checkFilterSchema = z.object({
  startDate: dateText.optional(),
  endDate: dateText.optional(),
  verdict: z.enum(CHECK_VERDICTS).optional(),
  keyword: z.string().trim().max(60).optional(),
  userId: z.coerce.number().int().positive().optional(),
  format: z.enum(['xml', 'ofd', 'pdf', 'image', 'manual', 'excel']).optional(),
});
export type CheckFilter = z.infer<typeof checkFilterSchema>;
export const checkListQuerySchema = pageQuerySchema.extend(checkFilterSchema.shape);

export const checkIdsBodySchema = z.object({
  ids: z.array(z.coerce.number().int().positive()).min(1, '请选择记录').max(500),
});
export const checkExportBodySchema = checkFilterSchema.extend({
  ids: z.array(z.coerce.number().int().positive()).max(INVOICE_CHECK_LIMITS.exportMaxRows).optional(),
});
export const checkIdQuerySchema = z.object({ id: z.coerce.number().int().positive() });

export const checkResultSchema = z.object({
  id: z.string(),
  title: z.string(),
  verdict: z.enum(['pass', 'warn', 'fail', 'no_data']),
  reason: z.string(),
});

export const invoiceCheckSchema = z.object({
  id: z.number().int(),
  batchId: z.string(),
  invoiceCode: z.string().nullable(),
  invoiceNumber: z.string(),
  invoiceDate: z.string().nullable(),
  kindName: z.string().nullable(),
  amountFen: z.number().int().nullable(),
  taxFen: z.number().int().nullable(),
  totalFen: z.number().int().nullable(),
  sellerName: z.string().nullable(),
  sellerTaxNo: z.string().nullable(),
  buyerName: z.string().nullable(),
  sourceFormat: z.string(),
  sourceLayer: z.string(),
  sourceLayerName: z.string(),
  sourceName: z.string(),
  provider: z.string(),
  providerLabel: z.string(),
  verdict: z.enum(CHECK_VERDICTS),
  verdictName: z.string(),
  /** The first failing or doubtful check's reason: what the list shows. */
  summary: z.string(),
  priceFen: z.number().int(),
  /** Paid with one 发票鉴伪次数 instead of priceFen from the balance. */
  paidWithCredit: z.boolean(),
  refunded: z.boolean(),
  userId: z.number().int(),
  phone: z.string(),
  createTime: z.string(),
});
export type InvoiceCheck = z.infer<typeof invoiceCheckSchema>;

export const invoiceCheckDetailSchema = invoiceCheckSchema.extend({
  results: z.array(checkResultSchema),
  notes: z.array(z.string()),
  vendorCode: z.string().nullable(),
  vendorMessage: z.string().nullable(),
  face: z.record(z.string(), z.unknown()),
});
export type InvoiceCheckDetail = z.infer<typeof invoiceCheckDetailSchema>;

export const rejectedFileSchema = z.object({ name: z.string(), reason: z.string() });
export const checkBatchSchema = z.object({
  batchId: z.string(),
  checked: z.array(invoiceCheckSchema),
  rejected: z.array(rejectedFileSchema),
  chargedFen: z.number().int(),
  /** 发票鉴伪次数 taken (credit mode), refunds deducted. */
  chargedCredits: z.number().int(),
});
export type CheckBatch = z.infer<typeof checkBatchSchema>;

export const verificationProviderInfoSchema = z.object({
  provider: z.string(),
  label: z.string(),
  description: z.string(),
  priceFen: z.number().int(),
  /** 'price': priceFen from the balance; 'credit': one 发票鉴伪次数 a check (the operator sets it). */
  chargeMode: z.enum(['price', 'credit']),
  /** The user's own check credits. */
  checkCredits: z.number().int(),
  dailyLimitPerInvoice: z.number().int(),
});
export type VerificationProviderInfo = z.infer<typeof verificationProviderInfoSchema>;

export const checkUserSchema = z.object({ userId: z.number().int(), phone: z.string(), name: z.string().nullable() });

export const checkFlowSchema = z.object({
  id: z.number().int(),
  reason: z.string(),
  reasonLabel: z.string(),
  deltaFen: z.number().int(),
  note: z.string().nullable(),
  phone: z.string(),
  createTime: z.string(),
});
