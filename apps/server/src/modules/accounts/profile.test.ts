import { LIMITS } from '@taxlens/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextPhone } from '../../../test/factories.js';
import { codeSentTo, createTestContext, type TestContext } from '../../../test/helpers.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

async function allowResend(phone: string) {
  await ctx.db
    .updateTable('sms_codes')
    .set({ created_at: sql`created_at - interval '61 seconds'` })
    .where('phone', '=', phone)
    .execute();
}

/** Codes already sent from one address this hour, up to its limit. */
async function fillAddressQuota(target: TestContext, ip: string) {
  const earlier = Array.from({ length: LIMITS.smsHourlyLimitPerIp }, (_, index) => ({
    phone: `1370000${String(index).padStart(4, '0')}`,
    purpose: 1,
    code_hash: Buffer.from('x'),
    expires_at: new Date(Date.now() + 60_000),
    client_ip: ip,
  }));
  await target.db.insertInto('sms_codes').values(earlier).execute();
}

describe('SMS codes', () => {
  it('sends a 6-digit code, stored hashed, and writes one outbox row with the phone and the code', async () => {
    const phone = nextPhone();
    const answer = await ctx.call('POST', '/api/userInfo/getCode', { body: { phone, type: 1 } });
    expect([answer.code, answer.msg]).toEqual([0, '发送成功']);
    const code = await codeSentTo(ctx, phone);
    expect(code).toMatch(/^\d{6}$/);
    const stored = await ctx.db
      .selectFrom('sms_codes')
      .select('code_hash')
      .where('phone', '=', phone)
      .executeTakeFirstOrThrow();
    expect(stored.code_hash.toString('utf8')).not.toContain(code);
  });

  it('allows one code per phone per 60 s and 10 per day (HTTP 429)', async () => {
    const phone = nextPhone();
    expect((await ctx.call('POST', '/api/userInfo/getCode', { body: { phone, type: 1 } })).code).toBe(0);
    const again = await ctx.call('POST', '/api/userInfo/getCode', { body: { phone, type: 1 } });
    expect(again.status).toBe(429);
    for (let i = 1; i < 10; i++) {
      await allowResend(phone);
      expect((await ctx.call('POST', '/api/userInfo/getCode', { body: { phone, type: 1 } })).code).toBe(0);
    }
    await allowResend(phone);
    const eleventh = await ctx.call('POST', '/api/userInfo/getCode', { body: { phone, type: 1 } });
    expect(eleventh.status).toBe(429);
    expect(eleventh.msg).toContain('上限');
  });

  it('allows one client address 60 codes an hour over all phones (behind a trusted proxy)', async () => {
    const proxied = await createTestContext({ env: { TRUST_PROXY: 'true' } });
    try {
      const fromAddress = (ip: string, phone: string) =>
        proxied.app.inject({
          method: 'POST',
          url: '/api/userInfo/getCode',
          headers: { 'x-forwarded-for': ip },
          payload: { phone, type: 1 },
        });
      await fillAddressQuota(proxied, '203.0.113.9');
      const refused = await fromAddress('203.0.113.9', nextPhone());
      expect([refused.statusCode, refused.json().msg]).toEqual([429, '当前网络发送验证码过于频繁，请稍后再试']);
      expect((await fromAddress('203.0.113.10', nextPhone())).json().code).toBe(0);
    } finally {
      await proxied.close();
    }
  });

  it('ignores X-Forwarded-For unless TRUST_PROXY is set, so a client cannot dodge the address limit', async () => {
    await fillAddressQuota(ctx, '127.0.0.1');
    const spoofed = await ctx.app.inject({
      method: 'POST',
      url: '/api/userInfo/getCode',
      headers: { 'x-forwarded-for': '198.51.100.77' },
      payload: { phone: nextPhone(), type: 1 },
    });
    expect(spoofed.statusCode).toBe(429);
    await ctx.db.deleteFrom('sms_codes').where('client_ip', '=', '127.0.0.1').execute();
  });

  it('refuses sign-up codes for known phones and login codes for unknown ones', async () => {
    expect((await ctx.call('POST', '/api/userInfo/getCode', { body: { phone: '13800000001', type: 1 } })).status).toBe(
      409,
    );
    const unknown = await ctx.call('POST', '/api/userInfo/getCode', { body: { phone: nextPhone(), type: 2 } });
    expect([unknown.status, unknown.msg]).toEqual([400, '该手机号未注册']);
  });
});

describe('sign-up, code login, passwords', () => {
  it('registers with phone, code and password; the new user has no group', async () => {
    const phone = nextPhone();
    await ctx.call('POST', '/api/userInfo/getCode', { body: { phone, type: 1 } });
    const code = await codeSentTo(ctx, phone);
    // No consent to the 服务条款 and 隐私政策: refused with the checkbox's message, nothing created, code kept.
    for (const agreeTerms of [undefined, false]) {
      const refused = await ctx.call('POST', '/api/userInfo/register', {
        body: { phone, code, pwd: 'abc12345', agreeTerms },
      });
      expect([refused.status, refused.data.fields.agreeTerms]).toEqual([400, '请阅读并同意《服务条款》和《隐私政策》']);
    }
    expect(await ctx.db.selectFrom('users').select('id').where('phone', '=', phone).executeTakeFirst()).toBeUndefined();
    const answer = await ctx.call('POST', '/api/userInfo/register', {
      body: { phone, code, pwd: 'abc12345', agreeTerms: true },
    });
    expect(answer.code).toBe(0);
    const consent = await ctx.db
      .selectFrom('users')
      .select(['terms_accepted_at', 'terms_version'])
      .where('phone', '=', phone)
      .executeTakeFirstOrThrow();
    expect(consent.terms_version).toBe('2026-11-25');
    expect(consent.terms_accepted_at).toBeInstanceOf(Date);
    expect(answer.data).toMatchObject({ phone, isGroup: 0, groupId: null, groupName: null, level: 1 });
    // The code is single use.
    const replay = await ctx.call('POST', '/api/userInfo/register', {
      body: { phone: nextPhone(), code, pwd: 'abc12345', agreeTerms: true },
    });
    expect(replay.code).toBe(2004);
    // A user without a group reaches only the open routes.
    const token = answer.data.userToken;
    expect((await ctx.call('GET', '/api/userInfo/findUserLoginInfo', { token })).code).toBe(0);
    const denied = await ctx.call('GET', '/api/userInfo/getChildUserList', { token });
    expect([denied.status, denied.code]).toEqual([403, 2007]);
  });

  it('applies the spec §5 password rules with their messages', async () => {
    const short = await ctx.call('POST', '/api/userInfo/register', {
      body: { phone: nextPhone(), code: '123456', pwd: 'a1' },
    });
    expect(short.data.fields.pwd).toBe('密码长度6-12位');
    const symbols = await ctx.call('POST', '/api/userInfo/register', {
      body: { phone: nextPhone(), code: '123456', pwd: 'abc!1234' },
    });
    expect(symbols.data.fields.pwd).toBe('只能输入数字与英文');
    const noCode = await ctx.call('POST', '/api/userInfo/register', {
      body: { phone: nextPhone(), code: '', pwd: 'abc12345' },
    });
    expect(noCode.data.fields.code).toBe('请输入验证码');
  });

  it('counts a wrong code as a try and voids the code after 5 wrong tries', async () => {
    const phone = '13800000003';
    await ctx.call('POST', '/api/userInfo/getCode', { body: { phone, type: 2 } });
    const code = await codeSentTo(ctx, phone);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      const answer = await ctx.call('POST', '/api/userInfo/login', { body: { phone, code: wrong } });
      expect([answer.status, answer.msg]).toEqual([400, '验证码错误或已过期']);
    }
    const right = await ctx.call('POST', '/api/userInfo/login', { body: { phone, code } });
    expect(right.code).toBe(2004);
  });

  it('signs in by SMS code', async () => {
    const phone = '13800000002';
    await ctx.call('POST', '/api/userInfo/getCode', { body: { phone, type: 2 } });
    const answer = await ctx.call('POST', '/api/userInfo/login', {
      body: { phone, code: await codeSentTo(ctx, phone) },
    });
    expect(answer.code).toBe(0);
    expect(answer.data.userId).toBe(2);
  });

  it('an expired code is refused', async () => {
    const phone = '13900000001';
    await ctx.call('POST', '/api/userInfo/getCode', { body: { phone, type: 2 } });
    const code = await codeSentTo(ctx, phone);
    await ctx.db
      .updateTable('sms_codes')
      .set({ expires_at: sql`now() - interval '1 second'` })
      .where('phone', '=', phone)
      .execute();
    expect((await ctx.call('POST', '/api/userInfo/login', { body: { phone, code } })).code).toBe(2004);
  });

  it('changes the password with a code, keeps this session and ends the others', async () => {
    const phone = '13800000001';
    const keep = await ctx.login(phone);
    const other = await ctx.login(phone);
    await ctx.call('POST', '/api/userInfo/getCode', { body: { phone, type: 4 } });
    const answer = await ctx.call('POST', '/api/userInfo/updatePwd', {
      token: keep,
      body: { code: await codeSentTo(ctx, phone), pwd: 'NewPass123' },
    });
    expect([answer.code, answer.msg]).toEqual([0, '设置成功']);
    expect((await ctx.call('GET', '/api/userInfo/findUserLoginInfo', { token: keep })).code).toBe(0);
    expect((await ctx.call('GET', '/api/userInfo/findUserLoginInfo', { token: other })).code).toBe(8);
    expect((await ctx.call('POST', '/api/userInfo/login', { body: { phone, pwd: 'Demo123456' } })).code).toBe(2001);
    await ctx.login(phone, 'NewPass123');
  });

  it('resets a forgotten password', async () => {
    const phone = '13800000002';
    await ctx.db
      .updateTable('sms_codes')
      .set({ created_at: sql`now() - interval '2 minutes'` })
      .where('phone', '=', phone)
      .execute();
    await ctx.call('POST', '/api/userInfo/getCode', { body: { phone, type: 3 } });
    const answer = await ctx.call('POST', '/api/userInfo/resetPwd', {
      body: { phone, code: await codeSentTo(ctx, phone), pwd: 'Reset12345' },
    });
    expect(answer.code).toBe(0);
    await ctx.login(phone, 'Reset12345');
  });
});

describe('account subject', () => {
  async function newUserToken(): Promise<string> {
    const phone = nextPhone();
    await ctx.call('POST', '/api/userInfo/getCode', { body: { phone, type: 1 } });
    const answer = await ctx.call('POST', '/api/userInfo/register', {
      body: { phone, code: await codeSentTo(ctx, phone), pwd: 'abc12345', agreeTerms: true },
    });
    return answer.data.userToken;
  }

  it('binding creates the group with the user as main account', async () => {
    const token = await newUserToken();
    const bind = await ctx.call('POST', '/api/userInfo/bindAccountSubject', {
      token,
      body: {
        name: '测试咨询有限公司',
        creditCode: '91110108769914581E',
        contactName: '测试',
        contactPhone: '13711112222',
      },
    });
    expect(bind.code).toBe(0);
    expect(bind.data).toEqual({ groupId: expect.any(Number) });
    const me = await ctx.call('GET', '/api/userInfo/findUserLoginInfo', { token });
    expect(me.data).toMatchObject({ isGroup: 1, groupName: '测试咨询有限公司', level: 1, levelString: '主账号' });
    const again = await ctx.call('POST', '/api/userInfo/bindAccountSubject', {
      token,
      body: { name: '另一家公司', creditCode: '91110108769914581E', contactName: '测试', contactPhone: '13711112222' },
    });
    expect(again.status).toBe(409);
    const info = await ctx.call('GET', '/api/userInfo/findBindingFirm', { token });
    expect(info.data).toMatchObject({ name: '测试咨询有限公司', creditCode: '91110108769914581E' });
  });

  it('checks the credit code: malformed or a wrong check digit refused with a field error', async () => {
    const token = await newUserToken();
    const bind = (creditCode: string) =>
      ctx.call('POST', '/api/userInfo/bindAccountSubject', {
        token,
        body: { name: '测试公司', creditCode, contactName: '测试', contactPhone: '13711112222' },
      });
    const bad = await bind('91110108769914581');
    expect([bad.status, bad.data.fields.creditCode]).toEqual([400, '统一社会信用代码格式不正确']);
    const checkDigit = await bind('91350100M0001TGQXM');
    expect([checkDigit.status, checkDigit.data.fields]).toEqual([
      400,
      { creditCode: '统一社会信用代码校验位不正确，请核对' },
    ]);
    const update = await ctx.call('POST', '/api/userInfo/updateAccountSubject', {
      token: await ctx.login('13900000001'),
      body: { name: '示例公司', creditCode: '91110108MA01TL0010', contactName: '赵', contactPhone: '13900000001' },
    });
    expect([update.status, update.data.fields.creditCode]).toEqual([400, '统一社会信用代码校验位不正确，请核对']);
    expect((await bind('91110108769914581e')).code).toBe(0);
  });

  it('list hiding toggles one list, or all of them when synced', async () => {
    const token = await ctx.login('13800000003');
    const one = await ctx.call('POST', '/api/userInfo/modifyIsHidden', {
      token,
      body: { hiddenName: 'riskHidden', isHidden: 1 },
    });
    expect(one.data).toMatchObject({ riskHidden: 1, invoiceHidden: 0 });
    const all = await ctx.call('POST', '/api/userInfo/modifyIsHidden', {
      token,
      body: { hiddenName: 'invoiceHidden', isHidden: 1, sync: true },
    });
    expect(Object.values(all.data)).toEqual([1, 1, 1, 1, 1, 1, 1]);
    const me = await ctx.call('GET', '/api/userInfo/findUserLoginInfo', { token });
    expect(me.data.listHidden.flowHidden).toBe(1);
  });
});
