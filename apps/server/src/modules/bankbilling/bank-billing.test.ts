import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGroup, createUser } from '../../../test/factories.js';
import { createTestContext, multipartBody, type TestContext } from '../../../test/helpers.js';
import { operatorToken, SAMPLE_PDF } from '../billing/test-support.js';

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
});
