import { creditCodeSchema } from '../validators.js';
import { z } from '../zod.js';
import {
  BILLING_LIMITS,
  fenSchema,
  INVOICE_KINDS,
  INVOICE_STATES,
  idSchema,
  positiveFenSchema,
} from './billing-common.js';
import { pageQuerySchema } from './paging.js';
import { creditTypeSchema } from './report-kinds.js';

// ---- purchase invoices ---------------------------------------------------------------------

const optionalText = (max: number) => z.string().trim().max(max).optional();

/** 普票 needs title, tax number and email; 专票 also address, phone, bank and account. */
export const invoiceRequestSchema = z
  .object({
    orderIds: z
      .array(z.number().int().positive())
      .min(1, '请选择要开票的订单')
      .max(BILLING_LIMITS.invoiceMaxOrders, `一次最多选择 ${BILLING_LIMITS.invoiceMaxOrders} 个订单`),
    kind: z.enum(INVOICE_KINDS, { error: '请选择发票类型' }),
    title: z.string().trim().min(2, '请输入发票抬头').max(100, '发票抬头最多100个字'),
    taxNo: creditCodeSchema,
    address: optionalText(200),
    phone: optionalText(30),
    bankName: optionalText(100),
    bankAccount: optionalText(40),
    email: z.email('请输入正确的邮箱'),
  })
  .superRefine((body, ctx) => {
    if (body.kind !== 'special') return;
    const required = {
      address: '请输入注册地址',
      phone: '请输入注册电话',
      bankName: '请输入开户银行',
      bankAccount: '请输入银行账号',
    };
    for (const [field, message] of Object.entries(required)) {
      if (!body[field as keyof typeof required]) ctx.addIssue({ code: 'custom', message, path: [field] });
    }
  });

export const invoiceRecordSchema = z.object({
  id: z.number().int(),
  kind: z.enum(INVOICE_KINDS),
  kindLabel: z.string(),
  title: z.string(),
  taxNo: z.string(),
  email: z.string(),
  amountFen: fenSchema,
  orderNos: z.array(z.string()),
  state: z.enum(INVOICE_STATES),
  stateLabel: z.string(),
  rejectReason: z.string().nullable(),
  hasPdf: z.boolean(),
  createTime: z.string(),
  handledTime: z.string().nullable(),
});
export const invoiceListQuerySchema = pageQuerySchema.extend({ state: z.enum(INVOICE_STATES).optional() });
export const invoiceIdSchema = z.object({ id: idSchema });
export const invoiceRequestResultSchema = z.object({ id: z.number().int(), warning: z.string().nullable() });

// ---- operator ------------------------------------------------------------------------------

export const confirmTransferSchema = z.object({
  orderId: idSchema,
  /** The bank's serial number of the incoming transfer, when known. */
  bankSerial: z.string().trim().min(4).max(64).optional(),
});

export const adjustWalletSchema = z.object({
  userId: idSchema,
  asset: z.number().int().min(0).max(6),
  delta: z
    .number({ error: '请输入调整数量' })
    .int('调整数量必须是整数')
    .refine((value) => value !== 0, '调整数量不能为 0')
    .refine((value) => Math.abs(value) <= BILLING_LIMITS.transferMaxFen, '调整数量过大'),
  reason: z.string().trim().min(2, '请填写调整原因').max(200),
});

export const rejectInvoiceSchema = z.object({
  invoiceId: idSchema,
  reason: z.string().trim().min(2, '请填写驳回原因').max(200),
});

export const setGroupPriceSchema = z.object({
  groupId: idSchema,
  creditType: creditTypeSchema,
  /** null removes the group's own price (back to the default). */
  priceFen: z
    .number()
    .int('价格必须是整数（分）')
    .min(0, '价格不能小于 0')
    .max(BILLING_LIMITS.transferMaxFen)
    .nullable(),
});

export const savePackageSchema = z.object({
  id: idSchema.optional(),
  name: z.string().trim().min(2).max(30),
  description: z.string().trim().max(200).default(''),
  priceFen: positiveFenSchema(BILLING_LIMITS.transferMaxFen),
  balanceFen: z.number().int().min(0).max(BILLING_LIMITS.transferMaxFen),
  credits: z.array(z.number().int().min(0).max(BILLING_LIMITS.creditCountMax)).length(6),
  active: z.boolean().default(true),
  sort: z.number().int().default(0),
});
