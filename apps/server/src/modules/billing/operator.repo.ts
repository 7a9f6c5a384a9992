import type { DbOrTx } from '../../db/kysely.js';

/** Any live user by id: the platform operator acts across groups. */
export function findUserForOperator(db: DbOrTx, userId: number) {
  return db
    .selectFrom('users')
    .select(['id', 'group_id', 'level'])
    .where('id', '=', userId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

export function groupExists(db: DbOrTx, groupId: number) {
  return db.selectFrom('groups').select('id').where('id', '=', groupId).executeTakeFirst();
}
