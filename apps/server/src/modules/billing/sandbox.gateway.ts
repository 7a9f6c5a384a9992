import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { type PaymentGateway, type PaymentOrder, pickFields, type Verification } from './payment.gateway.js';

export const SANDBOX_NOTIFY_PATH = '/api/Order/notify/sandbox';
export const SANDBOX_CASHIER_PATH = '/sandbox-cashier';

const notificationSchema = z.object({
  orderNo: z.string().min(1).max(64),
  amountFen: z.number().int().positive(),
  txnId: z.string().min(1).max(64),
  status: z.literal('SUCCESS'),
  paidAt: z.string().min(1).max(40),
  nonce: z.string().min(8).max(64),
  sign: z.string().regex(/^[0-9a-f]{64}$/),
});
export type SandboxNotification = z.infer<typeof notificationSchema>;
const FIELD_NAMES = Object.keys(notificationSchema.shape);

/** Alipay-style canonical string: fields except `sign`, sorted by name, `k=v` joined by `&`. */
function canonical(fields: Record<string, string | number>): string {
  return Object.keys(fields)
    .filter((key) => key !== 'sign')
    .sort()
    .map((key) => `${key}=${fields[key]}`)
    .join('&');
}

export function signSandbox(secret: string, fields: Omit<SandboxNotification, 'sign'>): string {
  return createHmac('sha256', secret).update(canonical(fields)).digest('hex');
}

export interface SandboxGateway extends PaymentGateway {
  verify(payload: Record<string, unknown>): Verification;
  /** The signed body the sandbox "bank" posts to the notify URL once the payer confirms. */
  notificationFor(order: { orderNo: string; amountFen: number }): SandboxNotification;
}

/**
 * The sandbox cashier: a local stand-in for a real payment provider. It serves its own page,
 * and on 确认支付 posts an HMAC-SHA256-signed notification to the notify URL, as a real
 * gateway would. No money moves.
 */
export function createSandboxGateway(secret: string): SandboxGateway {
  return {
    method: 'sandbox',
    async instruct(order: PaymentOrder) {
      return { cashierUrl: `${SANDBOX_CASHIER_PATH}/${order.payToken}`, bankTransfer: null };
    },
    notificationFor(order) {
      const fields = {
        orderNo: order.orderNo,
        amountFen: order.amountFen,
        txnId: `SBX${Date.now()}${randomBytes(6).toString('hex').toUpperCase()}`,
        status: 'SUCCESS' as const,
        paidAt: new Date().toISOString(),
        nonce: randomBytes(12).toString('hex'),
      };
      return { ...fields, sign: signSandbox(secret, fields) };
    },
    verify(payload) {
      const orderNo = typeof payload.orderNo === 'string' ? payload.orderNo.slice(0, 64) : null;
      const record = pickFields(payload, FIELD_NAMES);
      const parsed = notificationSchema.safeParse(payload);
      if (!parsed.success) return { ok: false, reason: 'malformed', orderNo, record };
      const { sign, ...fields } = parsed.data;
      const expected = Buffer.from(signSandbox(secret, fields), 'hex');
      // Constant-time comparison: the signature check must not leak how much of it matched.
      if (!timingSafeEqual(expected, Buffer.from(sign, 'hex'))) {
        return { ok: false, reason: 'bad_signature', orderNo, record };
      }
      return {
        ok: true,
        payment: { orderNo: fields.orderNo, amountFen: fields.amountFen, txnId: fields.txnId, paidAt: fields.paidAt },
        // Zod dropped every key the schema (and so the signature) does not name.
        record: { ...fields, sign },
      };
    },
  };
}
