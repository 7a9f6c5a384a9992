import {
  type DeniedEntry,
  defaultPresetOf,
  deniedTypeOf,
  hasPermission,
  PERMISSION_KEYS,
  presetDenied,
} from '@taxlens/shared';
import { sql } from 'kysely';
import type { Db } from '../../db/kysely.js';
import { transactionWithRetry } from '../../db/retry.js';
import { AppError, notFound } from '../../lib/app-error.js';
import { hashPassword } from '../../lib/passwords.js';
import type { SessionContext } from '../auth/session.service.js';
import { revokeUserSessions } from '../auth/session.service.js';
import { type Actor, assertAssignableLevel, assertCanManage, assertGrantable } from './accounts.policy.js';
import { presentChildUser } from './accounts.presenter.js';
import { type ChildFilters, findGroupUser, listGroupUsers, managedStaffIds, phoneInUse } from './accounts.repo.js';
import { writeAudit } from './audit.repo.js';
import { reclaimAssets } from './reclaim.service.js';
import { setUserTeams, teamIdsOf } from './teams.repo.js';

export function actorOf(session: SessionContext): Actor {
  if (session.groupId === null) throw new AppError('NOT_GROUP_USER');
  return { userId: session.userId, groupId: session.groupId, level: session.level, notMenus: session.notMenus };
}

/** One denied entry per key, typed by the key (0 route, 1 action), in catalogue order. */
function normaliseDenied(entries: readonly DeniedEntry[]): DeniedEntry[] {
  const keys = new Set(entries.map((entry) => entry.permission));
  return PERMISSION_KEYS.filter((key) => keys.has(key)).map((permission) => ({
    type: deniedTypeOf(permission),
    permission,
  }));
}

/**
 * Re-staffing an existing sub-account is the main account's job (docs/decisions.md): a
 * supervisor may resend the current teams unchanged, anything else is 403, so it can neither
 * pull staff out of teams it does not lead nor move them into its own.
 */
async function checkTeamChange(db: Db, actor: Actor, userId: number, teamIds: number[]): Promise<void> {
  if (actor.level !== 1) {
    const current = new Set(await teamIdsOf(db, userId));
    const next = new Set(teamIds);
    const same = current.size === next.size && [...next].every((id) => current.has(id));
    if (!same) throw new AppError('FORBIDDEN', '只有主账号可以调整员工所在的团队');
    return;
  }
  await checkTeams(db, actor, teamIds);
}

async function managedBy(db: Db, actor: Actor): Promise<Set<number>> {
  return actor.level === 2 ? managedStaffIds(db, actor.groupId, actor.userId) : new Set();
}

/** Teams a new sub-account may be put in: any of the group's for the main account, the supervisor's own otherwise. */
async function checkTeams(db: Db, actor: Actor, teamIds: number[]): Promise<void> {
  if (teamIds.length === 0) return;
  const known = await db
    .selectFrom('teams')
    .select('id')
    .where('group_id', '=', actor.groupId)
    .where('id', 'in', teamIds)
    .execute();
  if (known.length !== new Set(teamIds).size) throw notFound('团队不存在或已删除');
  if (actor.level === 1) return;
  const own = new Set(await teamIdsOf(db, actor.userId));
  if (teamIds.some((id) => !own.has(id))) throw new AppError('FORBIDDEN', '只能把员工加入自己所在的团队');
}

export async function addChild(
  db: Db,
  actor: Actor,
  input: { phone: string; pwd: string; level: number; nickName: string; teamIds?: number[]; notMenus?: DeniedEntry[] },
): Promise<number> {
  assertAssignableLevel(actor, input.level);
  // A supervisor's staff start with at least the supervisor's own restrictions.
  const inherited = actor.level === 1 ? [] : PERMISSION_KEYS.filter((key) => !hasPermission(actor, key));
  // Without an explicit list a new sub-account starts from its level's preset: least rights (issue 19).
  const requested =
    input.notMenus ??
    presetDenied(defaultPresetOf(input.level)).map((permission) => ({ type: 0 as const, permission }));
  const denied = normaliseDenied([...requested, ...inherited.map((permission) => ({ type: 0 as const, permission }))]);
  assertGrantable(actor, denied);
  // A supervisor's staff always join its teams, or the supervisor could not manage them afterwards.
  const teamIds = input.teamIds?.length ? input.teamIds : actor.level === 2 ? await teamIdsOf(db, actor.userId) : [];
  // Without a team the new staff member would vanish from the supervisor's list at once.
  if (actor.level === 2 && teamIds.length === 0) {
    throw new AppError('FORBIDDEN', '您还不在任何团队中，请先由主账号将您加入团队，再添加员工');
  }
  await checkTeams(db, actor, teamIds);
  if (await phoneInUse(db, input.phone)) throw new AppError('PHONE_TAKEN', '该手机号已被使用');
  const passwordHash = await hashPassword(input.pwd);
  return db.transaction().execute(async (tx) => {
    const row = await tx
      .insertInto('users')
      .values({
        group_id: actor.groupId,
        phone: input.phone,
        password_hash: passwordHash,
        level: input.level,
        nick_name: input.nickName,
        not_menus: JSON.stringify(denied),
        list_hidden: '{}',
      })
      .returning('id')
      .executeTakeFirstOrThrow()
      .catch((error: { code?: string }) => {
        // A concurrent add of the same phone passed the check above; the unique index decides.
        throw error.code === '23505' ? new AppError('PHONE_TAKEN', '该手机号已被使用') : error;
      });
    const userId = Number(row.id);
    await setUserTeams(tx, actor.groupId, userId, teamIds);
    await writeAudit(tx, {
      groupId: actor.groupId,
      actorId: actor.userId,
      action: 'child.create',
      targetUserId: userId,
      detail: { level: input.level, teamIds, notMenus: denied.map((entry) => entry.permission) },
    });
    return userId;
  });
}

export async function listChildren(db: Db, actor: Actor, filters: ChildFilters, page: { page: number; size: number }) {
  const onlyIds = actor.level === 2 ? [...(await managedBy(db, actor))] : undefined;
  const { rows, total } = await listGroupUsers(db, actor.groupId, { ...filters, onlyIds }, page);
  const visible = hasPermission(actor, 'viewBalance');
  return { list: rows.map((row) => presentChildUser(row, visible)), total, page: page.page, size: page.size };
}

/** Reads a user the actor manages; another group's user is 404, an unmanaged one 403. */
async function loadManaged(db: Db, actor: Actor, userId: number) {
  const target = await findGroupUser(db, actor.groupId, userId);
  if (!target) throw notFound('账号不存在或已删除');
  assertCanManage(actor, { id: Number(target.id), level: target.level }, await managedBy(db, actor));
  return target;
}

export async function childDetails(db: Db, actor: Actor, userId: number) {
  return presentChildUser(await loadManaged(db, actor, userId), hasPermission(actor, 'viewBalance'));
}

export async function updateChild(
  db: Db,
  actor: Actor,
  input: {
    userId: number;
    nickName?: string;
    level?: number;
    status?: 'active' | 'disabled';
    pwd?: string;
    teamIds?: number[];
  },
): Promise<void> {
  const target = await loadManaged(db, actor, input.userId);
  if (input.level !== undefined) assertAssignableLevel(actor, input.level);
  if (input.teamIds) await checkTeamChange(db, actor, input.userId, input.teamIds);
  const passwordHash = input.pwd ? await hashPassword(input.pwd) : undefined;
  await db.transaction().execute(async (tx) => {
    await tx
      .updateTable('users')
      .set({
        ...(input.nickName !== undefined ? { nick_name: input.nickName } : {}),
        ...(input.level !== undefined ? { level: input.level } : {}),
        ...(input.status !== undefined ? { status: input.status } : {}),
        ...(passwordHash ? { password_hash: passwordHash } : {}),
        updated_at: sql`now()`,
      })
      .where('id', '=', input.userId)
      .execute();
    if (input.teamIds) await setUserTeams(tx, actor.groupId, input.userId, input.teamIds);
    if (passwordHash || input.status === 'disabled') await revokeUserSessions(tx, input.userId);
    await writeAudit(tx, {
      groupId: actor.groupId,
      actorId: actor.userId,
      action: 'child.update',
      targetUserId: input.userId,
      detail: {
        ...(input.nickName !== undefined && input.nickName !== target.nick_name ? { nickName: input.nickName } : {}),
        ...(input.level !== undefined && input.level !== target.level ? { level: input.level } : {}),
        ...(input.status !== undefined && input.status !== target.status ? { status: input.status } : {}),
        ...(passwordHash ? { password: '已重置' } : {}),
        ...(input.teamIds ? { teamIds: input.teamIds } : {}),
      },
    });
  });
}

/**
 * Soft delete: the phone is freed, the rows stay for the ledger and the audit log. Its balance
 * and credits go back to the main account in the same transaction.
 */
export async function deleteChild(db: Db, actor: Actor, userId: number): Promise<void> {
  const target = await loadManaged(db, actor, userId);
  await transactionWithRetry(db, async (tx) => {
    await reclaimAssets(tx, { groupId: actor.groupId, actorId: actor.userId, fromUserId: userId });
    await tx
      .updateTable('users')
      .set({ deleted_at: sql`now()`, status: 'disabled', updated_at: sql`now()` })
      .where('id', '=', userId)
      .execute();
    await setUserTeams(tx, actor.groupId, userId, []);
    await revokeUserSessions(tx, userId);
    await writeAudit(tx, {
      groupId: actor.groupId,
      actorId: actor.userId,
      action: 'child.delete',
      targetUserId: userId,
      detail: { phone: target.phone, level: target.level },
    });
  });
}

export async function updatePermissions(db: Db, actor: Actor, userId: number, notMenus: DeniedEntry[]): Promise<void> {
  const target = await loadManaged(db, actor, userId);
  const denied = normaliseDenied(notMenus);
  assertGrantable(actor, denied);
  await db.transaction().execute(async (tx) => {
    await tx
      .updateTable('users')
      .set({ not_menus: JSON.stringify(denied), updated_at: sql`now()` })
      .where('id', '=', userId)
      .execute();
    await writeAudit(tx, {
      groupId: actor.groupId,
      actorId: actor.userId,
      action: 'child.permissions',
      targetUserId: userId,
      detail: {
        before: (target.not_menus as DeniedEntry[]).map((entry) => entry.permission),
        after: denied.map((entry) => entry.permission),
      },
    });
  });
}

/** The users the actor manages: everyone for the main account, the team staff for a supervisor. */
export async function subordinates(db: Db, actor: Actor) {
  return listChildren(db, actor, {}, { page: 1, size: 200 });
}
