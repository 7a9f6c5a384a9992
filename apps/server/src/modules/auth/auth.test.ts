import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeSentTo, createTestContext, type TestContext } from '../../../test/helpers.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('POST /api/userInfo/login', () => {
  it('answers the session user of spec §3 for the right password', async () => {
    const answer = await ctx.call('POST', '/api/userInfo/login', { body: { phone: '13800000002', pwd: 'Demo123456' } });
    expect(answer.status).toBe(200);
    expect(answer.code).toBe(0);
    expect(answer.data).toMatchObject({
      userId: 2,
      phone: '13800000002',
      level: 2,
      levelString: '主管',
      isGroup: 1,
      groupId: 1,
      groupName: '示例财税咨询有限公司',
      notMenus: [],
      listHidden: { allHidden: 0, riskHidden: 0 },
    });
    expect(answer.data.userToken).toMatch(/^[\w-]{43}\.[\w-]{8}$/);
    expect(answer.data).not.toHaveProperty('password_hash');
  });

  it('gives the same answer for a wrong password and an unknown phone', async () => {
    const wrong = await ctx.call('POST', '/api/userInfo/login', { body: { phone: '13800000003', pwd: 'Wrong12345' } });
    const unknown = await ctx.call('POST', '/api/userInfo/login', {
      body: { phone: '13700000000', pwd: 'Wrong12345' },
    });
    expect(wrong.status).toBe(401);
    expect(wrong.code).toBe(2001);
    expect(unknown.status).toBe(wrong.status);
    expect(unknown.msg).toBe(wrong.msg);
  });

  it('locks a phone for 15 minutes after 5 failures, even for the right password', async () => {
    for (let i = 0; i < 5; i++) {
      const answer = await ctx.call('POST', '/api/userInfo/login', {
        body: { phone: '13900000001', pwd: `Bad${i}12345` },
      });
      expect(answer.code).toBe(2001);
    }
    const locked = await ctx.call('POST', '/api/userInfo/login', { body: { phone: '13900000001', pwd: 'Demo123456' } });
    expect(locked.status).toBe(429);
    expect(locked.msg).toBe('登录失败次数过多，请15分钟后再试');
    // The lock runs 15 minutes from the fifth failure.
    await ctx.db.updateTable('login_locks').set({ locked_until: sql`now() - interval '1 second'` }).execute();
    const later = await ctx.call('POST', '/api/userInfo/login', { body: { phone: '13900000001', pwd: 'Demo123456' } });
    expect(later.code).toBe(0);
  });

  it('keeps the lock for 15 minutes from the fifth failure, even when earlier failures age out', async () => {
    const phone = '13800000002';
    const fail = () => ctx.call('POST', '/api/userInfo/login', { body: { phone, pwd: 'Wrong12345' } });
    for (let i = 0; i < 4; i++) await fail();
    // The first four were 14 minutes ago; the fifth, now, locks.
    await ctx.db
      .updateTable('login_failures')
      .set({ failed_at: sql`now() - interval '14 minutes'` })
      .where('phone', '=', phone)
      .execute();
    expect((await fail()).code).toBe(2001);
    // Two minutes on, a sliding window would have dropped the first four failures.
    await ctx.db
      .updateTable('login_failures')
      .set({ failed_at: sql`failed_at - interval '2 minutes'` })
      .where('phone', '=', phone)
      .execute();
    await ctx.db
      .updateTable('login_locks')
      .set({ locked_until: sql`now() + interval '13 minutes'` })
      .where('phone', '=', phone)
      .execute();
    const still = await ctx.call('POST', '/api/userInfo/login', { body: { phone, pwd: 'Demo123456' } });
    expect([still.status, still.code]).toEqual([429, 2002]);
    await ctx.db.deleteFrom('login_locks').where('phone', '=', phone).execute();
  });

  it('a password reset clears the failures and the lock', async () => {
    const phone = '13800000003';
    for (let i = 0; i < 5; i++) await ctx.call('POST', '/api/userInfo/login', { body: { phone, pwd: 'Wrong12345' } });
    expect((await ctx.call('POST', '/api/userInfo/login', { body: { phone, pwd: 'Demo123456' } })).status).toBe(429);
    await ctx.call('POST', '/api/userInfo/getCode', { body: { phone, type: 3 } });
    const code = await codeSentTo(ctx, phone);
    const reset = await ctx.call('POST', '/api/userInfo/resetPwd', { body: { phone, code, pwd: 'Reset12345' } });
    expect(reset.code).toBe(0);
    expect((await ctx.call('POST', '/api/userInfo/login', { body: { phone, pwd: 'Reset12345' } })).code).toBe(0);
    // Later tests sign in with the demo password.
    const demo = await ctx.db.selectFrom('users').select('password_hash').where('id', '=', 1).executeTakeFirstOrThrow();
    await ctx.db.updateTable('users').set({ password_hash: demo.password_hash }).where('id', '=', 3).execute();
  });

  it('names the missing or malformed field with HTTP 400', async () => {
    const missing = await ctx.call('POST', '/api/userInfo/login', { body: { pwd: 'Demo123456' } });
    expect(missing.status).toBe(400);
    expect(missing.code).toBe(1001);
    expect(missing.data.fields).toHaveProperty('phone');
    const badPhone = await ctx.call('POST', '/api/userInfo/login', { body: { phone: '123', pwd: 'x' } });
    expect(badPhone.data.fields.phone).toBe('请输入正确的11位手机号');
    const neither = await ctx.call('POST', '/api/userInfo/login', { body: { phone: '13800000001' } });
    expect(neither.status).toBe(400);
  });

  it('answers malformed JSON with HTTP 400 and the envelope', async () => {
    const raw = await ctx.app.inject({
      method: 'POST',
      url: '/api/userInfo/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"phone": ',
    });
    expect(raw.statusCode).toBe(400);
    expect(raw.json()).toMatchObject({ code: 1001, data: null });
  });
});

describe('session token', () => {
  it('findUserLoginInfo answers the same user for a valid token', async () => {
    const token = await ctx.login('13800000001');
    const answer = await ctx.call('GET', '/api/userInfo/findUserLoginInfo', { token });
    expect(answer.code).toBe(0);
    expect(answer.data).toMatchObject({ userId: 1, level: 1, balance: 100_000, userToken: token });
  });

  it('answers HTTP 401 with code 8 for an absent, wrong or expired token', async () => {
    const absent = await ctx.call('GET', '/api/userInfo/findUserLoginInfo');
    expect([absent.status, absent.code, absent.msg]).toEqual([401, 8, '登录信息已失效']);
    for (const wrongToken of ['not-a-token', 'x'.repeat(43)]) {
      const wrong = await ctx.call('GET', '/api/userInfo/findUserLoginInfo', { token: wrongToken });
      expect([wrong.status, wrong.code]).toEqual([401, 8]);
    }
    const token = await ctx.login('13800000003');
    await ctx.db.updateTable('sessions').set({ expires_at: sql`now() - interval '1 second'` }).execute();
    const expired = await ctx.call('GET', '/api/userInfo/findUserLoginInfo', { token });
    expect([expired.status, expired.code]).toEqual([401, 8]);
  });

  it('answers 非法请求 (spec §8) for a token issued by another installation', async () => {
    const token = await ctx.login('13800000001');
    const [random] = token.split('.');
    const answer = await ctx.call('GET', '/api/userInfo/findUserLoginInfo', { token: `${random}.AAAAAAAA` });
    expect([answer.status, answer.msg]).toEqual([403, '非法请求']);
    // The installation's own token, only expired or revoked, is a plain 登录信息已失效.
    await ctx.call('POST', '/api/userInfo/logout', { token });
    expect((await ctx.call('GET', '/api/userInfo/findUserLoginInfo', { token })).code).toBe(8);
  });

  it('logout revokes the token and only that token', async () => {
    const first = await ctx.login('13800000002');
    const second = await ctx.login('13800000002');
    const out = await ctx.call('POST', '/api/userInfo/logout', { token: first });
    expect(out.code).toBe(0);
    expect((await ctx.call('GET', '/api/userInfo/findUserLoginInfo', { token: first })).code).toBe(8);
    expect((await ctx.call('GET', '/api/userInfo/findUserLoginInfo', { token: second })).code).toBe(0);
  });

  it('refuses a disabled user', async () => {
    const token = await ctx.login('13800000003');
    await ctx.db.updateTable('users').set({ status: 'disabled' }).where('id', '=', 3).execute();
    expect((await ctx.call('GET', '/api/userInfo/findUserLoginInfo', { token })).code).toBe(8);
    const again = await ctx.call('POST', '/api/userInfo/login', { body: { phone: '13800000003', pwd: 'Demo123456' } });
    expect(again.code).toBe(2003);
    await ctx.db.updateTable('users').set({ status: 'active' }).where('id', '=', 3).execute();
  });
});
