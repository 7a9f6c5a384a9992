import { createHash, randomInt } from 'node:crypto';
import { LIMITS } from '@taxlens/shared';
import { sql } from 'kysely';
import type { Db, DbOrTx } from '../../db/kysely.js';
import { AppError } from '../../lib/app-error.js';
import type { SmsSender } from './sms.sender.js';

export const SMS_PURPOSE = { signUp: 1, codeLogin: 2, resetPassword: 3, changePassword: 4, changePhone: 5 } as const;
export type SmsPurpose = (typeof SMS_PURPOSE)[keyof typeof SMS_PURPOSE];

const PURPOSE_TEXT: Record<SmsPurpose, string> = {
  1: '注册',
  2: '登录',
  3: '重置密码',
  4: '修改密码',
  5: '更换手机号',
};

function hashCode(phone: string, purpose: number, code: string): Buffer {
  return createHash('sha256').update(`${phone}:${purpose}:${code}`).digest();
}

/**
 * Sends a 6-digit code valid for 5 minutes: one per phone per 60 s and at most 10 per phone
 * per Shanghai calendar day, and at most `smsHourlyLimitPerIp` an hour from one client address over
 * all phones. A new code voids the earlier unused ones of the same purpose.
 */
export async function sendSmsCode(
  db: Db,
  sender: SmsSender,
  phone: string,
  purpose: SmsPurpose,
  clientIp: string | null,
): Promise<void> {
  await db.transaction().execute(async (tx) => {
    // Serialise sends per phone so two quick requests cannot both pass the limits.
    await sql`SELECT pg_advisory_xact_lock(hashtext(${`sms:${phone}`}))`.execute(tx);
    const recent = await tx
      .selectFrom('sms_codes')
      .select([
        sql<string>`count(*) FILTER (WHERE created_at > now() - make_interval(secs => ${LIMITS.smsResendSeconds}))`.as(
          'lastMinute',
        ),
        sql<string>`count(*) FILTER (WHERE created_at >= date_trunc('day', now() AT TIME ZONE 'Asia/Shanghai') AT TIME ZONE 'Asia/Shanghai')`.as(
          'today',
        ),
      ])
      .where('phone', '=', phone)
      .executeTakeFirstOrThrow();
    if (Number(recent.lastMinute) > 0) throw new AppError('SMS_TOO_FREQUENT', '验证码发送过于频繁，请60秒后再试');
    if (Number(recent.today) >= LIMITS.smsDailyLimitPerPhone)
      throw new AppError('SMS_TOO_FREQUENT', '今日验证码发送次数已达上限');
    if (clientIp) {
      const fromClient = await tx
        .selectFrom('sms_codes')
        .select(sql<string>`count(*)`.as('n'))
        .where('client_ip', '=', clientIp)
        .where('created_at', '>', sql<Date>`now() - interval '1 hour'`)
        .executeTakeFirstOrThrow();
      if (Number(fromClient.n) >= LIMITS.smsHourlyLimitPerIp)
        throw new AppError('SMS_TOO_FREQUENT', '当前网络发送验证码过于频繁，请稍后再试');
    }
    const code = String(randomInt(0, 1_000_000)).padStart(LIMITS.smsCodeLength, '0');
    await tx
      .updateTable('sms_codes')
      .set({ used_at: sql`now()` })
      .where('phone', '=', phone)
      .where('purpose', '=', purpose)
      .where('used_at', 'is', null)
      .execute();
    await tx
      .insertInto('sms_codes')
      .values({
        phone,
        purpose,
        client_ip: clientIp,
        code_hash: hashCode(phone, purpose, code),
        expires_at: sql<Date>`now() + make_interval(mins => ${LIMITS.smsCodeValidMinutes})`,
      })
      .execute();
    await sender.send(
      phone,
      `【税镜】您的${PURPOSE_TEXT[purpose]}验证码为 ${code}，${LIMITS.smsCodeValidMinutes}分钟内有效，请勿泄露给他人。`,
    );
  });
}

/**
 * Uses up the code if it matches. A wrong code counts as a try on the live code, and the
 * fifth wrong try voids it. Both are single guarded UPDATEs, so concurrent wrong tries are all
 * counted and one code signs in only once. Call it with the pool handle, not inside a
 * transaction that the thrown error would roll back, or the wrong try would not be counted.
 */
export async function consumeSmsCode(db: DbOrTx, phone: string, purpose: SmsPurpose, code: string): Promise<void> {
  const live = await db
    .selectFrom('sms_codes')
    .select(['id', 'code_hash'])
    .where('phone', '=', phone)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!live) throw new AppError('SMS_CODE_INVALID');
  const stillLive = (query: ReturnType<typeof updateCode>) =>
    query.where('used_at', 'is', null).where('expires_at', '>', sql<Date>`now()`);
  const updateCode = () => db.updateTable('sms_codes').where('id', '=', live.id);
  if (!hashCode(phone, purpose, code.trim()).equals(live.code_hash)) {
    await stillLive(updateCode())
      .set({
        wrong_tries: sql`wrong_tries + 1`,
        used_at: sql`CASE WHEN wrong_tries + 1 >= ${LIMITS.smsMaxWrongTries} THEN now() END`,
      })
      .returning('wrong_tries')
      .executeTakeFirst();
    throw new AppError('SMS_CODE_INVALID');
  }
  const used = await stillLive(updateCode()).set({ used_at: sql`now()` }).returning('id').executeTakeFirst();
  if (!used) throw new AppError('SMS_CODE_INVALID');
}

/** The latest message to a phone, for the development helper on the login page. */
export async function latestOutboxMessage(db: Db, phone: string) {
  return db
    .selectFrom('sms_outbox')
    .select(['content', 'created_at'])
    .where('phone', '=', phone)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}
