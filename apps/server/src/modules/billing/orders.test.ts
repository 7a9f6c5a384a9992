import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../test/factories.js';
import { createTestContext, type TestContext } from '../../../test/helpers.js';
import { closeExpiredOrdersJob } from './billing.jobs.js';
import { notify, placeOrder, signedNotification, wallet } from './test-support.js';

let ctx: TestContext;
let main: string;
let staff: string;
let otherMain: string;
beforeAll(async () => {
  ctx = await createTestContext();
  main = await ctx.login('13800000001');
  staff = await ctx.login('13800000003');
  otherMain = await ctx.login('13900000001');
});
afterAll(() => ctx.close());

describe('prices, packages and rights', () => {
  it('answers the default prices, a group override, and the seeded packages in order', async () => {
    await ctx.db.insertInto('report_prices').values({ group_id: 1, credit_type: 2, price_fen: 35_000 }).execute();
    const config = await ctx.call('GET', '/api/Order/findBuyConfigList', { token: main });
    expect(config.status).toBe(200);
    expect(config.data.prices.map((price: { priceFen: number }) => price.priceFen)).toEqual([
      29_900, 35_000, 59_900, 19_900, 9_900, 99_900,
    ]);
    expect(config.data.packages.map((item: { id: number }) => item.id)).toEqual([1, 2, 3, 4]);
    expect(config.data.packages[1]).toMatchObject({ name: '标准套餐', priceFen: 500_000, balanceFen: 550_000 });
    expect(config.data.packages[1].credits).toEqual([
      { type: 1, name: '发票穿透报告', count: 5 },
      { type: 2, name: '经营（税务）风险检测报告', count: 5 },
      { type: 3, name: '综合税务风险报告', count: 2 },
    ]);
    const other = await ctx.call('GET', '/api/SendMsgByReport/findBuyConfig', {
      token: otherMain,
      query: { type: '7' },
    });
    expect(other.data.prices[1].priceFen).toBe(39_900);
    expect(other.data.packages).toHaveLength(4);
  });

  it('tells who may pay: the main account always, a sub-account only with the pay right', async () => {
    expect((await ctx.call('GET', '/api/Order/findtopUpRights', { token: main })).data).toMatchObject({
      pay: true,
      rechargeAstrict: 0,
      viewBalance: true,
    });
    const denied = await createUser(ctx.db, {
      groupId: 1,
      level: 3,
      notMenus: [
        { type: 1, permission: 'pay' },
        { type: 1, permission: 'viewBalance' },
      ],
    });
    const token = await ctx.login(denied.phone);
    const rights = await ctx.call('GET', '/api/Order/findtopUpRights', { token });
    expect(rights.data).toMatchObject({ pay: false, rechargeAstrict: 1, viewBalance: false });
    const refused = await ctx.call('POST', '/api/Order/unifiedOrder', {
      token,
      body: { amountFen: 10_000, payMethod: 'sandbox' },
    });
    expect([refused.status, refused.code]).toEqual([403, 1003]);
  });
});

describe('unifiedOrder', () => {
  it('creates a sandbox package order with a cashier URL that expires in 30 minutes', async () => {
    const answer = await ctx.call('POST', '/api/Order/unifiedOrder', {
      token: main,
      body: { packageId: 2, payMethod: 'sandbox' },
    });
    expect(answer.status).toBe(200);
    expect(answer.data).toMatchObject({ title: '标准套餐', amountFen: 500_000, state: 'pending', bankTransfer: null });
    expect(answer.data.orderNo).toMatch(/^TL\d{20}$/);
    expect(answer.data.cashierUrl).toMatch(/^\/sandbox-cashier\/[\w-]{32}$/);
    const minutes = (new Date(answer.data.expireTime).getTime() - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(29);
    expect(minutes).toBeLessThanOrEqual(30);
  });

  it('creates a bank-transfer top-up with the (fictitious) payee and the order number as reference', async () => {
    const answer = await ctx.call('POST', '/api/Order/unifiedOrder', {
      token: main,
      body: { amountFen: 123_456, payMethod: 'bank_transfer' },
    });
    expect(answer.data.cashierUrl).toBeNull();
    expect(answer.data.bankTransfer).toMatchObject({ amountFen: 123_456, reference: answer.data.orderNo });
    expect(answer.data.bankTransfer.accountName).toContain('示例');
    expect(answer.data.bankTransfer.notice).toContain('请勿');
    const days = (new Date(answer.data.expireTime).getTime() - Date.now()) / 86_400_000;
    expect(Math.round(days)).toBe(7);
    expect(answer.data.title).toBe('余额充值 1,234.56 元');
  });

  it('refuses bad input with 400 and field messages, and an unknown package with 404', async () => {
    const cases = [
      { amountFen: 100.5, payMethod: 'sandbox' },
      { amountFen: -100, payMethod: 'sandbox' },
      { amountFen: 50, payMethod: 'sandbox' },
      { amountFen: 10_000, packageId: 1, payMethod: 'sandbox' },
      { payMethod: 'sandbox' },
      { amountFen: 10_000, payMethod: 'wechat' },
      { amountFen: '10000', payMethod: 'sandbox' },
    ];
    for (const body of cases) {
      const answer = await ctx.call('POST', '/api/Order/unifiedOrder', { token: main, body });
      expect([answer.status, answer.code], JSON.stringify(body)).toEqual([400, 1001]);
      expect(answer.data.fields).toBeTypeOf('object');
    }
    const missing = await ctx.call('POST', '/api/Order/unifiedOrder', {
      token: main,
      body: { packageId: 999, payMethod: 'sandbox' },
    });
    expect(missing.status).toBe(404);
  });
});

describe('pay state, cancel, lists and export', () => {
  it('hands out the cashier of an own pending order again, from any device; not for others or once cancelled', async () => {
    const order = await placeOrder(ctx, main, { amountFen: 30_000 });
    const query = { orderId: String(order.orderId) };
    const again = await ctx.call('GET', '/api/Order/payInstruction', { token: main, query });
    expect(again.data).toMatchObject({ orderNo: order.orderNo, amountFen: 30_000, state: 'pending' });
    expect(again.data.cashierUrl).toBe(order.cashierUrl);
    expect((await ctx.call('GET', '/api/Order/payInstruction', { token: otherMain, query })).status).toBe(404);
    await ctx.call('POST', '/api/Order/cancelOrder', { token: main, body: { orderId: order.orderId } });
    const cancelled = await ctx.call('GET', '/api/Order/payInstruction', { token: main, query });
    expect([cancelled.status, cancelled.msg]).toEqual([409, '订单已取消，无法继续支付']);
  });

  it('polls the state, cancels a pending order once, and hides it from other groups and staff', async () => {
    const order = await placeOrder(ctx, main, { amountFen: 20_000 });
    const state = await ctx.call('GET', '/api/Order/findPayState', {
      token: main,
      query: { orderId: String(order.orderId) },
    });
    expect(state.data).toMatchObject({ state: 'pending', stateLabel: '待支付', paid: false, amountFen: 20_000 });
    for (const token of [otherMain, staff]) {
      const foreign = await ctx.call('GET', '/api/Order/findPayState', {
        token,
        query: { orderId: String(order.orderId) },
      });
      expect(foreign.status).toBe(404);
    }
    const foreignCancel = await ctx.call('POST', '/api/Order/cancelOrder', {
      token: otherMain,
      body: { orderId: order.orderId },
    });
    expect(foreignCancel.status).toBe(404);
    const cancelled = await ctx.call('POST', '/api/Order/cancelOrder', {
      token: main,
      body: { orderId: order.orderId },
    });
    expect(cancelled.data).toMatchObject({ state: 'cancelled', stateLabel: '已取消' });
    const again = await ctx.call('POST', '/api/Order/cancelOrder', { token: main, body: { orderId: order.orderId } });
    expect([again.status, again.msg]).toEqual([409, '订单已取消，无法取消']);
    expect((await ctx.call('GET', '/api/Order/findPayState', { token: main, query: { orderId: 'x' } })).status).toBe(
      400,
    );
    // A cancelled order is not credited even by a correctly signed notification.
    const late = await notify(ctx, await signedNotification(ctx.db, { orderNo: order.orderNo, amountFen: 20_000 }));
    expect(late.status).toBe(409);
  });

  it('lists orders with filters (state, method, dates, page): the group for the main account, own for others', async () => {
    const own = await createUser(ctx.db, { groupId: 1, level: 3 });
    const ownToken = await ctx.login(own.phone);
    const mine = await placeOrder(ctx, ownToken, { amountFen: 10_000, payMethod: 'bank_transfer' });
    const all = await ctx.call('GET', '/api/Order/findOrderList', { token: main, query: { size: '100' } });
    expect(all.data.list.some((item: { orderId: number }) => item.orderId === mine.orderId)).toBe(true);
    const staffList = await ctx.call('GET', '/api/Order/findOrderList', { token: ownToken });
    expect(staffList.data.list.map((item: { orderId: number }) => item.orderId)).toEqual([mine.orderId]);
    expect(staffList.data.list[0]).toMatchObject({ payMethodLabel: '对公转账', stateLabel: '待支付', invoiced: false });
    expect(staffList.data.list[0].phone).toMatch(/^\d{3}\*{4}\d{4}$/);
    const bank = await ctx.call('GET', '/api/Order/findOrderList', {
      token: main,
      query: { payMethod: 'bank_transfer', state: 'pending', size: '100' },
    });
    expect(bank.data.list.every((item: { payMethod: string }) => item.payMethod === 'bank_transfer')).toBe(true);
    const today = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
    const dated = await ctx.call('GET', '/api/Order/findOrderList', {
      token: main,
      query: { startDate: today, endDate: today, page: '1', size: '2' },
    });
    expect(dated.data.list).toHaveLength(2);
    expect(dated.data.total).toBe(all.data.total);
    const past = await ctx.call('GET', '/api/Order/findOrderList', {
      token: main,
      query: { startDate: '2020-01-01', endDate: '2020-01-31' },
    });
    expect(past.data.total).toBe(0);
    const otherGroup = await ctx.call('GET', '/api/Order/findOrderList', { token: otherMain });
    expect(otherGroup.data.total).toBe(0);
    const invalid: Record<string, string>[] = [
      { startDate: '2026-02-30' },
      { startDate: '2026-03-02', endDate: '2026-03-01' },
      { state: 'done' },
    ];
    for (const query of invalid) {
      expect((await ctx.call('GET', '/api/Order/findOrderList', { token: main, query })).status).toBe(400);
    }
  });

  it('exports the same filter as an .xlsx', async () => {
    const raw = await ctx.app.inject({
      method: 'GET',
      url: '/api/Order/exportOrderList',
      headers: { token: main },
      query: { payMethod: 'bank_transfer' },
    });
    expect(raw.statusCode).toBe(200);
    expect(raw.headers['content-type']).toContain('spreadsheetml');
    expect(raw.headers['content-disposition']).toContain(encodeURIComponent('订单列表.xlsx'));
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(raw.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('订单列表');
    expect(sheet?.getRow(1).getCell(1).value).toBe('订单号');
    const list = await ctx.call('GET', '/api/Order/findOrderList', {
      token: main,
      query: { payMethod: 'bank_transfer' },
    });
    expect((sheet?.rowCount ?? 0) - 1).toBe(list.data.total);
    expect(sheet?.getRow(2).getCell(7).value).toBe('对公转账');
    // Amounts are yuan numbers Excel can sum, shown with two decimals.
    const amount = sheet?.getRow(2).getCell(4);
    expect(amount?.value).toBe(list.data.list[0].amountFen / 100);
    expect(amount?.numFmt).toBe('#,##0.00');
  });

  it('denies the /my order pages to a user without fyzx (403) and to a non-group user', async () => {
    const denied = await createUser(ctx.db, { groupId: 1, level: 3, notMenus: [{ type: 0, permission: 'fyzx' }] });
    const token = await ctx.login(denied.phone);
    for (const url of ['/api/Order/findOrderList', '/api/Order/exportOrderList']) {
      const answer = await ctx.call('GET', url, { token });
      expect([answer.status, answer.msg]).toEqual([403, '当前用户没有权限，请联系管理员']);
    }
    const loner = await createUser(ctx.db, { groupId: null });
    const noGroup = await ctx.call('GET', '/api/Order/findOrderList', { token: await ctx.login(loner.phone) });
    expect([noGroup.status, noGroup.code]).toEqual([403, 2007]);
  });
});

describe('order time-out job', () => {
  it('closes a pending sandbox order after 30 minutes and leaves paid and bank-transfer orders alone', async () => {
    const stale = await placeOrder(ctx, main, { amountFen: 30_000 });
    const paid = await placeOrder(ctx, main, { amountFen: 40_000 });
    const bank = await placeOrder(ctx, main, { amountFen: 50_000, payMethod: 'bank_transfer' });
    await notify(ctx, await signedNotification(ctx.db, { orderNo: paid.orderNo, amountFen: 40_000 }));
    // 31 minutes later for all three orders.
    await ctx.db
      .updateTable('orders')
      .set({
        created_at: sql`created_at - interval '31 minutes'`,
        expires_at: sql`expires_at - interval '31 minutes'`,
      })
      .where('id', 'in', [stale.orderId, paid.orderId, bank.orderId])
      .execute();
    const before = await wallet(ctx.db, 1);
    await closeExpiredOrdersJob.handle({}, { db: ctx.db, boss: ctx.app.boss, storage: ctx.app.storage, log: () => {} });
    const states = await ctx.db
      .selectFrom('orders')
      .select(['id', 'state', 'closed_at'])
      .where('id', 'in', [stale.orderId, paid.orderId, bank.orderId])
      .orderBy('id')
      .execute();
    expect(states.map((row) => row.state)).toEqual(['closed', 'paid', 'pending']);
    expect(states[0]?.closed_at).toBeInstanceOf(Date);
    const state = await ctx.call('GET', '/api/Order/findPayState', {
      token: main,
      query: { orderId: String(stale.orderId) },
    });
    expect(state.data.stateLabel).toBe('已关闭');
    // A payment arriving after the close credits nothing.
    const late = await notify(ctx, await signedNotification(ctx.db, { orderNo: stale.orderNo, amountFen: 30_000 }));
    expect(late.status).toBe(409);
    expect(await wallet(ctx.db, 1)).toEqual(before);
  });

  it('is registered as a scheduled pg-boss job', async () => {
    const { JOBS } = await import('../../jobs/registry.js');
    expect(JOBS.find((job) => job.name === 'billing.close-expired-orders')?.cron).toBe('* * * * *');
  });
});
