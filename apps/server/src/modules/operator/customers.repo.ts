import type { CustomerUser, GroupFlags, GroupSummary } from '@taxlens/shared';
import { sql } from 'kysely';
import type { DbOrTx } from '../../db/kysely.js';

const like = (keyword: string) => `%${keyword.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/** Groups by name, credit code, contact or a member's phone; with their user count and total balance. */
export async function searchGroups(db: DbOrTx, query: { keyword?: string; page: number; size: number }) {
  let groups = db.selectFrom('groups as g');
  const keyword = query.keyword;
  if (keyword) {
    const pattern = like(keyword);
    groups = groups.where((eb) =>
      eb.or([
        eb('g.name', 'ilike', pattern),
        eb('g.credit_code', 'ilike', pattern),
        eb('g.contact_name', 'ilike', pattern),
        eb('g.contact_phone', 'like', pattern),
        eb.exists(
          eb
            .selectFrom('users as m')
            .select('m.id')
            .whereRef('m.group_id', '=', 'g.id')
            .where('m.phone', 'like', pattern),
        ),
        ...(/^\d{1,15}$/.test(keyword) ? [eb('g.id', '=', Number(keyword))] : []),
      ]),
    );
  }
  const rows = await groups
    .select([
      'g.id',
      'g.name',
      'g.credit_code',
      'g.contact_name',
      'g.contact_phone',
      'g.created_at',
      sql<string>`(SELECT count(*) FROM users u WHERE u.group_id = g.id AND u.deleted_at IS NULL)`.as('user_count'),
      sql<string>`(SELECT coalesce(sum(w.balance_fen), 0) FROM wallets w WHERE w.group_id = g.id)`.as('balance'),
      sql<string>`count(*) over ()`.as('total'),
    ])
    .orderBy('g.id', 'desc')
    .limit(query.size)
    .offset((query.page - 1) * query.size)
    .execute();
  const list: GroupSummary[] = rows.map((row) => ({
    groupId: Number(row.id),
    name: row.name,
    creditCode: row.credit_code,
    contactName: row.contact_name,
    contactPhone: row.contact_phone,
    userCount: Number(row.user_count),
    balanceFen: Number(row.balance),
    createdAt: row.created_at.toISOString(),
  }));
  return { list, total: rows[0] ? Number(rows[0].total) : 0, page: query.page, size: query.size };
}

export function findGroupRow(db: DbOrTx, groupId: number) {
  return db.selectFrom('groups').selectAll().where('id', '=', groupId).executeTakeFirst();
}

export type GroupRowFull = NonNullable<Awaited<ReturnType<typeof findGroupRow>>>;

export function flagsOf(row: GroupRowFull): GroupFlags {
  const bit = (value: number) => (value === 1 ? 1 : 0);
  return {
    // 0 / 1 / 2 (expired), not a bit.
    dataPriceAuth: row.data_price_auth === 2 ? 2 : bit(row.data_price_auth),
    invoicePriceAuth: bit(row.invoice_price_auth),
    mindPriceAuth: bit(row.mind_price_auth),
    reportConfigPermission: bit(row.report_config_permission),
    tokerUser: bit(row.toker_user),
    enablementServicePermission: bit(row.enablement_service_permission),
    taxLawPolicyDatabasePermission: bit(row.tax_law_policy_database_permission),
    getOutOfLineInvoiceSwitch: row.out_of_line_invoice_switch === '1' ? '1' : '0',
    monitorSlots: row.monitor_slots,
    trialStartedAt: row.trial_started_at ? row.trial_started_at.toISOString() : null,
  };
}

/** Users (live) with wallet, sessions still open and when they were last seen. */
function usersQuery(db: DbOrTx) {
  return db
    .selectFrom('users as u')
    .leftJoin('groups as g', 'g.id', 'u.group_id')
    .leftJoin('wallets as w', 'w.user_id', 'u.id')
    .select([
      'u.id',
      'u.phone',
      'u.nick_name',
      'u.level',
      'u.status',
      'u.group_id',
      'u.created_at',
      'g.name as group_name',
      'w.balance_fen',
      'w.credits',
      sql<string>`(SELECT count(*) FROM sessions s WHERE s.user_id = u.id AND s.revoked_at IS NULL AND s.expires_at > now())`.as(
        'active_sessions',
      ),
      sql<Date | null>`(SELECT max(s.last_seen_at) FROM sessions s WHERE s.user_id = u.id)`.as('last_seen_at'),
    ])
    .where('u.deleted_at', 'is', null);
}

type UserRowOut = Awaited<ReturnType<ReturnType<typeof usersQuery>['execute']>>[number];

function presentUser(row: UserRowOut): CustomerUser {
  return {
    userId: Number(row.id),
    phone: row.phone,
    name: row.nick_name ?? row.phone,
    level: row.level,
    status: row.status,
    groupId: row.group_id === null ? null : Number(row.group_id),
    groupName: row.group_name,
    balanceFen: Number(row.balance_fen ?? 0),
    credits: (row.credits ?? [0, 0, 0, 0, 0, 0]).map(Number),
    activeSessions: Number(row.active_sessions),
    lastSeenAt: row.last_seen_at ? new Date(row.last_seen_at).toISOString() : null,
    createdAt: row.created_at.toISOString(),
  };
}

export async function groupUsers(db: DbOrTx, groupId: number): Promise<CustomerUser[]> {
  const rows = await usersQuery(db).where('u.group_id', '=', groupId).orderBy('u.level').orderBy('u.id').execute();
  return rows.map(presentUser);
}

/** Customers (not console staff) by phone or name, across groups. */
export async function searchUsers(db: DbOrTx, query: { keyword?: string; page: number; size: number }) {
  let rows = usersQuery(db).where('u.is_operator', '=', false).where(sql<boolean>`cardinality(u.operator_roles) = 0`);
  if (query.keyword) {
    const pattern = like(query.keyword);
    rows = rows.where((eb) => eb.or([eb('u.phone', 'like', pattern), eb('u.nick_name', 'ilike', pattern)]));
  }
  const found = await rows
    .select(sql<string>`count(*) over ()`.as('total'))
    .orderBy('u.id', 'desc')
    .limit(query.size)
    .offset((query.page - 1) * query.size)
    .execute();
  return {
    list: found.map(presentUser),
    total: found[0] ? Number(found[0].total) : 0,
    page: query.page,
    size: query.size,
  };
}

export async function findCustomerUser(db: DbOrTx, userId: number): Promise<CustomerUser | undefined> {
  const row = await usersQuery(db).where('u.id', '=', userId).executeTakeFirst();
  return row ? presentUser(row) : undefined;
}

export async function groupLedger(db: DbOrTx, groupId: number, limit: number) {
  const rows = await db
    .selectFrom('ledger_entries as l')
    .innerJoin('users as u', 'u.id', 'l.user_id')
    .select(['l.id', 'l.created_at', 'u.phone', 'l.asset', 'l.delta', 'l.after', 'l.reason', 'l.note'])
    .where('l.group_id', '=', groupId)
    .orderBy('l.id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    id: Number(row.id),
    at: row.created_at.toISOString(),
    userPhone: row.phone,
    asset: row.asset,
    delta: Number(row.delta),
    after: Number(row.after),
    reason: row.reason,
    note: row.note,
  }));
}
