import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helpers.js';
import { expectLedgerMatches, wallet } from '../billing/test-support.js';
import { type RelayFake, startRelayFake } from './testing/relay-fake.js';

let ctx: TestContext;
let fake: RelayFake;
let main: string;
const BASE = '/api/InvoiceAuthenticity';
const INVOICE = { number: '24312000000136555001', date: '20240514', fourth: '1060.00' };

beforeAll(async () => {
  fake = await startRelayFake();
  ctx = await createTestContext({
    env: {
      VERIFICATION_PROVIDER: 'relay',
      VERIFICATION_RELAY_URL: fake.url,
      VERIFICATION_RELAY_APP_ID: fake.appId,
      VERIFICATION_RELAY_APP_SECRET: fake.appSecret,
    },
  });
  main = await ctx.login('13800000001');
  fake.invoices.push({ fpdm: '', fphm: INVOICE.number, kprq: INVOICE.date, je: INVOICE.fourth, zfbz: 'N' });
});
afterAll(async () => {
  await ctx.close();
  await fake.close();
});

describe('checks through the verification relay', () => {
  it('labels the relay as the provider and adds the platform’s answer to the local checks', async () => {
    expect((await ctx.call('GET', `${BASE}/provider`, { token: main })).data.label).toBe('查验平台（服务商转发）');
    const answer = await ctx.call('POST', `${BASE}/invoice/manualVerify`, { token: main, body: INVOICE });
    const detail = await ctx.call('GET', `${BASE}/infoById`, {
      token: main,
      query: { id: String(answer.data.checked[0].id) },
    });
    expect(detail.data).toMatchObject({ provider: 'relay', vendorCode: '001' });
    expect(detail.data.results[0]).toMatchObject({ id: 'platform', verdict: 'pass', reason: '查验平台：发票状态正常' });
  });

  it('an outage on our side refunds the charge: two ledger rows, balance unchanged', async () => {
    const before = await wallet(ctx.db, 1);
    fake.failWithStatus = 502;
    const answer = await ctx.call('POST', `${BASE}/invoice/manualVerify`, { token: main, body: INVOICE });
    fake.failWithStatus = null;
    expect(answer.data.checked[0]).toMatchObject({ verdict: 'error', refunded: true });
    expect(answer.data.checked[0].summary).toContain('HTTP 502');
    expect(answer.data.chargedFen).toBe(0);
    expect((await wallet(ctx.db, 1)).balance).toBe(before.balance);
    const flow = await ctx.call('GET', `${BASE}/getInvoiceAuthFlow`, { token: main });
    expect(flow.data.list.slice(0, 2).map((row: { deltaFen: number }) => row.deltaFen)).toEqual([50, -50]);
    await expectLedgerMatches(ctx.db, 1);
  });

  it('five checks of one invoice a day: the sixth is refused with 002 and not charged', async () => {
    // Two of today's five were used above.
    for (let i = 0; i < 3; i++) {
      expect((await ctx.call('POST', `${BASE}/invoice/manualVerify`, { token: main, body: INVOICE })).status).toBe(200);
    }
    const calls = fake.received.length;
    const before = await wallet(ctx.db, 1);
    const sixth = await ctx.call('POST', `${BASE}/invoice/manualVerify`, { token: main, body: INVOICE });
    expect(sixth.status).toBe(429);
    expect(sixth.msg).toContain('002 超过该张票当天查验次数');
    expect(fake.received.length).toBe(calls);
    expect((await wallet(ctx.db, 1)).balance).toBe(before.balance);
  });
});
