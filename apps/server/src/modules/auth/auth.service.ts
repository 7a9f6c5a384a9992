import { LIMITS, type SessionUser } from '@taxlens/shared';
import { sql } from 'kysely';
import type { Db, DbOrTx } from '../../db/kysely.js';
import { AppError } from '../../lib/app-error.js';
import { verifyPassword } from '../../lib/passwords.js';
import { consumeSmsCode, SMS_PURPOSE } from '../sms/sms.service.js';
import { presentSessionUser } from './auth.presenter.js';
import {
  clearLoginFailures,
  clearLoginFailuresFrom,
  findLiveUserByPhone,
  findSessionUserRow,
  isLoginLocked,
  recordLoginFailure,
} from './auth.repo.js';
import { createSession } from './session.service.js';

export interface ClientMeta {
  ip?: string;
  userAgent?: string;
}

/** Wrong passwords from all addresses together that lock password sign-in of a phone everywhere. */
export const PHONE_WIDE_MAX_FAILURES = 20;

/** Password sign-ins of one phone in this process, chained: one waits for the other. */
const running = new Map<string, Promise<unknown>>();

/**
 * Runs the check, the hash comparison and the failure count of one phone one at a time: in this
 * process by a promise chain (so 30 parallel attempts hold one database connection, not 30), and
 * across processes by a transaction-scoped advisory lock on the phone. Without it, concurrent
 * wrong passwords all read "4 failures so far" and all get their hash compared (issue 12).
 */
async function withLoginSerialised<T>(db: Db, phone: string, work: (tx: DbOrTx) => Promise<T>): Promise<T> {
  const before = running.get(phone) ?? Promise.resolve();
  const mine = before
    .catch(() => {})
    .then(() =>
      db.transaction().execute(async (tx) => {
        await sql`SELECT pg_advisory_xact_lock(hashtext(${`login:${phone}`}))`.execute(tx);
        return work(tx);
      }),
    );
  running.set(phone, mine);
  try {
    return await mine;
  } finally {
    if (running.get(phone) === mine) running.delete(phone);
  }
}

/**
 * Password sign-in. The answer never tells whether the phone exists. Failures count per phone and
 * client address: the fifth within fifteen minutes from one address locks the phone for that
 * address for fifteen minutes from that failure; PHONE_WIDE_MAX_FAILURES from all addresses lock it
 * everywhere. A lock stops passwords only: the owner can still sign in with an SMS code, which
 * (like a password reset) clears the failures and the locks.
 */
export async function loginWithPassword(
  db: Db,
  ttlHours: number,
  input: { phone: string; pwd: string },
  meta: ClientMeta,
): Promise<SessionUser> {
  const scope = { phone: input.phone, ip: meta.ip ?? '' };
  // Decided inside the transaction, thrown after it: a thrown error would roll the failure back.
  const outcome = await withLoginSerialised(db, input.phone, async (tx) => {
    if (await isLoginLocked(tx, scope)) return { error: 'ACCOUNT_LOCKED' as const };
    const user = await findLiveUserByPhone(tx, input.phone);
    const valid = await verifyPassword(user?.password_hash ?? null, input.pwd);
    if (!user || !valid) {
      await recordLoginFailure(tx, scope, {
        maxFailures: LIMITS.loginMaxFailures,
        lockMinutes: LIMITS.loginLockMinutes,
        phoneWideFailures: PHONE_WIDE_MAX_FAILURES,
      });
      return { error: 'WRONG_CREDENTIALS' as const };
    }
    if (user.status === 'disabled') return { error: 'ACCOUNT_DISABLED' as const };
    await clearLoginFailuresFrom(tx, scope);
    return { error: undefined, userId: Number(user.id) };
  });
  if (outcome.error !== undefined) throw new AppError(outcome.error);
  return openSession(db, outcome.userId, ttlHours, meta);
}

/** Sign-in with a code sent to the phone (purpose 2). */
export async function loginWithSmsCode(
  db: Db,
  ttlHours: number,
  input: { phone: string; code: string },
  meta: ClientMeta,
): Promise<SessionUser> {
  await consumeSmsCode(db, input.phone, SMS_PURPOSE.codeLogin, input.code);
  const user = await findLiveUserByPhone(db, input.phone);
  if (!user) throw new AppError('WRONG_CREDENTIALS', '该手机号未注册');
  if (user.status === 'disabled') throw new AppError('ACCOUNT_DISABLED');
  await clearLoginFailures(db, input.phone);
  return openSession(db, Number(user.id), ttlHours, meta);
}

export async function openSession(db: Db, userId: number, ttlHours: number, meta: ClientMeta): Promise<SessionUser> {
  const session = await createSession(db, userId, ttlHours, meta);
  return loadSessionUser(db, userId, session.token, session.createdAt);
}

export async function loadSessionUser(db: Db, userId: number, token: string, loginTime: Date): Promise<SessionUser> {
  const row = await findSessionUserRow(db, userId);
  if (!row) throw new AppError('SESSION_INVALID');
  return presentSessionUser(row, token, loginTime);
}
