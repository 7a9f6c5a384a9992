import type { DeniedEntry } from '@taxlens/shared';
import { sql } from 'kysely';
import type { Db, DbOrTx } from '../../db/kysely.js';
import { hashToken, newToken } from '../../lib/tokens.js';

/** What a guarded route knows about its caller. */
export interface SessionContext {
  sessionId: number;
  userId: number;
  groupId: number | null;
  level: number;
  notMenus: DeniedEntry[];
  isOperator: boolean;
  loginTime: Date;
}

// Refreshing the expiry at most every few minutes keeps reads free of writes.
const TOUCH_INTERVAL = '5 minutes';

export async function createSession(
  db: DbOrTx,
  userId: number,
  ttlHours: number,
  meta: { ip?: string; userAgent?: string },
): Promise<{ token: string; createdAt: Date }> {
  const token = newToken();
  const row = await db
    .insertInto('sessions')
    .values({
      user_id: userId,
      token_hash: hashToken(token),
      expires_at: sql<Date>`now() + make_interval(hours => ${ttlHours})`,
      ip: meta.ip ?? null,
      user_agent: meta.userAgent?.slice(0, 300) ?? null,
    })
    .returning('created_at')
    .executeTakeFirstOrThrow();
  return { token, createdAt: row.created_at };
}

export async function resolveSession(db: Db, token: string, ttlHours: number): Promise<SessionContext | null> {
  const row = await db
    .selectFrom('sessions as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .select([
      's.id as sessionId',
      's.created_at as loginTime',
      sql<boolean>`s.last_seen_at < now() - ${TOUCH_INTERVAL}::interval`.as('stale'),
      'u.id as userId',
      'u.group_id as groupId',
      'u.level',
      'u.not_menus as notMenus',
      'u.is_operator as isOperator',
    ])
    .where('s.token_hash', '=', hashToken(token))
    .where('s.revoked_at', 'is', null)
    .where('s.expires_at', '>', sql<Date>`now()`)
    .where('u.deleted_at', 'is', null)
    .where('u.status', '=', 'active')
    .executeTakeFirst();
  if (!row) return null;
  if (row.stale) {
    await db
      .updateTable('sessions')
      .set({ last_seen_at: sql`now()`, expires_at: sql`now() + make_interval(hours => ${ttlHours})` })
      .where('id', '=', row.sessionId)
      .execute();
  }
  return {
    sessionId: row.sessionId,
    userId: Number(row.userId),
    groupId: row.groupId === null ? null : Number(row.groupId),
    level: row.level,
    notMenus: row.notMenus as DeniedEntry[],
    isOperator: row.isOperator,
    loginTime: row.loginTime,
  };
}

export async function revokeSession(db: DbOrTx, sessionId: number): Promise<void> {
  await db.updateTable('sessions').set({ revoked_at: sql`now()` }).where('id', '=', sessionId).execute();
}

/** Ends every session of a user (password change, disabling, deletion). */
export async function revokeUserSessions(db: DbOrTx, userId: number, exceptSessionId?: number): Promise<void> {
  let query = db
    .updateTable('sessions')
    .set({ revoked_at: sql`now()` })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null);
  if (exceptSessionId) query = query.where('id', '!=', exceptSessionId);
  await query.execute();
}
