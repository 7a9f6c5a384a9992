import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/helpers.js';

let ctx: TestContext;
let token: string;
beforeAll(async () => {
  ctx = await createTestContext({ env: { PUBLIC_RATE_LIMIT_PER_MINUTE: '4' } });
  token = await ctx.login('13800000001');
});
afterAll(() => ctx.close());

const wrongLogin = (remoteAddress: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/userInfo/login',
    remoteAddress,
    payload: { phone: '13800000009', pwd: 'Wrong123' },
  });

describe('per-address limit on routes open without sign-in', () => {
  it('refuses one address past the limit with 操作过于频繁, and leaves other addresses alone', async () => {
    for (let i = 0; i < 4; i++) expect((await wrongLogin('203.0.113.5')).statusCode).not.toBe(429);
    const limited = await wrongLogin('203.0.113.5');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: 1029, msg: '操作过于频繁，请稍后再试' });
    expect((await wrongLogin('203.0.113.6')).statusCode).not.toBe(429);
  });

  it('does not limit signed-in calls', async () => {
    for (let i = 0; i < 8; i++) {
      const answer = await ctx.call('GET', '/api/userInfo/findUserLoginInfo', { token });
      expect(answer.status).toBe(200);
    }
  });
});
