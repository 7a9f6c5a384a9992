import { demoAnnualFigures, statementExportSheets, xlsBuffer } from '@taxlens/engine/fixtures';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../test/factories.js';
import { type FakeChanjet, startFakeChanjet } from '../../../test/fake-chanjet.js';
import { createTestContext, type TestContext } from '../../../test/helpers.js';

/** 畅捷通 authorisation (spec cjt/*) against the local fake of Chanjet's open platform. */

let ctx: TestContext;
let bare: TestContext;
let fake: FakeChanjet;
let main: string;
let firmId: number;
const company = { name: '测试畅捷通授权有限公司', taxNo: '91440305MA5TL00030' };
const base = '/api/BusinessPanoramicReport/cjt';
const year = demoAnnualFigures(2024, 'small');
const before = demoAnnualFigures(2023, 'small');

/** Follows the authorisation URL as the client's browser would: Chanjet answers with a redirect. */
async function authoriseAtChanjet(url: string) {
  const answer = await fetch(url, { redirect: 'manual' });
  expect(answer.status).toBe(302);
  const back = new URL(answer.headers.get('location') ?? '');
  expect(back.pathname).toBe('/cjt/callback');
  return { code: back.searchParams.get('code') ?? '', state: back.searchParams.get('state') ?? '' };
}

async function waitForImports(authId: number) {
  for (let attempt = 0; attempt < 150; attempt++) {
    const answer = await ctx.call('GET', `${base}/findAllReportChild`, {
      token: main,
      query: { authId: String(authId) },
    });
    if (answer.data.every((row: { status: string }) => ['done', 'failed', 'rejected'].includes(row.status))) {
      return answer.data;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('imports did not finish');
}

beforeAll(async () => {
  fake = await startFakeChanjet();
  fake.state.workbook = (period) =>
    xlsBuffer(
      statementExportSheets({
        style: 'chanjet',
        layout: 'small',
        period,
        company: company.name,
        taxNo: company.taxNo,
        balanceSheet: { end: year.balanceSheet, yearStart: before.balanceSheet },
        incomeStatement: { current: year.incomeStatement, ytd: year.incomeStatement },
      }),
    );
  ctx = await createTestContext({
    workers: true,
    env: {
      CHANJET_APP_KEY: fake.appKey,
      CHANJET_APP_SECRET: fake.appSecret,
      CHANJET_API_URL: fake.url,
      CHANJET_AUTHORIZE_URL: fake.authorizeUrl,
      CHANJET_REDIRECT_URI: 'https://taxlens.example.cn/cjt/callback',
    },
  });
  main = await ctx.login('13800000001');
  const bound = await ctx.call('POST', '/api/CsbFirmCertification/bindFirm', {
    token: main,
    body: { taxpayerName: company.name, taxNo: company.taxNo },
  });
  firmId = bound.data.firmId;
});
afterAll(async () => {
  await ctx.close();
  await bare?.close();
  await fake.close();
});

describe('畅捷通 authorisation', () => {
  it('says it is configured and which statements it pulls', async () => {
    const types = await ctx.call('GET', `${base}/reportType`, { token: main });
    expect(types.data).toMatchObject({ configured: true, label: '畅捷通开放平台', message: null });
    expect(types.data.types.map((type: { name: string }) => type.name)).toEqual(['资产负债表', '利润表']);
  });

  it('authorises, pulls two months through the statement importer, lists them and closes', async () => {
    const started = await ctx.call('POST', `${base}/authorizationUrl`, { token: main, body: { firmId } });
    expect(started.code, started.msg).toBe(0);
    expect(started.data.state).toBe('waiting');
    const { code, state } = await authoriseAtChanjet(started.data.url);

    const pulled = await ctx.call('POST', `${base}/shyAuthorization`, {
      token: main,
      body: { state, code, periodFrom: '2024-02', periodTo: '2024-03' },
    });
    expect(pulled.code, pulled.msg).toBe(0);
    expect(pulled.data).toMatchObject({ authId: started.data.authId, state: 'authorised' });
    expect(pulled.data.importIds).toHaveLength(2);
    expect(fake.state.exported).toEqual(['2024-02', '2024-03']);

    const imports = await waitForImports(started.data.authId);
    expect(imports.map((row: { status: string; message: string }) => [row.status, row.message])).toEqual([
      ['done', expect.anything()],
      ['done', expect.anything()],
    ]);
    expect(imports.map((row: { fileName: string }) => row.fileName)).toEqual([
      '畅捷通财务报表-2024-03.xls',
      '畅捷通财务报表-2024-02.xls',
    ]);
    const figures = await ctx.call('GET', '/api/CsbFirmCertification/findFigures', {
      token: main,
      query: { firmId: String(firmId) },
    });
    const income = figures.data.find(
      (row: { statement: string; period: string }) => row.statement === 'income_statement' && row.period === '2024-03',
    );
    expect(income?.figures.operatingRevenue).toBe(year.incomeStatement.operatingRevenue);

    const listed = await ctx.call('GET', `${base}/findAllReport`, { token: main, query: { page: '1', size: '10' } });
    expect(listed.data).toMatchObject({ total: 1, page: 1, size: 10 });
    const all = await ctx.call('GET', `${base}/findReportCreatAll`, { token: main, query: { firmId: String(firmId) } });
    expect(all.data).toHaveLength(2);

    // The code is one-time: a second use is refused and nothing is pulled again.
    const again = await ctx.call('POST', `${base}/shyAuthorization`, {
      token: main,
      body: { state, code, periodFrom: '2024-02', periodTo: '2024-03' },
    });
    expect([again.status, again.msg]).toEqual([400, '该授权链接已使用或已关闭，请重新获取授权链接']);
    expect(fake.state.exported).toHaveLength(2);

    const closed = await ctx.call('POST', `${base}/reportAuthClose`, {
      token: main,
      body: { authId: started.data.authId },
    });
    expect([closed.msg, closed.data.state]).toEqual(['已关闭授权', 'closed']);
    expect(fake.state.revoked).toHaveLength(1);
    expect(fake.state.tokens.size).toBe(0);
    const row = await ctx.db
      .selectFrom('chanjet_authorisations')
      .select(['access_token', 'refresh_token'])
      .where('id', '=', started.data.authId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ access_token: null, refresh_token: null });
  });

  it('passes on Chanjet refusing a code and a bad period range; nothing is imported', async () => {
    const started = await ctx.call('POST', `${base}/authorizationUrl`, { token: main, body: { firmId } });
    const wrong = await ctx.call('POST', `${base}/shyAuthorization`, {
      token: main,
      body: {
        state: new URL(started.data.url).searchParams.get('state'),
        code: 'not-a-code',
        periodFrom: '2024-01',
        periodTo: '2024-01',
      },
    });
    expect([wrong.status, wrong.msg]).toEqual([400, '畅捷通拒绝了授权码：授权码无效或已使用']);
    const reversed = await ctx.call('POST', `${base}/shyAuthorization`, {
      token: main,
      body: { state: 'x', code: 'y', periodFrom: '2024-05', periodTo: '2024-01' },
    });
    expect([reversed.status, reversed.msg]).toEqual([400, '结束期间不能早于开始期间']);
    const imports = await ctx.db.selectFrom('imports').select('id').where('company_id', '=', firmId).execute();
    expect(imports).toHaveLength(2);
  });

  it('keeps the calls from users without 企业管理 (403) and from other groups (404)', async () => {
    const started = await ctx.call('POST', `${base}/authorizationUrl`, { token: main, body: { firmId } });
    const denied = await createUser(ctx.db, {
      groupId: 1,
      level: 3,
      notMenus: [{ type: 0, permission: 'firmManage' }],
    });
    const token = await ctx.login(denied.phone);
    const other = await ctx.login('13900000001');
    const authId = started.data.authId;
    for (const [who, expected] of [
      [token, 403],
      [other, 404],
    ] as const) {
      const answers = [
        await ctx.call('POST', `${base}/authorizationUrl`, { token: who, body: { firmId } }),
        await ctx.call('GET', `${base}/findAllReportChild`, { token: who, query: { authId: String(authId) } }),
        await ctx.call('GET', `${base}/findReportCreatAll`, { token: who, query: { firmId: String(firmId) } }),
        await ctx.call('POST', `${base}/reportAuthClose`, { token: who, body: { authId } }),
      ];
      expect(answers.map((answer) => answer.status)).toEqual([expected, expected, expected, expected]);
    }
    const foreignList = await ctx.call('GET', `${base}/findAllReport`, { token: other, query: {} });
    expect(foreignList.data.total).toBe(0);
  });

  it('says plainly that it is not configured when Chanjet keys are not set', async () => {
    bare = await createTestContext();
    const token = await bare.login('13800000001');
    const types = await bare.call('GET', `${base}/reportType`, { token });
    expect(types.data).toMatchObject({
      configured: false,
      message: '未配置畅捷通授权，请导入从畅捷通导出的财务报表文件',
    });
    const refused = await bare.call('POST', `${base}/authorizationUrl`, { token, body: { firmId: 1 } });
    expect([refused.status, refused.msg]).toEqual([400, '未配置畅捷通授权，请导入从畅捷通导出的财务报表文件']);
  });
});
