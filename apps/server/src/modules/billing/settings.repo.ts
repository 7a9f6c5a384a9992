import { type BankPayee, bankPayeeSchema } from '@taxlens/shared';
import type { Config } from '../../config.js';
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

/** The payee set by BANK_PAYEE_* (name, account and bank all set), else null. */
export function configuredPayee(config: Config): BankPayee | null {
  const { BANK_PAYEE_NAME, BANK_PAYEE_ACCOUNT, BANK_PAYEE_BANK, BANK_PAYEE_NOTICE } = config;
  if (!BANK_PAYEE_NAME || !BANK_PAYEE_ACCOUNT || !BANK_PAYEE_BANK) return null;
  return {
    accountName: BANK_PAYEE_NAME,
    bankName: BANK_PAYEE_BANK,
    accountNo: BANK_PAYEE_ACCOUNT,
    notice: BANK_PAYEE_NOTICE ?? '',
  };
}

/**
 * The account that bank transfers are paid into: the configured one when given, else the
 * (fictitious, seeded) demo row with its "示例收款账户" notice.
 */
export async function bankPayee(db: DbOrTx, configured: BankPayee | null = null): Promise<BankPayee> {
  if (configured) return configured;
  const row = await db
    .selectFrom('app_settings')
    .select('value')
    .where('key', '=', 'bank_transfer_payee')
    .executeTakeFirstOrThrow();
  return bankPayeeSchema.parse(row.value);
}
