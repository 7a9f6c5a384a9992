import { sql } from 'kysely';
import type { DbOrTx } from '../../db/kysely.js';
import { monthStart } from '../billing/period.repo.js';

/** Users of one group with their teams. Every query is scoped by the group. */
function usersWithTeams(db: DbOrTx, groupId: number) {
  return db
    .selectFrom('users as u')
    .leftJoin('wallets as w', 'w.user_id', 'u.id')
    .select([
      'u.id',
      'u.phone',
      'u.nick_name',
      'u.level',
      'u.status',
      'u.not_menus',
      'u.created_at',
      'u.monthly_limit_fen',
      'w.balance_fen',
      'w.credits',
      // What it drew from the group wallet this month (payer.service.ts sharedUsedThisMonth).
      sql<string>`(SELECT coalesce(sum(c.price_fen), 0) FROM report_charges c
        WHERE c.user_id = u.id AND c.payer_user_id IS NOT NULL AND c.refunded_at IS NULL
          AND c.created_at >= ${monthStart()})`.as('monthly_used_fen'),
      sql<{ teamId: number; name: string }[]>`coalesce((
        SELECT json_agg(json_build_object('teamId', t.id, 'name', t.name) ORDER BY t.id)
        FROM team_members m JOIN teams t ON t.id = m.team_id WHERE m.user_id = u.id), '[]')`.as('teams'),
    ])
    .where('u.group_id', '=', groupId)
    .where('u.deleted_at', 'is', null);
}

export type GroupUserRow = Awaited<ReturnType<typeof findGroupUser>> & object;

export function findGroupUser(db: DbOrTx, groupId: number, userId: number) {
  return usersWithTeams(db, groupId).where('u.id', '=', userId).executeTakeFirst();
}

export interface ChildFilters {
  keyword?: string;
  level?: number;
  status?: 'active' | 'disabled';
  teamId?: number;
  /** Restricts to these ids (a supervisor's staff). */
  onlyIds?: number[];
}

export async function listGroupUsers(
  db: DbOrTx,
  groupId: number,
  filters: ChildFilters,
  page: { page: number; size: number },
) {
  let query = usersWithTeams(db, groupId).where('u.level', '>', 1);
  if (filters.keyword) {
    const like = `%${filters.keyword.replace(/[%_\\]/g, '\\$&')}%`;
    query = query.where((eb) => eb.or([eb('u.phone', 'like', like), eb('u.nick_name', 'like', like)]));
  }
  if (filters.level) query = query.where('u.level', '=', filters.level);
  if (filters.status) query = query.where('u.status', '=', filters.status);
  if (filters.teamId) {
    query = query.where(
      sql<boolean>`exists (SELECT 1 FROM team_members m WHERE m.user_id = u.id AND m.team_id = ${filters.teamId})`,
    );
  }
  if (filters.onlyIds) query = query.where('u.id', 'in', filters.onlyIds.length > 0 ? filters.onlyIds : [0]);
  const rows = await query
    .select(sql<string>`count(*) over ()`.as('total'))
    .orderBy('u.id', 'desc')
    .limit(page.size)
    .offset((page.page - 1) * page.size)
    .execute();
  return { rows, total: Number(rows[0]?.total ?? 0) };
}

/** Staff in any team the supervisor belongs to. */
export async function managedStaffIds(db: DbOrTx, groupId: number, supervisorId: number): Promise<Set<number>> {
  const rows = await db
    .selectFrom('team_members as mine')
    .innerJoin('team_members as other', 'other.team_id', 'mine.team_id')
    .innerJoin('users as u', 'u.id', 'other.user_id')
    .select('u.id')
    .distinct()
    .where('mine.user_id', '=', supervisorId)
    .where('mine.group_id', '=', groupId)
    .where('u.level', '=', 3)
    .where('u.deleted_at', 'is', null)
    .execute();
  return new Set(rows.map((row) => Number(row.id)));
}

export function phoneInUse(db: DbOrTx, phone: string) {
  return db
    .selectFrom('users')
    .select('id')
    .where('phone', '=', phone)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

/** The group's main account (level 1): where a deleted sub-account's assets go, whom staff report to. */
export function findMainAccount(db: DbOrTx, groupId: number) {
  return db
    .selectFrom('users')
    .select(['id', 'phone'])
    .where('group_id', '=', groupId)
    .where('level', '=', 1)
    .where('deleted_at', 'is', null)
    .orderBy('id')
    .executeTakeFirst();
}

/** The group fields the user details show: subject contact and the report watermark settings. */
export function findGroupProfile(db: DbOrTx, groupId: number) {
  return db
    .selectFrom('groups')
    .select(['credit_code', 'contact_phone', 'watermark_text', 'watermark_switch', 'watermark_object'])
    .where('id', '=', groupId)
    .executeTakeFirst();
}
