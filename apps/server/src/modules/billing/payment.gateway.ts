import type { BankForm, BankPayee, PayMethod } from '@taxlens/shared';

/** What a gateway needs to know of an order to take its payment. */
export interface PaymentOrder {
  orderId: number;
  orderNo: string;
  title: string;
  amountFen: number;
  payToken: string;
}

/** What the client shows to pay: a cashier to open, a form to post to a bank, or an account to transfer to. */
export interface PaymentInstruction {
  cashierUrl: string | null;
  bankTransfer: (BankPayee & { reference: string; amountFen: number }) | null;
  bankForm?: BankForm | null;
}

/** A payment the gateway reports, after its signature was checked. */
export interface VerifiedPayment {
  orderNo: string;
  amountFen: number;
  txnId: string;
  paidAt: string;
}

/**
 * `record`: what of the callback is kept in the notification log. Verified: exactly the fields the
 * signature covers (and the signature). Refused: only the gateway's own field names, cut short.
 * Anything else a caller adds to the body is never stored (issue 12).
 */
export type Verification =
  | { ok: true; payment: VerifiedPayment; record: Record<string, string | number> }
  | {
      ok: false;
      reason: 'malformed' | 'bad_signature' | 'declined';
      orderNo: string | null;
      record: Record<string, string | number>;
    };

/** The named fields of a body that are strings or numbers, strings cut to `max` characters. */
export function pickFields(
  payload: Record<string, unknown>,
  names: readonly string[],
  max = 200,
): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  for (const name of names) {
    const value = payload[name];
    if (typeof value === 'string') out[name] = value.slice(0, max);
    else if (typeof value === 'number' && Number.isFinite(value)) out[name] = value;
  }
  return out;
}

/**
 * One way of paying. A gateway tells the client how to pay an order and, when it calls back,
 * proves the callback is its own. Real providers (WeChat Pay, Alipay, bank gateways) become
 * further implementations; the order and ledger logic does not change.
 */
export interface PaymentGateway {
  readonly method: PayMethod;
  instruct(order: PaymentOrder): Promise<PaymentInstruction>;
  /** Checks a notification; gateways without callbacks (bank transfer) have none. */
  verify?(payload: Record<string, unknown>): Verification;
}

/** The gateways this deployment offers; a method without one is refused (the sandbox can be switched off). */
export type PaymentGateways = Partial<Record<PayMethod, PaymentGateway>>;

/** Offline bank transfer (对公转账): the order waits until an operator sees the money arrive. */
export function createBankTransferGateway(payee: () => Promise<BankPayee>): PaymentGateway {
  return {
    method: 'bank_transfer',
    async instruct(order) {
      return {
        cashierUrl: null,
        bankTransfer: { ...(await payee()), reference: order.orderNo, amountFen: order.amountFen },
      };
    },
  };
}
