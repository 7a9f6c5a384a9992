import type { Team } from '@taxlens/shared';
import type { Db } from '../../db/kysely.js';
import { AppError, notFound } from '../../lib/app-error.js';
import type { Actor } from './accounts.policy.js';
import { writeAudit } from './audit.repo.js';
import { findTeam, listTeams, liveGroupUserIds, setTeamMembers, teamIdsOf, usersWithoutTeam } from './teams.repo.js';

function presentTeam(row: Awaited<ReturnType<typeof listTeams>>[number]): Team {
  return {
    teamId: Number(row.id),
    name: row.name,
    members: row.members.map((member) => ({ ...member, userId: Number(member.userId) })),
    createTime: row.created_at.toISOString(),
  };
}

/** The main account sees every team; a supervisor the teams it belongs to. */
export async function teamsOf(db: Db, actor: Actor): Promise<Team[]> {
  const only = actor.level === 1 ? undefined : await teamIdsOf(db, actor.userId);
  return (await listTeams(db, actor.groupId, only)).map(presentTeam);
}

async function checkMembers(db: Db, actor: Actor, memberIds: number[]): Promise<number[]> {
  const unique = [...new Set(memberIds)];
  const live = await liveGroupUserIds(db, actor.groupId, unique);
  if (live.size !== unique.length) throw notFound('部分成员不存在或已删除');
  return unique;
}

function isUniqueViolation(error: unknown): boolean {
  return (error as { code?: string }).code === '23505';
}

export async function createTeam(db: Db, actor: Actor, input: { name: string; memberIds: number[] }): Promise<number> {
  const members = await checkMembers(db, actor, input.memberIds);
  try {
    return await db.transaction().execute(async (tx) => {
      const row = await tx
        .insertInto('teams')
        .values({ group_id: actor.groupId, name: input.name })
        .returning('id')
        .executeTakeFirstOrThrow();
      const teamId = Number(row.id);
      await setTeamMembers(tx, actor.groupId, teamId, members);
      await writeAudit(tx, {
        groupId: actor.groupId,
        actorId: actor.userId,
        action: 'team.create',
        detail: { teamId, name: input.name, members },
      });
      return teamId;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('CONFLICT', '团队名称已存在');
    throw error;
  }
}

export async function updateTeam(
  db: Db,
  actor: Actor,
  input: { teamId: number; name: string; memberIds: number[] },
): Promise<void> {
  if (!(await findTeam(db, actor.groupId, input.teamId))) throw notFound('团队不存在或已删除');
  const members = await checkMembers(db, actor, input.memberIds);
  try {
    await db.transaction().execute(async (tx) => {
      await tx.updateTable('teams').set({ name: input.name }).where('id', '=', input.teamId).execute();
      await setTeamMembers(tx, actor.groupId, input.teamId, members);
      await writeAudit(tx, {
        groupId: actor.groupId,
        actorId: actor.userId,
        action: 'team.update',
        detail: { teamId: input.teamId, name: input.name, members },
      });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('CONFLICT', '团队名称已存在');
    throw error;
  }
}

export async function deleteTeam(db: Db, actor: Actor, teamId: number): Promise<void> {
  const team = await findTeam(db, actor.groupId, teamId);
  if (!team) throw notFound('团队不存在或已删除');
  await db.transaction().execute(async (tx) => {
    await tx.deleteFrom('teams').where('id', '=', teamId).execute();
    await writeAudit(tx, {
      groupId: actor.groupId,
      actorId: actor.userId,
      action: 'team.delete',
      detail: { teamId, name: team.name },
    });
  });
}

export async function removeTeamMember(db: Db, actor: Actor, teamId: number, userId: number): Promise<void> {
  if (!(await findTeam(db, actor.groupId, teamId))) throw notFound('团队不存在或已删除');
  await db.transaction().execute(async (tx) => {
    const removed = await tx
      .deleteFrom('team_members')
      .where('team_id', '=', teamId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (Number(removed.numDeletedRows) === 0) throw notFound('该成员不在团队中');
    await writeAudit(tx, {
      groupId: actor.groupId,
      actorId: actor.userId,
      action: 'team.remove_member',
      targetUserId: userId,
      detail: { teamId },
    });
  });
}

export async function unassignedUsers(db: Db, actor: Actor) {
  const rows = await usersWithoutTeam(db, actor.groupId);
  return rows.map((row) => ({ userId: Number(row.id), phone: row.phone, nickName: row.nick_name, level: row.level }));
}
