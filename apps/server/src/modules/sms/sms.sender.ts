import { createHmac } from 'node:crypto';
import type { Config } from '../../config.js';
import type { Db } from '../../db/kysely.js';
import { AppError } from '../../lib/app-error.js';

/** Sends one text message. Real providers plug in behind this interface by config. */
export interface SmsSender {
  readonly name: string;
  send(phone: string, content: string): Promise<void>;
}

/**
 * The built-in sender: no gateway is reachable, so each message goes to the server log and to
 * the `sms_outbox` table, which the login page shows in development.
 */
export function createOutboxSender(db: Db, log: (message: string) => void): SmsSender {
  return {
    name: 'outbox',
    async send(phone, content) {
      await db.insertInto('sms_outbox').values({ phone, content, provider: 'outbox' }).execute();
      log(`[sms outbox] to ${phone}: ${content}`);
    },
  };
}

export interface WebhookSenderOptions {
  url: string;
  secret: string;
  timeoutMs?: number;
}

/**
 * An SMS gateway reached over HTTP: POSTs `{ phone, content, timestamp }` as JSON with
 * `X-TaxLens-Signature: sha256=<hex HMAC of the body>`; any 2xx means sent. A failure throws, so
 * the code that was about to be stored is rolled back and the user can ask again.
 */
export function createWebhookSender(options: WebhookSenderOptions): SmsSender {
  return {
    name: 'webhook',
    async send(phone, content) {
      const body = JSON.stringify({ phone, content, timestamp: Date.now() });
      const signature = createHmac('sha256', options.secret).update(body).digest('hex');
      const answer = await fetch(options.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-taxlens-signature': `sha256=${signature}` },
        body,
        signal: AbortSignal.timeout(options.timeoutMs ?? 5_000),
      }).catch(() => null);
      if (!answer?.ok) throw new AppError('SMS_SEND_FAILED');
    },
  };
}

/** The sender the configuration asks for. */
export function createSmsSender(config: Config, db: Db, log: (message: string) => void): SmsSender {
  if (config.SMS_PROVIDER === 'webhook' && config.SMS_WEBHOOK_URL && config.SMS_WEBHOOK_SECRET)
    return createWebhookSender({ url: config.SMS_WEBHOOK_URL, secret: config.SMS_WEBHOOK_SECRET });
  return createOutboxSender(db, log);
}
