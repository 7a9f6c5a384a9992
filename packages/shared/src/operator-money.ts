import { z } from './zod.js';

/** Operator console, money (issue 18): orders, refunds, packages and default prices, daily figures. */
const id = z.coerce.number().int().positive();
const day = z.iso.date({ error: '日期格式应为 YYYY-MM-DD' });

export const operatorOrdersQuerySchema = z.object({
  keyword: z.string().trim().max(60).optional(),
  state: z.enum(['pending', 'paid', 'cancelled', 'closed', 'refunded']).optional(),
  from: day.optional(),
  to: day.optional(),
  page: z.coerce.number().int().min(1).default(1),
  size: z.coerce.number().int().min(1).max(100).default(20),
});
export type OperatorOrdersQuery = z.infer<typeof operatorOrdersQuerySchema>;

export const operatorOrderSchema = z.object({
  orderId: z.number().int(),
  orderNo: z.string(),
  groupId: z.number().int(),
  groupName: z.string(),
  userPhone: z.string(),
  title: z.string(),
  amountFen: z.number().int(),
  payMethod: z.string(),
  state: z.string(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  refund: z
    .object({ amountFen: z.number().int(), reason: z.string(), bankSerial: z.string().nullable(), at: z.string() })
    .nullable(),
});
export type OperatorOrder = z.infer<typeof operatorOrderSchema>;

export const refundOrderSchema = z.object({
  orderId: id,
  reason: z.string({ error: '请填写退款原因' }).trim().min(2, '请填写退款原因').max(200),
  bankSerial: z.string().trim().max(64).optional(),
});

export const setDefaultPriceSchema = z.object({
  creditType: z.number().int().min(1).max(6),
  priceFen: z
    .number({ error: '请输入价格' })
    .int('价格必须是整数（分）')
    .min(0, '价格不能小于 0')
    .max(100_000_000, '价格过大'),
});

export const operatorPackageSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  priceFen: z.number().int(),
  balanceFen: z.number().int(),
  credits: z.array(z.number().int()),
  active: z.boolean(),
  sort: z.number().int(),
});
export type OperatorPackage = z.infer<typeof operatorPackageSchema>;

export const dailyFiguresQuerySchema = z.object({ from: day, to: day });

export const dailyFigureSchema = z.object({
  day: z.string(),
  paidOrders: z.number().int(),
  revenueFen: z.number().int(),
  refundFen: z.number().int(),
  /** Balance spent on reports (fen, net of report refunds). */
  balanceConsumedFen: z.number().int(),
  /** Credits spent on reports per credit type 1-6 (net of refunds). */
  creditsConsumed: z.array(z.number().int()),
  reportsCharged: z.number().int(),
});
export type DailyFigure = z.infer<typeof dailyFigureSchema>;
