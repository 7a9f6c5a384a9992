import { sql } from 'kysely';
import type { DbOrTx } from '../../db/kysely.js';

export function findLiveUserByPhone(db: DbOrTx, phone: string) {
  return db
    .selectFrom('users')
    .select(['id', 'password_hash', 'status', 'group_id'])
    .where('phone', '=', phone)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

/** The user, their group and their wallet: everything the session user of spec §3 shows. */
/**
 * The user, group and wallet columns of the session user (spec §3). The access hook reads them in
 * the same query that resolves the token (session.service.ts), so findUserLoginInfo costs one query.
 */
export const SESSION_USER_COLUMNS = [
  'u.id',
  'u.phone',
  'u.nick_name',
  'u.level',
  'u.group_id',
  'u.not_menus',
  'u.list_hidden',
  'u.is_operator',
  'u.pay_dialog_flag',
  'g.name as group_name',
  'g.logo_url as group_logo',
  'g.report_config_permission',
  'g.tax_law_policy_database_permission',
  'g.enablement_service_permission',
  'g.out_of_line_invoice_switch',
  'g.data_price_auth',
  'g.invoice_price_auth',
  'g.mind_price_auth',
  'g.toker_user',
  'g.report_overdue_delete_switch',
  'g.report_overdue_days',
  'w.balance_fen',
] as const;

export function findSessionUserRow(db: DbOrTx, userId: number) {
  return db
    .selectFrom('users as u')
    .leftJoin('groups as g', 'g.id', 'u.group_id')
    .leftJoin('wallets as w', 'w.user_id', 'u.id')
    .select(SESSION_USER_COLUMNS)
    .where('u.id', '=', userId)
    .where('u.deleted_at', 'is', null)
    .executeTakeFirst();
}

export type SessionUserRow = NonNullable<Awaited<ReturnType<typeof findSessionUserRow>>>;

/** Whether the phone is locked now (a lock stands until its own end, however old its failures). */
export async function isLoginLocked(db: DbOrTx, phone: string): Promise<boolean> {
  const row = await db
    .selectFrom('login_locks')
    .select('phone')
    .where('phone', '=', phone)
    .where('locked_until', '>', sql<Date>`now()`)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Records a wrong password. When it is the `maxFailures`-th within `lockMinutes`, the phone is
 * locked for `lockMinutes` from now and the failures start again from zero after the lock.
 * Answers whether this failure locked the phone.
 */
export async function recordLoginFailure(
  db: DbOrTx,
  phone: string,
  limits: { maxFailures: number; lockMinutes: number },
): Promise<boolean> {
  const { rows } = await sql<{ count: string }>`
    WITH added AS (INSERT INTO login_failures (phone) VALUES (${phone}) RETURNING phone)
    SELECT count(*) + 1 AS count FROM login_failures
    WHERE phone = ${phone} AND failed_at > now() - make_interval(mins => ${limits.lockMinutes})`.execute(db);
  if (Number(rows[0]?.count ?? 0) < limits.maxFailures) return false;
  await db
    .insertInto('login_locks')
    .values({ phone, locked_until: sql<Date>`now() + make_interval(mins => ${limits.lockMinutes})` })
    .onConflict((oc) => oc.column('phone').doUpdateSet({ locked_until: (eb) => eb.ref('excluded.locked_until') }))
    .execute();
  await db.deleteFrom('login_failures').where('phone', '=', phone).execute();
  return true;
}

/** After a successful sign-in or password reset: no failures and no lock. */
export async function clearLoginFailures(db: DbOrTx, phone: string): Promise<void> {
  await db.deleteFrom('login_failures').where('phone', '=', phone).execute();
  await db.deleteFrom('login_locks').where('phone', '=', phone).execute();
}
