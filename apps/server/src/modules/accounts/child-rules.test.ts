import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTeam, createUser, nextPhone } from '../../../test/factories.js';
import { createTestContext, type TestContext } from '../../../test/helpers.js';
import { expectLedgerMatches, wallet } from '../billing/test-support.js';
import { teamIdsOf } from './teams.repo.js';

let ctx: TestContext;
let main: string;
beforeAll(async () => {
  ctx = await createTestContext();
  main = await ctx.login('13800000001');
});
afterAll(() => ctx.close());

describe('deleting a sub-account', () => {
  it('moves its balance and credits back to the main account, with ledger rows and transfers', async () => {
    const staff = await createUser(ctx.db, { groupId: 1, level: 3 });
    const before = await wallet(ctx.db, 1);
    for (const body of [
      { toUserId: staff.id, balance: 5000 },
      { toUserId: staff.id, numberType: 2, count: 3 },
    ]) {
      expect((await ctx.call('POST', '/api/userInfo/giving', { token: main, body })).code).toBe(0);
    }
    expect(await wallet(ctx.db, staff.id)).toEqual({ balance: 5000, credits: [0, 3, 0, 0, 0, 0] });

    const deleted = await ctx.call('POST', '/api/userInfo/delUserDetails', { token: main, body: { userId: staff.id } });
    expect(deleted.code).toBe(0);
    expect(await wallet(ctx.db, staff.id)).toEqual({ balance: 0, credits: [0, 0, 0, 0, 0, 0] });
    expect(await wallet(ctx.db, 1)).toEqual(before);
    const back = await ctx.db
      .selectFrom('wallet_transfers')
      .select(['kind', 'to_user_id', 'asset', 'amount'])
      .where('from_user_id', '=', staff.id)
      .orderBy('asset')
      .execute();
    expect(back.map((row) => [row.kind, Number(row.to_user_id), row.asset, Number(row.amount)])).toEqual([
      ['take_back', 1, 0, 5000],
      ['take_back', 1, 2, 3],
    ]);
    const reasons = await ctx.db
      .selectFrom('ledger_entries')
      .select('reason')
      .where('counterpart_user_id', '=', staff.id)
      .where('user_id', '=', 1)
      .execute();
    expect(reasons.map((row) => row.reason).filter((reason) => reason === 'take_back_in')).toHaveLength(2);
    await expectLedgerMatches(ctx.db, staff.id);
    await expectLedgerMatches(ctx.db, 1);
  });

  it('with an empty wallet writes no transfer', async () => {
    const staff = await createUser(ctx.db, { groupId: 1, level: 3 });
    await ctx.call('POST', '/api/userInfo/delUserDetails', { token: main, body: { userId: staff.id } });
    const rows = await ctx.db
      .selectFrom('wallet_transfers')
      .select('id')
      .where('from_user_id', '=', staff.id)
      .execute();
    expect(rows).toHaveLength(0);
  });
});

describe('supervisors and team membership', () => {
  it('a supervisor cannot change a staff member’s teams through updateChildUser (403), only resend them', async () => {
    const lead = await createUser(ctx.db, { groupId: 1, level: 2 });
    const staff = await createUser(ctx.db, { groupId: 1, level: 3 });
    const shared = await createTeam(ctx.db, 1, `共同团队${lead.id}`, [lead.id, staff.id]);
    const mainsTeam = await createTeam(ctx.db, 1, `主账号团队${lead.id}`, [staff.id]);
    const token = await ctx.login(lead.phone);

    const pullOut = await ctx.call('POST', '/api/userInfo/updateChildUser', {
      token,
      body: { userId: staff.id, teamIds: [shared] },
    });
    expect([pullOut.status, pullOut.msg]).toEqual([403, '只有主账号可以调整员工所在的团队']);
    expect((await teamIdsOf(ctx.db, staff.id)).sort()).toEqual([shared, mainsTeam].sort());

    const unchanged = await ctx.call('POST', '/api/userInfo/updateChildUser', {
      token,
      body: { userId: staff.id, nickName: '改名', teamIds: [mainsTeam, shared] },
    });
    expect(unchanged.code).toBe(0);
    const byMain = await ctx.call('POST', '/api/userInfo/updateChildUser', {
      token: main,
      body: { userId: staff.id, teamIds: [shared] },
    });
    expect(byMain.code).toBe(0);
    expect(await teamIdsOf(ctx.db, staff.id)).toEqual([shared]);
  });

  it('raising anyone to level 1 is 403, not a schema 400, for a supervisor and for the main account', async () => {
    const lead = await createUser(ctx.db, { groupId: 1, level: 2 });
    const staff = await createUser(ctx.db, { groupId: 1, level: 3 });
    await createTeam(ctx.db, 1, `升级团队${lead.id}`, [lead.id, staff.id]);
    const token = await ctx.login(lead.phone);
    const raise = await ctx.call('POST', '/api/userInfo/updateChildUser', {
      token,
      body: { userId: staff.id, level: 1 },
    });
    expect([raise.status, raise.code, raise.msg]).toEqual([403, 1003, '当前用户没有权限，请联系管理员']);
    const addMain = await ctx.call('POST', '/api/userInfo/addChildAccount', {
      token,
      body: { phone: nextPhone(), pwd: 'abc12345', level: 1, nickName: '新主账号' },
    });
    expect(addMain.status).toBe(403);
    const byMain = await ctx.call('POST', '/api/userInfo/updateChildUser', {
      token: main,
      body: { userId: staff.id, level: 1 },
    });
    expect(byMain.status).toBe(403);
    const level4 = await ctx.call('POST', '/api/userInfo/updateChildUser', {
      token: main,
      body: { userId: staff.id, level: 4 },
    });
    expect(level4.status).toBe(400);
  });
});

describe('adding a sub-account', () => {
  it('maps a duplicate phone that wins the race to PHONE_TAKEN (409), not 500', async () => {
    const phone = nextPhone();
    const body = { phone, pwd: 'abc12345', level: 3, nickName: '并发' };
    const answers = await Promise.all([
      ctx.call('POST', '/api/userInfo/addChildAccount', { token: main, body }),
      ctx.call('POST', '/api/userInfo/addChildAccount', { token: main, body }),
      ctx.call('POST', '/api/userInfo/addChildAccount', { token: main, body }),
    ]);
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([200, 409, 409]);
    for (const answer of answers.filter((item) => item.status === 409)) expect(answer.msg).toBe('该手机号已被使用');
  });

  it('a supervisor in no team cannot add staff (they would vanish from its list); in a team it can', async () => {
    const lead = await createUser(ctx.db, { groupId: 1, level: 2 });
    const token = await ctx.login(lead.phone);
    const phone = nextPhone();
    const body = { phone, pwd: 'abc12345', level: 3, nickName: '无团队员工' };
    const refused = await ctx.call('POST', '/api/userInfo/addChildAccount', { token, body });
    expect([refused.status, refused.msg]).toEqual([403, '您还不在任何团队中，请先由主账号将您加入团队，再添加员工']);
    expect(await ctx.db.selectFrom('users').select('id').where('phone', '=', phone).execute()).toEqual([]);
    await createTeam(ctx.db, 1, '新团队', [lead.id]);
    const added = await ctx.call('POST', '/api/userInfo/addChildAccount', { token, body });
    expect(added.code).toBe(0);
    const list = await ctx.call('GET', '/api/userInfo/getChildUserList', { token });
    expect(list.data.list.map((user: { phone: string }) => user.phone)).toContain(phone);
  });
});
