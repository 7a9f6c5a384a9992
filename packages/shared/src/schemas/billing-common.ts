import { z } from '../zod.js';

/** Billing constants, enums and the small schemas the other billing schema files build on. */
/** Billing constants: order time-outs, top-up limits, upload and export caps. */
export const BILLING_LIMITS = {
  sandboxOrderTimeoutMinutes: 30,
  bankTransferTimeoutDays: 7,
  topUpMinFen: 100,
  topUpMaxFen: 10_000_000,
  transferMaxFen: 100_000_000,
  creditCountMax: 10_000,
  invoicePdfMaxBytes: 10 * 1024 * 1024,
  invoiceMaxOrders: 100,
  exportMaxRows: 10_000,
} as const;

export const ORDER_STATES = ['pending', 'paid', 'cancelled', 'closed'] as const;
export type OrderState = (typeof ORDER_STATES)[number];
export const ORDER_STATE_LABELS: Record<OrderState, string> = {
  pending: '待支付',
  paid: '已支付',
  cancelled: '已取消',
  closed: '已关闭',
};

export const PAY_METHODS = ['sandbox', 'bank_online', 'bank_transfer'] as const;
export type PayMethod = (typeof PAY_METHODS)[number];
export const PAY_METHOD_LABELS: Record<PayMethod, string> = {
  sandbox: '沙箱支付（演示，不产生真实扣款）',
  bank_online: '网银支付',
  bank_transfer: '对公转账',
};

export const ORDER_KIND_LABELS = { package: '购买套餐', top_up: '余额充值' } as const;

export const INVOICE_KINDS = ['normal', 'special'] as const;
export type InvoiceKind = (typeof INVOICE_KINDS)[number];
export const INVOICE_KIND_LABELS: Record<InvoiceKind, string> = {
  normal: '增值税普通发票',
  special: '增值税专用发票',
};

export const INVOICE_STATES = ['pending', 'issued', 'rejected'] as const;
export type InvoiceState = (typeof INVOICE_STATES)[number];
export const INVOICE_STATE_LABELS: Record<InvoiceState, string> = {
  pending: '待开票',
  issued: '已开票',
  rejected: '已驳回',
};

/** Why a wallet changed: the `reason` of every ledger row. */
export const LEDGER_REASONS = [
  'top_up',
  'package_purchase',
  'report_charge',
  'report_refund',
  'transfer_out',
  'transfer_in',
  'take_back_out',
  'take_back_in',
  'credit_purchase',
  'operator_adjust',
  'demo_seed',
  'partner_reward',
  'invoice_check',
  'invoice_check_refund',
  'order_refund',
  'mall_purchase',
  'mall_refund',
] as const;
export type LedgerReason = (typeof LEDGER_REASONS)[number];
export const LEDGER_REASON_LABELS: Record<LedgerReason, string> = {
  top_up: '余额充值',
  package_purchase: '购买套餐',
  report_charge: '生成报告',
  report_refund: '报告退回',
  transfer_out: '划拨给子账号',
  transfer_in: '上级划拨',
  take_back_out: '被上级收回',
  take_back_in: '收回子账号额度',
  credit_purchase: '余额兑换次数',
  operator_adjust: '平台调整',
  demo_seed: '演示数据初始额度',
  partner_reward: '邀请合作机构奖励',
  invoice_check: '发票鉴伪',
  invoice_check_refund: '发票鉴伪退费',
  order_refund: '订单退款',
  mall_purchase: '商城购买',
  mall_refund: '商城退款',
};

/** Asset 0 is the balance in fen; 1-6 are the credit types. */
export const BALANCE_ASSET = 0;
export const assetSchema = z.coerce.number().int().min(0, '资产类型应为 0-6').max(6, '资产类型应为 0-6');

export const idSchema = z.coerce.number().int().positive();
export const fenSchema = z.number().int();
export const dateSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, '日期格式应为 YYYY-MM-DD')
  .refine((value) => {
    const day = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(day.getTime()) && day.toISOString().startsWith(value);
  }, '日期不存在');
/** Positive whole fen; fractions and negatives are refused (money is integer fen). */
export const positiveFenSchema = (max: number) =>
  z
    .number({ error: '请输入金额（分）' })
    .int('金额必须是整数分')
    .positive('金额必须大于 0')
    .max(max, `金额不能超过 ${max / 100} 元`);
export const countSchema = z
  .number({ error: '请输入次数' })
  .int('次数必须是整数')
  .positive('次数必须大于 0')
  .max(BILLING_LIMITS.creditCountMax, `次数不能超过 ${BILLING_LIMITS.creditCountMax}`);

/** Optional date range of list filters, in business dates (Asia/Shanghai). */
export const dateRangeSchema = z.object({ startDate: dateSchema.optional(), endDate: dateSchema.optional() });
export const dateRangeValid = (value: { startDate?: string; endDate?: string }) =>
  !value.startDate || !value.endDate || value.startDate <= value.endDate;
export const dateRangeMessage = { message: '开始日期不能晚于结束日期', path: ['endDate'] };

export const creditCountSchema = z.object({ type: z.number().int(), name: z.string(), count: z.number().int() });
export const numberItemSchema = creditCountSchema.extend({ icon: z.string() });
