import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helpers.js';

/** A deployment that takes real money switches the sandbox cashier off (PAYMENT_SANDBOX=false). */
let ctx: TestContext;
let main: string;
beforeAll(async () => {
  ctx = await createTestContext({ env: { PAYMENT_SANDBOX: 'false' } });
  main = await ctx.login('13800000001');
});
afterAll(() => ctx.close());

describe('with the sandbox cashier off', () => {
  it('offers bank transfer only, and refuses a sandbox order without creating it', async () => {
    const rights = await ctx.call('GET', '/api/Order/findtopUpRights', { token: main });
    expect(rights.data.payMethods.map((item: { method: string }) => item.method)).toEqual(['bank_transfer']);
    expect(rights.data.sandbox).toBe(false);
    const before = await ctx.db.selectFrom('orders').select('id').execute();
    const refused = await ctx.call('POST', '/api/Order/unifiedOrder', {
      token: main,
      body: { amountFen: 10_000, payMethod: 'sandbox' },
    });
    expect([refused.status, refused.msg]).toEqual([400, '该支付方式未开通，请选择对公转账']);
    expect(await ctx.db.selectFrom('orders').select('id').execute()).toEqual(before);
    const transfer = await ctx.call('POST', '/api/Order/unifiedOrder', {
      token: main,
      body: { amountFen: 10_000, payMethod: 'bank_transfer' },
    });
    expect(transfer.code).toBe(0);
  });

  it('neither the cashier page nor the sandbox callback exists', async () => {
    // The path falls through to the web client (its own 404 page), never to a cashier.
    const cashier = await ctx.app.inject({ method: 'GET', url: '/sandbox-cashier/anything' });
    expect(cashier.body).not.toContain('沙箱收银台');
    const notify = await ctx.call('POST', '/api/Order/notify/sandbox', { body: { orderNo: 'TL1', sign: 'x' } });
    expect(notify.status).toBe(404);
  });
});
