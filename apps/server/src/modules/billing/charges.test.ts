import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGroup, createUser } from '../../../test/factories.js';
import { createTestContext, type TestContext } from '../../../test/helpers.js';
import { AppError } from '../../lib/app-error.js';
import { chargeForReport, refundCharge } from './charges.service.js';
import { expectLedgerMatches, ledgerCount, wallet } from './test-support.js';
import { moveAsset } from './wallet.repo.js';

let ctx: TestContext;
let groupId: number;
beforeAll(async () => {
  ctx = await createTestContext();
  groupId = await createGroup(ctx.db);
});
afterAll(() => ctx.close());

/** A user of the test group holding the given balance and credits (as ledger rows). */
async function funded(balance: number, credits: number[] = [0, 0, 0, 0, 0, 0]) {
  const user = await createUser(ctx.db, { groupId });
  await ctx.db.transaction().execute(async (tx) => {
    if (balance > 0)
      await moveAsset(tx, { groupId, userId: user.id, asset: 0, delta: balance, reason: 'operator_adjust' });
    for (const [index, count] of credits.entries()) {
      if (count > 0) {
        await moveAsset(tx, {
          groupId,
          userId: user.id,
          asset: (index + 1) as 1,
          delta: count,
          reason: 'operator_adjust',
        });
      }
    }
  });
  return user.id;
}

const charge = (
  userId: number,
  creditType: 1 | 2 | 3 | 4 | 5 | 6,
  requestKey: string,
  reportId: number | null = null,
) => ctx.db.transaction().execute((tx) => chargeForReport(tx, { groupId, userId, creditType, requestKey, reportId }));

describe('chargeForReport', () => {
  it('takes a credit of the report’s type first, then the price from the balance', async () => {
    const userId = await funded(100_000, [0, 1, 0, 0, 0, 0]);
    const first = await charge(userId, 2, 'r-1', 501);
    expect(first).toMatchObject({ paidWith: 'credit', amount: 1, replayed: false });
    const second = await charge(userId, 2, 'r-2', 502);
    expect(second).toMatchObject({ paidWith: 'balance', amount: 39_900, priceFen: 39_900 });
    expect(await wallet(ctx.db, userId)).toEqual({ balance: 60_100, credits: [0, 0, 0, 0, 0, 0] });
    const rows = await ctx.db
      .selectFrom('ledger_entries')
      .select(['asset', 'delta', 'after', 'reason', 'report_id'])
      .where('user_id', '=', userId)
      .where('reason', '=', 'report_charge')
      .orderBy('id')
      .execute();
    expect(rows.map((row) => [row.asset, Number(row.delta), Number(row.after), row.report_id])).toEqual([
      [2, -1, 0, 501],
      [0, -39_900, 60_100, 502],
    ]);
    await expectLedgerMatches(ctx.db, userId);
  });

  it('uses the group’s own price where set', async () => {
    await ctx.db.insertInto('report_prices').values({ group_id: groupId, credit_type: 5, price_fen: 5_000 }).execute();
    const userId = await funded(10_000);
    expect((await charge(userId, 5, 'own-price')).amount).toBe(5_000);
  });

  it('refuses with 402 / 4021 (余额不足) and changes nothing when neither credit nor balance suffices', async () => {
    const userId = await funded(29_899);
    const rows = await ledgerCount(ctx.db, userId);
    const error = await charge(userId, 1, 'poor').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AppError);
    expect([(error as AppError).status, (error as AppError).code]).toEqual([402, 4021]);
    expect((error as AppError).message).toContain('余额不足');
    expect(await wallet(ctx.db, userId)).toEqual({ balance: 29_899, credits: [0, 0, 0, 0, 0, 0] });
    expect(await ledgerCount(ctx.db, userId)).toBe(rows);
    const claimed = await ctx.db.selectFrom('report_charges').select('id').where('request_key', '=', 'poor').execute();
    expect(claimed).toHaveLength(0);
  });

  it('is idempotent by request key, also for 20 concurrent calls', async () => {
    const userId = await funded(1_000_000);
    const results = await Promise.all(Array.from({ length: 20 }, () => charge(userId, 3, 'same-key')));
    expect(results.filter((result) => !result.replayed)).toHaveLength(1);
    expect(new Set(results.map((result) => result.chargeId)).size).toBe(1);
    expect((await wallet(ctx.db, userId)).balance).toBe(1_000_000 - 59_900);
    const replay = await charge(userId, 3, 'same-key');
    expect(replay.replayed).toBe(true);
    const other = await ctx.db
      .transaction()
      .execute((tx) =>
        chargeForReport(tx, { groupId, userId, creditType: 4, requestKey: 'same-key' }).catch(
          (caught: unknown) => caught,
        ),
      );
    expect((other as AppError).status).toBe(409);
    await expectLedgerMatches(ctx.db, userId);
  });

  it('rolls back with the caller’s transaction, and refuses to run outside one', async () => {
    const userId = await funded(100_000);
    await ctx.db
      .transaction()
      .execute(async (tx) => {
        await chargeForReport(tx, { groupId, userId, creditType: 1, requestKey: 'rolled-back' });
        throw new Error('report creation failed');
      })
      .catch(() => {});
    expect((await wallet(ctx.db, userId)).balance).toBe(100_000);
    expect((await charge(userId, 1, 'rolled-back')).replayed).toBe(false);
    await expect(
      chargeForReport(ctx.db as never, { groupId, userId, creditType: 1, requestKey: 'no-tx' }),
    ).rejects.toThrow(/transaction/);
  });
});

describe('refundCharge', () => {
  it('reverses exactly one charge once, by id or by request key, to the asset it came from', async () => {
    const userId = await funded(50_000, [1, 0, 0, 0, 0, 0]);
    const byCredit = await charge(userId, 1, 'refund-credit', 701);
    const byBalance = await charge(userId, 1, 'refund-balance', 702);
    const refund = (request: { chargeId?: number; requestKey?: string }) =>
      ctx.db.transaction().execute((tx) => refundCharge(tx, { groupId, reason: '报告生成失败', ...request }));
    expect(await refund({ chargeId: byCredit.chargeId })).toMatchObject({ replayed: false });
    expect(await refund({ requestKey: 'refund-balance' })).toMatchObject({ replayed: false });
    const twice = await Promise.all([
      refund({ chargeId: byBalance.chargeId }),
      refund({ requestKey: 'refund-balance' }),
    ]);
    expect(twice.every((result) => result.replayed)).toBe(true);
    expect(await wallet(ctx.db, userId)).toEqual({ balance: 50_000, credits: [1, 0, 0, 0, 0, 0] });
    const refunds = await ctx.db
      .selectFrom('ledger_entries')
      .select(['asset', 'delta', 'report_id', 'note'])
      .where('user_id', '=', userId)
      .where('reason', '=', 'report_refund')
      .orderBy('id')
      .execute();
    expect(refunds.map((row) => [row.asset, Number(row.delta), row.report_id, row.note])).toEqual([
      [1, 1, 701, '报告生成失败'],
      [0, 29_900, 702, '报告生成失败'],
    ]);
    await expectLedgerMatches(ctx.db, userId);
  });

  it('answers 404 for an unknown charge or another group’s', async () => {
    const userId = await funded(100_000);
    const own = await charge(userId, 1, 'foreign-refund');
    const otherGroup = await createGroup(ctx.db);
    const error = await ctx.db
      .transaction()
      .execute((tx) => refundCharge(tx, { groupId: otherGroup, chargeId: own.chargeId, reason: 'x' }))
      .catch((caught: unknown) => caught);
    expect((error as AppError).status).toBe(404);
  });
});

describe('moveAsset', () => {
  it('replays a request key used concurrently instead of failing on the unique index', async () => {
    const userId = await funded(0);
    const move = () =>
      ctx.db
        .transaction()
        .execute((tx) => moveAsset(tx, { groupId, userId, asset: 0, delta: 500, reason: 'top_up', requestKey: 'k-1' }));
    const results = await Promise.all(Array.from({ length: 10 }, move));
    expect(results.filter((result) => !result.replayed)).toHaveLength(1);
    expect((await wallet(ctx.db, userId)).balance).toBe(500);
    const conflicting = await ctx.db
      .transaction()
      .execute((tx) => moveAsset(tx, { groupId, userId, asset: 0, delta: 600, reason: 'top_up', requestKey: 'k-1' }))
      .catch((caught: unknown) => caught);
    expect((conflicting as AppError).status).toBe(409);
  });
});
