import { sql } from 'kysely';
import type { Db } from '../../db/kysely.js';

/**
 * Makes the live users with these phones platform operators (OPERATOR_PHONES, at start). Never
 * creates a user and never revokes: a phone with no account is only logged.
 */
export async function grantOperators(db: Db, phones: readonly string[], log: (line: string) => void): Promise<void> {
  if (phones.length === 0) return;
  const granted = await db
    .updateTable('users')
    .set({ is_operator: true, updated_at: sql`now()` })
    .where('phone', 'in', [...phones])
    .where('deleted_at', 'is', null)
    .returning('phone')
    .execute();
  const found = new Set(granted.map((row) => row.phone));
  const missing = phones.filter((phone) => !found.has(phone));
  if (granted.length > 0) log(`运营人员: ${[...found].join(', ')}`);
  if (missing.length > 0) log(`OPERATOR_PHONES 中的手机号尚未注册，未设为运营人员: ${missing.join(', ')}`);
}
