import { USER_DETAILS_FIRM_LIMIT } from '@taxlens/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGroup, createUser } from '../../../test/factories.js';
import { createTestContext, type TestContext } from '../../../test/helpers.js';
import { notify, placeOrder, signedNotification, topUp } from '../billing/test-support.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('GET /api/userInfo/findUserDetails', () => {
  it('carries prices, credits and the main account', async () => {
    const token = await ctx.login('13800000003');
    const answer = await ctx.call('GET', '/api/userInfo/findUserDetails', { token });
    expect(answer.data).toMatchObject({
      invoicePrice: 29900,
      riskDetectionPrice: 39900,
      mainUserId: 1,
      superiorPhone: '13800000001',
      level: 3,
    });
    expect(answer.data.numberList).toHaveLength(6);
    const main = await ctx.call('GET', '/api/userInfo/findUserDetails', { token: await ctx.login('13900000001') });
    expect(main.data.numberList.map((item: { count: number }) => item.count)).toEqual([0, 0, 0, 0, 0, 0]);
  });

  it('carries the group watermark settings and the companies the user can see', async () => {
    const groupId = await createGroup(ctx.db);
    const owner = await createUser(ctx.db, { groupId, level: 1 });
    const staff = await createUser(ctx.db, { groupId, level: 3 });
    await ctx.db
      .updateTable('groups')
      .set({ watermark_text: '内部资料', watermark_switch: 1, watermark_object: 'INVOICE,TAX' })
      .where('id', '=', groupId)
      .execute();
    const company = (name: string, taxNo: string, assigneeId: number | null) => ({
      group_id: groupId,
      taxpayer_name: name,
      tax_no: taxNo,
      assignee_id: assigneeId,
      created_by: owner.id,
    });
    const [assigned, unassigned] = await ctx.db
      .insertInto('companies')
      .values([
        company('示例甲公司', '91110108MA01TL001R', staff.id),
        company('示例乙公司', '91310115MA1TL00026', null),
      ])
      .returning('id')
      .execute();

    const mine = await ctx.call('GET', '/api/userInfo/findUserDetails', { token: await ctx.login(owner.phone) });
    expect(mine.code).toBe(0);
    expect(mine.data).toMatchObject({
      watermark: '内部资料',
      watermarkSwitch: 1,
      watermarkObject: ['INVOICE', 'TAX'],
      watermarkPermissions: 1,
    });
    expect(mine.data.firmList).toEqual([
      { id: Number(unassigned?.id), taxpayerName: '示例乙公司', taxNo: '91310115MA1TL00026' },
      { id: Number(assigned?.id), taxpayerName: '示例甲公司', taxNo: '91110108MA01TL001R' },
    ]);

    const theirs = await ctx.call('GET', '/api/userInfo/findUserDetails', { token: await ctx.login(staff.phone) });
    expect(theirs.data).toMatchObject({ watermark: '内部资料', watermarkPermissions: 0 });
    expect(theirs.data.firmList.map((firm: { id: number }) => firm.id)).toEqual([Number(assigned?.id)]);
  });

  it('bounds the firm list and answers empty lists and defaults for a user without a group', async () => {
    expect(USER_DETAILS_FIRM_LIMIT).toBe(200);
    const loner = await createUser(ctx.db, { groupId: null });
    const answer = await ctx.call('GET', '/api/userInfo/findUserDetails', { token: await ctx.login(loner.phone) });
    expect(answer.data).toMatchObject({ firmList: [], watermark: null, watermarkSwitch: 0, watermarkObject: '0' });
  });

  it('carries the latest purchase, the province and the free monitoring slots (spec §3)', async () => {
    const groupId = await createGroup(ctx.db);
    await ctx.db
      .updateTable('groups')
      .set({ credit_code: '91330106MA2B0TL01X', monitor_slots: 5 })
      .where('id', '=', groupId)
      .execute();
    const owner = await createUser(ctx.db, { groupId, level: 1 });
    const token = await ctx.login(owner.phone);
    const before = await ctx.call('GET', '/api/userInfo/findUserDetails', { token });
    expect(before.data).toMatchObject({ buyId: null, buyName: null, buyType: null, province: '浙江省' });
    expect(before.data.canUseMonitorNumber).toBe(5);
    await topUp(ctx, token, 10_000);
    const topped = await ctx.call('GET', '/api/userInfo/findUserDetails', { token });
    expect(topped.data).toMatchObject({ buyId: null, buyName: '余额充值', buyType: 2 });
    const order = await placeOrder(ctx, token, { packageId: 1 });
    await notify(ctx, await signedNotification(ctx.db, { orderNo: order.orderNo, amountFen: order.amountFen }));
    const bought = await ctx.call('GET', '/api/userInfo/findUserDetails', { token });
    expect(bought.data).toMatchObject({ buyId: 1, buyName: '基础套餐', buyType: 1 });
  });
});
