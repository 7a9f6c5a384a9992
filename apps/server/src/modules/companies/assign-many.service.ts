import type { Db } from '../../db/kysely.js';
import { notFound } from '../../lib/app-error.js';
import type { Actor } from '../accounts/accounts.policy.js';
import { writeAudit } from '../accounts/audit.repo.js';
import { visibleOwners } from './companies.policy.js';
import { ownedBy } from './companies.repo.js';
import { authorizeAssign } from './companies.service.js';

/**
 * Hands several companies to one person at once (or, for the main account, unassigns them):
 * the same rule as assignFirm, all or nothing. A company the actor cannot see is 404.
 */
export async function assignCompanies(db: Db, actor: Actor, firmIds: number[], assigneeId: number | null) {
  const ids = [...new Set(firmIds)];
  const owners = await visibleOwners(db, actor);
  const found = await db
    .selectFrom('companies as c')
    .select('c.id')
    .where('c.group_id', '=', actor.groupId)
    .where('c.id', 'in', ids)
    .where(ownedBy(owners))
    .execute();
  if (found.length !== ids.length) throw notFound('企业不存在或已删除');
  await authorizeAssign(db, actor, owners, assigneeId);
  await db.transaction().execute(async (tx) => {
    await tx
      .updateTable('companies')
      .set({ assignee_id: assigneeId })
      .where('group_id', '=', actor.groupId)
      .where('id', 'in', ids)
      .execute();
    await writeAudit(tx, {
      groupId: actor.groupId,
      actorId: actor.userId,
      action: 'company.assign',
      targetUserId: assigneeId,
      detail: { firmIds: ids },
    });
  });
  return ids.length;
}
