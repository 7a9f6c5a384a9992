import { randomBytes } from 'node:crypto';
import { type BankPayee, bankPayeeSchema } from '@taxlens/shared';
import type { DbOrTx } from '../../db/kysely.js';

const SANDBOX_SECRET_KEY = 'payment_sandbox_secret';

/**
 * The sandbox gateway's signing secret: generated once and stored, so restarts and every API
 * instance sign and verify with the same one. Two instances starting together agree through the
 * primary key (the loser reads the winner's value).
 */
export async function ensureSandboxSecret(db: DbOrTx): Promise<string> {
  await db
    .insertInto('billing_settings')
    .values({ key: SANDBOX_SECRET_KEY, value: JSON.stringify(randomBytes(32).toString('base64url')) })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  const row = await db
    .selectFrom('billing_settings')
    .select('value')
    .where('key', '=', SANDBOX_SECRET_KEY)
    .executeTakeFirstOrThrow();
  return String(row.value);
}

/** The (fictitious, seeded) account that bank transfers are paid into. */
export async function bankPayee(db: DbOrTx): Promise<BankPayee> {
  const row = await db
    .selectFrom('billing_settings')
    .select('value')
    .where('key', '=', 'bank_transfer_payee')
    .executeTakeFirstOrThrow();
  return bankPayeeSchema.parse(row.value);
}
