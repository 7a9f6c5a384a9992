import { SHOP_MESSAGES } from '@taxlens/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGroup, createUser } from '../../../test/factories.js';
import { createTestContext, type TestContext } from '../../../test/helpers.js';
import { expectLedgerMatches, ledgerCount, topUp, wallet } from '../billing/test-support.js';

let ctx: TestContext;
let main: string;
let mainId: number;
let staff: string;
let staffId: number;
let noPay: string;
let otherGroup: string;
const BASE = '/api/DataServerDelivery';

interface Item {
  id: number;
  title: string;
  kind: string;
  priceFen: number | null;
  grant: { asset: number; count: number } | null;
}

async function itemTitled(scene: 'product' | 'mall', title: string): Promise<Item> {
  const page = await ctx.call('GET', `${BASE}/findByLabel`, { token: main, query: { scene, keyword: title } });
  const item = page.data.list.find((row: Item) => row.title === title);
  if (!item) throw new Error(`no ${title}`);
  return item;
}

const requestCount = async () =>
  Number(
    (await sql<{ n: string }>`SELECT count(*) AS n FROM data_server_delivery_requests`.execute(ctx.db)).rows[0]?.n,
  );

beforeAll(async () => {
  ctx = await createTestContext();
  // The shop is open without the data service (the data view's own calls still need it).
  await ctx.db.updateTable('groups').set({ data_price_auth: 0 }).where('id', '=', 1).execute();
  main = await ctx.login('13800000001');
  mainId = Number(
    (await ctx.db.selectFrom('users').select('id').where('phone', '=', '13800000001').executeTakeFirstOrThrow()).id,
  );
  const staffUser = await createUser(ctx.db, { groupId: 1, level: 3 });
  staff = await ctx.login(staffUser.phone);
  staffId = staffUser.id;
  noPay = await ctx.login(
    (await createUser(ctx.db, { groupId: 1, level: 3, notMenus: [{ type: 1, permission: 'pay' }] })).phone,
  );
  otherGroup = await ctx.login(
    (await createUser(ctx.db, { groupId: await createGroup(ctx.db, '另一家财税公司') })).phone,
  );
});
afterAll(() => ctx.close());

describe('product centre and mall (/api/DataServerDelivery?scene=)', () => {
  it('shows the product centre platform services and the mall partner offers, by label, keyword and page', async () => {
    const product = await ctx.call('GET', `${BASE}/findByLabel`, { token: main, query: { scene: 'product' } });
    expect(product.code, product.msg).toBe(0);
    expect(product.data.list.every((item: Item) => item.kind === 'platform')).toBe(true);
    expect(product.data.labels).toEqual(expect.arrayContaining(['税务合规', '次数包']));
    const mall = await ctx.call('GET', `${BASE}/findByLabel`, { token: main, query: { scene: 'mall' } });
    expect(mall.data.list.length).toBeGreaterThanOrEqual(4);
    for (const item of mall.data.list) {
      expect(item.kind).toBe('partner');
      expect(item.partnerName).toContain('演示合作机构');
    }
    const byLabel = await ctx.call('GET', `${BASE}/findByLabel`, {
      token: main,
      query: { scene: 'mall', label: '知识产权' },
    });
    expect(byLabel.data.list.map((item: Item) => item.title)).toEqual(['商标注册申请代理']);
    const keyword = await ctx.call('GET', `${BASE}/findByLabel`, {
      token: main,
      query: { scene: 'mall', keyword: '公积金' },
    });
    expect(keyword.data.list.map((item: Item) => item.title)).toEqual(['社保与公积金代理申报']);
    const page2 = await ctx.call('GET', `${BASE}/findByLabel`, {
      token: main,
      query: { scene: 'product', page: '2', size: '3' },
    });
    expect(page2.data.total).toBe(product.data.total);
    expect(page2.data.list).toHaveLength(Math.min(3, product.data.total - 3));
    expect(page2.data.list[0].id).toBe(product.data.list[3].id);

    const recommended = await ctx.call('GET', `${BASE}/recommend`, { token: main, query: { scene: 'product' } });
    expect(recommended.data.list.length).toBeGreaterThan(0);
    expect(recommended.data.list.every((item: { recommended: boolean }) => item.recommended)).toBe(true);
  });

  it('shows one item in its own scene only; 404 with the spec message elsewhere', async () => {
    const trademark = await itemTitled('mall', '商标注册申请代理');
    const detail = await ctx.call('GET', `${BASE}/details`, {
      token: staff,
      query: { id: String(trademark.id), scene: 'mall' },
    });
    expect(detail.data).toMatchObject({ title: '商标注册申请代理', priceFen: 80000, kind: 'partner' });
    const wrongScene = await ctx.call('GET', `${BASE}/details`, {
      token: staff,
      query: { id: String(trademark.id), scene: 'product' },
    });
    expect(wrongScene.status).toBe(404);
    expect(wrongScene.msg).toBe(SHOP_MESSAGES.itemMissing);
    // The data view (no scene) still needs the data service.
    const dataView = await ctx.call('GET', `${BASE}/findByLabel`, { token: main });
    expect(dataView.status).toBe(403);
  });

  it('buys a service from the balance: one ledger row in the same transaction, a request to follow up, once per key', async () => {
    await topUp(ctx, main, 100_000);
    const before = await wallet(ctx.db, mainId);
    const spent = async () =>
      (await ctx.call('GET', '/api/UserAssets/dataOverview', { token: main })).data.spentThisMonthFen as number;
    const spentBefore = await spent();
    const rows = await ledgerCount(ctx.db, mainId);
    const service = await itemTitled('product', '司法风险排查报告');
    const body = {
      scene: 'product',
      deliveryId: service.id,
      requestKey: 'buy-judicial-0001',
      contactName: '王会计',
      contactPhone: '13912345678',
    };
    const bought = await ctx.call('POST', `${BASE}/buy`, { token: main, body });
    expect(bought.code, bought.msg).toBe(0);
    expect(bought.msg).toBe(SHOP_MESSAGES.bought);
    expect(bought.data.orderNo).toMatch(/^TM\d{14}\d{6}$/);
    expect((await wallet(ctx.db, mainId)).balance).toBe(before.balance - 68_000);
    expect(await ledgerCount(ctx.db, mainId)).toBe(rows + 1);
    const entry = await ctx.db
      .selectFrom('ledger_entries')
      .selectAll()
      .where('user_id', '=', mainId)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(entry).toMatchObject({ reason: 'mall_purchase', asset: 0 });
    expect(Number(entry.delta)).toBe(-68_000);
    await expectLedgerMatches(ctx.db, mainId);
    // /my counts it as this month's spending.
    expect(await spent()).toBe(spentBefore + 68_000);

    const replay = await ctx.call('POST', `${BASE}/buy`, { token: main, body });
    expect(replay.data).toMatchObject({ id: bought.data.id, replayed: true });
    expect((await wallet(ctx.db, mainId)).balance).toBe(before.balance - 68_000);

    const mine = await ctx.call('GET', `${BASE}/findSubmitInfo`, {
      token: main,
      query: { id: String(bought.data.id), scene: 'product' },
    });
    expect(mine.data).toMatchObject({ kind: 'purchase', status: 'submitted', priceFen: 68_000, contactName: '王会计' });
  });

  it('buys a credits pack: the credits arrive at once and the order is complete', async () => {
    const pack = await itemTitled('product', '发票鉴伪次数包（200 次）');
    const checks = async () =>
      Number(
        (await ctx.db.selectFrom('wallets').select('check_credits').where('user_id', '=', mainId).executeTakeFirst())
          ?.check_credits ?? 0,
      );
    const before = await checks();
    const bought = await ctx.call('POST', `${BASE}/buy`, {
      token: main,
      body: { scene: 'product', deliveryId: pack.id, requestKey: 'buy-checks-0001' },
    });
    expect(bought.code, bought.msg).toBe(0);
    expect(await checks()).toBe(before + 200);
    await expectLedgerMatches(ctx.db, mainId);
    const list = await ctx.call('GET', `${BASE}/submitList`, { token: main, query: { scene: 'product' } });
    expect(list.data.find((row: { id: number }) => row.id === bought.data.id)).toMatchObject({ status: 'closed' });
  });

  it('short of balance: billing 402 in Chinese, nothing changes', async () => {
    const credit = await itemTitled('product', '纳税信用修复');
    // The staff member's own wallet holds nothing.
    const before = await wallet(ctx.db, staffId);
    const [rows, requests] = [await ledgerCount(ctx.db, staffId), await requestCount()];
    const refused = await ctx.call('POST', `${BASE}/buy`, {
      token: staff,
      body: {
        scene: 'product',
        deliveryId: credit.id,
        requestKey: 'buy-credit-0001',
        contactName: '王会计',
        contactPhone: '13912345678',
      },
    });
    expect(refused.status).toBe(402);
    expect(refused.msg).toBe('余额不足，请充值（购买「纳税信用修复」需 1,800.00 元）');
    expect(await wallet(ctx.db, staffId)).toEqual(before);
    expect(await ledgerCount(ctx.db, staffId)).toBe(rows);
    expect(await requestCount()).toBe(requests);
  });

  it('refuses bad buys and bad inquiries with Chinese messages, storing nothing', async () => {
    const social = await itemTitled('mall', '社保与公积金代理申报');
    const requests = await requestCount();
    const inquiryOnly = await ctx.call('POST', `${BASE}/buy`, {
      token: main,
      body: {
        scene: 'mall',
        deliveryId: social.id,
        requestKey: 'buy-social-0001',
        contactName: '王',
        contactPhone: '13912345678',
      },
    });
    expect(inquiryOnly.status).toBe(400);
    expect(inquiryOnly.msg).toBe(SHOP_MESSAGES.inquiryOnly);
    for (const [body, message] of [
      [{ contactName: '王会计', contactPhone: '1391234' }, '手机号'],
      [{ contactName: '  ', contactPhone: '13912345678' }, '请输入联系人'],
      [{ contactName: '王会计', contactPhone: '13912345678', remark: '长'.repeat(201) }, '备注最多200个字'],
    ] as const) {
      const answer = await ctx.call('POST', `${BASE}/submitInfo`, {
        token: main,
        body: { scene: 'mall', deliveryId: social.id, ...body },
      });
      expect(answer.status).toBe(400);
      expect(answer.msg).toContain(message);
    }
    expect(await requestCount()).toBe(requests);
  });

  it('takes an inquiry; supervisors and staff see their own, the main account the group, another group 404', async () => {
    const social = await itemTitled('mall', '社保与公积金代理申报');
    const asked = await ctx.call('POST', `${BASE}/submitInfo`, {
      token: staff,
      body: {
        scene: 'mall',
        deliveryId: social.id,
        contactName: '李出纳',
        contactPhone: '13712345678',
        remark: '约30人参保',
      },
    });
    expect(asked.code, asked.msg).toBe(0);
    expect(asked.msg).toBe(SHOP_MESSAGES.inquired);
    const own = await ctx.call('GET', `${BASE}/submitList`, { token: staff, query: { scene: 'mall' } });
    expect(own.data.map((row: { id: number }) => row.id)).toEqual([asked.data.id]);
    expect(own.data[0]).toMatchObject({ kind: 'inquiry', status: 'submitted', partnerName: expect.any(String) });
    const group = await ctx.call('GET', `${BASE}/submitList`, { token: main, query: { scene: 'mall' } });
    expect(group.data.map((row: { id: number }) => row.id)).toContain(asked.data.id);
    // Someone else's purchase is not a staff member's to read.
    const mainOrders = await ctx.call('GET', `${BASE}/submitList`, { token: main, query: { scene: 'product' } });
    const notMine = await ctx.call('GET', `${BASE}/findSubmitInfo`, {
      token: staff,
      query: { id: String(mainOrders.data[0].id), scene: 'product' },
    });
    expect(notMine.status).toBe(404);
    const foreign = await ctx.call('GET', `${BASE}/findSubmitInfo`, {
      token: otherGroup,
      query: { id: String(asked.data.id), scene: 'mall' },
    });
    expect(foreign.status).toBe(404);
    expect(foreign.msg).toBe(SHOP_MESSAGES.requestMissing);
    const foreignList = await ctx.call('GET', `${BASE}/submitList`, { token: otherGroup, query: { scene: 'mall' } });
    expect(foreignList.data).toEqual([]);
  });

  it('buying needs the pay right (403, nothing stored)', async () => {
    const pack = await itemTitled('product', '发票鉴伪次数包（200 次）');
    const requests = await requestCount();
    const refused = await ctx.call('POST', `${BASE}/buy`, {
      token: noPay,
      body: { scene: 'product', deliveryId: pack.id, requestKey: 'buy-nopay-0001' },
    });
    expect(refused.status).toBe(403);
    expect(await requestCount()).toBe(requests);
    // Browsing and asking stay open to them.
    const browse = await ctx.call('GET', `${BASE}/findByLabel`, { token: noPay, query: { scene: 'product' } });
    expect(browse.code).toBe(0);
  });

  it('a user without an account subject is refused the shop (403 请先绑定账户主体)', async () => {
    const loner = await ctx.login((await createUser(ctx.db, { groupId: null })).phone);
    for (const [method, url] of [
      ['GET', `${BASE}/findByLabel?scene=mall`],
      ['GET', `${BASE}/submitList?scene=mall`],
      ['POST', `${BASE}/buy`],
    ] as const) {
      const answer = await ctx.call(method, url, {
        token: loner,
        body: method === 'POST' ? { scene: 'mall', deliveryId: 1, requestKey: 'buy-loner-0001' } : undefined,
      });
      expect(answer.status, url).toBe(403);
      expect(answer.msg).toBe('请先绑定账户主体');
    }
  });
});
