import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGroup, createUser } from '../../../test/factories.js';
import { createTestContext, type TestContext } from '../../../test/helpers.js';

/**
 * A local partner platform speaking OAuth 2.0 (RFC 6749 §4.1.3 token endpoint with
 * client_secret_post, §5.2 invalid_grant) and OpenID Connect userinfo (Core §5.3, phone_number).
 */
function fakePartner(codes: Map<string, string>) {
  const accessTokens = new Map<string, string>();
  return createServer((request, response) => {
    const answer = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    let raw = '';
    request.on('data', (chunk) => {
      raw += chunk;
    });
    request.on('end', () => {
      if (request.method === 'POST' && request.url === '/oauth/token') {
        const form = new URLSearchParams(raw);
        if (form.get('client_id') !== 'taxlens' || form.get('client_secret') !== 'partner-secret-1')
          return answer(401, { error: 'invalid_client' });
        const phone = form.get('grant_type') === 'authorization_code' ? codes.get(form.get('code') ?? '') : undefined;
        if (!phone) return answer(400, { error: 'invalid_grant' });
        codes.delete(form.get('code') ?? '');
        const token = `at-${Math.random().toString(36).slice(2)}`;
        accessTokens.set(token, phone);
        return answer(200, { access_token: token, token_type: 'Bearer', expires_in: 600 });
      }
      if (request.method === 'GET' && request.url === '/oauth/userinfo') {
        const phone = accessTokens.get((request.headers.authorization ?? '').replace(/^Bearer /, ''));
        if (!phone) return answer(401, { error: 'invalid_token' });
        return answer(200, { sub: `u-${phone}`, phone_number: `+86${phone}`, phone_number_verified: true });
      }
      answer(404, {});
    });
  });
}

const codes = new Map<string, string>();
let partner: Server;
let ctx: TestContext;
let plain: TestContext;

beforeAll(async () => {
  partner = fakePartner(codes);
  await new Promise<void>((resolve) => partner.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(partner.address() as AddressInfo).port}`;
  ctx = await createTestContext({
    env: {
      PARTNER_OAUTH_TOKEN_URL: `${base}/oauth/token`,
      PARTNER_OAUTH_USERINFO_URL: `${base}/oauth/userinfo`,
      PARTNER_OAUTH_CLIENT_ID: 'taxlens',
      PARTNER_OAUTH_CLIENT_SECRET: 'partner-secret-1',
      PARTNER_SSO_CLIENT_ID: 'partner-app',
      PARTNER_SSO_CLIENT_SECRET: 'our-secret-for-partner',
    },
  });
  plain = await createTestContext({ template: 'empty' });
});
afterAll(async () => {
  await Promise.all([ctx.close(), plain.close()]);
  partner.close();
});

describe('/api/auvgo/login: sign-in from the partner platform', () => {
  it("signs in the user whose phone the partner's code stands for; the code works once", async () => {
    const user = await createUser(ctx.db, { groupId: await createGroup(ctx.db) });
    codes.set('code-ok', user.phone);
    const answer = await ctx.call('POST', '/api/auvgo/login', { body: { code: 'code-ok' } });
    expect(answer.code).toBe(0);
    expect(answer.data.userId).toBe(user.id);
    const me = await ctx.call('GET', '/api/userInfo/findUserLoginInfo', { token: answer.data.userToken });
    expect(me.data.phone).toBe(user.phone);
    const replay = await ctx.call('POST', '/api/auvgo/login', { body: { code: 'code-ok' } });
    expect([replay.status, replay.code]).toEqual([401, 2010]);
  });

  it('refuses a phone with no account, and says when partner sign-on is not configured', async () => {
    codes.set('code-stranger', '19900000123');
    const stranger = await ctx.call('POST', '/api/auvgo/login', { body: { code: 'code-stranger' } });
    expect([stranger.status, stranger.msg]).toEqual([404, '该手机号尚未注册税镜账号，请先注册']);
    const off = await plain.call('POST', '/api/auvgo/login', { body: { code: 'anything' } });
    expect([off.status, off.msg]).toEqual([404, '未开通合作平台登录']);
  });
});

describe('szx/auth/code: a one-time code for signing in on the partner platform', () => {
  it('is redeemed once by the partner with its client secret, and never again', async () => {
    const user = await createUser(ctx.db, { groupId: await createGroup(ctx.db, '码兑换测试所') });
    const token = await ctx.login(user.phone);
    const issued = await ctx.call('GET', '/api/userInfo/szx/auth/code', { token });
    expect(issued.data.expiresIn).toBe(300);
    const redeem = (code: string, secret = 'our-secret-for-partner') =>
      ctx.call('POST', '/api/partner/sso/token', {
        body: { code, client_id: 'partner-app', client_secret: secret },
      });
    expect((await redeem(issued.data.code, 'wrong-secret')).status).toBe(401);
    const first = await redeem(issued.data.code);
    expect(first.data).toMatchObject({ userId: user.id, phone: user.phone, groupName: '码兑换测试所' });
    const replay = await redeem(issued.data.code);
    expect([replay.status, replay.msg]).toEqual([401, 'invalid_grant']);
  });

  it('an expired code is refused; without configuration no code is issued', async () => {
    const user = await createUser(ctx.db, { groupId: await createGroup(ctx.db) });
    const issued = await ctx.call('GET', '/api/userInfo/szx/auth/code', { token: await ctx.login(user.phone) });
    await ctx.db
      .updateTable('partner_sso_codes')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .execute();
    const late = await ctx.call('POST', '/api/partner/sso/token', {
      body: { code: issued.data.code, client_id: 'partner-app', client_secret: 'our-secret-for-partner' },
    });
    expect(late.status).toBe(401);
    const other = await createUser(plain.db, { groupId: await createGroup(plain.db) });
    const off = await plain.call('GET', '/api/userInfo/szx/auth/code', { token: await plain.login(other.phone) });
    expect([off.status, off.msg]).toEqual([404, '未开通合作平台登录']);
  });
});
