import { officialFormSheet, xlsBuffer } from '@taxlens/engine/fixtures';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../test/factories.js';
import { type FakeAggregator, startFakeAggregator } from '../../../test/fake-tax-aggregator.js';
import { createTestContext, type TestContext } from '../../../test/helpers.js';
import { suggestedPeriods } from './data-sources.js';

/**
 * The spec's other names of the login calls (taxLogin, taxAuthCodeLongin, authorizationLogin) and its
 * status calls (findAvailableTerminalNum, financeAssistTime, reportDataSource, financeIsRecommend),
 * against the local fake of the aggregator, with a limit of two collections at once.
 */

let ctx: TestContext;
let fake: FakeAggregator;
let main: string;
let firmId: number;
const company = { name: '测试采集状态有限公司', taxNo: '91440305MA5TL00030' };
const lastYear = new Date().getFullYear() - 1;

async function poll(sessionId: number) {
  for (let attempt = 0; attempt < 100; attempt++) {
    const answer = await ctx.call('GET', '/api/report/findAuthState', {
      token: main,
      query: { sessionId: String(sessionId) },
    });
    if (['done', 'failed', 'cancelled'].includes(answer.data.state)) return answer.data;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('collection did not finish');
}

const taxLogin = () =>
  ctx.call('POST', '/api/BusinessPanoramicReport/taxLogin', {
    token: main,
    body: { firmId, account: '13800138000', periodFrom: `${lastYear}-01`, periodTo: `${lastYear}-03` },
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
      TAX_CONNECTOR_MAX_SESSIONS: '2',
    },
  });
  main = await ctx.login('13800000001');
  const bound = await ctx.call('POST', '/api/CsbFirmCertification/bindFirm', {
    token: main,
    body: { taxpayerName: company.name, taxNo: company.taxNo },
  });
  firmId = bound.data.firmId;
  fake.state.files = [
    {
      kind: 'return',
      name: '增值税申报表.xls',
      bytes: xlsBuffer([
        officialFormSheet('vat_general', {
          company: company.name,
          taxNo: company.taxNo,
          from: `${lastYear}-03-01`,
          to: `${lastYear}-03-31`,
          lines: { 1: 1_000_000, 11: 130_000, 12: 50_000, 24: 80_000 },
        }),
      ]),
    },
  ];
});
afterAll(async () => {
  await ctx.close();
  await fake.close();
});

describe('authorised collection: the spec’s other call names and status calls', () => {
  it('before any collection: no last collection, nothing imported, collection suggested', async () => {
    const assist = await ctx.call('GET', '/api/report/financeAssistTime', {
      token: main,
      query: { firmId: String(firmId) },
    });
    expect(assist.data).toMatchObject({ configured: true, lastCollection: null, suggestedFrom: `${lastYear}-01` });
    const sources = await ctx.call('POST', '/api/BusinessPanoramicReport/reportDataSource', {
      token: main,
      body: { firmId },
    });
    expect(sources.data.list.map((row: { sourceLabel: string }) => row.sourceLabel)).toEqual(Array(5).fill('暂无数据'));
    const recommend = await ctx.call('GET', '/api/BusinessPanoramicReport/financeIsRecommend', {
      token: main,
      query: { firmId: String(firmId) },
    });
    expect(recommend.data).toEqual({
      recommend: true,
      missing: ['资产负债表', '利润表', '增值税申报表', '企业所得税申报表'],
      reason: `缺少 ${lastYear} 年的资产负债表、利润表、增值税申报表、企业所得税申报表，建议授权采集`,
    });
  });

  it('taxLogin and taxAuthCodeLongin run the SMS login; the collected return is the VAT return’s source', async () => {
    const started = await taxLogin();
    expect(started.data).toMatchObject({ state: 'sms_sent', region: '110000' });
    const wrong = await ctx.call('POST', '/api/report/authorizationLogin', {
      token: main,
      body: { sessionId: started.data.sessionId, code: '000000' },
    });
    expect([wrong.status, wrong.msg]).toEqual([400, '短信验证码错误']);
    const loggedIn = await ctx.call('POST', '/api/BusinessPanoramicReport/taxAuthCodeLongin', {
      token: main,
      body: { sessionId: started.data.sessionId, code: '123456' },
    });
    expect(loggedIn.data.state).toBe('collecting');
    expect((await poll(started.data.sessionId)).state).toBe('done');

    const sources = await ctx.call('POST', '/api/BusinessPanoramicReport/reportDataSource', {
      token: main,
      body: { firmId },
    });
    const vat = sources.data.list.find((row: { kind: string }) => row.kind === 'return');
    expect(vat).toMatchObject({ source: 'collection', sourceLabel: '授权采集', fileName: '增值税申报表.xls' });
    const assist = await ctx.call('GET', '/api/report/financeAssistTime', {
      token: main,
      query: { firmId: String(firmId) },
    });
    expect(assist.data.lastCollection).toMatchObject({
      sessionId: started.data.sessionId,
      state: 'done',
      periodFrom: `${lastYear}-01`,
      periodTo: `${lastYear}-03`,
    });
    expect(assist.data.suggestedFrom).toBe(`${lastYear}-04`);
    const recommend = await ctx.call('GET', '/api/BusinessPanoramicReport/financeIsRecommend', {
      token: main,
      query: { firmId: String(firmId) },
    });
    expect(recommend.data.missing).toEqual(['资产负债表', '利润表', '企业所得税申报表']);
  });

  it('counts running collections against the limit and refuses one more before calling the vendor', async () => {
    const free = async () => (await ctx.call('GET', '/api/report/findAvailableTerminalNum', { token: main })).data;
    expect(await free()).toMatchObject({ configured: true, limit: 2, running: 0, available: 2 });
    const first = await taxLogin();
    await taxLogin();
    expect(await free()).toMatchObject({ running: 2, available: 0 });
    const calls = fake.state.calls.length;
    const third = await taxLogin();
    expect([third.status, third.msg]).toEqual([
      409,
      '同时进行的授权采集已达上限（2 个），请等待进行中的采集完成或取消后再试',
    ]);
    expect(fake.state.calls.length).toBe(calls);
    await ctx.call('POST', '/api/report/cancelOperation', { token: main, body: { sessionId: first.data.sessionId } });
    expect(await free()).toMatchObject({ running: 1, available: 1 });
  });

  it('keeps the status calls from users without 企业管理 and from other groups', async () => {
    const denied = await createUser(ctx.db, {
      groupId: 1,
      level: 3,
      notMenus: [{ type: 0, permission: 'firmManage' }],
    });
    const token = await ctx.login(denied.phone);
    const other = await ctx.login('13900000001');
    const query = { firmId: String(firmId) };
    for (const [who, expected] of [
      [token, 403],
      [other, 404],
    ] as const) {
      const answers = [
        await ctx.call('GET', '/api/report/financeAssistTime', { token: who, query }),
        await ctx.call('GET', '/api/BusinessPanoramicReport/financeIsRecommend', { token: who, query }),
        await ctx.call('POST', '/api/BusinessPanoramicReport/reportDataSource', { token: who, body: { firmId } }),
      ];
      expect(answers.map((answer) => answer.status)).toEqual([expected, expected, expected]);
    }
    const terminals = await ctx.call('GET', '/api/report/findAvailableTerminalNum', { token });
    expect(terminals.status).toBe(403);
  });
});

describe('suggested collection periods', () => {
  const today = new Date(2026, 10, 25);
  it('runs from the month after the covered data to the last finished month', () => {
    expect(suggestedPeriods(null, today)).toEqual({ suggestedFrom: '2025-01', suggestedTo: '2026-10' });
    expect(suggestedPeriods('2026-03', today)).toEqual({ suggestedFrom: '2026-04', suggestedTo: '2026-10' });
    expect(suggestedPeriods('2025-12', today)).toEqual({ suggestedFrom: '2026-01', suggestedTo: '2026-10' });
    expect(suggestedPeriods('2026-10', today)).toEqual({ suggestedFrom: '2026-10', suggestedTo: '2026-10' });
  });
});
