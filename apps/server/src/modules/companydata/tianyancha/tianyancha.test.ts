import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../../test/factories.js';
import { createTestContext, type TestContext } from '../../../../test/helpers.js';
import { startWorkers } from '../../../jobs/boss.js';
import { staffToken } from '../../operator/test-support.js';
import { DEMO_CLIENT } from '../seed/demo-company-data.js';
import { type FakeCompany, startTycFake, type TycFake } from './testing/tyc-fake.js';

let ctx: TestContext;
let fake: TycFake;
let main: string;
let operator: string;
const BASEINFO = '/services/open/ic/baseinfo/normal';

/** The demo client as the vendor knows it: registry, two shareholders, an abnormal-operation listing. */
const CLIENT: FakeCompany = {
  base: {
    id: 3012345678,
    name: DEMO_CLIENT.name,
    creditCode: DEMO_CLIENT.code,
    legalPersonName: '林示例',
    regStatus: '存续',
    regCapital: '500万人民币',
    estiblishTime: 1458230400000,
    regLocation: '广东省深圳市南山区示例路1号',
    businessScope: '软件开发；信息技术咨询服务',
    industry: '软件和信息技术服务业',
    companyOrgType: '有限责任公司',
    base: 'gd',
  },
  lists: {
    '/services/open/ic/holder/2.0': [
      { name: '林示例', type: 2, capital: [{ amomon: '300万元', percent: '60%', time: '2036-12-31' }] },
      { name: '示例投资有限公司', type: 1, capital: [{ amomon: '200万元', percent: '40%', time: '2036-12-31' }] },
    ],
    '/services/open/ic/staff/2.0': [{ name: '林示例', typeJoin: ['执行董事', '经理'] }],
    '/services/open/mr/abnormal/2.0': [
      {
        putDate: '2024-06-12',
        putReason: '通过登记的住所或者经营场所无法联系的',
        putDepartment: '深圳市市场监督管理局',
      },
    ],
    '/services/open/m/taxCredit/2.0': [
      { year: '2024', grade: 'B', evalDepartment: '国家税务总局深圳市税务局' },
      { year: '2023', grade: 'A', evalDepartment: '国家税务总局深圳市税务局' },
    ],
  },
};
const OTHER: FakeCompany = {
  base: {
    id: 1,
    name: '示例物流有限公司',
    creditCode: '91440300MA5TL00049',
    legalPersonName: '周示例',
    regStatus: '在业',
    regCapital: '100万人民币',
  },
  lists: {},
};

beforeAll(async () => {
  fake = await startTycFake();
  fake.companies.push(CLIENT, OTHER);
  ctx = await createTestContext({
    env: {
      COMPANY_DATA_PROVIDER: 'tianyancha',
      TIANYANCHA_URL: fake.url,
      TIANYANCHA_TOKEN: fake.token,
      TIANYANCHA_PRICE_FEN: '30',
      TIANYANCHA_PRICES: `${BASEINFO}=50`,
    },
  });
  await startWorkers({ db: ctx.db, boss: ctx.app.boss, storage: ctx.app.storage, log: () => {} });
  main = await ctx.login('13800000001');
  const user = await createUser(ctx.db, { groupId: null });
  await ctx.db.updateTable('users').set({ is_operator: true }).where('id', '=', user.id).execute();
  operator = await ctx.login(user.phone);
});
afterAll(async () => {
  await ctx.close();
  await fake.close();
});

const vendorCalls = () => ctx.db.selectFrom('cd_vendor_calls').selectAll().orderBy('id').execute();

describe('the 天眼查 provider against a local fake of its open API', () => {
  it('names itself as the active provider and searches with the token, stripping the highlight', async () => {
    const info = await ctx.call('GET', '/api/CompanyData/provider', { token: main });
    expect(info.data).toEqual({ id: 'tianyancha', label: '天眼查开放平台（商业数据接口）' });
    const found = await ctx.call('GET', '/api/CompanyData/search', { token: main, query: { keyword: '示例科技' } });
    expect(found.status).toBe(200);
    expect(found.data.list).toHaveLength(1);
    expect(found.data.list[0]).toMatchObject({
      name: DEMO_CLIENT.name,
      creditCode: DEMO_CLIENT.code,
      regionCode: '440305',
      establishedOn: '2016-03-18',
      source: '天眼查开放平台',
    });
    const request = fake.received.at(-1);
    expect(request).toMatchObject({ path: '/services/open/search/2.0', authorization: fake.token });
    expect(request?.params).toMatchObject({ word: '示例科技', pageNum: '1' });
  });

  it('logs each vendor call with its cost and serves a repeat from the cache', async () => {
    const before = fake.received.length;
    const again = await ctx.call('GET', '/api/CompanyData/search', { token: main, query: { keyword: '示例科技' } });
    expect(again.data.list[0].creditCode).toBe(DEMO_CLIENT.code);
    expect(fake.received.length).toBe(before);
    const calls = await vendorCalls();
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({
      endpoint: '/services/open/search/2.0',
      outcome: 'ok',
      cost_fen: 30,
      keyword: '示例科技',
    });
  });

  it('fills the bind form from the base info (its own price) and keeps a one-character search from the vendor', async () => {
    const three = await ctx.call('GET', '/api/CsbFirmCertification/findFirm3Elements', {
      token: main,
      query: { keyword: DEMO_CLIENT.code },
    });
    expect(three.data.list[0]).toMatchObject({
      name: DEMO_CLIENT.name,
      legalRep: '林示例',
      registeredCapitalFen: 500_000_000,
      address: '广东省深圳市南山区示例路1号',
    });
    expect((await vendorCalls()).at(-1)).toMatchObject({ endpoint: BASEINFO, cost_fen: 50 });
    const before = fake.received.length;
    const short = await ctx.call('GET', '/api/CompanyData/search', { token: main, query: { keyword: '示' } });
    expect(short.status).toBe(400);
    expect(fake.received.length).toBe(before);
  });

  it('never takes an answer for another credit code: the company counts as unknown', async () => {
    fake.answerWrongCompany = true;
    const three = await ctx.call('GET', '/api/CsbFirmCertification/findFirm3Elements', {
      token: main,
      query: { keyword: OTHER.base.creditCode },
    });
    fake.answerWrongCompany = false;
    expect(three.data.list).toEqual([]);
  });

  it('a vendor refusal is a clear 502, logged as an error at no cost, nothing cached', async () => {
    fake.failWithCode = 300006;
    const failed = await ctx.call('GET', '/api/CompanyData/search', { token: main, query: { keyword: '示例物流' } });
    fake.failWithCode = null;
    expect(failed.status).toBe(502);
    expect(failed.msg).toBe('企业数据服务（天眼查）暂时不可用：300006 余额不足');
    expect((await vendorCalls()).at(-1)).toMatchObject({ outcome: 'error', error_code: 300006, cost_fen: 0 });
    const retried = await ctx.call('GET', '/api/CompanyData/search', { token: main, query: { keyword: '示例物流' } });
    expect(retried.data.list[0].name).toBe('示例物流有限公司');
  });

  it('builds the 全景报告 from the vendor, with 非正常户 still read from the imported official list', async () => {
    const bound = await ctx.call('POST', '/api/CsbFirmCertification/bindFirm', {
      token: main,
      body: { taxpayerName: DEMO_CLIENT.name, taxNo: DEMO_CLIENT.code },
    });
    const created = await ctx.call('POST', '/api/ReportPool/create', {
      token: main,
      body: { firmId: bound.data.firmId, reportType: 'PANORAMIC', periodStart: '2025-01', periodEnd: '2025-10' },
    });
    expect(created.code, created.msg).toBe(0);
    let report = created;
    for (let attempt = 0; attempt < 150 && !['done', 'failed'].includes(report.data?.status); attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      report = await ctx.call('GET', '/api/ReportPool/detail', {
        token: main,
        query: { id: String(created.data.reportId) },
      });
    }
    expect(report.data.status, report.data.failureReason).toBe('done');
    const result = report.data.result;
    expect(result.provider.id).toBe('tianyancha');
    expect(result.profile).toMatchObject({ legalRep: '林示例', source: '天眼查开放平台' });
    expect(result.relations.shareholder.map((row: { ratioBp: number }) => row.ratioBp)).toEqual([6000, 4000]);
    expect(result.relations.executive[0].role).toBe('执行董事、经理');
    const abnormal = result.risks.find((risk: { kind: string }) => risk.kind === 'abnormal_operation');
    expect(abnormal).toMatchObject({
      decidedOn: '2024-06-12',
      authority: '深圳市市场监督管理局',
      source: '天眼查开放平台',
    });
    expect(abnormal.details.列入原因).toBe('通过登记的住所或者经营场所无法联系的');
    expect(result.ratings[0]).toMatchObject({ year: 2024, level: 'B' });
    const fromLists = result.risks.filter((risk: { source: string }) => risk.source !== '天眼查开放平台');
    expect(fromLists.every((risk: { kind: string }) => risk.kind === 'abnormal_taxpayer')).toBe(true);
    expect(result.findings.map((item: { ruleId: string }) => item.ruleId)).toContain('CD_ABNORMAL_OPERATION');
  });

  it('the operator sees calls and cost per endpoint; a customer gets 403', async () => {
    const log = await ctx.call('GET', '/api/operator/companyData/vendorCalls', { token: operator });
    expect(log.status).toBe(200);
    const rows = await vendorCalls();
    expect(log.data.totals).toMatchObject({
      calls: rows.length,
      errors: 1,
      costFen: rows.reduce((sum, row) => sum + row.cost_fen, 0),
    });
    expect(log.data.totals.cacheEntries).toBeGreaterThan(5);
    expect(
      log.data.byEndpoint.find((row: { endpoint: string }) => row.endpoint === BASEINFO).costFen,
    ).toBeGreaterThanOrEqual(50);
    expect((await ctx.call('GET', '/api/operator/companyData/vendorCalls', { token: main })).status).toBe(403);
    const ops = await staffToken(ctx, ['ops']);
    expect((await ctx.call('GET', '/api/operator/companyData/vendorCalls', { token: ops.token })).status).toBe(200);
    const support = await staffToken(ctx, ['support']);
    expect((await ctx.call('GET', '/api/operator/companyData/vendorCalls', { token: support.token })).status).toBe(403);
  });
});
