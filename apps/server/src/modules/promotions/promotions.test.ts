import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, multipartBody, type TestContext } from '../../../test/helpers.js';
import { latestAudit, staffToken } from '../operator/test-support.js';

/** The smallest valid PNG: one transparent pixel. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const HOUR = 3600_000;
const iso = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();

let ctx: TestContext;
let main: string;
let supervisor: string;
let content: string;
let ops: string;

async function upload(token: string, file: Buffer, filename = 'banner.png') {
  const body = multipartBody({}, { filename, content: file });
  const answer = await ctx.app.inject({
    method: 'POST',
    url: '/api/operator/promotions/image',
    headers: { token, ...body.headers },
    payload: body.payload,
  });
  // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary answer shapes
  return { status: answer.statusCode, ...(answer.json() as { code: number; msg: string; data: any }) };
}

const bannerInput = (imageKey: string) => ({
  title: '税务风险体检季',
  placement: 'popup',
  imageKey,
  linkUrl: '/pay',
  startsAt: iso(-HOUR),
  endsAt: iso(24 * HOUR),
  published: true,
});

beforeAll(async () => {
  ctx = await createTestContext();
  main = await ctx.login('13800000001');
  supervisor = await ctx.login('13800000002');
  content = (await staffToken(ctx, ['content'])).token;
  ops = (await staffToken(ctx, ['ops'])).token;
});
afterAll(() => ctx.close());

describe('banners (image dialog, carousel)', () => {
  it('a content operator publishes a banner, audited before/after; the customer sees it and closes it', async () => {
    const image = await upload(content, PNG);
    expect(image.code, image.msg).toBe(0);
    expect(image.data.imageKey).toMatch(/^promotions\/.+\.png$/);

    const saved = await ctx.call('POST', '/api/operator/banners/save', {
      token: content,
      body: bannerInput(image.data.imageKey),
    });
    expect(saved.code, saved.msg).toBe(0);
    const [created] = await latestAudit(ctx, 1);
    expect(created?.target_type).toBe('banner');
    expect(created?.before).toBeNull();
    expect(created?.after).toMatchObject({ title: '税务风险体检季', published: true });

    const edited = await ctx.call('POST', '/api/operator/banners/save', {
      token: content,
      body: { ...bannerInput(image.data.imageKey), id: saved.data.id, title: '年度汇算清缴提醒' },
    });
    expect(edited.code, edited.msg).toBe(0);
    const [change] = await latestAudit(ctx, 1);
    expect(change?.before).toMatchObject({ title: '税务风险体检季' });
    expect(change?.after).toMatchObject({ title: '年度汇算清缴提醒' });

    const list = await ctx.call('GET', '/api/userInfo/findCarouselPopLaunchList', { token: main });
    const mine = list.data.find((item: { id: number }) => item.id === saved.data.id);
    expect(mine).toMatchObject({ title: '年度汇算清缴提醒', linkUrl: '/pay', lastClosedAt: null });

    // The image is served without a session (an <img> sends no token header).
    const picture = await ctx.app.inject({ method: 'GET', url: mine.image });
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toBe('image/png');
    expect(Buffer.compare(picture.rawPayload, PNG)).toBe(0);

    const closed = await ctx.call('POST', '/api/userInfo/butCarouselPopLaunch', { token: main, body: { id: mine.id } });
    expect(closed.code, closed.msg).toBe(0);
    const after = await ctx.call('GET', '/api/userInfo/findCarouselPopLaunchList', { token: main });
    const closedAt = after.data.find((item: { id: number }) => item.id === mine.id).lastClosedAt;
    expect(Date.now() - Date.parse(closedAt)).toBeLessThan(60_000);
    // Remembered per user: the supervisor has not closed it.
    const other = await ctx.call('GET', '/api/userInfo/findCarouselPopLaunchList', { token: supervisor });
    expect(other.data.find((item: { id: number }) => item.id === mine.id).lastClosedAt).toBeNull();
    // A carousel banner is not a pop-up.
    const carousel = await ctx.call('GET', '/api/Ads/findList', { token: main });
    expect(carousel.data.some((item: { id: number }) => item.id === mine.id)).toBe(false);
  });

  it('hides unpublished, future and ended banners; closing one that is not running is 404', async () => {
    const image = await upload(content, PNG);
    const hidden = [
      { ...bannerInput(image.data.imageKey), title: '草稿', published: false },
      { ...bannerInput(image.data.imageKey), title: '未开始', startsAt: iso(HOUR), endsAt: iso(2 * HOUR) },
      { ...bannerInput(image.data.imageKey), title: '已结束', startsAt: iso(-2 * HOUR), endsAt: iso(-HOUR) },
    ];
    const ids: number[] = [];
    for (const body of hidden)
      ids.push((await ctx.call('POST', '/api/operator/banners/save', { token: content, body })).data.id);
    const list = await ctx.call('GET', '/api/userInfo/findCarouselPopLaunchList', { token: main });
    expect(list.data.map((item: { title: string }) => item.title)).not.toEqual(expect.arrayContaining(['草稿']));
    expect(list.data.some((item: { id: number }) => ids.includes(item.id))).toBe(false);
    const unpublished = await ctx.call('POST', '/api/userInfo/butCarouselPopLaunch', {
      token: main,
      body: { id: ids[0] },
    });
    expect(unpublished.status).toBe(404);
    const missing = await ctx.call('POST', '/api/userInfo/butCarouselPopLaunch', {
      token: main,
      body: { id: 999_999 },
    });
    expect(missing.status).toBe(404);
    const editMissing = await ctx.call('POST', '/api/operator/banners/save', {
      token: content,
      body: { ...bannerInput(image.data.imageKey), id: 999_999 },
    });
    expect(editMissing.status).toBe(404);
    const badFile = await ctx.app.inject({ method: 'GET', url: '/api/Ads/image/..%2F..%2Fsecret.png' });
    expect(badFile.statusCode).toBe(404);
  });

  it('refuses bad input with the field named and changes nothing', async () => {
    const count = async () =>
      (
        await ctx.db
          .selectFrom('banners')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n;
    const before = await count();
    const image = await upload(content, PNG);
    const backwards = await ctx.call('POST', '/api/operator/banners/save', {
      token: content,
      body: { ...bannerInput(image.data.imageKey), startsAt: iso(HOUR), endsAt: iso(-HOUR) },
    });
    expect(backwards.status).toBe(400);
    expect(backwards.msg).toContain('结束时间应晚于开始时间');
    const link = await ctx.call('POST', '/api/operator/banners/save', {
      token: content,
      body: { ...bannerInput(image.data.imageKey), linkUrl: 'javascript:alert(1)' },
    });
    expect(link.msg).toContain('链接应为站内路径');
    const notUploaded = await ctx.call('POST', '/api/operator/banners/save', {
      token: content,
      body: bannerInput('promotions/00000000-0000-0000-0000-000000000000.png'),
    });
    expect(notUploaded.msg).toBe('图片不存在，请重新上传');
    const notImage = await upload(content, Buffer.from('%PDF-1.7 not an image'), 'banner.png');
    expect(notImage.status).toBe(400);
    expect(notImage.msg).toBe('横幅图片应为 PNG 或 JPG 格式');
    expect(await count()).toBe(before);
  });

  it('keeps customers and other roles out of the operator routes (403)', async () => {
    const image = await upload(content, PNG);
    for (const token of [main, ops]) {
      const refused = await ctx.call('POST', '/api/operator/banners/save', {
        token,
        body: bannerInput(image.data.imageKey),
      });
      expect(refused.status).toBe(403);
      expect((await ctx.call('GET', '/api/operator/banners/list', { token })).status).toBe(403);
    }
    expect((await upload(main, PNG)).status).toBe(403);
    expect((await ctx.call('GET', '/api/operator/discounts/list', { token: content })).status).toBe(403);
    expect((await ctx.call('GET', '/api/userInfo/findCarouselPopLaunchList', {})).status).toBe(401);
  });
});

describe('limited-time discounts (findBuyConfig type 7)', () => {
  it('offers a running discount to a main account, charges it, and remembers 放弃', async () => {
    await ctx.db.updateTable('groups').set({ data_price_auth: 0 }).execute();
    const saved = await ctx.call('POST', '/api/operator/discounts/save', {
      token: ops,
      body: {
        title: '基础套餐限时8折',
        packageId: 1,
        ratePct: 80,
        startsAt: iso(-HOUR),
        endsAt: iso(3 * HOUR),
        published: true,
      },
    });
    expect(saved.code, saved.msg).toBe(0);
    const [audit] = await latestAudit(ctx, 1);
    expect(audit?.target_type).toBe('discount');
    expect(audit?.after).toMatchObject({ ratePct: 80, packageId: 1 });

    const banner = await ctx.call('GET', '/api/SendMsgByReport/findBuyConfig', { token: main, query: { type: '7' } });
    expect(banner.data).toMatchObject({ isBecomeDue: 0, isRead: 0 });
    expect(banner.data.list[0]).toMatchObject({
      id: saved.data.id,
      eventendDiscount: 0.8,
      priceFen: 100_000,
      discountPriceFen: 80_000,
    });
    // Only the main account is offered the discount.
    const staff = await ctx.call('GET', '/api/SendMsgByReport/findBuyConfig', {
      token: supervisor,
      query: { type: '7' },
    });
    expect(staff.data).toMatchObject({ isBecomeDue: 1, isRead: 0, list: [] });

    const config = await ctx.call('GET', '/api/Order/findBuyConfigList', { token: main });
    expect(config.data.packages.find((p: { id: number }) => p.id === 1).discount).toMatchObject({
      ratePct: 80,
      priceFen: 80_000,
    });
    const order = await ctx.call('POST', '/api/Order/unifiedOrder', {
      token: main,
      body: { packageId: 1, payMethod: 'bank_transfer' },
    });
    expect(order.code, order.msg).toBe(0);
    const row = await ctx.db
      .selectFrom('orders')
      .selectAll()
      .where('id', '=', order.data.orderId)
      .executeTakeFirstOrThrow();
    expect(row.amount_fen).toBe(80_000);
    expect(row.title).toBe('基础套餐（限时8折）');
    expect(row.discount_id).toBe(saved.data.id);

    const read = await ctx.call('POST', '/api/Ads/discountRead', { token: main, body: { id: saved.data.id } });
    expect(read.code, read.msg).toBe(0);
    const again = await ctx.call('GET', '/api/SendMsgByReport/findBuyConfig', { token: main, query: { type: '7' } });
    expect(again.data).toMatchObject({ isBecomeDue: 0, isRead: 1, list: [] });

    const used = await ctx.call('POST', '/api/operator/discounts/delete', { token: ops, body: { id: saved.data.id } });
    expect(used.status).toBe(409);
    const missing = await ctx.call('POST', '/api/Ads/discountRead', { token: main, body: { id: 999_999 } });
    expect(missing.status).toBe(404);
  });

  it('charges the full price to a group that already has the data service, and after the end', async () => {
    await ctx.db.updateTable('groups').set({ data_price_auth: 1 }).execute();
    const order = await ctx.call('POST', '/api/Order/unifiedOrder', {
      token: main,
      body: { packageId: 1, payMethod: 'bank_transfer' },
    });
    const row = await ctx.db
      .selectFrom('orders')
      .select(['amount_fen', 'discount_id'])
      .where('id', '=', order.data.orderId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ amount_fen: 100_000, discount_id: null });
    await ctx.db.updateTable('groups').set({ data_price_auth: 0 }).execute();
    await ctx.db
      .updateTable('discounts')
      .set({ starts_at: new Date(Date.now() - 2 * HOUR), ends_at: new Date(Date.now() - HOUR) })
      .execute();
    const ended = await ctx.call('GET', '/api/SendMsgByReport/findBuyConfig', { token: main, query: { type: '7' } });
    expect(ended.data).toMatchObject({ isBecomeDue: 1, isRead: 0, list: [] });
  });

  it('refuses a rate outside 1–9.9折 and an unknown package, naming the field', async () => {
    const rate = await ctx.call('POST', '/api/operator/discounts/save', {
      token: ops,
      body: { title: '错误', packageId: 1, ratePct: 100, startsAt: iso(0), endsAt: iso(HOUR) },
    });
    expect(rate.status).toBe(400);
    expect(rate.msg).toContain('折扣应在1折到9.9折之间');
    const pack = await ctx.call('POST', '/api/operator/discounts/save', {
      token: ops,
      body: { title: '错误', packageId: 99_999, ratePct: 80, startsAt: iso(0), endsAt: iso(HOUR) },
    });
    expect(pack.msg).toBe('套餐不存在或已下架');
    expect(pack.data.fields.packageId).toBe('请选择在售套餐');
  });
});
