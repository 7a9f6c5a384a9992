import { sql } from 'kysely';
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

/**
 * The inverse of visibleOwners: the group's users who see what `ownerId` owns (a company, a share
 * link): every main account, the owner, and the supervisors whose teams hold the owner as staff.
 * Socket events about such a thing go to these users only.
 */
export async function viewersOf(db: DbOrTx, groupId: number, ownerId: number): Promise<number[]> {
  const rows = await sql<{ id: number }>`
    SELECT u.id FROM users u
    WHERE u.group_id = ${groupId} AND u.deleted_at IS NULL AND (
      u.level = 1 OR u.id = ${ownerId} OR (u.level = 2 AND EXISTS (
        SELECT 1 FROM team_members mine
        JOIN team_members other ON other.team_id = mine.team_id
        JOIN users o ON o.id = other.user_id
        WHERE mine.user_id = u.id AND mine.group_id = ${groupId} AND other.user_id = ${ownerId}
          AND o.level = 3 AND o.deleted_at IS NULL)))
    ORDER BY u.id`.execute(db);
  return rows.rows.map((row) => Number(row.id));
}

/** The users who see a company (its owner: the assignee, or the creator while nobody is assigned). */
export async function companyViewers(db: DbOrTx, groupId: number, companyId: number): Promise<number[]> {
  const company = await db
    .selectFrom('companies')
    .select(['assignee_id', 'created_by'])
    .where('id', '=', companyId)
    .where('group_id', '=', groupId)
    .executeTakeFirst();
  const owner = company?.assignee_id ?? company?.created_by;
  return owner ? viewersOf(db, groupId, Number(owner)) : [];
}
