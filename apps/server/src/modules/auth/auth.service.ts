import { LIMITS, type SessionUser } from '@taxlens/shared';
import type { Db } from '../../db/kysely.js';
import { AppError } from '../../lib/app-error.js';
import { verifyPassword } from '../../lib/passwords.js';
import { consumeSmsCode, SMS_PURPOSE } from '../sms/sms.service.js';
import { presentSessionUser } from './auth.presenter.js';
import {
  clearLoginFailures,
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

/**
 * Password sign-in. The answer never tells whether the phone exists; the fifth failure within
 * fifteen minutes locks the phone for fifteen minutes from that failure. A password reset
 * (or a code sign-in) clears the failures and the lock.
 */
export async function loginWithPassword(
  db: Db,
  ttlHours: number,
  input: { phone: string; pwd: string },
  meta: ClientMeta,
): Promise<SessionUser> {
  if (await isLoginLocked(db, input.phone)) throw new AppError('ACCOUNT_LOCKED');
  const user = await findLiveUserByPhone(db, input.phone);
  const valid = await verifyPassword(user?.password_hash ?? null, input.pwd);
  if (!user || !valid) {
    await recordLoginFailure(db, input.phone, {
      maxFailures: LIMITS.loginMaxFailures,
      lockMinutes: LIMITS.loginLockMinutes,
    });
    throw new AppError('WRONG_CREDENTIALS');
  }
  if (user.status === 'disabled') throw new AppError('ACCOUNT_DISABLED');
  await clearLoginFailures(db, input.phone);
  return openSession(db, Number(user.id), ttlHours, meta);
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
