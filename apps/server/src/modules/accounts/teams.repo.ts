import { sql } from 'kysely';
import type { DbOrTx } from '../../db/kysely.js';

export function listTeams(db: DbOrTx, groupId: number, onlyTeamIds?: number[]) {
  let query = db
    .selectFrom('teams as t')
    .select([
      't.id',
      't.name',
      't.created_at',
      sql<{ userId: number; phone: string; nickName: string | null; level: number }[]>`coalesce((
        SELECT json_agg(json_build_object('userId', u.id, 'phone', u.phone, 'nickName', u.nick_name, 'level', u.level) ORDER BY u.level, u.id)
        FROM team_members m JOIN users u ON u.id = m.user_id
        WHERE m.team_id = t.id AND u.deleted_at IS NULL), '[]')`.as('members'),
    ])
    .where('t.group_id', '=', groupId);
  if (onlyTeamIds) query = query.where('t.id', 'in', onlyTeamIds.length > 0 ? onlyTeamIds : [0]);
  return query.orderBy('t.id').execute();
}

export function findTeam(db: DbOrTx, groupId: number, teamId: number) {
  return db
    .selectFrom('teams')
    .select(['id', 'name'])
    .where('group_id', '=', groupId)
    .where('id', '=', teamId)
    .executeTakeFirst();
}

export async function teamIdsOf(db: DbOrTx, userId: number): Promise<number[]> {
  const rows = await db.selectFrom('team_members').select('team_id').where('user_id', '=', userId).execute();
  return rows.map((row) => Number(row.team_id));
}

/** Replaces a team's members. */
export async function setTeamMembers(db: DbOrTx, groupId: number, teamId: number, userIds: number[]): Promise<void> {
  await db.deleteFrom('team_members').where('team_id', '=', teamId).execute();
  if (userIds.length === 0) return;
  await db
    .insertInto('team_members')
    .values(userIds.map((userId) => ({ team_id: teamId, user_id: userId, group_id: groupId })))
    .execute();
}

/** Replaces the teams of one user. */
export async function setUserTeams(db: DbOrTx, groupId: number, userId: number, teamIds: number[]): Promise<void> {
  await db.deleteFrom('team_members').where('user_id', '=', userId).execute();
  if (teamIds.length === 0) return;
  await db
    .insertInto('team_members')
    .values(teamIds.map((teamId) => ({ team_id: teamId, user_id: userId, group_id: groupId })))
    .execute();
}

/** Live sub-accounts of the group that belong to no team. */
export function usersWithoutTeam(db: DbOrTx, groupId: number) {
  return db
    .selectFrom('users as u')
    .select(['u.id', 'u.phone', 'u.nick_name', 'u.level'])
    .where('u.group_id', '=', groupId)
    .where('u.level', '>', 1)
    .where('u.deleted_at', 'is', null)
    .where(sql<boolean>`NOT EXISTS (SELECT 1 FROM team_members m WHERE m.user_id = u.id)`)
    .orderBy('u.id')
    .execute();
}

/** Ids among `ids` that are live sub-accounts of the group; others make the request refer to a missing user. */
export async function liveGroupUserIds(db: DbOrTx, groupId: number, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('users')
    .select('id')
    .where('group_id', '=', groupId)
    .where('id', 'in', ids)
    .where('level', '>', 1)
    .where('deleted_at', 'is', null)
    .execute();
  return new Set(rows.map((row) => Number(row.id)));
}
