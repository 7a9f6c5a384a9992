import { type SessionUser, TERMS_VERSION } from '@taxlens/shared';
import { sql } from 'kysely';
import type { Db } from '../../db/kysely.js';
import { AppError } from '../../lib/app-error.js';
import { hashPassword } from '../../lib/passwords.js';
import { clearLoginFailures } from '../auth/auth.repo.js';
import { type ClientMeta, openSession } from '../auth/auth.service.js';
import { revokeUserSessions } from '../auth/session.service.js';
import { rewardInviter } from '../partners/partners.service.js';
import type { SmsSender } from '../sms/sms.sender.js';
import { consumeSmsCode, SMS_PURPOSE, type SmsPurpose, sendSmsCode } from '../sms/sms.service.js';
import { phoneInUse } from './accounts.repo.js';
import { writeAudit } from './audit.repo.js';

/** Sign-up and change-phone codes go only to new phones; login and reset codes only to known ones. */
export async function requestSmsCode(
  db: Db,
  sender: SmsSender,
  phone: string,
  type: SmsPurpose,
  clientIp: string | null,
): Promise<void> {
  const known = await phoneInUse(db, phone);
  const toNewPhone = type === SMS_PURPOSE.signUp || type === SMS_PURPOSE.changePhone;
  if (toNewPhone && known) throw new AppError('PHONE_TAKEN');
  if (!toNewPhone && !known)
    throw new AppError('VALIDATION', '该手机号未注册', { fields: { phone: '该手机号未注册' } });
  await sendSmsCode(db, sender, phone, type, clientIp);
}

/** A new user has no group until it binds its account subject. */
export async function register(
  db: Db,
  ttlHours: number,
  input: { phone: string; code: string; pwd: string },
  meta: ClientMeta,
): Promise<SessionUser> {
  if (await phoneInUse(db, input.phone)) throw new AppError('PHONE_TAKEN');
  await consumeSmsCode(db, input.phone, SMS_PURPOSE.signUp, input.code);
  const passwordHash = await hashPassword(input.pwd);
  const userId = await db.transaction().execute(async (tx) => {
    const row = await tx
      .insertInto('users')
      .values({
        phone: input.phone,
        password_hash: passwordHash,
        level: 1,
        not_menus: '[]',
        list_hidden: '{}',
        // The consent the sign-up form's checkbox gave (the schema refuses a sign-up without it).
        terms_accepted_at: new Date(),
        terms_version: TERMS_VERSION,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
      .catch((error: { code?: string }) => {
        throw error.code === '23505' ? new AppError('PHONE_TAKEN') : error;
      });
    await writeAudit(tx, {
      groupId: null,
      actorId: Number(row.id),
      action: 'user.register',
      targetUserId: Number(row.id),
    });
    return Number(row.id);
  });
  return openSession(db, userId, ttlHours, meta);
}

/** Forgot password: ends every session of the account. */
export async function resetPassword(db: Db, input: { phone: string; code: string; pwd: string }): Promise<void> {
  const user = await phoneInUse(db, input.phone);
  if (!user) throw new AppError('VALIDATION', '该手机号未注册', { fields: { phone: '该手机号未注册' } });
  await consumeSmsCode(db, input.phone, SMS_PURPOSE.resetPassword, input.code);
  await setPassword(db, Number(user.id), input.pwd, 'user.reset_password');
  // A new password is the way out of a sign-in lock.
  await clearLoginFailures(db, input.phone);
}

/** Change password while signed in: other sessions end, this one stays. */
export async function changePassword(
  db: Db,
  session: { userId: number; groupId: number | null; sessionId: number },
  input: { code: string; pwd: string },
): Promise<void> {
  const user = await db.selectFrom('users').select('phone').where('id', '=', session.userId).executeTakeFirstOrThrow();
  await consumeSmsCode(db, user.phone, SMS_PURPOSE.changePassword, input.code);
  await setPassword(db, session.userId, input.pwd, 'user.password', session.sessionId);
}

async function setPassword(db: Db, userId: number, pwd: string, action: string, keepSessionId?: number) {
  const passwordHash = await hashPassword(pwd);
  await db.transaction().execute(async (tx) => {
    const user = await tx
      .updateTable('users')
      .set({ password_hash: passwordHash, updated_at: sql`now()` })
      .where('id', '=', userId)
      .returning('group_id')
      .executeTakeFirstOrThrow();
    await revokeUserSessions(tx, userId, keepSessionId);
    await writeAudit(tx, {
      groupId: user.group_id === null ? null : Number(user.group_id),
      actorId: userId,
      action,
      targetUserId: userId,
    });
  });
}

/**
 * Binding the account subject creates the group with the user as its main account. The credit
 * code's check digit was verified by the shared schema.
 */
export async function bindAccountSubject(
  db: Db,
  userId: number,
  input: { name: string; creditCode: string; contactName: string; contactPhone: string },
): Promise<{ groupId: number }> {
  const groupId = await db.transaction().execute(async (tx) => {
    const user = await tx
      .selectFrom('users')
      .select('group_id')
      .where('id', '=', userId)
      .forUpdate()
      .executeTakeFirstOrThrow();
    if (user.group_id !== null) throw new AppError('CONFLICT', '当前账号已绑定账户主体');
    const group = await tx
      .insertInto('groups')
      .values({
        name: input.name,
        credit_code: input.creditCode,
        contact_name: input.contactName,
        contact_phone: input.contactPhone,
        // A new firm's staff draw from the main account's wallet from day one (docs/decisions.md).
        wallet_mode: 'shared',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const id = Number(group.id);
    await tx
      .updateTable('users')
      .set({ group_id: id, level: 1, not_menus: '[]', updated_at: sql`now()` })
      .where('id', '=', userId)
      .execute();
    await writeAudit(tx, {
      groupId: id,
      actorId: userId,
      action: 'subject.bind',
      detail: { name: input.name, creditCode: input.creditCode },
    });
    // A firm that came through a partner invitation: its inviter is rewarded in this transaction.
    await rewardInviter(tx, userId, id);
    return id;
  });
  return { groupId };
}

export async function updateAccountSubject(
  db: Db,
  actor: { userId: number; groupId: number },
  input: { name: string; creditCode: string; contactName: string; contactPhone: string },
): Promise<void> {
  await db.transaction().execute(async (tx) => {
    await tx
      .updateTable('groups')
      .set({
        name: input.name,
        credit_code: input.creditCode,
        contact_name: input.contactName,
        contact_phone: input.contactPhone,
        updated_at: sql`now()`,
      })
      .where('id', '=', actor.groupId)
      .execute();
    await writeAudit(tx, { groupId: actor.groupId, actorId: actor.userId, action: 'subject.update', detail: input });
  });
}

export async function accountSubject(db: Db, groupId: number) {
  const group = await db.selectFrom('groups').selectAll().where('id', '=', groupId).executeTakeFirstOrThrow();
  return {
    groupId: Number(group.id),
    name: group.name,
    creditCode: group.credit_code,
    contactName: group.contact_name,
    contactPhone: group.contact_phone,
    createTime: group.created_at.toISOString(),
  };
}

/** Toggles one list's hide flag, or every list's when the user chose 同步. */
export async function setListHidden(
  db: Db,
  userId: number,
  hiddenName: string,
  isHidden: 0 | 1,
  sync: boolean,
  names: readonly string[],
) {
  const row = await db.selectFrom('users').select('list_hidden').where('id', '=', userId).executeTakeFirstOrThrow();
  const current = row.list_hidden as Record<string, number>;
  const next = { ...current, ...Object.fromEntries((sync ? names : [hiddenName]).map((name) => [name, isHidden])) };
  await db
    .updateTable('users')
    .set({ list_hidden: JSON.stringify(next), updated_at: sql`now()` })
    .where('id', '=', userId)
    .execute();
  return next;
}
