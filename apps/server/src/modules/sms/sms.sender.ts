import type { Db } from '../../db/kysely.js';

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
