import { LIMITS } from '@taxlens/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeSentTo, createTestContext, type TestContext } from '../../../test/helpers.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('SMS code tries', () => {
  it('counts concurrent wrong tries one by one, so five at once void the code', async () => {
    const phone = '13800000002';
    expect((await ctx.call('POST', '/api/userInfo/getCode', { body: { phone, type: 2 } })).code).toBe(0);
    const code = await codeSentTo(ctx, phone);
    const wrong = code === '000000' ? '111111' : '000000';
    const answers = await Promise.all(
      Array.from({ length: LIMITS.smsMaxWrongTries }, () =>
        ctx.call('POST', '/api/userInfo/login', { body: { phone, code: wrong } }),
      ),
    );
    expect(answers.map((answer) => answer.msg)).toEqual(Array(LIMITS.smsMaxWrongTries).fill('验证码错误或已过期'));
    const row = await ctx.db
      .selectFrom('sms_codes')
      .select(['wrong_tries', 'used_at'])
      .where('phone', '=', phone)
      .executeTakeFirstOrThrow();
    expect(row.wrong_tries).toBe(LIMITS.smsMaxWrongTries);
    expect(row.used_at).not.toBeNull();
    expect((await ctx.call('POST', '/api/userInfo/login', { body: { phone, code } })).code).toBe(2004);
  });

  it('a right code signs in once only, even twice at the same moment', async () => {
    const phone = '13800000003';
    await ctx.call('POST', '/api/userInfo/getCode', { body: { phone, type: 2 } });
    const code = await codeSentTo(ctx, phone);
    const answers = await Promise.all([
      ctx.call('POST', '/api/userInfo/login', { body: { phone, code } }),
      ctx.call('POST', '/api/userInfo/login', { body: { phone, code } }),
    ]);
    expect(answers.map((answer) => answer.code).sort()).toEqual([0, 2004]);
  });
});
