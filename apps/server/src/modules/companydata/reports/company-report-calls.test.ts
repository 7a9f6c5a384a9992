import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../../test/factories.js';
import { createTestContext, type TestContext } from '../../../../test/helpers.js';
import { startWorkers } from '../../../jobs/boss.js';
import { DEMO_CLIENT } from '../seed/demo-company-data.js';

let ctx: TestContext;
let main: string;
let noQjbg: string;
let other: string;
let firmId: number;

beforeAll(async () => {
  ctx = await createTestContext();
  main = await ctx.login('13800000001');
  other = await ctx.login('13900000001');
  const denied = await createUser(ctx.db, { groupId: 1, level: 2, notMenus: [{ type: 0, permission: 'qjbg' }] });
  noQjbg = await ctx.login(denied.phone);
  await startWorkers({ db: ctx.db, boss: ctx.app.boss, storage: ctx.app.storage, log: () => {} });
  const bound = await ctx.call('POST', '/api/CsbFirmCertification/bindFirm', {
    token: main,
    body: { taxpayerName: DEMO_CLIENT.name, taxNo: DEMO_CLIENT.code },
  });
  firmId = bound.data.firmId;
});
afterAll(() => ctx.close());

const credits = async (type: number) => {
  const details = await ctx.call('GET', '/api/userInfo/findUserDetails', { token: main });
  return details.data.numberList.find((item: { type: number }) => item.type === type).count as number;
};

async function waitDone(id: number) {
  for (let attempt = 0; attempt < 150; attempt += 1) {
    const state = await ctx.call('GET', '/api/BusinessPanoramicReport/findStateById', {
      token: main,
      query: { id: String(id) },
    });
    if (state.data.status === 'done' || state.data.status === 'failed') return state.data;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('report not generated');
}

const ids: Record<string, number> = {};

describe('the spec call names of the company reports', () => {
  it('xlbakCreateReport, createPanoramicReport and the form-posted createBusinessDueDiligenceReport charge types 5, 4, 6', async () => {
    const before = [await credits(4), await credits(5), await credits(6)];
    const info = await ctx.call('POST', '/api/People/xlbakCreateReport', { token: main, body: { firmId } });
    expect(info.code, info.msg).toBe(0);
    const panoramic = await ctx.call('POST', '/api/CsbFirmCertification/createPanoramicReport', {
      token: main,
      body: { firmId },
    });
    const form = await ctx.app.inject({
      method: 'POST',
      url: '/api/People/createBusinessDueDiligenceReport',
      headers: { token: main, 'content-type': 'application/x-www-form-urlencoded' },
      payload: `firmId=${firmId}`,
    });
    expect(form.json().code, form.json().msg).toBe(0);
    ids.BUSINESS_INFO = info.data.reportId;
    ids.PANORAMIC = panoramic.data.reportId;
    ids.DUE_DILIGENCE = form.json().data.reportId;
    for (const id of Object.values(ids)) expect((await waitDone(id)).status).toBe('done');
    expect([await credits(4), await credits(5), await credits(6)]).toEqual(before.map((count) => count - 1));
    const detail = await ctx.call('GET', '/api/ReportPool/detail', {
      token: main,
      query: { id: String(ids.DUE_DILIGENCE) },
    });
    expect(detail.data.reportType).toBe('DUE_DILIGENCE');
    expect(detail.data.periodEnd).toMatch(/^\d{4}-\d{2}$/);
  });

  it('refuses without qjbg (403) and for another group’s company (404)', async () => {
    expect((await ctx.call('POST', '/api/People/xlbakCreateReport', { token: noQjbg, body: { firmId } })).status).toBe(
      403,
    );
    expect((await ctx.call('POST', '/api/People/xlbakCreateReport', { token: other, body: { firmId } })).status).toBe(
      404,
    );
    expect(
      (
        await ctx.call('GET', '/api/BusinessPanoramicReport/findStateById', {
          token: other,
          query: { id: String(ids.PANORAMIC) },
        })
      ).status,
    ).toBe(404);
  });

  it('infoList has the 全景 reports only; findAllReportListByUserId all three kinds', async () => {
    const info = await ctx.call('GET', '/api/BusinessPanoramicReport/infoList', {
      token: main,
      query: { page: '1', size: '20' },
    });
    expect(info.data.list.map((row: { reportType: string }) => row.reportType)).toEqual(['PANORAMIC']);
    const all = await ctx.call('GET', '/api/BusinessPanoramicReport/findAllReportListByUserId', {
      token: main,
      query: { page: '1', size: '20' },
    });
    expect(all.data.total).toBe(3);
    expect(new Set(all.data.list.map((row: { reportType: string }) => row.reportType))).toEqual(
      new Set(['PANORAMIC', 'BUSINESS_INFO', 'DUE_DILIGENCE']),
    );
  });

  it('xlbakWatchTag marks the 工商信息 report read; deleteById removes a company report', async () => {
    const unread = () =>
      ctx.call('GET', '/api/BusinessPanoramicReport/findAllReportListByUserId', {
        token: main,
        query: { page: '1', size: '20', reportType: 'BUSINESS_INFO' },
      });
    expect((await unread()).data.list[0].read).toBe(false);
    const marked = await ctx.call('POST', '/api/People/xlbakWatchTag', {
      token: main,
      body: { id: ids.BUSINESS_INFO },
    });
    expect(marked.data.updated).toBe(1);
    expect((await unread()).data.list[0].read).toBe(true);
    expect(
      (await ctx.call('POST', '/api/People/xlbakWatchTag', { token: main, body: { id: ids.PANORAMIC } })).status,
    ).toBe(404);
    const deleted = await ctx.call('POST', '/api/BusinessPanoramicReport/deleteById', {
      token: main,
      body: { id: ids.PANORAMIC },
    });
    expect(deleted.code).toBe(0);
    const gone = await ctx.call('GET', '/api/BusinessPanoramicReport/infoList', {
      token: main,
      query: { page: '1', size: '20' },
    });
    expect(gone.data.total).toBe(0);
  });

  it('getFirmDetails gives the registry with shareholders and its source; bad or unknown codes are refused', async () => {
    const details = await ctx.call('GET', '/api/BusinessPanoramicReport/getFirmDetails', {
      token: main,
      query: { taxNo: DEMO_CLIENT.code },
    });
    expect(details.data.profile).toMatchObject({ name: DEMO_CLIENT.name, creditCode: DEMO_CLIENT.code });
    expect(details.data.shareholders.length).toBeGreaterThan(0);
    expect(details.data.profile.source).toBeTruthy();
    const unknown = await ctx.call('GET', '/api/BusinessPanoramicReport/getFirmDetails', {
      token: main,
      query: { taxNo: '91110108769914581E' },
    });
    expect(unknown.status).toBe(404);
    expect(unknown.msg).toContain('91110108769914581E');
    expect(
      (await ctx.call('GET', '/api/BusinessPanoramicReport/getFirmDetails', { token: main, query: { taxNo: '123' } }))
        .status,
    ).toBe(400);
    expect(
      (
        await ctx.call('GET', '/api/BusinessPanoramicReport/getFirmDetails', {
          token: noQjbg,
          query: { taxNo: DEMO_CLIENT.code },
        })
      ).status,
    ).toBe(403);
  });

  it('findIndicatorsList names every list with its level and basis; getProvinceAndPulldown the case filters', async () => {
    const indicators = await ctx.call('GET', '/api/BusinessPanoramicReport/findIndicatorsList', { token: main });
    expect(indicators.data).toHaveLength(17);
    expect(indicators.data.find((row: { kind: string }) => row.kind === 'major_tax_violation')).toMatchObject({
      label: '重大税收违法失信主体',
      group: '经营风险',
      level: 'high',
      basis: expect.stringContaining('国家税务总局令第54号'),
    });
    const pulldown = await ctx.call('GET', '/api/BusinessPanoramicReport/getProvinceAndPulldown', { token: main });
    // The 31 mainland provincial divisions of GB/T 2260 in the package (no 港澳台 data).
    expect(pulldown.data.provinces).toHaveLength(31);
    expect(pulldown.data.provinces[0]).toEqual({ code: '110000', name: '北京市' });
    expect(pulldown.data.caseTypes.length).toBeGreaterThan(0);
    expect(pulldown.data.years[0]).toBeGreaterThanOrEqual(2020);
  });

  it('example reports of the three kinds are free, about the fictitious sample company, and need qjbg', async () => {
    const before = await credits(4);
    const example = async (reportType: string, token = main) =>
      ctx.call('GET', '/api/CompanyData/exampleReport', { token, query: { reportType } });
    const panoramic = await example('PANORAMIC');
    expect(panoramic.data).toMatchObject({
      id: 0,
      reportName: '全景报告（示例）',
      taxpayerName: '样本科技有限公司（示例数据）',
    });
    const rules = panoramic.data.findings.map((item: { ruleId: string }) => item.ruleId);
    expect(rules).toEqual(expect.arrayContaining(['CD_ADMIN_PENALTY', 'CD_TAX_ARREARS', 'CD_EXECUTED_PERSON']));
    const info = await example('BUSINESS_INFO');
    expect(info.data.findings.map((item: { ruleId: string }) => item.ruleId)).toEqual(['CD_REGISTRATION']);
    const due = await example('DUE_DILIGENCE');
    expect(due.data.result.financial).toHaveLength(2);
    expect(due.data.result.rating.grade).toMatch(/^[A-D]$/);
    expect(due.data.result.rating.reasons.length).toBeGreaterThan(0);
    expect(await credits(4)).toBe(before);
    expect((await example('PANORAMIC', noQjbg)).status).toBe(403);
    expect((await example('TAX')).status).toBe(400);
  });
});
