import { writeInvoiceExportFixture } from '@taxlens/engine/fixtures';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, multipartBody, type TestContext } from '../../../test/helpers.js';

let ctx: TestContext;
let main: string;
let staff: string;
let otherMain: string;

beforeAll(async () => {
  ctx = await createTestContext({ workers: true });
  main = await ctx.login('13800000001');
  staff = await ctx.login('13800000003');
  otherMain = await ctx.login('13900000001');
});
afterAll(() => ctx.close());

const tokenOf = (url: string) => new URL(url).searchParams.get('token') as string;

async function clientUpload(token: string, content: Buffer, filename = '发票.xlsx') {
  const body = multipartBody({ token, kind: 'invoice' }, { filename, content });
  const raw = await ctx.app.inject({
    method: 'POST',
    url: '/api/CsbFirmCertification/tkCsbUploadReport',
    headers: body.headers,
    payload: body.payload,
  });
  return { status: raw.statusCode, ...raw.json() };
}

describe('client share link', () => {
  it('a client opens the link without login, names its company, uploads, and the firm sees it', async () => {
    const fixture = await writeInvoiceExportFixture({ seed: 3, format: 'xlsx', invoiceCount: 30 }, 'buffer');
    const created = await ctx.call('POST', '/api/userInfo/generateQrCode', {
      token: staff,
      body: { expiresInDays: 3, note: '年度体检' },
    });
    expect(created.code).toBe(0);
    expect(created.data).toMatchObject({ state: 'pending', firmId: null, revoked: false, expired: false });
    const token = tokenOf(created.data.url);
    expect(token.length).toBeGreaterThan(40);

    const info = await ctx.call('GET', '/api/share/info', { query: { token } });
    expect(info.data).toMatchObject({
      valid: true,
      groupName: '示例财税咨询有限公司',
      state: 'pending',
      company: null,
    });

    const early = await clientUpload(token, fixture.buffer as Buffer);
    expect(early.status).toBe(400);

    const bound = await ctx.call('POST', '/api/CsbFirmCertification/tkBindFirm', {
      body: {
        token,
        taxpayerName: fixture.company.name,
        taxNo: fixture.company.taxNo,
        contactName: '客户联系人',
        contactPhone: '13612345678',
      },
    });
    expect(bound.code).toBe(0);
    const uploaded = await clientUpload(token, fixture.buffer as Buffer);
    expect(uploaded.code).toBe(0);
    expect(uploaded.msg).toBe('上传成功');
    expect(uploaded.data).toMatchObject({
      status: 'done',
      invoices: fixture.invoiceCount,
      source: 'share',
      creator: '客户上传链接',
    });

    // The staff member who made the link now has the company, its data and the link's new state.
    const state = await ctx.call('GET', '/api/userInfo/findQrCodeState', {
      token: staff,
      query: { shareId: String(created.data.shareId) },
    });
    expect(state.data).toMatchObject({
      state: 'uploaded',
      firmId: bound.data.firmId,
      taxpayerName: fixture.company.name,
      uploads: 1,
    });
    const company = await ctx.call('GET', '/api/CsbFirmCertification/findFirmDetails', {
      token: staff,
      query: { firmId: String(bound.data.firmId) },
    });
    expect(company.data).toMatchObject({ contactName: '客户联系人', assignee: { userId: 3 } });
    const overview = await ctx.call('GET', '/api/CsbFirmCertification/dataOverview', {
      token: staff,
      query: { firmId: String(bound.data.firmId) },
    });
    expect(overview.data.invoices.total).toBe(fixture.invoiceCount);
  });

  it('a link made for a company accepts only that company', async () => {
    const firm = await ctx.call('POST', '/api/CsbFirmCertification/bindFirm', {
      token: main,
      body: { taxpayerName: '指定企业', taxNo: '91330681MA7F19UC27' },
    });
    const created = await ctx.call('POST', '/api/userInfo/generateQrCode', {
      token: main,
      body: { firmId: firm.data.firmId },
    });
    const token = tokenOf(created.data.url);
    const info = await ctx.call('GET', '/api/share/info', { query: { token } });
    expect(info.data.company).toEqual({ taxpayerName: '指定企业', taxNo: '91330681MA7F19UC27' });
    const wrong = await ctx.call('POST', '/api/CsbFirmCertification/tkBindFirm', {
      body: {
        token,
        taxpayerName: '别的企业',
        taxNo: '915301115551499841',
        contactName: '某人',
        contactPhone: '13612345678',
      },
    });
    expect(wrong.status).toBe(400);
  });

  it('an expired or revoked link shows that it expired and accepts nothing', async () => {
    const created = await ctx.call('POST', '/api/userInfo/generateQrCode', { token: main, body: {} });
    const token = tokenOf(created.data.url);
    await ctx.call('POST', '/api/userInfo/revokeShareLink', { token: main, body: { shareId: created.data.shareId } });
    const revoked = await ctx.call('GET', '/api/share/info', { query: { token } });
    expect(revoked.data).toMatchObject({ valid: false, reason: '链接已被撤销，请联系您的财税顾问重新获取' });
    const bind = await ctx.call('POST', '/api/CsbFirmCertification/tkBindFirm', {
      body: {
        token,
        taxpayerName: '过期企业',
        taxNo: '915301115551499841',
        contactName: '某人',
        contactPhone: '13612345678',
      },
    });
    expect([bind.status, bind.code]).toEqual([410, 1010]);
    const template = (linkToken: string) =>
      ctx.app.inject({ method: 'GET', url: '/api/share/returnTemplate', query: { token: linkToken } });
    expect((await template(token)).statusCode).toBe(410);

    const second = await ctx.call('POST', '/api/userInfo/generateQrCode', { token: main, body: {} });
    await ctx.db
      .updateTable('share_links')
      .set({ expires_at: sql`now() - interval '1 minute'` })
      .where('id', '=', second.data.shareId)
      .execute();
    const expired = await ctx.call('GET', '/api/share/info', { query: { token: tokenOf(second.data.url) } });
    expect(expired.data.reason).toBe('链接已过期，请联系您的财税顾问重新获取');
    expect((await clientUpload(tokenOf(second.data.url), Buffer.from('x'))).status).toBe(410);
    // A live link hands the client the return template, without a login.
    const live = await ctx.call('POST', '/api/userInfo/generateQrCode', { token: main, body: {} });
    const file = await template(tokenOf(live.data.url));
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('spreadsheetml');
    expect(file.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });

  it('serves the QR code, mails the link to the outbox, and keeps other groups out', async () => {
    const created = await ctx.call('POST', '/api/userInfo/generateQrCode', { token: main, body: {} });
    const png = await ctx.app.inject({
      method: 'GET',
      url: `/api/userInfo/shareQrCode?shareId=${created.data.shareId}`,
      headers: { token: main },
    });
    expect(png.headers['content-type']).toBe('image/png');
    expect(png.rawPayload.subarray(1, 4).toString()).toBe('PNG');
    expect(
      (
        await ctx.call('POST', '/api/userInfo/qrCodeSendMail', {
          token: main,
          body: { shareId: created.data.shareId, email: 'client@example.com' },
        })
      ).code,
    ).toBe(0);
    const mail = await ctx.db.selectFrom('mail_outbox').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(mail.recipient).toBe('client@example.com');
    expect(mail.body).toContain(tokenOf(created.data.url));
    expect(
      (
        await ctx.call('GET', '/api/userInfo/findQrCodeState', {
          token: otherMain,
          query: { shareId: String(created.data.shareId) },
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await ctx.call('POST', '/api/userInfo/revokeShareLink', {
          token: otherMain,
          body: { shareId: created.data.shareId },
        })
      ).status,
    ).toBe(404);
    // Staff do not see the main account's links.
    expect(
      (
        await ctx.call('GET', '/api/userInfo/findQrCodeState', {
          token: staff,
          query: { shareId: String(created.data.shareId) },
        })
      ).status,
    ).toBe(404);
    const unknown = await ctx.call('GET', '/api/share/info', { query: { token: 'x'.repeat(43) } });
    expect(unknown.data.valid).toBe(false);
  });
});
