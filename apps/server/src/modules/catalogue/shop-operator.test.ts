import { SHOP_MESSAGES } from '@taxlens/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helpers.js';
import { topUp } from '../billing/test-support.js';
import { latestAudit, staffToken } from '../operator/test-support.js';

let ctx: TestContext;
let content: string;
let ops: string;
let support: string;
let customer: string;

const offer = {
  title: '高新技术企业认定辅导',
  subheading: '研发费用归集、知识产权与申报材料',
  label: '资质认定',
  description: '合作机构梳理研发项目与研发费用辅助账，核对知识产权与高新技术产品收入占比，准备认定申报材料。',
  deliverables: '研发费用辅助账；申报材料',
  riskKinds: [],
  sortOrder: 150,
  active: true,
  kind: 'partner',
  priceFen: 1_200_000,
  partnerName: '启明科技咨询（演示合作机构）',
  coverImageKey: null,
  recommended: true,
  grantAsset: null,
  grantCount: null,
};

beforeAll(async () => {
  ctx = await createTestContext();
  content = (await staffToken(ctx, ['content'])).token;
  ops = (await staffToken(ctx, ['ops'])).token;
  support = (await staffToken(ctx, ['support'])).token;
  customer = await ctx.login('13800000001');
});
afterAll(() => ctx.close());

describe('operator shop items (/api/operator/dataServices, 商城 fields)', () => {
  it('内容 adds a partner offer with its price; the mall shows it; bad shop fields are refused, nothing saved', async () => {
    const before = await ctx.call('GET', '/api/operator/dataServices/list', { token: content });
    for (const [body, field, message] of [
      [{ ...offer, partnerName: null }, 'partnerName', '请输入合作机构名称'],
      [{ ...offer, priceFen: null, grantAsset: 7, grantCount: 10 }, 'priceFen', '到账次数的商品须设置价格'],
      [{ ...offer, priceFen: 12.5 }, 'priceFen', '价格应为整数分'],
      [{ ...offer, coverImageKey: 'promotions/missing.png' }, 'imageKey', '请重新上传图片'],
    ] as const) {
      const bad = await ctx.call('POST', '/api/operator/dataServices/save', { token: content, body });
      expect(bad.status, field).toBe(400);
      expect(bad.data.fields[field]).toBe(message);
    }
    expect((await ctx.call('GET', '/api/operator/dataServices/list', { token: content })).data).toHaveLength(
      before.data.length,
    );

    const saved = await ctx.call('POST', '/api/operator/dataServices/save', { token: content, body: offer });
    expect(saved.code, saved.msg).toBe(0);
    const shown = await ctx.call('GET', '/api/DataServerDelivery/details', {
      token: customer,
      query: { id: String(saved.data.id), scene: 'mall' },
    });
    expect(shown.data).toMatchObject({ priceFen: 1_200_000, partnerName: offer.partnerName, recommended: true });
    const listed = (await ctx.call('GET', '/api/operator/dataServices/list', { token: ops })).data.find(
      (row: { id: number }) => row.id === saved.data.id,
    );
    expect(listed).toMatchObject({ kind: 'partner', priceFen: 1_200_000, recommended: true });
  });

  it('内容 takes an item off the shelf (audited): customers can no longer see or buy it; 运营 and 客服 may not', async () => {
    const saved = await ctx.call('POST', '/api/operator/dataServices/save', {
      token: content,
      body: { ...offer, title: '股权架构设计咨询' },
    });
    const id = saved.data.id as number;
    for (const token of [ops, support, customer]) {
      const denied = await ctx.call('POST', '/api/operator/dataServices/shelf', { token, body: { id, active: false } });
      expect(denied.status).toBe(403);
    }
    const off = await ctx.call('POST', '/api/operator/dataServices/shelf', {
      token: content,
      body: { id, active: false },
    });
    expect(off.msg).toBe('已下架');
    const [audit] = await latestAudit(ctx, 1);
    expect(audit).toMatchObject({ target_type: 'data_service', before: { active: true }, after: { active: false } });
    const gone = await ctx.call('GET', '/api/DataServerDelivery/details', {
      token: customer,
      query: { id: String(id), scene: 'mall' },
    });
    expect(gone.status).toBe(404);
    expect(gone.msg).toBe(SHOP_MESSAGES.itemMissing);
    await topUp(ctx, customer, 2_000_000);
    const buy = await ctx.call('POST', '/api/DataServerDelivery/buy', {
      token: customer,
      body: {
        scene: 'mall',
        deliveryId: id,
        requestKey: 'buy-off-shelf-1',
        contactName: '王会计',
        contactPhone: '13912345678',
      },
    });
    expect(buy.status).toBe(404);
    const missing = await ctx.call('POST', '/api/operator/dataServices/shelf', {
      token: content,
      body: { id: 999999, active: true },
    });
    expect(missing.status).toBe(404);
  });

  it('a purchase reaches the follow-up list with its order number and price; 运营 filters by kind', async () => {
    const mall = await ctx.call('GET', '/api/DataServerDelivery/findByLabel', {
      token: customer,
      query: { scene: 'mall', keyword: '商标' },
    });
    await topUp(ctx, customer, 100_000);
    const bought = await ctx.call('POST', '/api/DataServerDelivery/buy', {
      token: customer,
      body: {
        scene: 'mall',
        deliveryId: mall.data.list[0].id,
        requestKey: 'buy-trademark-1',
        contactName: '王会计',
        contactPhone: '13912345678',
      },
    });
    expect(bought.code, bought.msg).toBe(0);
    const purchases = await ctx.call('GET', '/api/operator/dataServices/requests', {
      token: ops,
      query: { kind: 'purchase' },
    });
    expect(purchases.data.list.every((row: { kind: string }) => row.kind === 'purchase')).toBe(true);
    expect(purchases.data.list[0]).toMatchObject({
      id: bought.data.id,
      orderNo: bought.data.orderNo,
      priceFen: 80_000,
      itemKind: 'partner',
      status: 'submitted',
    });
    const followed = await ctx.call('POST', '/api/operator/dataServices/updateRequest', {
      token: ops,
      body: { id: bought.data.id, status: 'contacted' },
    });
    expect(followed.code).toBe(0);
    const mine = await ctx.call('GET', '/api/DataServerDelivery/findSubmitInfo', {
      token: customer,
      query: { id: String(bought.data.id), scene: 'mall' },
    });
    expect(mine.data.status).toBe('contacted');
  });
});
