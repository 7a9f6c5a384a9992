import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGroup, createUser } from '../../../test/factories.js';
import { createTestContext, type TestContext } from '../../../test/helpers.js';
import { AppError } from '../../lib/app-error.js';
import { chargeForReport, refundCharge } from './charges.service.js';
import { expectLedgerMatches, wallet } from './test-support.js';
import { moveAsset } from './wallet.repo.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

/** A group in the given wallet mode: a main account holding `balance` fen, and one staff member. */
async function firm(mode: 'shared' | 'own', balance: number) {
  const groupId = await createGroup(ctx.db);
  await ctx.db.updateTable('groups').set({ wallet_mode: mode }).where('id', '=', groupId).execute();
  const main = await createUser(ctx.db, { groupId, level: 1, nickName: '李主账号' });
  const staff = await createUser(ctx.db, { groupId, level: 3 });
  if (balance > 0) {
    await ctx.db
      .transaction()
      .execute((tx) =>
        moveAsset(tx, { groupId, userId: main.id, asset: 0, delta: balance, reason: 'operator_adjust' }),
      );
  }
  return { groupId, main, staff };
}

const charge = (groupId: number, userId: number, requestKey: string) =>
  ctx.db.transaction().execute((tx) => chargeForReport(tx, { groupId, userId, creditType: 2, requestKey }));

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  if (!(error instanceof AppError)) throw new Error(`expected an AppError, got ${String(error)}`);
  return error;
}

describe('wallet mode', () => {
  it('shared: a new staff member pays from the main account’s wallet, and a refund goes back there', async () => {
    const { groupId, main, staff } = await firm('shared', 100_000);
    const result = await charge(groupId, staff.id, 'day-one');
    expect(result).toMatchObject({ paidWith: 'balance', amount: 39_900 });
    expect((await wallet(ctx.db, main.id)).balance).toBe(60_100);
    expect((await wallet(ctx.db, staff.id)).balance).toBe(0);
    const row = await ctx.db
      .selectFrom('ledger_entries')
      .select(['user_id', 'actor_id', 'counterpart_user_id'])
      .where('reason', '=', 'report_charge')
      .where('group_id', '=', groupId)
      .executeTakeFirstOrThrow();
    expect([Number(row.user_id), Number(row.actor_id), Number(row.counterpart_user_id)]).toEqual([
      main.id,
      staff.id,
      staff.id,
    ]);
    await ctx.db
      .transaction()
      .execute((tx) => refundCharge(tx, { groupId, chargeId: result.chargeId, reason: '生成失败' }));
    expect((await wallet(ctx.db, main.id)).balance).toBe(100_000);
    await expectLedgerMatches(ctx.db, main.id);
    await expectLedgerMatches(ctx.db, staff.id);
  });

  it('shared: what was transferred to the staff member is used first', async () => {
    const { groupId, main, staff } = await firm('shared', 100_000);
    await ctx.db
      .transaction()
      .execute((tx) => moveAsset(tx, { groupId, userId: staff.id, asset: 2, delta: 1, reason: 'operator_adjust' }));
    expect(await charge(groupId, staff.id, 'own-credit')).toMatchObject({ paidWith: 'credit' });
    expect(await wallet(ctx.db, staff.id)).toEqual({ balance: 0, credits: [0, 0, 0, 0, 0, 0] });
    expect((await wallet(ctx.db, main.id)).balance).toBe(100_000);
  });

  it('shared: the monthly limit refuses the draw that would pass it, naming whom to ask', async () => {
    const { groupId, main, staff } = await firm('shared', 200_000);
    await ctx.db.updateTable('users').set({ monthly_limit_fen: 50_000 }).where('id', '=', staff.id).execute();
    await charge(groupId, staff.id, 'within');
    const error = await refusal(charge(groupId, staff.id, 'beyond'));
    expect(error.errorName).toBe('INSUFFICIENT_FUNDS');
    expect(error.message).toContain('本月的报告额度不足');
    expect(error.message).toContain(`李主账号（${main.phone}）`);
    expect((await wallet(ctx.db, main.id)).balance).toBe(160_100);
  });

  it('shared: an empty group wallet says to ask the main account to top up', async () => {
    const { groupId, main, staff } = await firm('shared', 0);
    const error = await refusal(charge(groupId, staff.id, 'empty'));
    expect(error.message).toContain('团队余额不足');
    expect(error.message).toContain(`请联系主账号 李主账号（${main.phone}）充值`);
  });

  it('own: the staff member pays only from its own wallet and is told to ask for a transfer', async () => {
    const { groupId, main, staff } = await firm('own', 100_000);
    const error = await refusal(charge(groupId, staff.id, 'own-empty'));
    expect(error.message).toContain('为您划拨余额或报告次数');
    expect(error.message).toContain(main.phone);
    expect((await wallet(ctx.db, main.id)).balance).toBe(100_000);
    const token = await ctx.login(main.phone);
    const given = await ctx.call('POST', '/api/userInfo/giving', {
      token,
      body: { toUserId: staff.id, balance: 39_900 },
    });
    expect(given.code).toBe(0);
    expect(await charge(groupId, staff.id, 'own-funded')).toMatchObject({ paidWith: 'balance' });
    expect(await wallet(ctx.db, staff.id)).toEqual({ balance: 0, credits: [0, 0, 0, 0, 0, 0] });
  });
});

describe('wallet settings API', () => {
  it('the main account switches the mode and sets a limit; the user list shows wallets and limits', async () => {
    const { main, staff } = await firm('own', 0);
    const token = await ctx.login(main.phone);
    expect((await ctx.call('GET', '/api/userInfo/walletSettings', { token })).data).toEqual({ walletMode: 'own' });
    const set = await ctx.call('POST', '/api/userInfo/updateWalletSettings', { token, body: { walletMode: 'shared' } });
    expect(set.code).toBe(0);
    expect((await ctx.call('GET', '/api/userInfo/walletSettings', { token })).data).toEqual({ walletMode: 'shared' });
    const limit = await ctx.call('POST', '/api/userInfo/updateMonthlyLimit', {
      token,
      body: { userId: staff.id, monthlyLimitFen: 100_000 },
    });
    expect(limit.code).toBe(0);
    const list = await ctx.call('GET', '/api/userInfo/getChildUserList', { token, query: { page: '1', size: '10' } });
    expect(list.data.list[0]).toMatchObject({
      userId: staff.id,
      balance: 0,
      monthlyLimitFen: 100_000,
      monthlyUsedFen: 0,
    });
    const details = await ctx.call('GET', '/api/userInfo/findUserDetails', { token: await ctx.login(staff.phone) });
    expect(details.data).toMatchObject({ walletMode: 'shared', monthlyLimitFen: 100_000, groupWallet: { balance: 0 } });
  });

  it('a supervisor may not change the mode or a limit (403), and another group’s user is 404', async () => {
    const { groupId, staff } = await firm('own', 0);
    const supervisor = await createUser(ctx.db, { groupId, level: 2 });
    const token = await ctx.login(supervisor.phone);
    const mode = await ctx.call('POST', '/api/userInfo/updateWalletSettings', {
      token,
      body: { walletMode: 'shared' },
    });
    expect(mode.status).toBe(403);
    const limit = await ctx.call('POST', '/api/userInfo/updateMonthlyLimit', {
      token,
      body: { userId: staff.id, monthlyLimitFen: 1 },
    });
    expect(limit.status).toBe(403);
    const other = await firm('own', 0);
    const otherToken = await ctx.login(other.main.phone);
    const cross = await ctx.call('POST', '/api/userInfo/updateMonthlyLimit', {
      token: otherToken,
      body: { userId: staff.id, monthlyLimitFen: 1 },
    });
    expect(cross.status).toBe(404);
  });

  it('binding an account subject creates a group in shared mode', async () => {
    const user = await createUser(ctx.db, { groupId: null });
    const token = await ctx.login(user.phone);
    const bound = await ctx.call('POST', '/api/userInfo/bindAccountSubject', {
      token,
      body: { name: '新开事务所', creditCode: '91110108769914581E', contactName: '张三', contactPhone: user.phone },
    });
    expect(bound.code).toBe(0);
    const row = await ctx.db
      .selectFrom('users as u')
      .innerJoin('groups as g', 'g.id', 'u.group_id')
      .select('g.wallet_mode')
      .where('u.id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row.wallet_mode).toBe('shared');
  });
});
