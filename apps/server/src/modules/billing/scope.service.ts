import type { Db } from '../../db/kysely.js';
import { notFound } from '../../lib/app-error.js';
import { findGroupUser, managedStaffIds } from '../accounts/accounts.repo.js';
import { type Actor, assertCanView } from './billing.policy.js';

export async function managedBy(db: Db, actor: Actor): Promise<Set<number>> {
  return actor.level === 2 ? managedStaffIds(db, actor.groupId, actor.userId) : new Set();
}

/** A live user of the actor's group; another group's (or a deleted) user is 404. */
export async function groupUser(db: Db, actor: Actor, userId: number) {
  const user = await findGroupUser(db, actor.groupId, userId);
  if (!user) throw notFound('账号不存在或已删除');
  return { id: Number(user.id), level: user.level, phone: user.phone };
}

/** The user whose wallet or ledger is read: the actor, or one it may see (403 otherwise). */
export async function viewedUserId(db: Db, actor: Actor, userId?: number): Promise<number> {
  if (userId === undefined || userId === actor.userId) return actor.userId;
  const target = await groupUser(db, actor, userId);
  assertCanView(actor, target, await managedBy(db, actor));
  return target.id;
}

/**
 * Whose reports the statistics count: the whole group for the main account, the supervisor and
 * its team's staff, or the staff member alone; narrowed to one user when asked (null = group).
 */
export async function statsUserIds(db: Db, actor: Actor, userId?: number): Promise<number[] | null> {
  if (userId !== undefined) return [await viewedUserId(db, actor, userId)];
  if (actor.level === 1) return null;
  return [actor.userId, ...(await managedBy(db, actor))];
}
