import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTeam, createUser } from '../../../test/factories.js';
import { createTestContext, type TestContext } from '../../../test/helpers.js';
import { expectLedgerMatches, ledgerCount, topUp, wallet } from './test-support.js';

let ctx: TestContext;
let main: string;
let otherMain: string;
/** A supervisor leading a team with one staff member, and a staff member outside the team. */
let lead: { id: number; token: string };
let teamStaff: { id: number; token: string };
let outsider: { id: number; token: string };
beforeAll(async () => {
  ctx = await createTestContext();
  main = await ctx.login('13800000001');
  otherMain = await ctx.login('13900000001');
  const signIn = async (level: 2 | 3) => {
    const user = await createUser(ctx.db, { groupId: 1, level });
    return { id: user.id, token: await ctx.login(user.phone) };
  };
  lead = await signIn(2);
  teamStaff = await signIn(3);
  outsider = await signIn(3);
  await createTeam(ctx.db, 1, '测试团队', [lead.id, teamStaff.id]);
});
afterAll(() => ctx.close());

describe('wallet view', () => {
  it('shows the caller’s balance and credits; a managed user’s on request; 403/404 otherwise', async () => {
    const own = await ctx.call('GET', '/api/UserAssets/blanceByUserId', { token: main });
    expect(own.data).toMatchObject({ userId: 1, balance: 100_000, balanceVisible: true });
    expect(own.data.numberList.map((item: { count: number }) => item.count)).toEqual([20, 20, 20, 20, 20, 20]);
    expect(own.data.numberList[0]).toMatchObject({ type: 1, name: '发票穿透报告', icon: 'invoice' });
    const child = await ctx.call('GET', '/api/UserAssets/blanceByUserId', {
      token: lead.token,
      query: { userId: String(teamStaff.id) },
    });
    expect(child.data).toMatchObject({ userId: teamStaff.id, balance: 0 });
    const notMine = await ctx.call('GET', '/api/UserAssets/blanceByUserId', {
      token: lead.token,
      query: { userId: String(outsider.id) },
    });
    expect(notMine.status).toBe(403);
    const foreign = await ctx.call('GET', '/api/UserAssets/blanceByUserId', {
      token: otherMain,
      query: { userId: '1' },
    });
    expect(foreign.status).toBe(404);
    expect(
      (await ctx.call('GET', '/api/UserAssets/blanceByUserId', { token: main, query: { userId: '-1' } })).status,
    ).toBe(400);
  });

  it('answers balance null with balanceVisible false to a user without viewBalance', async () => {
    const user = await createUser(ctx.db, { groupId: 1, level: 3, notMenus: [{ type: 1, permission: 'viewBalance' }] });
    const token = await ctx.login(user.phone);
    const answer = await ctx.call('GET', '/api/UserAssets/blanceByUserId', { token });
    expect(answer.data).toMatchObject({ balance: null, balanceVisible: false });
    await topUp(ctx, token, 10_000);
    const overview = await ctx.call('GET', '/api/UserAssets/dataOverview', { token });
    expect(overview.data).toMatchObject({ spentThisMonthFen: null, topUpThisMonthFen: null, topUpTotalFen: null });
  });

  it('refuses the /my calls to a level-3 user with fyzx denied (403)', async () => {
    const user = await createUser(ctx.db, { groupId: 1, level: 3, notMenus: [{ type: 0, permission: 'fyzx' }] });
    const token = await ctx.login(user.phone);
    for (const [method, url] of [
      ['GET', '/api/UserAssets/blanceByUserId'],
      ['GET', '/api/UserAssets/dataOverview'],
      ['POST', '/api/UserAssets/balanceToNum'],
    ] as const) {
      const answer = await ctx.call(method, url, {
        token,
        body: method === 'POST' ? { numberType: 1, count: 1 } : undefined,
      });
      expect([answer.status, answer.code], url).toEqual([403, 1003]);
    }
  });
});

describe('giving and taking back', () => {
  it('the main account gives balance and credits to a sub-account: two ledger rows, one transfer', async () => {
    const rows = await ledgerCount(ctx.db, 1);
    const give = await ctx.call('POST', '/api/userInfo/giving', {
      token: main,
      body: { toUserId: lead.id, balance: 30_000 },
    });
    expect([give.status, give.msg]).toEqual([200, '划拨成功']);
    expect(give.data.giver.balance).toBe(70_000);
    const credits = await ctx.call('POST', '/api/userInfo/giving', {
      token: main,
      body: { toUserId: lead.id, numberType: 2, count: 5 },
    });
    expect(credits.data.giver.numberList[1].count).toBe(15);
    expect(await wallet(ctx.db, lead.id)).toEqual({ balance: 30_000, credits: [0, 5, 0, 0, 0, 0] });
    expect((await ledgerCount(ctx.db, 1)) - rows).toBe(2);
    const entries = await ctx.db
      .selectFrom('ledger_entries')
      .select(['user_id', 'asset', 'delta', 'reason', 'counterpart_user_id', 'actor_id'])
      .where('id', 'in', (eb) =>
        eb
          .selectFrom('wallet_transfers')
          .select('out_entry_id as id')
          .where('to_user_id', '=', lead.id)
          .union(eb.selectFrom('wallet_transfers').select('in_entry_id as id').where('to_user_id', '=', lead.id)),
      )
      .orderBy('id')
      .execute();
    expect(
      entries.map((row) => [row.user_id, row.asset, Number(row.delta), row.reason, row.counterpart_user_id]),
    ).toEqual([
      [1, 0, -30_000, 'transfer_out', lead.id],
      [lead.id, 0, 30_000, 'transfer_in', 1],
      [1, 2, -5, 'transfer_out', lead.id],
      [lead.id, 2, 5, 'transfer_in', 1],
    ]);
    for (const userId of [1, lead.id]) await expectLedgerMatches(ctx.db, userId);
  });

  it('a supervisor gives only from its own wallet to its team’s staff, and takes back from them', async () => {
    const give = await ctx.call('POST', '/api/userInfo/giving', {
      token: lead.token,
      body: { toUserId: teamStaff.id, balance: 10_000 },
    });
    expect(give.status).toBe(200);
    const outside = await ctx.call('POST', '/api/userInfo/giving', {
      token: lead.token,
      body: { toUserId: outsider.id, balance: 100 },
    });
    expect([outside.status, outside.msg]).toEqual([403, '只能与本团队的员工账号划拨']);
    const toMain = await ctx.call('POST', '/api/userInfo/giving', {
      token: lead.token,
      body: { toUserId: 1, balance: 100 },
    });
    expect(toMain.status).toBe(403);
    const back = await ctx.call('POST', '/api/userInfo/takeBack', {
      token: lead.token,
      body: { fromUserId: teamStaff.id, balance: 4_000 },
    });
    expect([back.status, back.data.giver.balance]).toEqual([200, 24_000]);
    expect((await wallet(ctx.db, teamStaff.id)).balance).toBe(6_000);
    const tooMuch = await ctx.call('POST', '/api/userInfo/takeBack', {
      token: lead.token,
      body: { fromUserId: teamStaff.id, balance: 6_001 },
    });
    expect([tooMuch.status, tooMuch.code, tooMuch.msg]).toEqual([402, 4021, '该账号的余额不足，无法收回']);
    const staffTries = await ctx.call('POST', '/api/userInfo/giving', {
      token: teamStaff.token,
      body: { toUserId: outsider.id, balance: 1 },
    });
    expect(staffTries.status).toBe(403);
  });

  it('never more than the giver has (402), never negative, fractional or ambiguous (400), never another group (404)', async () => {
    const before = await wallet(ctx.db, 1);
    const tooMuch = await ctx.call('POST', '/api/userInfo/giving', {
      token: main,
      body: { toUserId: outsider.id, balance: before.balance + 1 },
    });
    expect([tooMuch.status, tooMuch.code, tooMuch.msg]).toEqual([402, 4021, '您的余额不足，无法划拨']);
    const tooMany = await ctx.call('POST', '/api/userInfo/giving', {
      token: main,
      body: { toUserId: outsider.id, numberType: 6, count: 21 },
    });
    expect(tooMany.status).toBe(402);
    for (const body of [
      { toUserId: outsider.id, balance: -100 },
      { toUserId: outsider.id, balance: 10.5 },
      { toUserId: outsider.id, balance: 0 },
      { toUserId: outsider.id, numberType: 2, count: 1.5 },
      { toUserId: outsider.id, numberType: 7, count: 1 },
      { toUserId: outsider.id, numberType: 2 },
      { toUserId: outsider.id, balance: 100, numberType: 2, count: 1 },
      { toUserId: outsider.id },
    ]) {
      const answer = await ctx.call('POST', '/api/userInfo/giving', { token: main, body });
      expect(answer.status, JSON.stringify(body)).toBe(400);
      // Every refusal reads as Chinese, never as zod's generic wording.
      expect(answer.msg, JSON.stringify(body)).not.toMatch(/无效输入|无效选项|Invalid/);
    }
    const badType = await ctx.call('POST', '/api/userInfo/giving', {
      token: main,
      body: { toUserId: outsider.id, numberType: 7, count: 1 },
    });
    expect(badType.msg).toContain('次数类型应为 1-6');
    expect(
      (await ctx.call('POST', '/api/userInfo/giving', { token: main, body: { toUserId: 1, balance: 1 } })).status,
    ).toBe(400);
    const foreign = await ctx.call('POST', '/api/userInfo/giving', {
      token: main,
      body: { toUserId: 4, balance: 100 },
    });
    expect(foreign.status).toBe(404);
    const foreignBack = await ctx.call('POST', '/api/userInfo/takeBack', {
      token: otherMain,
      body: { fromUserId: teamStaff.id, balance: 1 },
    });
    expect(foreignBack.status).toBe(404);
    expect(await wallet(ctx.db, 1)).toEqual(before);
  });

  it('opposite transfers between the same two wallets run concurrently without deadlock or loss', async () => {
    const a = await ctx.call('GET', '/api/UserAssets/blanceByUserId', { token: main });
    const startMain = a.data.balance as number;
    const startLead = (await wallet(ctx.db, lead.id)).balance;
    const calls = Array.from({ length: 30 }, (_, index) =>
      index % 2 === 0
        ? ctx.call('POST', '/api/userInfo/giving', { token: main, body: { toUserId: lead.id, balance: 100 } })
        : ctx.call('POST', '/api/userInfo/takeBack', { token: main, body: { fromUserId: lead.id, balance: 100 } }),
    );
    const answers = await Promise.all(calls);
    expect(answers.every((answer) => answer.status === 200 || answer.status === 402)).toBe(true);
    const after = [(await wallet(ctx.db, 1)).balance, (await wallet(ctx.db, lead.id)).balance];
    expect(after[0]! + after[1]!).toBe(startMain + startLead);
    for (const userId of [1, lead.id]) await expectLedgerMatches(ctx.db, userId);
  });
});

describe('充值后才可进行此操作 (spec §8)', () => {
  it('an empty wallet (never topped up) cannot give or buy credits; nothing is written', async () => {
    const group = await ctx.db
      .insertInto('groups')
      .values({ name: '未充值测试机构' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const owner = await createUser(ctx.db, { groupId: group.id, level: 1 });
    const staff = await createUser(ctx.db, { groupId: group.id, level: 3 });
    const token = await ctx.login(owner.phone);
    const before = await ledgerCount(ctx.db, owner.id);
    const give = await ctx.call('POST', '/api/userInfo/giving', { token, body: { toUserId: staff.id, balance: 100 } });
    expect([give.status, give.code, give.msg]).toEqual([402, 4021, '充值后才可进行此操作']);
    const buy = await ctx.call('POST', '/api/UserAssets/balanceToNum', { token, body: { numberType: 1, count: 1 } });
    expect([buy.status, buy.msg]).toEqual([402, '充值后才可进行此操作']);
    expect(await ledgerCount(ctx.db, owner.id)).toBe(before);
    // Once topped up, the ordinary limits apply again.
    await topUp(ctx, token, 5_000);
    const more = await ctx.call('POST', '/api/userInfo/giving', {
      token,
      body: { toUserId: staff.id, balance: 6_000 },
    });
    expect(more.msg).toBe('您的余额不足，无法划拨');
    const ok = await ctx.call('POST', '/api/userInfo/giving', { token, body: { toUserId: staff.id, balance: 5_000 } });
    expect(ok.status).toBe(200);
    await expectLedgerMatches(ctx.db, owner.id);
  });
});

describe('balanceToNum and overview', () => {
  it('converts balance into credits at the current price (count × price), atomically', async () => {
    const token = outsider.token;
    await topUp(ctx, main, 100_000);
    await ctx.call('POST', '/api/userInfo/giving', { token: main, body: { toUserId: outsider.id, balance: 60_000 } });
    const answer = await ctx.call('POST', '/api/UserAssets/balanceToNum', { token, body: { numberType: 5, count: 3 } });
    expect([answer.status, answer.data.costFen]).toEqual([200, 29_700]);
    expect(answer.data.wallet.balance).toBe(30_300);
    expect(answer.data.wallet.numberList[4].count).toBe(3);
    const poor = await ctx.call('POST', '/api/UserAssets/balanceToNum', { token, body: { numberType: 6, count: 1 } });
    expect([poor.status, poor.code]).toEqual([402, 4021]);
    expect(poor.msg).toContain('余额不足');
    expect(await wallet(ctx.db, outsider.id)).toEqual({ balance: 30_300, credits: [0, 0, 0, 0, 3, 0] });
    for (const body of [
      { numberType: 5, count: 0 },
      { numberType: 0, count: 1 },
      { numberType: 5, count: 2.5 },
    ]) {
      expect((await ctx.call('POST', '/api/UserAssets/balanceToNum', { token, body })).status).toBe(400);
    }
    await expectLedgerMatches(ctx.db, outsider.id);
  });

  it('dataOverview: wallet, balance spent this month, top-ups this month and ever, pending orders', async () => {
    const answer = await ctx.call('GET', '/api/UserAssets/dataOverview', { token: outsider.token });
    expect(answer.data).toMatchObject({
      spentThisMonthFen: 29_700,
      topUpThisMonthFen: 0,
      topUpTotalFen: 0,
      reportsThisMonth: 0,
      pendingOrders: 0,
    });
    const mine = await ctx.call('GET', '/api/UserAssets/dataOverview', { token: main });
    expect(mine.data.topUpThisMonthFen).toBe(100_000);
    expect(mine.data.topUpTotalFen).toBe(100_000);
  });
});
