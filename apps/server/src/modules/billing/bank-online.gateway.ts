import { createPrivateKey, createPublicKey, createSign, createVerify, type KeyObject } from 'node:crypto';
import { type PaymentGateway, type PaymentOrder, pickFields, type Verification } from './payment.gateway.js';

/**
 * Online banking (网银支付) through a bank's B2C gateway, in the shape Chinese banks publish for it
 * (the SPDB 网上支付 interface is the model): the payer's browser posts a form with `transName`,
 * `Plain` (the fields as `Name=value` joined by `|`) and `Signature` (the merchant's RSA signature
 * over Plain) to the gateway's form url, which differs between the bank's test and production
 * environments. Once paid, the bank posts the same three fields back to `MercUrl`, signed with the
 * bank's key; `RespCode=00` means paid. Amounts are yuan with two decimals on the wire.
 */

export const BANK_TRANS_NAME = 'IPER';
export const BANK_NOTIFY_PATH = '/api/spdb/notify';
export const BANK_SIGN_ALGORITHM = 'RSA-SHA256';

export interface BankGatewaySettings {
  mode: 'test' | 'production';
  formUrl: string;
  merchantId: string;
  bankName: string;
  /** The merchant's private key (PEM): signs the payment form. */
  merchantKey: KeyObject;
  /** The bank's public key or certificate (PEM): checks its notifications. */
  bankKey: KeyObject;
  /** Where the bank posts its notification (our public address + BANK_NOTIFY_PATH). */
  notifyUrl: string;
}

/** `A=1|B=2`: the Plain string, in the given field order (the bank signs and checks it as is). */
export function encodePlain(fields: [string, string][]): string {
  return fields.map(([name, value]) => `${name}=${value.replace(/[|=]/g, ' ')}`).join('|');
}

export function decodePlain(plain: string): Map<string, string> {
  const fields = new Map<string, string>();
  for (const part of plain.split('|')) {
    const at = part.indexOf('=');
    if (at > 0) fields.set(part.slice(0, at), part.slice(at + 1));
  }
  return fields;
}

export function signPlain(key: KeyObject, plain: string): string {
  return createSign(BANK_SIGN_ALGORITHM).update(plain, 'utf8').sign(key, 'base64');
}

export function verifyPlain(key: KeyObject, plain: string, signature: string): boolean {
  try {
    return createVerify(BANK_SIGN_ALGORITHM).update(plain, 'utf8').verify(key, signature, 'base64');
  } catch {
    return false;
  }
}

/** Fen to the wire's yuan ("12.34") without floating point. */
export function fenToWire(fen: number): string {
  return `${Math.floor(fen / 100)}.${String(fen % 100).padStart(2, '0')}`;
}

/** "12.34" to fen; anything else (no two decimals, sign, exponent) is null. */
export function wireToFen(amount: string | undefined): number | null {
  const match = /^(\d{1,10})\.(\d{2})$/.exec(amount ?? '');
  return match ? Number(match[1]) * 100 + Number(match[2]) : null;
}

/** Shanghai time as yyyyMMddHHmmss, the gateway's merchant time stamp. */
function shanghaiStamp(now = Date.now()): string {
  return new Date(now + 8 * 3600_000).toISOString().slice(0, 19).replace(/\D/g, '');
}

/** Reads a PEM given inline (\n escaped or not) in an environment variable. */
export function pemKey(text: string, kind: 'private' | 'public'): KeyObject {
  const pem = text.includes('\\n') ? text.replace(/\\n/g, '\n') : text;
  return kind === 'private' ? createPrivateKey(pem) : createPublicKey(pem);
}

export interface BankOnlineGateway extends PaymentGateway {
  readonly settings: Pick<BankGatewaySettings, 'mode' | 'formUrl' | 'merchantId' | 'bankName'>;
  verify(payload: Record<string, unknown>): Verification;
}

export function createBankOnlineGateway(settings: BankGatewaySettings): BankOnlineGateway {
  return {
    method: 'bank_online',
    settings: {
      mode: settings.mode,
      formUrl: settings.formUrl,
      merchantId: settings.merchantId,
      bankName: settings.bankName,
    },
    async instruct(order: PaymentOrder) {
      const plain = encodePlain([
        ['TranAbbr', BANK_TRANS_NAME],
        ['MercDtTm', shanghaiStamp()],
        ['TermSsn', order.orderNo],
        ['MercCode', settings.merchantId],
        ['TranAmt', fenToWire(order.amountFen)],
        ['Remark1', order.title.slice(0, 30)],
        ['MercUrl', settings.notifyUrl],
      ]);
      return {
        cashierUrl: null,
        bankTransfer: null,
        bankForm: {
          action: settings.formUrl,
          fields: { transName: BANK_TRANS_NAME, Plain: plain, Signature: signPlain(settings.merchantKey, plain) },
        },
      };
    },
    verify(payload) {
      const plain = typeof payload.Plain === 'string' ? payload.Plain : null;
      const signature = typeof payload.Signature === 'string' ? payload.Signature : null;
      const fields = decodePlain(plain ?? '');
      const orderNo = fields.get('TermSsn')?.slice(0, 64) ?? null;
      // Plain is what the bank signs; the other form fields (transName, …) are not kept.
      const record = pickFields(payload, ['Plain', 'Signature'], 2000);
      if (!plain || !signature || plain.length > 2000) return { ok: false, reason: 'malformed', orderNo, record };
      if (!verifyPlain(settings.bankKey, plain, signature)) {
        return { ok: false, reason: 'bad_signature', orderNo, record };
      }
      const amountFen = wireToFen(fields.get('TranAmt'));
      const txnId = fields.get('AcqSsn');
      if (!orderNo || !txnId || amountFen === null || fields.get('MercCode') !== settings.merchantId)
        return { ok: false, reason: 'malformed', orderNo, record };
      // Signed but not a success (the bank reports failed attempts too): nothing to credit.
      if (fields.get('RespCode') !== '00') return { ok: false, reason: 'declined', orderNo, record };
      return {
        ok: true,
        payment: { orderNo, amountFen, txnId: `BANKNET:${txnId.slice(0, 48)}`, paidAt: new Date().toISOString() },
        record: { Plain: plain, Signature: signature },
      };
    },
  };
}
