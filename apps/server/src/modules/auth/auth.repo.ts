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
export function findSessionUserRow(db: DbOrTx, userId: number) {
  return db
    .selectFrom('users as u')
    .leftJoin('groups as g', 'g.id', 'u.group_id')
    .leftJoin('wallets as w', 'w.user_id', 'u.id')
    .select([
      'u.id',
      'u.phone',
      'u.nick_name',
      'u.level',
      'u.group_id',
      'u.not_menus',
      'u.list_hidden',
      'u.is_operator',
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
    ])
    .where('u.id', '=', userId)
    .where('u.deleted_at', 'is', null)
    .executeTakeFirst();
}

export type SessionUserRow = NonNullable<Awaited<ReturnType<typeof findSessionUserRow>>>;

export async function countRecentLoginFailures(db: DbOrTx, phone: string, windowMinutes: number): Promise<number> {
  const row = await db
    .selectFrom('login_failures')
    .select(sql<string>`count(*)`.as('count'))
    .where('phone', '=', phone)
    .where('failed_at', '>', sql<Date>`now() - make_interval(mins => ${windowMinutes})`)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function recordLoginFailure(db: DbOrTx, phone: string): Promise<void> {
  await db.insertInto('login_failures').values({ phone }).execute();
}

export async function clearLoginFailures(db: DbOrTx, phone: string): Promise<void> {
  await db.deleteFrom('login_failures').where('phone', '=', phone).execute();
}
