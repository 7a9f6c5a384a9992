import { z } from '../zod.js';
import {
  assetSchema,
  BILLING_LIMITS,
  countSchema,
  dateRangeMessage,
  dateRangeSchema,
  dateRangeValid,
  fenSchema,
  idSchema,
  LEDGER_REASONS,
  numberItemSchema,
  positiveFenSchema,
} from './billing-common.js';
import { pageQuerySchema } from './paging.js';
import { creditTypeSchema } from './report-kinds.js';

// ---- wallets and transfers -----------------------------------------------------------------

export const walletSchema = z.object({
  userId: z.number().int(),
  /** null when the caller lacks viewBalance: the server never sends a balance it may not show. */
  balance: fenSchema.nullable(),
  balanceVisible: z.boolean(),
  numberList: z.array(numberItemSchema),
});
export type Wallet = z.infer<typeof walletSchema>;
export const walletQuerySchema = z.object({ userId: idSchema.optional() });

const transferAmountShape = {
  /** Balance to move, in fen. */
  balance: positiveFenSchema(BILLING_LIMITS.transferMaxFen).optional(),
  numberType: creditTypeSchema.optional(),
  count: countSchema.optional(),
};
const oneAmount = (body: { balance?: number; numberType?: number; count?: number }) =>
  body.balance !== undefined
    ? body.numberType === undefined && body.count === undefined
    : body.numberType !== undefined && body.count !== undefined;
const oneAmountMessage = { message: '请填写划拨金额，或次数类型与次数（二选一）', path: ['balance'] };

export const givingSchema = z
  .object({ toUserId: idSchema, ...transferAmountShape })
  .refine(oneAmount, oneAmountMessage);
export const takeBackSchema = z
  .object({ fromUserId: idSchema, ...transferAmountShape })
  .refine(oneAmount, oneAmountMessage);

export const transferRecordSchema = z.object({
  id: z.number().int(),
  kind: z.enum(['give', 'take_back']),
  kindLabel: z.string(),
  fromUserId: z.number().int(),
  fromPhone: z.string(),
  fromName: z.string().nullable(),
  toUserId: z.number().int(),
  toPhone: z.string(),
  toName: z.string().nullable(),
  actorPhone: z.string(),
  asset: z.number().int(),
  assetName: z.string(),
  amount: z.number().int(),
  /** Seen from the user the list is about: in or out of its wallet. */
  direction: z.enum(['in', 'out']).nullable(),
  createTime: z.string(),
});
export const transferListQuerySchema = pageQuerySchema
  .extend({ userId: idSchema.optional(), asset: assetSchema.optional() })
  .extend(dateRangeSchema.shape)
  .refine(dateRangeValid, dateRangeMessage);

export const transferResultSchema = z.object({ transferId: z.number().int(), giver: walletSchema });

export const balanceToNumSchema = z.object({ numberType: creditTypeSchema, count: countSchema });
export const balanceToNumResultSchema = z.object({ costFen: fenSchema, wallet: walletSchema });

// ---- ledger flow and statistics ------------------------------------------------------------

export const ledgerEntrySchema = z.object({
  id: z.number().int(),
  asset: z.number().int(),
  assetName: z.string(),
  delta: z.number().int(),
  /** Value of the asset after this row; null for the balance when the caller lacks viewBalance. */
  after: z.number().int().nullable(),
  reason: z.string(),
  reasonLabel: z.string(),
  note: z.string().nullable(),
  orderId: z.number().int().nullable(),
  reportId: z.number().int().nullable(),
  counterpartPhone: z.string().nullable(),
  actorPhone: z.string().nullable(),
  createTime: z.string(),
});
export type LedgerEntry = z.infer<typeof ledgerEntrySchema>;

export const flowQuerySchema = pageQuerySchema
  .extend({
    userId: idSchema.optional(),
    asset: assetSchema.optional(),
    reason: z.enum(LEDGER_REASONS).optional(),
  })
  .extend(dateRangeSchema.shape)
  .refine(dateRangeValid, dateRangeMessage);

export const numFlowQuerySchema = pageQuerySchema
  .extend({
    userId: idSchema.optional(),
    numberType: z.coerce.number().int().min(1, '次数类型应为 1-6').max(6, '次数类型应为 1-6').optional(),
    reason: z.enum(LEDGER_REASONS).optional(),
  })
  .extend(dateRangeSchema.shape)
  .refine(dateRangeValid, dateRangeMessage);

export const numFlowSchema = z.object({
  list: z.array(ledgerEntrySchema),
  total: z.number().int(),
  page: z.number().int(),
  size: z.number().int(),
  totals: z.array(z.object({ type: z.number().int(), name: z.string(), income: z.number(), expense: z.number() })),
});

export const overviewSchema = z.object({
  wallet: walletSchema,
  /** Balance spent this calendar month (Asia/Shanghai) on reports and credits, net of refunds; null without viewBalance. */
  spentThisMonthFen: fenSchema.nullable(),
  /** Paid top-ups and packages this month and ever; null without viewBalance, like the balance. */
  topUpThisMonthFen: fenSchema.nullable(),
  topUpTotalFen: fenSchema.nullable(),
  reportsThisMonth: z.number().int(),
  pendingOrders: z.number().int(),
});

export const statsQuerySchema = z
  .object({ userId: idSchema.optional() })
  .extend(dateRangeSchema.shape)
  .refine(dateRangeValid, dateRangeMessage);

const byTypeSchema = z.array(z.object({ type: z.number().int(), name: z.string(), count: z.number().int() }));

export const reportStatisticsSchema = z.object({
  total: z.number().int(),
  list: z.array(
    z.object({
      type: z.number().int(),
      name: z.string(),
      count: z.number().int(),
      creditsUsed: z.number().int(),
      balanceSpentFen: fenSchema,
    }),
  ),
});

export const firmReportQuerySchema = pageQuerySchema
  .extend({ firmName: z.string().trim().max(60).optional() })
  .extend(dateRangeSchema.shape)
  .refine(dateRangeValid, dateRangeMessage);
export const firmReportSchema = z.object({
  firmName: z.string(),
  taxNo: z.string().nullable(),
  total: z.number().int(),
  byType: byTypeSchema,
  lastTime: z.string(),
});

export const userReportNumSchema = z.object({
  userId: z.number().int(),
  phone: z.string(),
  nickName: z.string().nullable(),
  total: z.number().int(),
  byType: byTypeSchema,
});

export const riskStatisticsQuerySchema = z.object({
  months: z.coerce.number().int().min(1).max(24).default(12),
  userId: idSchema.optional(),
});
export const riskStatisticsSchema = z.object({
  months: z.array(z.object({ month: z.string(), total: z.number().int(), byType: byTypeSchema })),
});
