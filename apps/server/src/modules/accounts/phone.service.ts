import { maskPhone } from '@taxlens/shared';
import type { Db } from '../../db/kysely.js';
import { AppError } from '../../lib/app-error.js';
import { consumeSmsCode, SMS_PURPOSE } from '../sms/sms.service.js';
import { phoneInUse } from './accounts.repo.js';
import { writeAudit } from './audit.repo.js';

/**
 * 更换手机号: the code was sent to the new number (getCode type 5), which proves it is the user's.
 * Sessions stay open (the account is the same); the old number is free for sign-up at once.
 */
export async function changePhone(
  db: Db,
  session: { userId: number; groupId: number | null },
  input: { phone: string; code: string },
): Promise<void> {
  const current = await db
    .selectFrom('users')
    .select('phone')
    .where('id', '=', session.userId)
    .executeTakeFirstOrThrow();
  if (current.phone === input.phone)
    throw new AppError('VALIDATION', '新手机号与当前手机号相同', { fields: { phone: '新手机号与当前手机号相同' } });
  if (await phoneInUse(db, input.phone)) throw new AppError('PHONE_TAKEN');
  await consumeSmsCode(db, input.phone, SMS_PURPOSE.changePhone, input.code);
  await db.transaction().execute(async (tx) => {
    await tx
      .updateTable('users')
      .set({ phone: input.phone })
      .where('id', '=', session.userId)
      .execute()
      .catch((error: { code?: string }) => {
        throw error.code === '23505' ? new AppError('PHONE_TAKEN') : error;
      });
    await writeAudit(tx, {
      groupId: session.groupId,
      actorId: session.userId,
      action: 'user.phone',
      targetUserId: session.userId,
      detail: { before: maskPhone(current.phone), after: maskPhone(input.phone) },
    });
  });
}
