/**
 * The billing contract: prices, packages and orders here; wallets, flows and statistics in
 * billing-assets.ts; purchase invoices and the operator console in billing-invoices.ts.
 */
import { z } from '../zod.js';
import {
  BILLING_LIMITS,
  creditCountSchema,
  dateRangeMessage,
  dateRangeSchema,
  dateRangeValid,
  fenSchema,
  idSchema,
  ORDER_STATES,
  PAY_METHODS,
  positiveFenSchema,
} from './billing-common.js';
import { invoiceRecordSchema } from './billing-invoices.js';
import { pageQuerySchema } from './paging.js';
import { packageDiscountSchema } from './promotions.js';

export * from './billing-assets.js';
export * from './billing-common.js';
export * from './billing-invoices.js';

// ---- prices, packages, rights -------------------------------------------------------------

export const priceItemSchema = z.object({
  type: z.number().int(),
  name: z.string(),
  priceField: z.string(),
  priceFen: fenSchema,
});

export const packageSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  priceFen: fenSchema,
  balanceFen: fenSchema,
  credits: z.array(creditCountSchema),
  sort: z.number().int(),
  /** The limited-time discount this buyer gets on it now (issue 15), if any. */
  discount: packageDiscountSchema.nullable().optional(),
});
export type BillingPackage = z.infer<typeof packageSchema>;

export const buyConfigSchema = z.object({ prices: z.array(priceItemSchema), packages: z.array(packageSchema) });
export const buyConfigQuerySchema = z.object({ type: z.coerce.number().int().optional() });

export const bankPayeeSchema = z.object({
  accountName: z.string(),
  bankName: z.string(),
  accountNo: z.string(),
  notice: z.string(),
});
export type BankPayee = z.infer<typeof bankPayeeSchema>;

/** A form the browser posts to a bank's online-banking gateway (spec §7 /api/spdb/wbzf). */
export const bankFormSchema = z.object({ action: z.string(), fields: z.record(z.string(), z.string()) });
export type BankForm = z.infer<typeof bankFormSchema>;

/** /api/spdb/bankInfo: whether online banking is offered here, against which environment of the bank. */
export const bankInfoSchema = z.object({
  configured: z.boolean(),
  bankName: z.string().nullable(),
  /** test or production: the gateway form url differs between them (spec §7). */
  mode: z.enum(['test', 'production']).nullable(),
  formUrl: z.string().nullable(),
  merchantId: z.string().nullable(),
  /** The methods this deployment offers instead, when online banking is not configured. */
  offered: z.array(z.string()),
});
export type BankInfo = z.infer<typeof bankInfoSchema>;

export const topUpRightsSchema = z.object({
  /** The caller may place orders (the `pay` action right). */
  pay: z.boolean(),
  /** 1 when top-up is restricted for the caller (spec's rechargeAstrict). */
  rechargeAstrict: z.union([z.literal(0), z.literal(1)]),
  viewBalance: z.boolean(),
  payMethods: z.array(z.object({ method: z.enum(PAY_METHODS), label: z.string() })),
  minTopUpFen: fenSchema,
  maxTopUpFen: fenSchema,
  sandbox: z.boolean(),
});

// ---- orders ---------------------------------------------------------------------------------

/** `{ packageId }` buys a package, `{ amountFen }` tops up the balance; exactly one of them. */
export const unifiedOrderSchema = z
  .object({
    packageId: z.number().int().positive().optional(),
    amountFen: positiveFenSchema(BILLING_LIMITS.topUpMaxFen)
      .min(BILLING_LIMITS.topUpMinFen, `充值金额不能少于 ${BILLING_LIMITS.topUpMinFen / 100} 元`)
      .optional(),
    payMethod: z.enum(PAY_METHODS, { error: '请选择支付方式' }),
  })
  .refine((body) => (body.packageId === undefined) !== (body.amountFen === undefined), {
    message: '请选择套餐或输入充值金额（二选一）',
    path: ['packageId'],
  });

export const payInstructionSchema = z.object({
  orderId: z.number().int(),
  orderNo: z.string(),
  title: z.string(),
  amountFen: fenSchema,
  payMethod: z.enum(PAY_METHODS),
  state: z.enum(ORDER_STATES),
  expireTime: z.string(),
  /** Sandbox: the cashier page to open. */
  cashierUrl: z.string().nullable(),
  /** Bank transfer: where to send the money and the reference to write on it. */
  bankTransfer: bankPayeeSchema.extend({ reference: z.string(), amountFen: fenSchema }).nullable(),
  /** Online banking: the signed form the browser posts to the bank's gateway (action and hidden fields). */
  bankForm: bankFormSchema.nullable(),
});

export const orderSchema = z.object({
  orderId: z.number().int(),
  orderNo: z.string(),
  kind: z.enum(['package', 'top_up']),
  kindLabel: z.string(),
  title: z.string(),
  amountFen: fenSchema,
  grantBalanceFen: fenSchema,
  grantCredits: z.array(creditCountSchema),
  payMethod: z.enum(PAY_METHODS),
  payMethodLabel: z.string(),
  state: z.enum(ORDER_STATES),
  stateLabel: z.string(),
  userId: z.number().int(),
  phone: z.string(),
  invoiced: z.boolean(),
  createTime: z.string(),
  paidTime: z.string().nullable(),
  expireTime: z.string(),
});
export type Order = z.infer<typeof orderSchema>;

export const orderListQuerySchema = pageQuerySchema
  .extend({ state: z.enum(ORDER_STATES).optional(), payMethod: z.enum(PAY_METHODS).optional() })
  .extend(dateRangeSchema.shape)
  .refine(dateRangeValid, dateRangeMessage);

export const orderIdSchema = z.object({ orderId: idSchema });

export const payStateSchema = z.object({
  orderId: z.number().int(),
  orderNo: z.string(),
  state: z.enum(ORDER_STATES),
  stateLabel: z.string(),
  paid: z.boolean(),
  amountFen: fenSchema,
  paidTime: z.string().nullable(),
});

/** The operator's queue: bank transfers waiting for money, invoice requests waiting for a PDF. */
export const pendingItemsSchema = z.object({
  bankTransfers: z.array(orderSchema.extend({ groupId: z.number().int(), groupName: z.string() })),
  invoices: z.array(
    invoiceRecordSchema.extend({
      groupId: z.number().int(),
      groupName: z.string(),
      address: z.string().nullable(),
      phone: z.string().nullable(),
      bankName: z.string().nullable(),
      bankAccount: z.string().nullable(),
    }),
  ),
});
export type PendingItems = z.infer<typeof pendingItemsSchema>;
