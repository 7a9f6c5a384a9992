import { type BankPayee, bankPayeeSchema } from '@taxlens/shared';
import type { DbOrTx } from '../../db/kysely.js';
import { ensureSecret } from '../../lib/secrets.js';

const SANDBOX_SECRET_KEY = 'payment_sandbox_secret';

/**
 * The sandbox gateway's signing secret: generated once and stored, so restarts and every API
 * instance sign and verify with the same one. Two instances starting together agree through the
 * primary key (the loser reads the winner's value).
 */
export function ensureSandboxSecret(db: DbOrTx): Promise<string> {
  return ensureSecret(db, SANDBOX_SECRET_KEY);
}

/** The (fictitious, seeded) account that bank transfers are paid into. */
export async function bankPayee(db: DbOrTx): Promise<BankPayee> {
  const row = await db
    .selectFrom('app_settings')
    .select('value')
    .where('key', '=', 'bank_transfer_payee')
    .executeTakeFirstOrThrow();
  return bankPayeeSchema.parse(row.value);
}
