import type { DbOrTx } from '../../db/kysely.js';
import type { Actor } from '../accounts/accounts.policy.js';
import { managedStaffIds } from '../accounts/accounts.repo.js';

/**
 * Whose companies an actor sees: the main account all of its group's; a supervisor those of
 * itself and the staff of its teams; staff their own. A company belongs to its assignee, and to
 * its creator only while nobody is assigned (companies.repo ownedBy).
 * `null` means no restriction within the group.
 */
export async function visibleOwners(db: DbOrTx, actor: Actor): Promise<number[] | null> {
  if (actor.level === 1) return null;
  if (actor.level === 3) return [actor.userId];
  return [actor.userId, ...(await managedStaffIds(db, actor.groupId, actor.userId))];
}

/** Staff cannot hand companies to others; supervisors only to themselves or their staff. */
export function canAssignTo(owners: number[] | null, assigneeId: number): boolean {
  return owners === null || owners.includes(assigneeId);
}
