import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { BRAND_COLORS, BRAND_FONT_STACK, brandLogoSvg } from '@taxlens/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helpers.js';
import { renderCashierNotFound } from './cashier.page.js';
import { builtFontStylesheet } from './cashier.routes.js';
import { ensureSandboxSecret } from './settings.repo.js';
import { expectLedgerMatches, ledgerCount, notify, placeOrder, signedNotification, wallet } from './test-support.js';

let ctx: TestContext;
let main: string;
beforeAll(async () => {
  ctx = await createTestContext();
  main = await ctx.login('13800000001');
});
afterAll(() => ctx.close());

async function notifications(orderNo: string) {
  return ctx.db
    .selectFrom('payment_notifications')
    .select(['outcome'])
    .where('order_no', '=', orderNo)
    .orderBy('id')
    .execute();
}

describe('sandbox cashier page', () => {
  it('shows merchant, amount in yuan, a sandbox notice and the two buttons; no login needed', async () => {
    const order = await placeOrder(ctx, main, { packageId: 1 });
    const page = await ctx.app.inject({ method: 'GET', url: order.cashierUrl ?? '' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['content-security-policy']).toContain("default-src 'none'");
    expect(page.body).toContain('税镜 TaxLens 沙箱收银台');
    expect(page.body).toContain('¥ 1,000.00');
    expect(page.body).toContain('不会发生任何真实扣款');
    expect(page.body).toContain(order.orderNo);
    expect(page.body).toMatch(/确认支付/);
    expect(page.body).toMatch(/取消/);
    const unknown = await ctx.app.inject({ method: 'GET', url: '/sandbox-cashier/nope' });
    expect([unknown.statusCode, unknown.body.includes('支付链接无效')]).toEqual([404, true]);
  });

  it('looks like the product: its font stack, navy bar, logo and primary colour (issue 19)', async () => {
    const order = await placeOrder(ctx, main, { packageId: 1 });
    const page = await ctx.app.inject({ method: 'GET', url: order.cashierUrl ?? '' });
    expect(page.body).toContain(`font-family: ${BRAND_FONT_STACK}`);
    expect(page.body).toContain(`background: ${BRAND_COLORS.navy}`);
    expect(page.body).toContain(`background: ${BRAND_COLORS.primary}`);
    expect(page.body).toContain(brandLogoSvg(28));
    expect(page.headers['content-security-policy']).toContain("font-src 'self'");
  });

  it('links the built client’s self-hosted font stylesheet when there is one', () => {
    const dist = mkdtempSync(path.join(os.tmpdir(), 'cashier-dist-'));
    expect(builtFontStylesheet(dist)).toBeNull();
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'assets', 'index-abc.css'), '');
    expect(builtFontStylesheet(dist)).toBeNull();
    writeFileSync(path.join(dist, 'assets', 'noto-sans-sc-C39yST7d.css'), '');
    expect(builtFontStylesheet(dist)).toBe('/assets/noto-sans-sc-C39yST7d.css');
    expect(renderCashierNotFound('/assets/noto-sans-sc-C39yST7d.css')).toContain(
      '<link rel="stylesheet" href="/assets/noto-sans-sc-C39yST7d.css">',
    );
  });

  it('确认支付 posts a signed notification to the notify URL, credits the package once, redirects to /pay', async () => {
    const before = await wallet(ctx.db, 1);
    const order = await placeOrder(ctx, main, { packageId: 2 });
    const paid = await ctx.app.inject({
      method: 'POST',
      url: `${order.cashierUrl}/pay`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(`/pay?orderId=${order.orderId}`);
    const after = await wallet(ctx.db, 1);
    expect(after.balance - before.balance).toBe(550_000);
    expect(after.credits.map((count, index) => count - (before.credits[index] ?? 0))).toEqual([5, 5, 2, 0, 0, 0]);
    const rows = await ctx.db
      .selectFrom('ledger_entries')
      .select(['asset', 'delta', 'after', 'reason'])
      .where('order_id', '=', order.orderId)
      .orderBy('asset')
      .execute();
    expect(rows.map((row) => [row.asset, Number(row.delta), row.reason])).toEqual([
      [0, 550_000, 'package_purchase'],
      [1, 5, 'package_purchase'],
      [2, 5, 'package_purchase'],
      [3, 2, 'package_purchase'],
    ]);
    expect(Number(rows[0]?.after)).toBe(after.balance);
    expect((await notifications(order.orderNo)).map((row) => row.outcome)).toEqual(['credited']);
    const state = await ctx.call('GET', '/api/Order/findPayState', {
      token: main,
      query: { orderId: String(order.orderId) },
    });
    expect(state.data).toMatchObject({ state: 'paid', paid: true });
    // Paying again at the cashier changes nothing.
    const again = await ctx.app.inject({ method: 'POST', url: `${order.cashierUrl}/pay` });
    expect(again.statusCode).toBe(409);
    expect(again.body).toContain('已支付');
    expect(await wallet(ctx.db, 1)).toEqual(after);
    await expectLedgerMatches(ctx.db, 1);
  });

  it('取消 cancels the order and redirects to /pay; an expired order cannot be paid', async () => {
    const order = await placeOrder(ctx, main, { amountFen: 5_000 });
    const cancelled = await ctx.app.inject({ method: 'POST', url: `${order.cashierUrl}/cancel` });
    expect([cancelled.statusCode, cancelled.headers.location]).toEqual([303, `/pay?orderId=${order.orderId}`]);
    const row = await ctx.db
      .selectFrom('orders')
      .select('state')
      .where('id', '=', order.orderId)
      .executeTakeFirstOrThrow();
    expect(row.state).toBe('cancelled');

    const expired = await placeOrder(ctx, main, { amountFen: 6_000 });
    await ctx.db
      .updateTable('orders')
      .set({ expires_at: sql`now() - interval '1 second'` })
      .where('id', '=', expired.orderId)
      .execute();
    const before = await wallet(ctx.db, 1);
    const refused = await ctx.app.inject({ method: 'POST', url: `${expired.cashierUrl}/pay` });
    expect(refused.statusCode).toBe(409);
    expect(refused.body).toContain('已超时');
    expect(await wallet(ctx.db, 1)).toEqual(before);
  });
});

describe('payment notifications', () => {
  it('the same paid callback delivered 100 times concurrently credits exactly once', async () => {
    const order = await placeOrder(ctx, main, { amountFen: 12_345 });
    const body = await signedNotification(ctx.db, { orderNo: order.orderNo, amountFen: 12_345 });
    const before = await wallet(ctx.db, 1);
    const rowsBefore = await ledgerCount(ctx.db, 1);
    const answers = await Promise.all(Array.from({ length: 100 }, () => notify(ctx, body)));
    expect(answers.every((answer) => answer.status === 200 && answer.code === 0)).toBe(true);
    expect(answers.filter((answer) => answer.data.outcome === 'credited')).toHaveLength(1);
    expect(answers.filter((answer) => answer.data.outcome === 'duplicate')).toHaveLength(99);
    expect((await wallet(ctx.db, 1)).balance - before.balance).toBe(12_345);
    expect((await ledgerCount(ctx.db, 1)) - rowsBefore).toBe(1);
    const outcomes = (await notifications(order.orderNo)).map((row) => row.outcome);
    expect(outcomes.filter((outcome) => outcome === 'credited')).toHaveLength(1);
    expect(outcomes).toHaveLength(100);
    await expectLedgerMatches(ctx.db, 1);
  });

  it('a second payment (another transaction id) of a paid order credits nothing', async () => {
    const order = await placeOrder(ctx, main, { amountFen: 7_000 });
    await notify(ctx, await signedNotification(ctx.db, { orderNo: order.orderNo, amountFen: 7_000 }));
    const before = await wallet(ctx.db, 1);
    const second = await notify(ctx, await signedNotification(ctx.db, { orderNo: order.orderNo, amountFen: 7_000 }));
    expect([second.status, second.data.outcome]).toEqual([200, 'duplicate_payment']);
    expect(await wallet(ctx.db, 1)).toEqual(before);
  });

  it('a bad signature, a wrong amount, an unknown order and a reused transaction id each credit nothing', async () => {
    const order = await placeOrder(ctx, main, { amountFen: 8_000 });
    const before = await wallet(ctx.db, 1);
    const rowsBefore = await ledgerCount(ctx.db, 1);

    const good = await signedNotification(ctx.db, { orderNo: order.orderNo, amountFen: 8_000 });
    const forged = { ...good, amountFen: 800_000 };
    const badSignature = await notify(ctx, forged);
    expect([badSignature.status, badSignature.msg]).toEqual([400, '签名校验失败']);
    const wrongSecret = await notify(ctx, { ...good, sign: 'a'.repeat(64) });
    expect(wrongSecret.status).toBe(400);

    const wrongAmount = await notify(
      ctx,
      await signedNotification(ctx.db, { orderNo: order.orderNo, amountFen: 7_999 }),
    );
    expect([wrongAmount.status, wrongAmount.msg]).toEqual([400, '支付金额与订单金额不符，未入账']);

    const unknown = await notify(
      ctx,
      await signedNotification(ctx.db, { orderNo: 'TL00000000000000000000', amountFen: 8_000 }),
    );
    expect(unknown.status).toBe(404);

    const malformed = await notify(ctx, { orderNo: order.orderNo, amountFen: '8000' });
    expect([malformed.status, malformed.msg]).toEqual([400, '通知格式不正确']);

    const paidElsewhere = await placeOrder(ctx, main, { amountFen: 8_000 });
    const first = await signedNotification(ctx.db, { orderNo: paidElsewhere.orderNo, amountFen: 8_000 });
    expect((await notify(ctx, first)).data.outcome).toBe('credited');
    const reused = await notify(
      ctx,
      await signedNotification(ctx.db, { orderNo: order.orderNo, amountFen: 8_000, txnId: first.txnId }),
    );
    expect(reused.status).toBe(409);

    const after = await wallet(ctx.db, 1);
    expect(after.balance - before.balance).toBe(8_000);
    expect((await ledgerCount(ctx.db, 1)) - rowsBefore).toBe(1);
    expect((await notifications(order.orderNo)).map((row) => row.outcome)).toEqual([
      'bad_signature',
      'bad_signature',
      'amount_mismatch',
      'malformed',
      'txn_reused',
    ]);
    const state = await ctx.db
      .selectFrom('orders')
      .select('state')
      .where('id', '=', order.orderId)
      .executeTakeFirstOrThrow();
    expect(state.state).toBe('pending');
  });

  it('keeps the generated secret across restarts (stored once in the database)', async () => {
    const rows = await ctx.db
      .selectFrom('app_settings')
      .select('value')
      .where('key', '=', 'payment_sandbox_secret')
      .execute();
    expect(rows).toHaveLength(1);
    expect(String(rows[0]?.value)).toMatch(/^[\w-]{43}$/);
    // What a restarted instance does at start: it reads the same secret instead of making a new one.
    expect(await ensureSandboxSecret(ctx.db)).toBe(String(rows[0]?.value));
  });

  it('stores only the signed fields of a callback, never what a caller added beside them', async () => {
    const order = await placeOrder(ctx, main, { amountFen: 1_000 });
    const signed = await signedNotification(ctx.db, { orderNo: order.orderNo, amountFen: order.amountFen });
    const padded = {
      ...signed,
      note: '<img src=x onerror=alert(1)>',
      operator: '13800000001',
      extra: { deep: 'x'.repeat(5000) },
    };
    expect((await notify(ctx, padded)).data).toMatchObject({ outcome: 'credited' });
    const forged = { ...signed, txnId: 'SBXFORGED', note: '伪造', orderNo: `${order.orderNo}${'9'.repeat(300)}` };
    expect((await notify(ctx, forged)).code).not.toBe(0);
    const stored = await ctx.db
      .selectFrom('payment_notifications')
      .select(['outcome', 'payload'])
      .where('order_no', 'like', `${order.orderNo}%`)
      .orderBy('id')
      .execute();
    const payloads = stored.map((row) => (typeof row.payload === 'string' ? JSON.parse(row.payload) : row.payload));
    expect(stored.map((row) => row.outcome)).toEqual(['credited', 'malformed']);
    expect(payloads[0]).toEqual(signed);
    // A refused callback keeps only the gateway's own field names, each cut short.
    expect(Object.keys(payloads[1]).sort()).toEqual(Object.keys(signed).sort());
    expect(payloads[1].orderNo.length).toBeLessThanOrEqual(200);
  });
});
