import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { DbOrTx } from '../db/kysely.js';

/**
 * A secret generated once and kept in app_settings, so restarts and every API instance share it.
 * Two instances starting together agree through the primary key (the loser reads the winner's).
 */
export async function ensureSecret(db: DbOrTx, key: string): Promise<string> {
  await db
    .insertInto('app_settings')
    .values({ key, value: JSON.stringify(randomBytes(32).toString('base64url')) })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  const row = await db.selectFrom('app_settings').select('value').where('key', '=', key).executeTakeFirstOrThrow();
  return String(row.value);
}

/** `subject.expiresAtMs.signature`: a short-lived capability for one subject (a report to print). */
export function signToken(secret: string, subject: string, ttlMs: number): string {
  const expires = Date.now() + ttlMs;
  const signature = createHmac('sha256', secret).update(`${subject}.${expires}`).digest('base64url');
  return `${subject}.${expires}.${signature}`;
}

export function verifyToken(secret: string, token: string, subject: string): boolean {
  const [tokenSubject, expires, signature] = token.split('.');
  if (tokenSubject !== subject || !expires || !signature || Number(expires) < Date.now()) return false;
  const expected = createHmac('sha256', secret).update(`${subject}.${expires}`).digest();
  const given = Buffer.from(signature, 'base64url');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
