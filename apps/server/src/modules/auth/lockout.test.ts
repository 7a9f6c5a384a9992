import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeSentTo, createTestContext, type TestContext } from '../../../test/helpers.js';
import { PHONE_WIDE_MAX_FAILURES } from './auth.service.js';

/** The password lockout under concurrency and per client address (issue 12). */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

function login(phone: string, pwd: string, remoteAddress = '10.1.0.1') {
  return ctx.app.inject({ method: 'POST', url: '/api/userInfo/login', payload: { phone, pwd }, remoteAddress });
}

describe('password lockout', () => {
  it('30 attempts at once: at most 5 get their password compared, the rest are refused as locked', async () => {
    const phone = '13800000002';
    const attempts = [...Array.from({ length: 29 }, (_, i) => `Wrong${i}x99`), 'Demo123456'];
    const answers = await Promise.all(attempts.map((pwd) => login(phone, pwd)));
    const codes = answers.map((answer) => answer.json().code as number);
    const compared = codes.filter((code) => code !== 2002);
    // Serialised: the fifth failure locks, whatever the order the 30 arrive in.
    expect(compared.length).toBeLessThanOrEqual(5);
    expect(codes.filter((code) => code === 2002).length).toBeGreaterThanOrEqual(25);
    const failures = await ctx.db
      .selectFrom('login_failures')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('phone', '=', phone)
      .executeTakeFirstOrThrow();
    expect(Number(failures.n)).toBeLessThanOrEqual(5);
    await ctx.db.deleteFrom('login_locks').where('phone', '=', phone).execute();
    await ctx.db.deleteFrom('login_failures').where('phone', '=', phone).execute();
  });

  it('locks a phone for the address that failed, not for its owner elsewhere', async () => {
    const phone = '13800000003';
    for (let i = 0; i < 6; i++) await login(phone, `Wrong${i}x99`, '10.2.0.1');
    expect((await login(phone, 'Demo123456', '10.2.0.1')).json().code).toBe(2002);
    const owner = await login(phone, 'Demo123456', '10.2.0.2');
    expect(owner.json().code).toBe(0);
    // The owner's success clears only the owner's address: the attacker stays locked.
    expect((await login(phone, 'Demo123456', '10.2.0.1')).json().code).toBe(2002);
  });

  it(`locks password sign-in everywhere after ${PHONE_WIDE_MAX_FAILURES} failures from many addresses; an SMS code still signs in`, async () => {
    const phone = '13900000001';
    for (let i = 0; i < PHONE_WIDE_MAX_FAILURES; i++) {
      await login(phone, `Wrong${i}x99`, `10.3.${Math.floor(i / 4)}.${i % 4}`);
    }
    const fresh = await login(phone, 'Demo123456', '10.3.99.1');
    expect([fresh.statusCode, fresh.json().code]).toEqual([429, 2002]);

    await ctx.app.inject({
      method: 'POST',
      url: '/api/userInfo/getCode',
      payload: { phone, type: 2 },
      remoteAddress: '10.3.99.1',
    });
    const code = await codeSentTo(ctx, phone);
    const bySms = await ctx.app.inject({
      method: 'POST',
      url: '/api/userInfo/login',
      payload: { phone, code },
      remoteAddress: '10.3.99.1',
    });
    expect(bySms.json().code).toBe(0);
    // Proving the phone clears the locks.
    expect((await login(phone, 'Demo123456', '10.3.99.1')).json().code).toBe(0);
  });
});

describe('common passwords', () => {
  it('sign-up refuses 123456 with a clear message and creates nothing', async () => {
    const phone = '13700009999';
    await ctx.call('POST', '/api/userInfo/getCode', { body: { phone, type: 1 } });
    const code = await codeSentTo(ctx, phone);
    const answer = await ctx.call('POST', '/api/userInfo/register', {
      body: { phone, code, pwd: '123456', agreeTerms: true },
    });
    expect(answer.status).toBe(400);
    expect(answer.data.fields.pwd).toBe('密码过于简单（如123456、111111、abcdef），请换一个不常见的密码');
    const user = await ctx.db.selectFrom('users').select('id').where('phone', '=', phone).executeTakeFirst();
    expect(user).toBeUndefined();
  });
});
