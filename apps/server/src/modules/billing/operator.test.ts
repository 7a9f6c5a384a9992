import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helpers.js';
import { closeExpiredOrdersJob } from './billing.jobs.js';
import { expectLedgerMatches, operatorToken, placeOrder, wallet } from './test-support.js';

let ctx: TestContext;
let main: string;
let operator: { id: number; token: string };
beforeAll(async () => {
  ctx = await createTestContext();
  main = await ctx.login('13800000001');
  operator = await operatorToken(ctx);
});
afterAll(() => ctx.close());

const op = (url: string, body: unknown) =>
  ctx.call('POST', `/api/operator/billing/${url}`, { token: operator.token, body });

describe('bank transfers', () => {
  it('wait in the operator’s queue until confirmed; confirming credits the package once, as ledger rows', async () => {
    const order = await placeOrder(ctx, main, { packageId: 4, payMethod: 'bank_transfer' });
    const pending = await ctx.call('GET', '/api/operator/billing/pending', { token: operator.token });
    expect(pending.data.bankTransfers.map((item: { orderId: number }) => item.orderId)).toContain(order.orderId);
    expect(pending.data.bankTransfers[0]).toMatchObject({ groupId: 1, groupName: '示例财税咨询有限公司' });
    const before = await wallet(ctx.db, 1);
    const confirmed = await op('confirmTransfer', { orderId: order.orderId, bankSerial: 'CMB20261122001' });
    expect([confirmed.status, confirmed.data]).toEqual([200, { orderId: order.orderId, groupId: 1 }]);
    const after = await wallet(ctx.db, 1);
    expect(after.balance).toBe(before.balance);
    expect(after.credits[0]! - before.credits[0]!).toBe(10);
    const rows = await ctx.db
      .selectFrom('ledger_entries')
      .select(['actor_id', 'reason'])
      .where('order_id', '=', order.orderId)
      .execute();
    expect(rows).toEqual([{ actor_id: operator.id, reason: 'package_purchase' }]);
    const twice = await op('confirmTransfer', { orderId: order.orderId });
    expect([twice.status, twice.msg]).toEqual([409, '订单已支付，无法确认收款']);
    const state = await ctx.call('GET', '/api/Order/findPayState', {
      token: main,
      query: { orderId: String(order.orderId) },
    });
    expect(state.data.paid).toBe(true);
    await expectLedgerMatches(ctx.db, 1);
  });

  it('a bank transfer closed after 7 days can still be confirmed; a cancelled one or a reused serial cannot', async () => {
    const late = await placeOrder(ctx, main, { amountFen: 88_800, payMethod: 'bank_transfer' });
    await ctx.db
      .updateTable('orders')
      .set({ expires_at: sql`now() - interval '1 minute'` })
      .where('id', '=', late.orderId)
      .execute();
    await closeExpiredOrdersJob.handle({}, { db: ctx.db, boss: ctx.app.boss, storage: ctx.app.storage, log: () => {} });
    const before = await wallet(ctx.db, 1);
    expect((await op('confirmTransfer', { orderId: late.orderId })).status).toBe(200);
    expect((await wallet(ctx.db, 1)).balance - before.balance).toBe(88_800);

    const reused = await placeOrder(ctx, main, { amountFen: 1_000, payMethod: 'bank_transfer' });
    const serial = await op('confirmTransfer', { orderId: reused.orderId, bankSerial: 'CMB20261122001' });
    expect([serial.status, serial.msg]).toEqual([409, '该银行流水号已入账']);

    const cancelled = await placeOrder(ctx, main, { amountFen: 1_000, payMethod: 'bank_transfer' });
    await ctx.call('POST', '/api/Order/cancelOrder', { token: main, body: { orderId: cancelled.orderId } });
    expect((await op('confirmTransfer', { orderId: cancelled.orderId })).status).toBe(409);
    const sandbox = await placeOrder(ctx, main, { amountFen: 1_000 });
    expect((await op('confirmTransfer', { orderId: sandbox.orderId })).status).toBe(404);
    expect((await op('confirmTransfer', { orderId: 'x' })).status).toBe(400);
  });
});

describe('wallet adjustments', () => {
  it('adds or takes with a reason as one ledger row, never below zero', async () => {
    const added = await op('adjustWallet', { userId: 4, asset: 0, delta: 5_000, reason: '线下活动补偿' });
    expect([added.status, added.data.after]).toEqual([200, 5_000]);
    const taken = await op('adjustWallet', { userId: 4, asset: 3, delta: -1, reason: '误发收回' });
    expect([taken.status, taken.code, taken.msg]).toEqual([402, 4021, '调整后将小于 0，未调整']);
    const row = await ctx.db
      .selectFrom('ledger_entries')
      .select(['reason', 'note', 'actor_id', 'delta'])
      .where('user_id', '=', 4)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ reason: 'operator_adjust', note: '线下活动补偿', actor_id: operator.id });
    for (const body of [
      { userId: 4, asset: 0, delta: 0, reason: '零' },
      { userId: 4, asset: 0, delta: 1.5, reason: '小数' },
      { userId: 4, asset: 7, delta: 1, reason: '类型' },
      { userId: 4, asset: 0, delta: 1 },
    ]) {
      expect((await op('adjustWallet', body)).status, JSON.stringify(body)).toBe(400);
    }
    expect((await op('adjustWallet', { userId: 999_999, asset: 0, delta: 1, reason: '不存在' })).status).toBe(404);
    await expectLedgerMatches(ctx.db, 4);
  });
});

describe('prices and packages', () => {
  it('sets and removes a group’s own price', async () => {
    expect((await op('setGroupPrice', { groupId: 2, creditType: 1, priceFen: 19_900 })).status).toBe(200);
    expect((await op('setGroupPrice', { groupId: 2, creditType: 1, priceFen: 18_800 })).status).toBe(200);
    const other = await ctx.login('13900000001');
    const prices = async () =>
      (await ctx.call('GET', '/api/Order/findBuyConfigList', { token: other })).data.prices[0].priceFen as number;
    expect(await prices()).toBe(18_800);
    await op('setGroupPrice', { groupId: 2, creditType: 1, priceFen: null });
    expect(await prices()).toBe(29_900);
    expect((await op('setGroupPrice', { groupId: 999_999, creditType: 1, priceFen: 1 })).status).toBe(404);
    expect((await op('setGroupPrice', { groupId: 2, creditType: 1, priceFen: -1 })).status).toBe(400);
  });

  it('creates, updates and retires a package; an order keeps what it was placed with', async () => {
    const body = { name: '测试套餐', priceFen: 1_000, balanceFen: 1_000, credits: [1, 0, 0, 0, 0, 0], sort: 99 };
    const created = await op('savePackage', body);
    const id = created.data as number;
    const order = await placeOrder(ctx, main, { packageId: id });
    expect((await op('savePackage', { ...body, id, priceFen: 2_000, active: false })).status).toBe(200);
    const config = await ctx.call('GET', '/api/Order/findBuyConfigList', { token: main });
    expect(config.data.packages.some((item: { id: number }) => item.id === id)).toBe(false);
    const kept = await ctx.db
      .selectFrom('orders')
      .select('amount_fen')
      .where('id', '=', order.orderId)
      .executeTakeFirstOrThrow();
    expect(Number(kept.amount_fen)).toBe(1_000);
    expect((await op('savePackage', { ...body, balanceFen: 0, credits: [0, 0, 0, 0, 0, 0] })).status).toBe(400);
    expect((await op('savePackage', { ...body, id: 999_999 })).status).toBe(404);
  });
});

describe('operator access', () => {
  it('refuses every operator call to customers, even the main account (403)', async () => {
    for (const [method, url] of [
      ['GET', 'pending'],
      ['POST', 'confirmTransfer'],
      ['POST', 'adjustWallet'],
      ['POST', 'issueInvoice'],
      ['POST', 'setGroupPrice'],
      ['POST', 'savePackage'],
    ] as const) {
      const answer = await ctx.call(method, `/api/operator/billing/${url}`, {
        token: main,
        body: method === 'POST' ? {} : undefined,
      });
      expect([answer.status, answer.code], url).toEqual([403, 1003]);
    }
  });
});
