import { officialFormSheet, writeInvoiceExportFixture, xlsBuffer } from '@taxlens/engine/fixtures';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../test/factories.js';
import { type FakeAggregator, startFakeAggregator } from '../../../test/fake-tax-aggregator.js';
import { createTestContext, type TestContext } from '../../../test/helpers.js';

/** Authorised collection against the local fake of the aggregator: success, wrong code, time-outs, cancel. */

let ctx: TestContext;
let fake: FakeAggregator;
let main: string;
let firmId: number;
const company = { name: '测试授权采集有限公司', taxNo: '91440305MA5TL00030' };
const base = '/api/report';

async function poll(sessionId: number, until: (state: string) => boolean) {
  for (let attempt = 0; attempt < 100; attempt++) {
    const answer = await ctx.call('GET', `${base}/findAuthState`, {
      token: main,
      query: { sessionId: String(sessionId) },
    });
    expect(answer.code, answer.msg).toBe(0);
    if (until(answer.data.state)) return answer.data;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('collection did not reach the expected state');
}

const login = (method: 'getSmsCode' | 'getLoginQRCodeUrl') =>
  ctx.call('POST', `${base}/${method}`, {
    token: main,
    body: { firmId, account: '13800138000', password: 'secret', periodFrom: '2024-01', periodTo: '2024-03' },
  });

beforeAll(async () => {
  fake = await startFakeAggregator();
  ctx = await createTestContext({
    workers: true,
    env: {
      TAX_CONNECTOR_PROVIDER: 'jumdata',
      TAX_CONNECTOR_URL: fake.url,
      TAX_CONNECTOR_APP_ID: fake.appId,
      TAX_CONNECTOR_APP_SECRET: fake.appSecret,
    },
  });
  main = await ctx.login('13800000001');
  const bound = await ctx.call('POST', '/api/CsbFirmCertification/bindFirm', {
    token: main,
    body: { taxpayerName: company.name, taxNo: company.taxNo },
  });
  firmId = bound.data.firmId;
  const invoices = await writeInvoiceExportFixture(
    { seed: 3, format: 'xlsx', invoiceCount: 30, months: 3, companyTaxNo: company.taxNo, companyName: company.name },
    'buffer',
  );
  const vat = xlsBuffer([
    officialFormSheet('vat_general', {
      company: company.name,
      taxNo: company.taxNo,
      from: '2024-03-01',
      to: '2024-03-31',
      lines: { 1: 1_000_000, 11: 130_000, 12: 50_000, 24: 80_000 },
    }),
  ]);
  fake.state.files = [
    { kind: 'invoice', name: '全量发票查询.xlsx', bytes: invoices.buffer as Buffer },
    { kind: 'return', name: '增值税申报表.xls', bytes: vat },
  ];
});
afterAll(async () => {
  await ctx.close();
  await fake.close();
});

describe('authorised collection', () => {
  it('says it is configured and which regions it logs in at', async () => {
    const info = await ctx.call('GET', `${base}/connectorInfo`, { token: main });
    expect(info.data).toMatchObject({
      configured: true,
      regions: ['210200', '370200', '440300', '330200', '350200', '110000'],
    });
  });

  it('logs in by SMS code, collects with progress and imports the files through the importers', async () => {
    const started = await login('getSmsCode');
    expect(started.code, started.msg).toBe(0);
    expect(started.data).toMatchObject({ state: 'sms_sent', region: '110000' });
    const sent = fake.state.calls.find((call) => call.path === '/tax/v3/login/sms/send');
    expect(sent?.fields).toMatchObject({ nsrsbh: company.taxNo, dq: '110000', gryhm: '13800138000' });
    const loggedIn = await ctx.call('POST', `${base}/authLongin`, {
      token: main,
      body: { sessionId: started.data.sessionId, code: '123456' },
    });
    expect(loggedIn.data.state).toBe('collecting');
    const running = await poll(started.data.sessionId, () => true);
    expect([running.state, running.progress]).toEqual(['collecting', 30]);
    const done = await poll(started.data.sessionId, (state) => state === 'done' || state === 'failed');
    expect([done.state, done.message]).toEqual(['done', '授权采集完成，已导入 2 个文件']);
    const imports = await ctx.db
      .selectFrom('imports')
      .select(['kind', 'status', 'source'])
      .where('id', 'in', done.importIds)
      .execute();
    expect(imports.map((row) => [row.kind, row.status, row.source]).sort()).toEqual([
      ['invoice', 'done', 'collection'],
      ['return', 'done', 'collection'],
    ]);
    const vat = await ctx.db
      .selectFrom('financial_figures')
      .select('figures')
      .where('company_id', '=', firmId)
      .where('statement', '=', 'vat_return')
      .executeTakeFirst();
    expect(vat?.figures).toMatchObject({ taxableSalesGeneral: 1_000_000, outputTax: 130_000 });
  });

  it('refuses a wrong SMS code and keeps the session waiting for the right one', async () => {
    const started = await login('getSmsCode');
    const wrong = await ctx.call('POST', `${base}/authLongin`, {
      token: main,
      body: { sessionId: started.data.sessionId, code: '000000' },
    });
    expect([wrong.status, wrong.msg]).toEqual([400, '短信验证码错误']);
    const state = await poll(started.data.sessionId, () => true);
    expect(state.state).toBe('sms_sent');
  });

  it('fails a login that outlives its time-out, and a collection that outlives its own', async () => {
    const started = await login('getSmsCode');
    await ctx.db
      .updateTable('collection_sessions')
      .set({ auth_deadline: new Date(Date.now() - 1000) })
      .where('id', '=', started.data.sessionId)
      .execute();
    const expired = await poll(started.data.sessionId, () => true);
    expect([expired.state, expired.message]).toEqual(['failed', '授权超时，请重新发起授权']);

    fake.state.pollsBeforeDone = Number.POSITIVE_INFINITY;
    const second = await login('getSmsCode');
    await ctx.call('POST', `${base}/authLongin`, {
      token: main,
      body: { sessionId: second.data.sessionId, code: '123456' },
    });
    await ctx.db
      .updateTable('collection_sessions')
      .set({ collect_deadline: new Date(Date.now() - 1000) })
      .where('id', '=', second.data.sessionId)
      .execute();
    const slow = await poll(second.data.sessionId, () => true);
    expect([slow.state, slow.message]).toEqual(['failed', '采集超时，请稍后重新发起授权，或改用文件导入']);
    expect(fake.state.cancelled.length).toBeGreaterThan(0);
    fake.state.pollsBeforeDone = 1;
  });

  it('cancels a QR login on cancelOperation; another group sees no session', async () => {
    const started = await login('getLoginQRCodeUrl');
    expect(started.data).toMatchObject({ state: 'qr_waiting', qrCode: 'qrcode_id=fake&areaPrefix=4403' });
    expect((await poll(started.data.sessionId, () => true)).state).toBe('qr_waiting');
    const other = await ctx.login('13900000001');
    const foreign = await ctx.call('GET', `${base}/findAuthState`, {
      token: other,
      query: { sessionId: String(started.data.sessionId) },
    });
    expect(foreign.status).toBe(404);
    const cancelled = await ctx.call('POST', `${base}/cancelOperation`, {
      token: main,
      body: { sessionId: started.data.sessionId },
    });
    expect(cancelled.data.state).toBe('cancelled');
    // The vendor's QR login task (Q…) is cancelled there too.
    expect(fake.state.cancelled.at(-1)).toMatch(/^Q\d+$/);
  });

  it('refuses every collection call to a user without 企业管理, and starts nothing at the vendor', async () => {
    const started = await login('getSmsCode');
    const denied = await createUser(ctx.db, {
      groupId: 1,
      level: 3,
      notMenus: [{ type: 0, permission: 'firmManage' }],
    });
    const token = await ctx.login(denied.phone);
    const callsBefore = fake.state.calls.length;
    const sessionId = started.data.sessionId;
    const start = { firmId, account: '13800138000', periodFrom: '2024-01', periodTo: '2024-03' };
    const attempts: [string, string, Record<string, unknown>][] = [
      ['GET', 'connectorInfo', {}],
      ['POST', 'getSmsCode', start],
      ['POST', 'getLoginQRCodeUrl', start],
      ['POST', 'authLongin', { sessionId, code: '123456' }],
      ['GET', 'findAuthState', { sessionId: String(sessionId) }],
      ['POST', 'cancelOperation', { sessionId }],
    ];
    for (const [method, path, input] of attempts) {
      const answer = await ctx.call(method as 'GET' | 'POST', `${base}/${path}`, {
        token,
        ...(method === 'GET' ? { query: input as Record<string, string> } : { body: input }),
      });
      expect([path, answer.status, answer.msg]).toEqual([path, 403, '当前用户没有权限，请联系管理员']);
    }
    expect(fake.state.calls.length).toBe(callsBefore);
    const row = await ctx.db
      .selectFrom('collection_sessions')
      .select('state')
      .where('id', '=', sessionId)
      .executeTakeFirstOrThrow();
    expect(row.state).toBe('sms_sent');
  });
});

describe('without a configured aggregator', () => {
  let plain: TestContext;
  beforeAll(async () => {
    plain = await createTestContext();
  });
  afterAll(() => plain.close());

  it('says plainly that authorised collection is not configured, and starts nothing', async () => {
    const token = await plain.login('13800000001');
    const info = await plain.call('GET', `${base}/connectorInfo`, { token });
    expect(info.data).toMatchObject({
      configured: false,
      message: '未配置授权采集服务，请使用文件导入，或把客户上传链接发给客户自行上传',
    });
    const refused = await plain.call('POST', `${base}/getSmsCode`, {
      token,
      body: { firmId: 1, account: 'a', periodFrom: '2024-01', periodTo: '2024-03' },
    });
    expect([refused.status, refused.msg]).toEqual([
      400,
      '未配置授权采集服务，请使用文件导入，或把客户上传链接发给客户自行上传',
    ]);
  });
});
