import type { CoverTemplate } from '@taxlens/shared';
import type { Db, DbOrTx } from '../../db/kysely.js';
import { AppError } from '../../lib/app-error.js';
import type { Actor } from '../accounts/accounts.policy.js';

const NO_COVER = '封面模板不存在';

function coverColumns(db: DbOrTx) {
  return db
    .selectFrom('report_covers')
    .select([
      'id',
      'name',
      'description',
      'layout',
      'primary_color as primaryColor',
      'accent_color as accentColor',
      'is_default as isDefault',
    ])
    .where('enabled', '=', true);
}

/** The covers a user may choose from, in the platform's order. */
export function listCovers(db: DbOrTx): Promise<CoverTemplate[]> {
  return coverColumns(db).orderBy('sort_order').orderBy('id').execute();
}

/** A cover that may be chosen, or 404 (an unknown or withdrawn design). */
export async function requireCover(db: DbOrTx, coverId: number): Promise<CoverTemplate> {
  const cover = await coverColumns(db).where('id', '=', coverId).executeTakeFirst();
  if (!cover) throw new AppError('NOT_FOUND', NO_COVER);
  return cover;
}

/** The cover of users who chose none. */
export function defaultCover(db: DbOrTx): Promise<CoverTemplate> {
  return coverColumns(db).where('is_default', '=', true).executeTakeFirstOrThrow();
}

/** The cover a user prints with: their choice while it is offered, otherwise the default one. */
export async function coverOfUser(db: DbOrTx, userId: number): Promise<CoverTemplate> {
  const chosen = await coverColumns(db)
    .where('id', '=', (eb) => eb.selectFrom('user_report_covers').select('cover_id').where('user_id', '=', userId))
    .executeTakeFirst();
  return chosen ?? (await defaultCover(db));
}

/**
 * Whose cover a call reads or sets: the caller's own, or — for the group's main account only — one of
 * its staff by userId. Another group's (or an unknown) user is 404; a staff member asking for someone
 * else's is 403.
 */
export async function coverTarget(db: DbOrTx, actor: Actor, userId: number | undefined): Promise<number> {
  if (userId === undefined || userId === actor.userId) return actor.userId;
  const user = await db
    .selectFrom('users')
    .select('id')
    .where('id', '=', userId)
    .where('group_id', '=', actor.groupId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!user) throw new AppError('NOT_FOUND', '用户不存在');
  if (actor.level !== 1) throw new AppError('FORBIDDEN', '只有主账号可以为其他账号设置封面');
  return userId;
}

/** Sets the cover of these users in one statement (a cached PDF printed with another cover prints again on export). */
export async function setCover(db: Db, userIds: readonly number[], coverId: number): Promise<void> {
  if (userIds.length === 0) return;
  await db
    .insertInto('user_report_covers')
    .values(userIds.map((userId) => ({ user_id: userId, cover_id: coverId })))
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet((eb) => ({ cover_id: eb.ref('excluded.cover_id'), updated_at: new Date() })),
    )
    .execute();
}
