import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGroup, createUser } from '../../../test/factories.js';
import { createTestContext, multipartBody, type TestContext } from '../../../test/helpers.js';
import { operatorToken, SAMPLE_PDF } from '../billing/test-support.js';
import { staffToken } from '../operator/test-support.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const FIELDS = {
  bankName: '中国工商银行上海分行',
  accountName: '示例测试会计师事务所',
  accountNo: '1001234567890123456',
  validFrom: '2026-12-01',
  validTo: '2027-11-30',
};

async function firm() {
  const groupId = await createGroup(ctx.db);
  const main = await createUser(ctx.db, { groupId });
  return { groupId, main, token: await ctx.login(main.phone) };
}

async function sign(token: string, fields: Record<string, string> = FIELDS, content = SAMPLE_PDF) {
  const body = multipartBody(fields, { filename: '结算协议.pdf', content });
  const raw = await ctx.app.inject({
    method: 'POST',
    url: '/api/IcbcAdsSignedConfig/sign',
    headers: { ...body.headers, token },
    payload: body.payload,
  });
  return { status: raw.statusCode, ...raw.json() };
}

describe('bank-statement billing agreements (IcbcAdsSignedConfig)', () => {
  it('signs with a PDF, lists it masked, answers the detail and the same file back', async () => {
    const { token } = await firm();
    const signed = await sign(token);
    expect(signed.code).toBe(0);
    expect(signed.data).toMatchObject({ state: 'pending', stateLabel: '待审核', accountNo: '**** **** 3456' });
    const list = await ctx.call('GET', '/api/IcbcAdsSignedConfig/list', { token });
    expect(list.data.total).toBe(1);
    const detail = await ctx.call('GET', '/api/IcbcAdsSignedConfig/detail', {
      token,
      query: { id: String(signed.data.id) },
    });
    expect(detail.data).toMatchObject({ validFrom: '2026-12-01', validTo: '2027-11-30', fileName: '结算协议.pdf' });
    const file = await ctx.app.inject({
      method: 'GET',
      url: `/api/IcbcAdsSignedConfig/download?id=${signed.data.id}`,
      headers: { token },
    });
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.rawPayload.equals(SAMPLE_PDF)).toBe(true);
  });

  it('refuses a file that is not a PDF and dates the wrong way round, storing nothing', async () => {
    const { token } = await firm();
    const notPdf = await sign(token, FIELDS, Buffer.from('PK\u0003\u0004 not a pdf'));
    expect([notPdf.status, notPdf.msg]).toEqual([400, '请上传签章后的协议 PDF 文件']);
    const backwards = await sign(token, { ...FIELDS, validTo: '2026-01-01' });
    expect([backwards.status, backwards.msg]).toEqual([400, '结束日期不能早于开始日期']);
    expect((await ctx.call('GET', '/api/IcbcAdsSignedConfig/list', { token })).data.total).toBe(0);
  });

  it('deletes by an id array body; another group cannot see, download or delete (404); staff get 403', async () => {
    const owner = await firm();
    const a = await sign(owner.token);
    const b = await sign(owner.token);
    const other = await firm();
    const id = String(a.data.id);
    expect(
      (await ctx.call('GET', '/api/IcbcAdsSignedConfig/detail', { token: other.token, query: { id } })).status,
    ).toBe(404);
    const steal = await ctx.app.inject({
      method: 'GET',
      url: `/api/IcbcAdsSignedConfig/download?id=${id}`,
      headers: { token: other.token },
    });
    expect(steal.statusCode).toBe(404);
    expect(
      (await ctx.call('POST', '/api/IcbcAdsSignedConfig/delete', { token: other.token, body: [a.data.id] })).status,
    ).toBe(404);
    const staff = await createUser(ctx.db, { groupId: owner.groupId, level: 3 });
    expect(
      (await ctx.call('GET', '/api/IcbcAdsSignedConfig/list', { token: await ctx.login(staff.phone) })).status,
    ).toBe(403);
    const removed = await ctx.call('POST', '/api/IcbcAdsSignedConfig/delete', {
      token: owner.token,
      body: [a.data.id, b.data.id],
    });
    expect(removed.code).toBe(0);
    expect((await ctx.call('GET', '/api/IcbcAdsSignedConfig/list', { token: owner.token })).data.total).toBe(0);
  });

  it('the operator approves or rejects with a reason, once; customers cannot review', async () => {
    const { token } = await firm();
    const operator = await operatorToken(ctx);
    const first = await sign(token);
    const second = await sign(token);
    const review = (body: unknown, as = operator.token) =>
      ctx.call('POST', '/api/operator/bankStatement/review', { token: as, body });
    expect((await review({ id: first.data.id, approve: true }, token)).status).toBe(403);
    expect((await review({ id: second.data.id, approve: false })).status).toBe(400);
    expect((await review({ id: first.data.id, approve: true })).code).toBe(0);
    expect((await review({ id: first.data.id, approve: false, note: '再审' })).status).toBe(409);
    expect((await review({ id: second.data.id, approve: false, note: '账号与户名不符' })).code).toBe(0);
    const list = (await ctx.call('GET', '/api/IcbcAdsSignedConfig/list', { token })).data.list;
    expect(list.map((row: { stateLabel: string }) => row.stateLabel).sort()).toEqual(['已生效', '已驳回']);
  });

  it('the 财务 operator lists every group’s agreements, pending first, with the full account, and downloads the PDF', async () => {
    const a = await firm();
    const b = await firm();
    const older = await sign(a.token);
    const pending = await sign(b.token, { ...FIELDS, accountNo: '6222000011112222' });
    const finance = await staffToken(ctx, ['finance']);
    await ctx.call('POST', '/api/operator/bankStatement/review', {
      token: finance.token,
      body: { id: older.data.id, approve: true },
    });
    const list = await ctx.call('GET', '/api/operator/bankStatement/list', {
      token: finance.token,
      query: { state: 'pending' },
    });
    const row = list.data.list.find((item: { id: number }) => item.id === pending.data.id);
    expect(row).toMatchObject({ groupId: b.groupId, accountNo: '6222000011112222', stateLabel: '待审核' });
    expect(list.data.list.some((item: { id: number }) => item.id === older.data.id)).toBe(false);
    const all = await ctx.call('GET', '/api/operator/bankStatement/list', { token: finance.token });
    const states = all.data.list.map((item: { state: string }) => item.state);
    expect(states.indexOf('active')).toBeGreaterThan(states.lastIndexOf('pending'));
    const file = await ctx.app.inject({
      method: 'GET',
      url: `/api/operator/bankStatement/download?id=${pending.data.id}`,
      headers: { token: finance.token },
    });
    expect([file.statusCode, file.rawPayload.subarray(0, 5).toString()]).toEqual([200, '%PDF-']);
    // Other console roles and customers: 403; an unknown id: 404.
    const content = await staffToken(ctx, ['content']);
    expect((await ctx.call('GET', '/api/operator/bankStatement/list', { token: content.token })).status).toBe(403);
    expect((await ctx.call('GET', '/api/operator/bankStatement/list', { token: a.token })).status).toBe(403);
    const missing = await ctx.call('GET', '/api/operator/bankStatement/download', {
      token: finance.token,
      query: { id: '999999' },
    });
    expect(missing.status).toBe(404);
  });
});
