import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGroup, createUser } from '../../../test/factories.js';
import { createTestContext, type TestContext } from '../../../test/helpers.js';
import { DEMO_CLIENT } from '../companydata/seed/demo-company-data.js';
import { DATA_SERVICE_MESSAGES } from '../dataview/data-service.js';

let ctx: TestContext;
let main: string;
let staff: string;
let otherGroup: string;
const BASE = '/api/DataServerDelivery';

beforeAll(async () => {
  ctx = await createTestContext();
  const other = await createGroup(ctx.db, '另一家财税公司');
  await ctx.db.updateTable('groups').set({ data_price_auth: 1 }).where('id', 'in', [1, other]).execute();
  main = await ctx.login('13800000001');
  staff = await ctx.login('13800000003');
  otherGroup = await ctx.login((await createUser(ctx.db, { groupId: other })).phone);
});
afterAll(() => ctx.close());

describe('data services (/api/DataServerDelivery)', () => {
  it('recommends the services answering the risk lists a company is on', async () => {
    const answer = await ctx.call('GET', `${BASE}/recommend`, { token: main, query: { creditCode: DEMO_CLIENT.code } });
    expect(answer.code, answer.msg).toBe(0);
    const penalty = answer.data.listedKinds.find((item: { kind: string }) => item.kind === 'admin_penalty');
    expect(penalty).toBeDefined();
    const first = answer.data.list[0];
    expect(first.riskKinds).toContain('admin_penalty');
    expect(first.reason).toContain('该企业在行政处罚');
    // Services for lists the company is not on come after, without a reason.
    expect(answer.data.list.at(-1).reason).toBeNull();
    const clients = await ctx.call('GET', `${BASE}/recommend`, { token: main });
    expect(clients.data.basis).toBe('clients');
    expect(clients.data.list).toHaveLength(answer.data.list.length);
  });

  it('lists by label and shows one service', async () => {
    const all = await ctx.call('GET', `${BASE}/findByLabel`, { token: main });
    expect(all.data.labels).toEqual(expect.arrayContaining(['工商合规', '税务合规', '司法风险', '拓客']));
    const tax = await ctx.call('GET', `${BASE}/findByLabel`, { token: main, query: { label: '税务合规' } });
    expect(tax.data.list.length).toBeGreaterThan(0);
    for (const item of tax.data.list) expect(item.label).toBe('税务合规');
    const detail = await ctx.call('GET', `${BASE}/details`, {
      token: main,
      query: { id: String(tax.data.list[0].id) },
    });
    expect(detail.data.title).toBe(tax.data.list[0].title);
    const missing = await ctx.call('GET', `${BASE}/details`, { token: main, query: { id: '99999' } });
    expect(missing.status).toBe(404);
    expect(missing.msg).toBe('该数据服务不存在或已下架');
  });

  it('takes a request, shows it to its group only (cross-group 404)', async () => {
    const services = await ctx.call('GET', `${BASE}/findByLabel`, { token: main });
    const body = {
      deliveryId: services.data.list[0].id,
      contactName: '张会计',
      contactPhone: '13812345678',
      creditCode: DEMO_CLIENT.code,
      remark: '客户上月被列入经营异常名录',
    };
    const submitted = await ctx.call('POST', `${BASE}/submitInfo`, { token: staff, body });
    expect(submitted.code, submitted.msg).toBe(0);
    expect(submitted.msg).toBe('提交成功，客户经理将尽快与您联系');
    const mine = await ctx.call('GET', `${BASE}/findSubmitInfo`, {
      token: main,
      query: { id: String(submitted.data.id) },
    });
    expect(mine.data).toMatchObject({ contactName: '张会计', companyName: DEMO_CLIENT.name, status: 'submitted' });
    const list = await ctx.call('GET', `${BASE}/submitList`, { token: main });
    expect(list.data.map((item: { id: number }) => item.id)).toContain(submitted.data.id);

    const foreign = await ctx.call('GET', `${BASE}/findSubmitInfo`, {
      token: otherGroup,
      query: { id: String(submitted.data.id) },
    });
    expect(foreign.status).toBe(404);
    const foreignList = await ctx.call('GET', `${BASE}/submitList`, { token: otherGroup });
    expect(foreignList.data).toEqual([]);
  });

  it('refuses bad input with Chinese messages, storing nothing', async () => {
    const before = await ctx.call('GET', `${BASE}/submitList`, { token: main });
    const phone = await ctx.call('POST', `${BASE}/submitInfo`, {
      token: main,
      body: { deliveryId: 1, contactName: '张会计', contactPhone: '1381234' },
    });
    expect(phone.status).toBe(400);
    expect(phone.msg).toContain('手机号');
    const name = await ctx.call('POST', `${BASE}/submitInfo`, {
      token: main,
      body: { deliveryId: 1, contactName: ' ', contactPhone: '13812345678' },
    });
    expect(name.status).toBe(400);
    expect(name.msg).toContain('请输入联系人');
    const unknown = await ctx.call('POST', `${BASE}/submitInfo`, {
      token: main,
      body: { deliveryId: 1, contactName: '张会计', contactPhone: '13812345678', creditCode: '91440300MA5XXXXXX0' },
    });
    expect(unknown.status).toBe(400);
    const after = await ctx.call('GET', `${BASE}/submitList`, { token: main });
    expect(after.data).toHaveLength(before.data.length);
  });

  it('needs the data service (403 on every call)', async () => {
    await ctx.db.updateTable('groups').set({ data_price_auth: 0 }).where('id', '=', 1).execute();
    try {
      for (const [method, url] of [
        ['GET', `${BASE}/recommend`],
        ['GET', `${BASE}/findByLabel`],
        ['GET', `${BASE}/details?id=1`],
        ['GET', `${BASE}/submitList`],
        ['GET', `${BASE}/findSubmitInfo?id=1`],
        ['POST', `${BASE}/submitInfo`],
      ] as const) {
        const answer = await ctx.call(method, url, {
          token: main,
          body: method === 'POST' ? { deliveryId: 1, contactName: '张', contactPhone: '13812345678' } : undefined,
        });
        expect(answer.status, url).toBe(403);
        expect(answer.msg).toBe(DATA_SERVICE_MESSAGES[0]);
      }
    } finally {
      await ctx.db.updateTable('groups').set({ data_price_auth: 1 }).where('id', '=', 1).execute();
    }
  });
});
