import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helpers.js';
import { latestAudit, staffToken } from '../operator/test-support.js';

let ctx: TestContext;
let content: string;
let ops: string;
let support: string;
let customer: string;

const service = {
  title: '印花税专项核查',
  subheading: '按合同类型核对应税凭证与税目',
  label: '税务合规',
  description: '逐类核对购销、借款、租赁等合同的计税依据与适用税目，列出漏缴与多缴。',
  deliverables: '核查表；补缴测算',
  riskKinds: ['tax_arrears'],
  sortOrder: 5,
  active: true,
};

beforeAll(async () => {
  ctx = await createTestContext();
  await ctx.db.updateTable('groups').set({ data_price_auth: 1 }).where('id', '=', 1).execute();
  content = (await staffToken(ctx, ['content'])).token;
  ops = (await staffToken(ctx, ['ops'])).token;
  support = (await staffToken(ctx, ['support'])).token;
  customer = await ctx.login('13800000001');
});
afterAll(() => ctx.close());

describe('operator data-service catalogue (/api/operator/dataServices)', () => {
  it('内容 adds and takes off a service; customers see the change; each save is audited with before and after', async () => {
    const added = await ctx.call('POST', '/api/operator/dataServices/save', { token: content, body: service });
    expect(added.code, added.msg).toBe(0);
    const id = added.data.id as number;
    const shown = await ctx.call('GET', '/api/DataServerDelivery/details', {
      token: customer,
      query: { id: String(id) },
    });
    expect(shown.data.title).toBe('印花税专项核查');

    const off = await ctx.call('POST', '/api/operator/dataServices/save', {
      token: content,
      body: { ...service, id, active: false },
    });
    expect(off.code).toBe(0);
    const gone = await ctx.call('GET', '/api/DataServerDelivery/details', {
      token: customer,
      query: { id: String(id) },
    });
    expect(gone.status).toBe(404);
    const [audit] = await latestAudit(ctx, 1);
    expect(audit?.target_type).toBe('data_service');
    expect(audit?.before).toMatchObject({ active: true, title: '印花税专项核查' });
    expect(audit?.after).toMatchObject({ active: false });

    const list = await ctx.call('GET', '/api/operator/dataServices/list', { token: ops });
    expect(list.data.find((row: { id: number }) => row.id === id)).toMatchObject({ active: false, requests: 0 });
  });

  it('refuses bad input with the field named and changes nothing', async () => {
    const before = await ctx.call('GET', '/api/operator/dataServices/list', { token: content });
    const bad = await ctx.call('POST', '/api/operator/dataServices/save', {
      token: content,
      body: { ...service, title: ' ', sortOrder: -1 },
    });
    expect(bad.status).toBe(400);
    expect(bad.data.fields).toMatchObject({ title: '请输入服务名称', sortOrder: '排序不能小于 0' });
    const after = await ctx.call('GET', '/api/operator/dataServices/list', { token: content });
    expect(after.data).toHaveLength(before.data.length);
  });

  it('运营 follows up a firm request (audited); 客服 and customers are refused', async () => {
    const services = await ctx.call('GET', '/api/DataServerDelivery/findByLabel', { token: customer });
    const submitted = await ctx.call('POST', '/api/DataServerDelivery/submitInfo', {
      token: customer,
      body: { deliveryId: services.data.list[0].id, contactName: '王会计', contactPhone: '13812345679' },
    });
    expect(submitted.code, submitted.msg).toBe(0);
    const list = await ctx.call('GET', '/api/operator/dataServices/requests', {
      token: ops,
      query: { status: 'submitted' },
    });
    const row = list.data.list.find((item: { id: number }) => item.id === submitted.data.id);
    expect(row).toMatchObject({ contactName: '王会计', status: 'submitted' });
    expect(row.groupName).toBeTruthy();

    const updated = await ctx.call('POST', '/api/operator/dataServices/updateRequest', {
      token: ops,
      body: { id: submitted.data.id, status: 'contacted' },
    });
    expect(updated.code).toBe(0);
    const [audit] = await latestAudit(ctx, 1);
    expect(audit?.before).toEqual({ status: 'submitted' });
    expect(audit?.after).toEqual({ status: 'contacted' });
    const mine = await ctx.call('GET', '/api/DataServerDelivery/findSubmitInfo', {
      token: customer,
      query: { id: String(submitted.data.id) },
    });
    expect(mine.data.status).toBe('contacted');

    const missing = await ctx.call('POST', '/api/operator/dataServices/updateRequest', {
      token: ops,
      body: { id: 999999, status: 'closed' },
    });
    expect(missing.status).toBe(404);
    for (const token of [support, customer]) {
      const denied = await ctx.call('POST', '/api/operator/dataServices/updateRequest', {
        token,
        body: { id: submitted.data.id, status: 'closed' },
      });
      expect(denied.status).toBe(403);
    }
    for (const token of [support, customer]) {
      expect((await ctx.call('GET', '/api/operator/dataServices/list', { token })).status).toBe(403);
      expect((await ctx.call('POST', '/api/operator/dataServices/save', { token, body: service })).status).toBe(403);
    }
  });
});
