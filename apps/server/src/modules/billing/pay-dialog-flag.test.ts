import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helpers.js';
import { companyWithInvoices } from '../../../test/uploads.js';
import { operatorToken, placeOrder, wallet } from './test-support.js';

/** notCheckPayDialogFlag (spec §3/§4): raised by a report refused for funds, cleared by a payment. */
let ctx: TestContext;
let token: string;
let firmId: number;
let userId: number;
beforeAll(async () => {
  ctx = await createTestContext({ workers: true });
  token = await ctx.login('13900000001');
  const user = await ctx.db
    .selectFrom('users')
    .select('id')
    .where('phone', '=', '13900000001')
    .executeTakeFirstOrThrow();
  userId = Number(user.id);
  ({ firmId } = await companyWithInvoices(ctx, token, { seed: 3, invoiceCount: 20, months: 2, startMonth: '2025-01' }));
});
afterAll(() => ctx.close());

const flag = async () =>
  (await ctx.call('GET', '/api/userInfo/findUserDetails', { token })).data.notCheckPayDialogFlag as number;

describe('the pay dialog flag', () => {
  it('is raised when a report is refused for lack of funds, and nothing is created or charged', async () => {
    const empty = await wallet(ctx.db, userId);
    expect(empty.balance + empty.credits.reduce((sum, count) => sum + count, 0)).toBe(0);
    expect(await flag()).toBe(0);
    const refused = await ctx.call('POST', '/api/ReportPool/create', {
      token,
      body: { firmId, reportType: 'INVOICE', periodStart: '2025-01', periodEnd: '2025-02' },
    });
    expect([refused.status, refused.code]).toEqual([402, 4021]);
    expect(await ctx.db.selectFrom('reports').select('id').where('created_by', '=', userId).execute()).toEqual([]);
    expect(await flag()).toBe(1);
  });

  it('is cleared when a payment credits the user', async () => {
    const order = await placeOrder(ctx, token, { amountFen: 50_000, payMethod: 'bank_transfer' });
    expect(await flag()).toBe(1);
    const operator = await operatorToken(ctx);
    const confirmed = await ctx.call('POST', '/api/operator/billing/confirmTransfer', {
      token: operator.token,
      body: { orderId: order.orderId },
    });
    expect(confirmed.status).toBe(200);
    expect(await flag()).toBe(0);
  });
});
