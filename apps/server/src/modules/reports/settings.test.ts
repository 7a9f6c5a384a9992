import { REPORT_IMAGE_MAX_BYTES } from '@taxlens/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, multipartBody, type TestContext } from '../../../test/helpers.js';
import { companyWithInvoices } from '../../../test/uploads.js';

let ctx: TestContext;
let main: string;
let staff: string;
let otherMain: string;

/** The smallest valid PNG: one transparent pixel. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

async function uploadImage(
  token: string,
  content: Buffer,
  filename = 'logo.png',
  url = '/api/userInfo/uploadWatermarkImage',
) {
  const body = multipartBody({}, { filename, content });
  const answer = await ctx.app.inject({
    method: 'POST',
    url,
    headers: { token, ...body.headers },
    payload: body.payload,
  });
  return { status: answer.statusCode, ...(answer.json() as { code: number; msg: string; data: unknown }) };
}

const settings = async (token = main) => (await ctx.call('GET', '/api/userInfo/findWatermark', { token })).data;

beforeAll(async () => {
  ctx = await createTestContext({ workers: true });
  main = await ctx.login('13800000001');
  staff = await ctx.login('13800000003');
  otherMain = await ctx.login('13900000001');
});
afterAll(() => ctx.close());

describe('report settings: watermark text and image, automatic deletion', () => {
  it('refuses staff, and a group without report configuration', async () => {
    expect((await ctx.call('GET', '/api/userInfo/findWatermark', { token: staff })).status).toBe(403);
    expect((await uploadImage(staff, PNG)).status).toBe(403);
    await ctx.db
      .updateTable('groups')
      .set({ report_config_permission: 0 })
      .where('name', '=', '演示会计师事务所')
      .execute();
    expect((await ctx.call('GET', '/api/userInfo/findWatermark', { token: otherMain })).status).toBe(403);
  });

  it('cannot switch on without text or image', async () => {
    const answer = await ctx.call('POST', '/api/userInfo/updateWatermarkSwitch', {
      token: main,
      body: { watermarkSwitch: 1 },
    });
    expect(answer.status).toBe(400);
    expect(answer.msg).toBe('开启水印前请填写水印文字或上传水印图片');
    expect((await settings()).watermarkSwitch).toBe(0);
  });

  it('refuses files that are not PNG or JPG by their bytes, and images over the limit', async () => {
    const fake = await uploadImage(main, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'logo.png');
    expect(fake.status).toBe(400);
    expect(fake.msg).toBe('水印图片应为 PNG 或 JPG 格式');
    const big = Buffer.concat([PNG, Buffer.alloc(REPORT_IMAGE_MAX_BYTES)]);
    const tooLarge = await uploadImage(main, big);
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.msg).toBe('水印图片不可超过512KB');
    expect((await settings()).hasImage).toBe(false);
  });

  it('stores an image, switches on with it alone, and puts it on every report of the group', async () => {
    const uploaded = await uploadImage(main, PNG);
    expect(uploaded.status).toBe(200);
    const expected = `data:image/png;base64,${PNG.toString('base64')}`;
    expect(uploaded.data).toEqual({ imageUrl: expected });
    expect(await settings()).toMatchObject({ hasImage: true, imageUrl: expected });
    const on = await ctx.call('POST', '/api/userInfo/updateWatermarkSwitch', {
      token: main,
      body: { watermarkSwitch: 1 },
    });
    expect(on.status).toBe(200);

    const { firmId } = await companyWithInvoices(ctx, main, {
      seed: 5,
      invoiceCount: 40,
      months: 3,
      startMonth: '2025-01',
    });
    const created = await ctx.call('POST', '/api/ReportPool/create', {
      token: main,
      body: { firmId, reportType: 'INVOICE', periodStart: '2025-01', periodEnd: '2025-03' },
    });
    expect(created.status).toBe(200);
    const detail = await ctx.call('GET', '/api/ReportPool/detail', {
      token: main,
      query: { id: String(created.data.reportId) },
    });
    expect(detail.data.watermark).toEqual({ text: null, imageUrl: expected });
    // Another group's report page never sees it.
    expect(
      (
        await ctx.call('GET', '/api/ReportPool/detail', {
          token: otherMain,
          query: { id: String(created.data.reportId) },
        })
      ).status,
    ).toBe(404);
  });

  it('replacing the image removes the old file; deleting the only content switches the watermark off', async () => {
    const before = await ctx.db
      .selectFrom('groups')
      .select('watermark_image_key')
      .where('name', '=', '示例财税咨询有限公司')
      .executeTakeFirstOrThrow();
    expect(await ctx.app.storage.exists(before.watermark_image_key as string)).toBe(true);
    const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00]);
    expect((await uploadImage(main, jpeg, 'logo.jpg')).status).toBe(200);
    expect(await ctx.app.storage.exists(before.watermark_image_key as string)).toBe(false);
    expect((await settings()).imageUrl).toMatch(/^data:image\/jpeg;base64,/);

    expect((await ctx.call('POST', '/api/userInfo/deleteWatermarkImage', { token: main })).status).toBe(200);
    expect(await settings()).toMatchObject({ hasImage: false, imageUrl: null, watermarkSwitch: 0 });
  });

  it('keeps reports a number of days when automatic deletion is on', async () => {
    const answer = await ctx.call('POST', '/api/userInfo/updateReportDeleteTime', {
      token: main,
      body: { reportOverdueDeleteSwitch: 0, reportOverdueTime: 180 },
    });
    expect(answer.status).toBe(200);
    const group = await ctx.db
      .selectFrom('groups')
      .select(['report_overdue_delete_switch', 'report_overdue_days'])
      .where('name', '=', '示例财税咨询有限公司')
      .executeTakeFirstOrThrow();
    expect(group).toEqual({ report_overdue_delete_switch: 0, report_overdue_days: 180 });
    expect(
      (
        await ctx.call('POST', '/api/userInfo/updateReportDeleteTime', {
          token: staff,
          body: { reportOverdueDeleteSwitch: 1 },
        })
      ).status,
    ).toBe(403);
  });
});

describe('report settings: the group logo on report covers', () => {
  const uploadLogo = (token: string, content: Buffer, filename = 'logo.png') =>
    uploadImage(token, content, filename, '/api/userInfo/uploadGroupLogo');
  const mainGroup = () =>
    ctx.db
      .selectFrom('groups')
      .select(['id', 'logo_url'])
      .where('name', '=', '示例财税咨询有限公司')
      .executeTakeFirstOrThrow();
  /** A report of the main account's group (the watermark tests above created one), its PDF marked as cached. */
  async function cachedReport() {
    const group = await mainGroup();
    const report = await ctx.db
      .selectFrom('reports')
      .select('id')
      .where('group_id', '=', group.id)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    await ctx.db.updateTable('reports').set({ pdf_generated_at: new Date() }).where('id', '=', report.id).execute();
    return Number(report.id);
  }
  const reportOf = async (id: number) =>
    (await ctx.call('GET', '/api/ReportPool/detail', { token: main, query: { id: String(id) } })).data;
  const pdfCachedAt = async (id: number) =>
    (await ctx.db.selectFrom('reports').select('pdf_generated_at').where('id', '=', id).executeTakeFirstOrThrow())
      .pdf_generated_at;

  it('refuses staff, and files that are not PNG or JPG by their bytes', async () => {
    expect((await uploadLogo(staff, PNG)).status).toBe(403);
    expect((await ctx.call('POST', '/api/userInfo/deleteGroupLogo', { token: staff })).status).toBe(403);
    expect((await uploadLogo(otherMain, PNG)).status).toBe(403);
    const fake = await uploadLogo(main, Buffer.from('GIF89a not a png'), 'logo.png');
    expect(fake.status).toBe(400);
    expect(fake.msg).toBe('机构标志应为 PNG 或 JPG 格式');
    const tooLarge = await uploadLogo(main, Buffer.concat([PNG, Buffer.alloc(REPORT_IMAGE_MAX_BYTES)]));
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.msg).toBe('机构标志不可超过512KB');
    expect((await mainGroup()).logo_url).toBeNull();
  });

  it('stores a PNG under logos/{groupId}/; reports and settings answer it as a data URL, the session user as its public address', async () => {
    const reportId = await cachedReport();
    const expected = `data:image/png;base64,${PNG.toString('base64')}`;
    const uploaded = await uploadLogo(main, PNG);
    expect(uploaded.status).toBe(200);
    expect(uploaded.data).toEqual({ imageUrl: expected });
    const group = await mainGroup();
    expect(group.logo_url).toMatch(new RegExp(`^logos/${group.id}/.+\\.png$`));
    expect(await ctx.app.storage.exists(group.logo_url as string)).toBe(true);
    expect(await pdfCachedAt(reportId)).toBeNull();
    expect((await reportOf(reportId)).groupLogo).toBe(expected);
    expect((await settings()).logoUrl).toBe(expected);
    const address = `/api/${(group.logo_url as string).replace(/^logos\//, 'logo/')}`;
    expect((await ctx.call('GET', '/api/userInfo/findUserLoginInfo', { token: main })).data.groupLogo).toBe(address);
    expect((await ctx.call('GET', '/api/userInfo/findUserDetails', { token: staff })).data.groupLogo).toBe(address);
  });

  it('serves the logo at its public address, cached for good; nothing else under /api/logo answers', async () => {
    const group = await mainGroup();
    const address = `/api/${(group.logo_url as string).replace(/^logos\//, 'logo/')}`;
    const logo = await ctx.app.inject({ method: 'GET', url: address });
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['content-type']).toBe('image/png');
    expect(logo.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(logo.headers['x-content-type-options']).toBe('nosniff');
    expect(logo.rawPayload.equals(PNG)).toBe(true);
    const file = address.split('/').pop() as string;
    const otherGroup = await ctx.db
      .selectFrom('groups')
      .select('id')
      .where('id', '!=', group.id)
      .executeTakeFirstOrThrow();
    for (const url of [
      `/api/logo/${otherGroup.id}/${file}`,
      `/api/logo/${group.id}/${file.replace(/^./, (c) => (c === '0' ? '1' : '0'))}`,
      `/api/logo/${group.id}/`,
      `/api/logo/${group.id}`,
      `/api/logo/${group.id}/..%2F..%2Fwatermarks%2F${file}`,
      `/api/logo/${group.id}/${file.replace('.png', '.jpg')}`,
    ]) {
      expect((await ctx.app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
    }
  });

  it('replacing the logo removes the old file; deleting it clears the cover logo', async () => {
    const before = (await mainGroup()).logo_url as string;
    const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00]);
    expect((await uploadLogo(main, jpeg, 'logo.jpg')).status).toBe(200);
    expect(await ctx.app.storage.exists(before)).toBe(false);
    const replaced = (await mainGroup()).logo_url as string;
    expect(replaced).toMatch(/\.jpg$/);

    const reportId = await cachedReport();
    expect((await ctx.call('POST', '/api/userInfo/deleteGroupLogo', { token: main })).status).toBe(200);
    expect((await mainGroup()).logo_url).toBeNull();
    expect(await ctx.app.storage.exists(replaced)).toBe(false);
    expect(await pdfCachedAt(reportId)).toBeNull();
    expect((await reportOf(reportId)).groupLogo).toBeNull();
    expect((await settings()).logoUrl).toBeNull();
    // The addresses of the replaced and the deleted logo answer nothing any more.
    for (const key of [before, replaced]) {
      const url = `/api/${key.replace(/^logos\//, 'logo/')}`;
      expect((await ctx.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    }
  });
});
