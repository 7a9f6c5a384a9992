import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGroup, createUser, nextPhone } from '../../../test/factories.js';
import { codeSentTo, createTestContext, type TestContext } from '../../../test/helpers.js';
import { expectLedgerMatches, operatorToken, wallet } from '../billing/test-support.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const tokenOf = (url: string) => new URL(url).searchParams.get('invite') as string;

/** Signs a new phone up the way the sign-up page does, through an invitation link when given. */
async function signUp(invite?: string): Promise<{ token: string; userId: number; phone: string }> {
  const phone = nextPhone();
  await ctx.call('POST', '/api/userInfo/getCode', { body: { phone, type: 1 } });
  const code = await codeSentTo(ctx, phone);
  const answer = await ctx.call('POST', '/api/userInfo/register', {
    body: { phone, code, pwd: 'Abc12345', invite, agreeTerms: true },
  });
  expect(answer.code).toBe(0);
  return { token: answer.data.userToken, userId: answer.data.userId, phone };
}

async function firmWithMain() {
  const groupId = await createGroup(ctx.db);
  const main = await createUser(ctx.db, { groupId });
  return { groupId, main, token: await ctx.login(main.phone) };
}

describe('partner invitations', () => {
  it('records a firm that signs up through the link and rewards the inviter once it binds its subject', async () => {
    const inviter = await firmWithMain();
    const created = await ctx.call('POST', '/api/PartnerInviteRecord/create', {
      token: inviter.token,
      body: { note: '渠道：行业协会' },
    });
    expect(created.code).toBe(0);
    const invite = tokenOf(created.data.url);
    const info = await ctx.call('GET', '/api/PartnerInviteRecord/info', { query: { invite } });
    expect(info.data.valid).toBe(true);

    const newcomer = await signUp(invite);
    const pending = await ctx.call('GET', '/api/PartnerInviteRecord/signups', { token: inviter.token });
    expect(pending.data.total).toBe(1);
    expect(pending.data.list[0]).toMatchObject({
      groupName: null,
      bindTime: null,
      reward: null,
      inviteNote: '渠道：行业协会',
    });
    expect(pending.data.list[0].phone).toBe(`${newcomer.phone.slice(0, 3)}****${newcomer.phone.slice(-4)}`);

    const bound = await ctx.call('POST', '/api/userInfo/bindAccountSubject', {
      token: newcomer.token,
      body: {
        name: '被邀请的会计师事务所',
        creditCode: '91110108MA01TL002W',
        contactName: '钱经理',
        contactPhone: newcomer.phone,
      },
    });
    expect(bound.code).toBe(0);
    expect((await wallet(ctx.db, inviter.main.id)).credits[0]).toBe(2);
    await expectLedgerMatches(ctx.db, inviter.main.id);
    const done = await ctx.call('GET', '/api/PartnerInviteRecord/signups', { token: inviter.token });
    expect(done.data.list[0]).toMatchObject({ groupName: '被邀请的会计师事务所', reward: '发票穿透报告 2 次' });
    const listed = await ctx.call('GET', '/api/PartnerInviteRecord/list', { token: inviter.token });
    expect(listed.data.list[0]).toMatchObject({ signups: 1, revoked: false });
    expect(listed.data.list[0]).not.toHaveProperty('url');
  });

  it('a revoked link says so and records nothing; the sign-up itself still works', async () => {
    const inviter = await firmWithMain();
    const created = await ctx.call('POST', '/api/PartnerInviteRecord/create', { token: inviter.token, body: {} });
    await ctx.call('POST', '/api/PartnerInviteRecord/revoke', { token: inviter.token, body: { id: created.data.id } });
    const invite = tokenOf(created.data.url);
    expect((await ctx.call('GET', '/api/PartnerInviteRecord/info', { query: { invite } })).data).toEqual({
      groupName: '',
      valid: false,
    });
    await signUp(invite);
    expect((await ctx.call('GET', '/api/PartnerInviteRecord/signups', { token: inviter.token })).data.total).toBe(0);
  });

  it("is the main account's (403 for staff) and keeps groups apart (404)", async () => {
    const inviter = await firmWithMain();
    const staff = await createUser(ctx.db, { groupId: inviter.groupId, level: 3 });
    const staffToken = await ctx.login(staff.phone);
    expect((await ctx.call('POST', '/api/PartnerInviteRecord/create', { token: staffToken, body: {} })).status).toBe(
      403,
    );
    expect((await ctx.call('GET', '/api/PartnerInviteRecord/list', { token: staffToken })).status).toBe(403);
    const created = await ctx.call('POST', '/api/PartnerInviteRecord/create', { token: inviter.token, body: {} });
    const other = await firmWithMain();
    const revoke = await ctx.call('POST', '/api/PartnerInviteRecord/revoke', {
      token: other.token,
      body: { id: created.data.id },
    });
    expect(revoke.status).toBe(404);
    expect((await ctx.call('GET', '/api/PartnerInviteRecord/list', { token: other.token })).data.total).toBe(0);
  });

  it('the operator sets the reward (0 = none); customers cannot, and bad values name the field', async () => {
    const operator = await operatorToken(ctx);
    const inviter = await firmWithMain();
    const path = '/api/operator/partnerInvite/reward';
    expect((await ctx.call('POST', path, { token: inviter.token, body: { creditType: 2, count: 5 } })).status).toBe(
      403,
    );
    const bad = await ctx.call('POST', path, { token: operator.token, body: { creditType: 2, count: -1 } });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.data)).toContain('count');
    expect((await ctx.call('POST', path, { token: operator.token, body: { creditType: 2, count: 0 } })).code).toBe(0);

    const created = await ctx.call('POST', '/api/PartnerInviteRecord/create', { token: inviter.token, body: {} });
    const newcomer = await signUp(tokenOf(created.data.url));
    await ctx.call('POST', '/api/userInfo/bindAccountSubject', {
      token: newcomer.token,
      body: {
        name: '另一家受邀机构',
        creditCode: '91110108MA01TL0030',
        contactName: '孙经理',
        contactPhone: newcomer.phone,
      },
    });
    const row = (await ctx.call('GET', '/api/PartnerInviteRecord/signups', { token: inviter.token })).data.list[0];
    expect(row).toMatchObject({ groupName: '另一家受邀机构', reward: null });
    expect(await wallet(ctx.db, inviter.main.id)).toEqual({ balance: 0, credits: [0, 0, 0, 0, 0, 0] });
    const audit = await ctx.db
      .selectFrom('audit_log')
      .select('detail')
      .where('action', '=', 'operator.partner_reward')
      .execute();
    expect(audit.length).toBe(1);
  });
});
