import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGroup, createUser } from '../../../test/factories.js';
import { createTestContext, type TestContext } from '../../../test/helpers.js';
import { expectLedgerMatches, topUp, wallet } from '../billing/test-support.js';
import { latestAudit, staffToken } from './test-support.js';

let ctx: TestContext;
let finance: string;
let ops: string;
beforeAll(async () => {
  ctx = await createTestContext();
  finance = (await staffToken(ctx, ['finance'])).token;
  ops = (await staffToken(ctx, ['ops'])).token;
});
afterAll(() => ctx.close());

async function customer() {
  const groupId = await createGroup(ctx.db);
  const user = await createUser(ctx.db, { groupId });
  return { groupId, ...user, token: await ctx.login(user.phone) };
}

const today = () => new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);

describe('orders and refunds', () => {
  it('refunds a paid top-up: balance taken back with a ledger row, the order shows refunded, audited', async () => {
    const firm = await customer();
    const order = await topUp(ctx, firm.token, 30_000);
    const listed = await ctx.call('GET', '/api/operator/money/orders', {
      token: ops,
      query: { keyword: order.orderNo },
    });
    expect(listed.data.list).toMatchObject([{ orderNo: order.orderNo, state: 'paid', amountFen: 30_000 }]);

    const noReason = await ctx.call('POST', '/api/operator/money/refund', {
      token: finance,
      body: { orderId: order.orderId, reason: '' },
    });
    expect([noReason.status, noReason.data.fields]).toEqual([400, { reason: '请填写退款原因' }]);
    const asOps = await ctx.call('POST', '/api/operator/money/refund', {
      token: ops,
      body: { orderId: order.orderId, reason: '客户申请退款' },
    });
    expect(asOps.status).toBe(403);

    const refunded = await ctx.call('POST', '/api/operator/money/refund', {
      token: finance,
      body: { orderId: order.orderId, reason: '客户申请退款', bankSerial: 'B20261125001' },
    });
    expect(refunded.data).toEqual({ orderId: order.orderId, amountFen: 30_000 });
    expect((await wallet(ctx.db, firm.id)).balance).toBe(0);
    await expectLedgerMatches(ctx.db, firm.id);
    const [row] = await latestAudit(ctx, 1);
    expect(row).toMatchObject({ target_type: 'order', target_id: String(order.orderId), before: { state: 'paid' } });
    expect(row?.after).toMatchObject({ state: 'refunded', amountFen: 30_000 });
    const after = await ctx.call('GET', '/api/operator/money/orders', {
      token: finance,
      query: { keyword: order.orderNo, state: 'refunded' },
    });
    expect(after.data.list[0]).toMatchObject({ state: 'refunded', refund: { bankSerial: 'B20261125001' } });

    const twice = await ctx.call('POST', '/api/operator/money/refund', {
      token: finance,
      body: { orderId: order.orderId, reason: '重复退款' },
    });
    expect(twice.status).toBe(409);

    const daily = await ctx.call('GET', '/api/operator/money/daily', {
      token: finance,
      query: { from: today(), to: today() },
    });
    expect(daily.data[0].day).toBe(today());
    expect(daily.data[0].revenueFen).toBeGreaterThanOrEqual(30_000);
    expect(daily.data[0].refundFen).toBeGreaterThanOrEqual(30_000);
  });

  it('refuses a refund once the customer has spent the grant, naming the order; nothing changes', async () => {
    const firm = await customer();
    const order = await topUp(ctx, firm.token, 10_000);
    await ctx.call('POST', '/api/operator/billing/adjustWallet', {
      token: finance,
      body: { userId: firm.id, asset: 0, delta: -5_000, reason: '模拟已消费' },
    });
    const refused = await ctx.call('POST', '/api/operator/money/refund', {
      token: finance,
      body: { orderId: order.orderId, reason: '客户申请退款' },
    });
    expect([refused.status, Object.keys(refused.data.fields)]).toEqual([402, ['orderId']]);
    expect((await wallet(ctx.db, firm.id)).balance).toBe(5_000);
    const refunds = await ctx.db
      .selectFrom('order_refunds')
      .select('id')
      .where('order_id', '=', order.orderId)
      .execute();
    expect(refunds).toEqual([]);
  });

  it('rejects a bad date range with the field named', async () => {
    const answer = await ctx.call('GET', '/api/operator/money/daily', {
      token: finance,
      query: { from: '2026-02-01', to: '2026-01-01' },
    });
    expect([answer.status, answer.data.fields]).toEqual([400, { to: '结束日期不能早于开始日期' }]);
  });
});

describe('packages and default prices', () => {
  it('sets a default price (audited); below zero is refused with the field named; finance cannot', async () => {
    const bad = await ctx.call('POST', '/api/operator/money/setDefaultPrice', {
      token: ops,
      body: { creditType: 1, priceFen: -1 },
    });
    expect([bad.status, bad.data.fields]).toEqual([400, { priceFen: '价格不能小于 0' }]);
    expect(
      (
        await ctx.call('POST', '/api/operator/money/setDefaultPrice', {
          token: finance,
          body: { creditType: 1, priceFen: 1 },
        })
      ).status,
    ).toBe(403);
    const before = await ctx.call('GET', '/api/operator/money/catalogue', { token: ops });
    const old = before.data.prices.find((price: { creditType: number }) => price.creditType === 1).priceFen;
    await ctx.call('POST', '/api/operator/money/setDefaultPrice', {
      token: ops,
      body: { creditType: 1, priceFen: 8_800 },
    });
    const [row] = await latestAudit(ctx, 1);
    expect([row?.before, row?.after]).toEqual([
      { creditType: 1, priceFen: old },
      { creditType: 1, priceFen: 8_800 },
    ]);
    const catalogue = await ctx.call('GET', '/api/operator/money/catalogue', { token: finance });
    expect(catalogue.data.prices.find((price: { creditType: number }) => price.creditType === 1).priceFen).toBe(8_800);
    expect(catalogue.data.packages.length).toBeGreaterThan(0);
  });

  it('edits a package with its before and after in the audit log', async () => {
    const catalogue = await ctx.call('GET', '/api/operator/money/catalogue', { token: ops });
    const pkg = catalogue.data.packages[0];
    const saved = await ctx.call('POST', '/api/operator/billing/savePackage', {
      token: ops,
      body: { ...pkg, name: '基础套餐（新版）' },
    });
    expect(saved.code).toBe(0);
    const [row] = await latestAudit(ctx, 1);
    expect(row).toMatchObject({ target_type: 'package', target_id: String(pkg.id) });
    expect(row?.before).toMatchObject({ name: pkg.name });
    expect(row?.after).toMatchObject({ name: '基础套餐（新版）' });
  });
});
