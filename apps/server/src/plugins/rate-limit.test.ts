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

describe('per-user limit on signed-in routes that cost work', () => {
  it('refuses one user past the limit on an export with 操作过于频繁; another user and cheap reads are not limited', async () => {
    const limited = await createTestContext({ env: { USER_RATE_LIMIT_PER_MINUTE: '3' } });
    try {
      const [first, second] = [await limited.login('13800000001'), await limited.login('13800000002')];
      const exportOrders = (as: string) =>
        limited.app.inject({ method: 'GET', url: '/api/Order/exportOrderList', headers: { token: as } });
      for (let i = 0; i < 3; i++) expect((await exportOrders(first)).statusCode).toBe(200);
      const refused = await exportOrders(first);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({ code: 1029, msg: '操作过于频繁，请稍后再试' });
      expect((await exportOrders(second)).statusCode).toBe(200);
      for (let i = 0; i < 5; i++) {
        expect((await limited.call('GET', '/api/userInfo/findUserLoginInfo', { token: first })).status).toBe(200);
      }
      const costly = limited.app.guardedRoutes.filter((route) => route.url.includes('exportOrderList'));
      expect(costly.length).toBeGreaterThan(0);
    } finally {
      await limited.close();
    }
  });

  it('holds uploads, report creation and PDFs to the same per-user limit', async () => {
    const limited = await createTestContext({ env: { USER_RATE_LIMIT_PER_MINUTE: '1' } });
    try {
      const token = await limited.login('13800000001');
      const calls = [
        { method: 'POST' as const, url: '/api/CsbFirmCertification/fileUpload', payload: {} },
        { method: 'POST' as const, url: '/api/ReportPool/create', payload: {} },
        { method: 'GET' as const, url: '/api/ReportPool/pdf?reportId=999999' },
      ];
      for (const call of calls) {
        // The first call is answered on its merits (here: refused input or no such report), and counts.
        const first = await limited.app.inject({ ...call, headers: { token } });
        expect(first.statusCode, call.url).not.toBe(429);
        const second = await limited.app.inject({ ...call, headers: { token } });
        expect([second.statusCode, second.json().msg], call.url).toEqual([429, '操作过于频繁，请稍后再试']);
      }
    } finally {
      await limited.close();
    }
  });
});
