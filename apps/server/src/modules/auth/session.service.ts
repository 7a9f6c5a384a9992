import type { DeniedEntry, OperatorRole } from '@taxlens/shared';
import { CompiledQuery, sql } from 'kysely';
import { type Db, type DbOrTx, poolOf } from '../../db/kysely.js';
import { installationTag } from '../../lib/installation.js';
import { hashToken, newSessionToken } from '../../lib/tokens.js';
import { SESSION_USER_COLUMNS, type SessionUserRow } from './auth.repo.js';
import type { SessionCache } from './session-cache.js';

/** What a guarded route knows about its caller. */
export interface SessionContext {
  sessionId: number;
  userId: number;
  groupId: number | null;
  level: number;
  notMenus: DeniedEntry[];
  isOperator: boolean;
  /** Operator console roles; the OPERATOR_PHONES bootstrap (is_operator) counts as 管理员. */
  operatorRoles: OperatorRole[];
  loginTime: Date;
  /** The user, group and wallet as of this request, read with the session (one query). */
  user: SessionUserRow;
}

// Refreshing the expiry at most every few minutes keeps reads free of writes.
const TOUCH_INTERVAL = '5 minutes';

export async function createSession(
  db: DbOrTx,
  userId: number,
  ttlHours: number,
  meta: { ip?: string; userAgent?: string },
): Promise<{ token: string; createdAt: Date }> {
  const token = newSessionToken(await installationTag(db));
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

/** The one query of every signed-in request: the session by its token hash, its user, group and wallet. */
function sessionQuery(db: Db, tokenHash: Buffer) {
  return db
    .selectFrom('sessions as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .leftJoin('groups as g', 'g.id', 'u.group_id')
    .leftJoin('wallets as w', 'w.user_id', 'u.id')
    .select(SESSION_USER_COLUMNS)
    .select([
      's.id as sessionId',
      's.created_at as loginTime',
      's.expires_at as expiresAt',
      sql<boolean>`s.last_seen_at < now() - ${TOUCH_INTERVAL}::interval`.as('stale'),
      'u.id as userId',
      'u.group_id as groupId',
      'u.level',
      'u.not_menus as notMenus',
      'u.is_operator as isOperator',
      'u.operator_roles as operatorRoles',
    ])
    .where('s.token_hash', '=', tokenHash)
    .where('s.revoked_at', 'is', null)
    .where('s.expires_at', '>', sql<Date>`now()`)
    .where('u.deleted_at', 'is', null)
    .where('u.status', '=', 'active');
}

type SessionRow = Awaited<ReturnType<ReturnType<typeof sessionQuery>['executeTakeFirst']>>;

// Building and compiling the query costs more CPU than PostgreSQL spends answering it, and it runs
// on every signed-in request: compile it once per database handle and only swap the token hash in.
const TOKEN_SLOT = Buffer.from('token-hash-slot');
const SESSION_STATEMENT = 'taxlens_session_user';
const compiledSessionQueries = new WeakMap<Db, { sql: string; parameters: readonly unknown[]; slot: number }>();

function compiledSessionQuery(db: Db) {
  let compiled = compiledSessionQueries.get(db);
  if (!compiled) {
    const { sql: text, parameters } = sessionQuery(db, TOKEN_SLOT).compile();
    compiled = { sql: text, parameters, slot: parameters.indexOf(TOKEN_SLOT) };
    compiledSessionQueries.set(db, compiled);
  }
  return compiled;
}

/**
 * The signed-in caller of a token, or null. With a cache (its listener up), a token seen in the
 * last seconds costs no query; see session-cache.ts for how it stays exact.
 */
export async function resolveSession(
  db: Db,
  token: string,
  ttlHours: number,
  cache?: SessionCache | null,
): Promise<SessionContext | null> {
  const tokenHash = hashToken(token);
  const key = cache?.enabled ? tokenHash.toString('base64url') : null;
  if (key !== null) {
    const cached = cache?.get(key);
    if (cached) return cached;
  }
  const since = cache?.generation ?? 0;
  const compiled = compiledSessionQuery(db);
  const parameters = [...compiled.parameters];
  parameters[compiled.slot] = tokenHash;
  // A named statement: each connection parses and plans the four-table join once, not per request.
  const pool = poolOf(db);
  const rows = pool
    ? (await pool.query<NonNullable<SessionRow>>({ name: SESSION_STATEMENT, text: compiled.sql, values: parameters }))
        .rows
    : (await db.executeQuery<NonNullable<SessionRow>>(CompiledQuery.raw(compiled.sql, parameters))).rows;
  const row = rows[0];
  if (!row) return null;
  if (row.stale) {
    await db
      .updateTable('sessions')
      .set({ last_seen_at: sql`now()`, expires_at: sql`now() + make_interval(hours => ${ttlHours})` })
      .where('id', '=', row.sessionId)
      .execute();
  }
  const session: SessionContext = {
    sessionId: row.sessionId,
    userId: Number(row.userId),
    groupId: row.groupId === null ? null : Number(row.groupId),
    level: row.level,
    notMenus: row.notMenus as DeniedEntry[],
    isOperator: row.isOperator || row.operatorRoles.length > 0,
    operatorRoles: operatorRolesOf(row.isOperator, row.operatorRoles),
    loginTime: row.loginTime,
    user: row,
  };
  if (key !== null && cache) {
    // Shared by the requests that hit the cache: nobody may change it in place.
    for (const part of [row.not_menus, row.notMenus, row.operator_roles, row.operatorRoles, session.operatorRoles, row])
      Object.freeze(part);
    cache.store(key, Object.freeze(session), row.expiresAt, since);
  }
  return session;
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

/** The roles a user holds in the operator console: its stored roles, plus 管理员 for the bootstrap flag. */
export function operatorRolesOf(isOperator: boolean, stored: readonly string[]): OperatorRole[] {
  const roles = new Set(stored as OperatorRole[]);
  if (isOperator) roles.add('admin');
  return [...roles];
}
