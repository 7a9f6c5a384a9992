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
  'u.operator_roles',
  'u.pay_dialog_flag',
  'u.header_theme',
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
  'g.trial_started_at',
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

/** Where wrong passwords are counted: a phone from one client address. */
export interface LoginScope {
  phone: string;
  ip: string;
}

/**
 * Whether password sign-in is locked now for this phone from this address, or from every address
 * (a lock stands until its own end, however old its failures).
 */
export async function isLoginLocked(db: DbOrTx, scope: LoginScope): Promise<boolean> {
  const row = await db
    .selectFrom('login_locks')
    .select('phone')
    .where('phone', '=', scope.phone)
    .where('client_ip', 'in', [scope.ip, '*'])
    .where('locked_until', '>', sql<Date>`now()`)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Records a wrong password. The `maxFailures`-th within `lockMinutes` from one address locks the
 * phone for that address; `phoneWideFailures` from all addresses together lock it for every
 * address (a spread-out attack); each lock lasts `lockMinutes` from now, and its failures have
 * aged out of the window when it ends. Call it serialised per phone (see withLoginSerialised), or concurrent failures
 * all count below the limit. Answers whether this failure locked.
 */
export async function recordLoginFailure(
  db: DbOrTx,
  scope: LoginScope,
  limits: { maxFailures: number; lockMinutes: number; phoneWideFailures: number },
): Promise<boolean> {
  const { phone, ip } = scope;
  await db.insertInto('login_failures').values({ phone, client_ip: ip }).execute();
  const { rows } = await sql<{ here: string; everywhere: string }>`
    SELECT count(*) FILTER (WHERE client_ip = ${ip}) AS here, count(*) AS everywhere FROM login_failures
    WHERE phone = ${phone} AND failed_at > now() - make_interval(mins => ${limits.lockMinutes})`.execute(db);
  const counts = rows[0];
  const lockFor = async (clientIp: string) => {
    await db
      .insertInto('login_locks')
      .values({
        phone,
        client_ip: clientIp,
        locked_until: sql<Date>`now() + make_interval(mins => ${limits.lockMinutes})`,
      })
      .onConflict((oc) =>
        oc.columns(['phone', 'client_ip']).doUpdateSet({ locked_until: (eb) => eb.ref('excluded.locked_until') }),
      )
      .execute();
  };
  if (Number(counts?.everywhere ?? 0) >= limits.phoneWideFailures) {
    await lockFor('*');
    await db.deleteFrom('login_failures').where('phone', '=', phone).execute();
    return true;
  }
  if (Number(counts?.here ?? 0) < limits.maxFailures) return false;
  // The address's failures stay for the phone-wide count; by the lock's end they have aged out of
  // the window, so the address starts again from zero.
  await lockFor(ip);
  return true;
}

/** After a successful password sign-in: no failures and no lock for this address. */
export async function clearLoginFailuresFrom(db: DbOrTx, scope: LoginScope): Promise<void> {
  await db.deleteFrom('login_failures').where('phone', '=', scope.phone).where('client_ip', '=', scope.ip).execute();
  await db.deleteFrom('login_locks').where('phone', '=', scope.phone).where('client_ip', '=', scope.ip).execute();
}

/** After a code sign-in or password reset (the owner proved the phone): no failures and no lock anywhere. */
export async function clearLoginFailures(db: DbOrTx, phone: string): Promise<void> {
  await db.deleteFrom('login_failures').where('phone', '=', phone).execute();
  await db.deleteFrom('login_locks').where('phone', '=', phone).execute();
}
