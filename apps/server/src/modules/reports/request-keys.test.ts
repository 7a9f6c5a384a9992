import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helpers.js';
import { companyWithInvoices } from '../../../test/uploads.js';

/** Issue 12: a report request key is the sender's own; a JSON body over its limit says so. */
let ctx: TestContext;
let main: string;
let supervisor: string;
let firmId: number;
beforeAll(async () => {
  ctx = await createTestContext({ workers: true });
  main = await ctx.login('13800000001');
  supervisor = await ctx.login('13800000002');
  // The supervisor pays with a balance the main account hands over.
  const given = await ctx.call('POST', '/api/userInfo/giving', {
    token: main,
    body: { toUserId: 2, balance: 100_000 },
  });
  expect(given.code, given.msg).toBe(0);
  ({ firmId } = await companyWithInvoices(ctx, supervisor, {
    seed: 41,
    invoiceCount: 20,
    months: 2,
    startMonth: '2025-01',
  }));
});
afterAll(() => ctx.close());

const create = (token: string, requestKey: string) =>
  ctx.call('POST', '/api/ReportPool/create', {
    token,
    body: { firmId, reportType: 'INVOICE', periodStart: '2025-01', periodEnd: '2025-02', requestKey },
  });

describe('report request keys', () => {
  it('two users of one group sending the same key each get their own report', async () => {
    const first = await create(supervisor, 'shared-key-0001');
    expect(first.code, first.msg).toBe(0);
    const other = await create(main, 'shared-key-0001');
    expect(other.code, other.msg).toBe(0);
    expect(other.data).toEqual({ reportId: expect.any(Number), replayed: false });
    expect(other.data.reportId).not.toBe(first.data.reportId);
    // The sender's own replay still answers the sender's report.
    expect((await create(main, 'shared-key-0001')).data).toEqual({ reportId: other.data.reportId, replayed: true });
  });
});

describe('body limits', () => {
  it('a JSON body over the limit is answered as such, not as a file over 50MB', async () => {
    const answer = await ctx.app.inject({
      method: 'POST',
      url: '/api/ReportPool/create',
      headers: { token: main, 'content-type': 'application/json' },
      payload: JSON.stringify({ firmId, note: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(answer.statusCode).toBe(413);
    expect(answer.json()).toEqual({ code: 1013, msg: '请求内容过大，不可超过1MB', data: null });
  });
});
