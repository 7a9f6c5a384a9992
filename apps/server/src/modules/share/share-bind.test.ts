import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, multipartBody, type TestContext } from '../../../test/helpers.js';
import { SHARE_LINK_UPLOAD_LIMIT } from './share.service.js';

let ctx: TestContext;
let main: string;
let staff: string;

beforeAll(async () => {
  ctx = await createTestContext();
  main = await ctx.login('13800000001');
  staff = await ctx.login('13800000003');
});
afterAll(() => ctx.close());

const tokenOf = (url: string) => new URL(url).searchParams.get('token') as string;

async function pendingLink(token: string) {
  const created = await ctx.call('POST', '/api/userInfo/generateQrCode', { token, body: {} });
  expect(created.code, created.msg).toBe(0);
  return { shareId: created.data.shareId as number, token: tokenOf(created.data.url) };
}

function clientBind(token: string, taxpayerName: string, taxNo: string, extra: Record<string, string> = {}) {
  return ctx.call('POST', '/api/CsbFirmCertification/tkBindFirm', {
    body: { token, taxpayerName, taxNo, contactName: '客户联系人', contactPhone: '13612345678', ...extra },
  });
}

async function rawUpload(payload: Buffer, contentType: string) {
  const raw = await ctx.app.inject({
    method: 'POST',
    url: '/api/CsbFirmCertification/tkCsbUploadReport',
    headers: { 'content-type': contentType },
    payload,
  });
  return { status: raw.statusCode, ...raw.json() };
}

const companyRow = (id: number) =>
  ctx.db.selectFrom('companies').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe('a link for a company still to be named', () => {
  it('cannot take over a company of the group that the link’s creator does not see', async () => {
    const firm = await ctx.call('POST', '/api/CsbFirmCertification/bindFirm', {
      token: main,
      body: { taxpayerName: '主账号客户有限公司', taxNo: '91110000200000001X', contactName: '原联系人' },
    });
    expect(firm.code, firm.msg).toBe(0);
    const link = await pendingLink(staff);
    const taken = await clientBind(link.token, '冒名企业', '91110000200000001X', { address: '某地' });
    expect([taken.status, taken.msg]).toEqual([409, '该企业已由贵所登记，请联系您的顾问']);
    const row = await companyRow(firm.data.firmId);
    expect([row.taxpayer_name, row.contact_name, row.contact_phone, row.address]).toEqual([
      '主账号客户有限公司',
      '原联系人',
      null,
      null,
    ]);
    const stored = await ctx.db
      .selectFrom('share_links')
      .select(['company_id', 'state'])
      .where('id', '=', link.shareId)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ company_id: null, state: 'pending' });
  });

  it('joins a company its creator sees, filling only what the firm left empty', async () => {
    const firm = await ctx.call('POST', '/api/CsbFirmCertification/bindFirm', {
      token: staff,
      body: { taxpayerName: '员工客户有限公司', taxNo: '91110000200000002X', contactName: '顾问登记的联系人' },
    });
    expect(firm.code, firm.msg).toBe(0);
    const link = await pendingLink(staff);
    const joined = await clientBind(link.token, '客户自己写的名称', '91110000200000002X', { address: '客户地址' });
    expect(joined.code, joined.msg).toBe(0);
    expect(joined.data.firmId).toBe(firm.data.firmId);
    const row = await companyRow(firm.data.firmId);
    expect([row.taxpayer_name, row.contact_name, row.contact_phone, row.address]).toEqual([
      '员工客户有限公司',
      '顾问登记的联系人',
      '13612345678',
      '客户地址',
    ]);
  });
});

describe('client uploads', () => {
  it('caps the files one link accepts', async () => {
    const link = await pendingLink(main);
    const bound = await clientBind(link.token, '上传上限有限公司', '91110000200000003X');
    expect(bound.code, bound.msg).toBe(0);
    // Files the link accepted before (the concurrent case is in share-concurrency.test.ts).
    await ctx.db
      .updateTable('share_links')
      .set({ upload_count: SHARE_LINK_UPLOAD_LIMIT })
      .where('id', '=', link.shareId)
      .execute();
    const body = multipartBody(
      { token: link.token, kind: 'invoice' },
      { filename: '发票.xlsx', content: Buffer.from('x') },
    );
    const refused = await rawUpload(body.payload, body.headers['content-type']);
    expect(refused.status).toBe(429);
    expect(refused.msg).toBe(
      `该链接最多可上传${SHARE_LINK_UPLOAD_LIMIT}个文件，已达上限，请联系您的财税顾问重新获取链接`,
    );
  });

  it('names a missing token instead of a zod message', async () => {
    const body = multipartBody({ kind: 'invoice' }, { filename: '发票.xlsx', content: Buffer.from('x') });
    const answer = await rawUpload(body.payload, body.headers['content-type']);
    expect([answer.status, answer.msg]).toEqual([400, '链接无效']);
  });
});
