import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../../test/factories.js';
import { createTestContext, type TestContext } from '../../../../test/helpers.js';
import { startWorkers } from '../../../jobs/boss.js';
import { DEMO_CLIENT, DEMO_DATA_SOURCE } from '../seed/demo-company-data.js';

let ctx: TestContext;
let main: string;
let firmId: number;

beforeAll(async () => {
  ctx = await createTestContext();
  main = await ctx.login('13800000001');
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

async function generate(reportType: string, token = main, id = firmId) {
  const created = await ctx.call('POST', '/api/ReportPool/create', {
    token,
    body: { firmId: id, reportType, periodStart: '2025-01', periodEnd: '2025-10' },
  });
  if (created.code !== 0) return created;
  for (let attempt = 0; attempt < 150; attempt += 1) {
    const answer = await ctx.call('GET', '/api/ReportPool/detail', {
      token,
      query: { id: String(created.data.reportId) },
    });
    if (answer.data.status === 'done' || answer.data.status === 'failed') return answer;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('report not generated');
}

describe('company reports (credit types 4–6)', () => {
  it('全景报告: registry, risks by list, tax credit, with sources; one type-4 credit', async () => {
    const before = await credits(4);
    const report = await generate('PANORAMIC');
    expect(report.data.status, report.data.failureReason).toBe('done');
    expect(await credits(4)).toBe(before - 1);
    const result = report.data.result;
    expect(result.profile).toMatchObject({
      creditCode: DEMO_CLIENT.code,
      regionName: '广东省深圳市南山区',
      source: DEMO_DATA_SOURCE,
    });
    expect(result.relations.shareholder.length).toBeGreaterThan(0);
    const ids = result.findings.map((item: { ruleId: string }) => item.ruleId);
    expect(ids).toEqual(
      expect.arrayContaining(['CD_REGISTRATION', 'CD_ADMIN_PENALTY', 'CD_COURT_SESSION', 'CD_TAX_CREDIT']),
    );
    const penalty = result.findings.find((item: { ruleId: string }) => item.ruleId === 'CD_ADMIN_PENALTY');
    expect(penalty.level).toBe('medium');
    expect(penalty.basis).toContain('中华人民共和国行政处罚法');
    expect(result.ownData.sales.count).toBe(0);
    expect(report.data.sources[0]).toMatchObject({ fileName: DEMO_DATA_SOURCE, finishedAt: '2025-10-31' });
  });

  it('工商信息报告 has the registry only; 尽职调查报告 adds a rating with its reasons', async () => {
    const info = await generate('BUSINESS_INFO');
    expect(info.data.status).toBe('done');
    expect(info.data.result.findings.map((item: { ruleId: string }) => item.ruleId)).toEqual(['CD_REGISTRATION']);
    const due = await generate('DUE_DILIGENCE');
    expect(due.data.status).toBe('done');
    const rating = due.data.result.rating;
    // One medium (penalty −10) and one low (court session −3) finding, no statements imported: 87 → A.
    expect(rating).toMatchObject({ grade: 'A', score: 87 });
    expect(rating.reasons.join('')).toContain('未导入财务报表');
    expect(due.data.result.financial).toEqual([]);
  });

  it('refuses a company the provider does not know before charging', async () => {
    const bound = await ctx.call('POST', '/api/CsbFirmCertification/bindFirm', {
      token: main,
      body: { taxpayerName: '数据源里没有的公司', taxNo: '91110108769914581E' },
    });
    const before = await credits(4);
    const refused = await ctx.call('POST', '/api/ReportPool/create', {
      token: main,
      body: { firmId: bound.data.firmId, reportType: 'PANORAMIC', periodStart: '2025-01', periodEnd: '2025-10' },
    });
    expect(refused.status).toBe(400);
    expect(refused.msg).toContain('没有统一社会信用代码为 91110108769914581E 的企业');
    expect(await credits(4)).toBe(before);
  });

  it('needs qjbg (403) and answers 404 for another group’s company', async () => {
    const denied = await createUser(ctx.db, { groupId: 1, level: 2, notMenus: [{ type: 0, permission: 'qjbg' }] });
    const refused = await generate('PANORAMIC', await ctx.login(denied.phone));
    expect(refused.status).toBe(403);
    const other = await generate('DUE_DILIGENCE', await ctx.login('13900000001'));
    expect(other.status).toBe(404);
  });
});
