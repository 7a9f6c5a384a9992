import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helpers.js';
import { latestAudit, staffToken } from '../operator/test-support.js';

let ctx: TestContext;
let main: string;
let other: string;
let ops: string;
let finance: string;

const request = (extra: Record<string, unknown> = {}) => ({
  firmName: '示例财税咨询有限公司',
  contactName: '王会计',
  phone: '13800000001',
  annualRevenueFen: 360_000_000,
  staffCount: 12,
  perClaimLimitFen: 100_000_000,
  aggregateLimitFen: 300_000_000,
  services: ['代理记账', '税务代理'],
  claimsLast3Years: 0,
  note: '希望年内生效',
  ...extra,
});

beforeAll(async () => {
  ctx = await createTestContext();
  main = await ctx.login('13800000001');
  other = await ctx.login('13900000001');
  ops = (await staffToken(ctx, ['ops'])).token;
  finance = (await staffToken(ctx, ['finance'])).token;
});
afterAll(() => ctx.close());

describe('insurance quote requests (/insurance)', () => {
  it('a firm submits a quote request; bad input gets Chinese messages and stores nothing', async () => {
    const bad = await ctx.call('POST', '/api/insurance/quote', {
      token: main,
      body: request({ aggregateLimitFen: 50_000_000, phone: '123', services: [] }),
    });
    expect(bad.status).toBe(400);
    expect(bad.msg).toMatch(/请输入正确的11位手机号|请选择承保的业务范围|累计赔偿限额不能低于每次事故赔偿限额/);
    const lower = await ctx.call('POST', '/api/insurance/quote', {
      token: main,
      body: request({ aggregateLimitFen: 50_000_000 }),
    });
    expect(lower.msg).toContain('累计赔偿限额不能低于每次事故赔偿限额');
    const fraction = await ctx.call('POST', '/api/insurance/quote', {
      token: main,
      body: request({ staffCount: 1.5 }),
    });
    expect(fraction.msg).toContain('执业人员人数应为整数');
    const count = await ctx.db
      .selectFrom('insurance_quote_requests')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(0);

    const sent = await ctx.call('POST', '/api/insurance/quote', { token: main, body: request() });
    expect(sent.code, sent.msg).toBe(0);
    expect(sent.msg).toBe('询价已提交，工作人员将在1个工作日内与您联系');
    const mine = await ctx.call('GET', '/api/insurance/myQuotes', { token: main });
    expect(mine.data).toHaveLength(1);
    expect(mine.data[0]).toMatchObject({
      status: '待处理',
      perClaimLimitFen: 100_000_000,
      services: ['代理记账', '税务代理'],
    });
  });

  it('another group neither lists nor opens it (404)', async () => {
    const [row] = (await ctx.call('GET', '/api/insurance/myQuotes', { token: main })).data;
    const theirs = await ctx.call('GET', '/api/insurance/myQuotes', { token: other });
    expect(theirs.data).toHaveLength(0);
    const open = await ctx.call('GET', '/api/insurance/quoteDetail', { token: other, query: { id: String(row.id) } });
    expect(open.status).toBe(404);
    const own = await ctx.call('GET', '/api/insurance/quoteDetail', { token: main, query: { id: String(row.id) } });
    expect(own.data.firmName).toBe('示例财税咨询有限公司');
  });

  it('reaches the operator (ops), who records the follow-up; customers and finance staff are refused', async () => {
    const list = await ctx.call('GET', '/api/operator/insurance/quotes', { token: ops, query: { status: '待处理' } });
    expect(list.code, list.msg).toBe(0);
    expect(list.data.total).toBe(1);
    expect(list.data.list[0]).toMatchObject({ groupName: '示例财税咨询有限公司', contactName: '王会计' });
    const id = list.data.list[0].id;
    for (const token of [main, finance]) {
      const denied = await ctx.call('GET', '/api/operator/insurance/quotes', { token });
      expect(denied.status).toBe(403);
      const update = await ctx.call('POST', '/api/operator/insurance/update', {
        token,
        body: { id, status: '已联系' },
      });
      expect(update.status).toBe(403);
    }
    const bad = await ctx.call('POST', '/api/operator/insurance/update', {
      token: ops,
      body: { id, status: '已成交' },
    });
    expect(bad.msg).toContain('状态应为待处理、已联系、已报价或已关闭');
    const done = await ctx.call('POST', '/api/operator/insurance/update', {
      token: ops,
      body: { id, status: '已报价', operatorNote: '已发送报价单，年保费约1.2万元' },
    });
    expect(done.code, done.msg).toBe(0);
    const [audit] = await latestAudit(ctx, 1);
    expect(audit?.target_type).toBe('insurance_quote');
    const mine = await ctx.call('GET', '/api/insurance/quoteDetail', { token: main, query: { id: String(id) } });
    expect(mine.data).toMatchObject({ status: '已报价', operatorNote: '已发送报价单，年保费约1.2万元' });
    const missing = await ctx.call('POST', '/api/operator/insurance/update', {
      token: ops,
      body: { id: 999999, status: '已联系' },
    });
    expect(missing.status).toBe(404);
  });
});
