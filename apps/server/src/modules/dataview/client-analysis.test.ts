import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Portfolio, seedPortfolio } from '../../../test/client-portfolio.js';
import { createTestContext, type TestContext } from '../../../test/helpers.js';

let ctx: TestContext;
const base = '/api/DataAnalysisMonitoring';
let tokens: Portfolio['tokens'];
let ids: Portfolio['ids'];
let staffBId = 0;
/** A period that holds every report below but one from 2024. */
const PERIOD = { from: '2025-12', to: '2026-11' };

const analysis = (token: string, body: Record<string, unknown> = {}) =>
  ctx.call('POST', `${base}/findReportRisk`, { token, body });

beforeAll(async () => {
  ctx = await createTestContext();
  ({ tokens, ids, staffBId } = await seedPortfolio(ctx));
});

afterAll(async () => {
  await ctx?.close();
});

/** Finished reports of the given companies per month and kind, counted directly. */
async function monthlyBySql(companyIds: number[]) {
  const rows = await sql<{ month: string; report_type: string; n: number }>`
    SELECT to_char(created_at AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM') AS month, report_type, count(*)::int AS n
    FROM reports WHERE status = 'done' AND company_id = ANY(${companyIds}::bigint[])
      AND created_at >= timestamptz '2025-12-01 00:00+08' AND created_at < timestamptz '2026-12-01 00:00+08'
    GROUP BY 1, 2`.execute(ctx.db);
  return rows.rows;
}

describe('findReportRisk: the portfolio of the clients a user may see', () => {
  it('counts the main account’s whole group, and nothing of another group', async () => {
    const answer = await analysis(tokens.main, PERIOD);
    expect(answer.code, answer.msg).toBe(0);
    const data = answer.data;
    expect(data.period).toEqual(PERIOD);
    expect(data.byMonth.map((row: { month: string }) => row.month)).toHaveLength(12);
    expect(data.summary).toEqual({
      clients: 4,
      reportedClients: 3,
      reports: 5,
      highRiskClients: 1,
      staleClients: 2,
      neverImported: 1,
    });
    const levels = Object.fromEntries(
      data.riskLevels.map((row: { level: string; count: number }) => [row.level, row.count]),
    );
    expect(levels).toEqual({ high: 1, medium: 0, low: 1, none: 1, unreported: 1 });

    const expected = await monthlyBySql([ids.A, ids.B, ids.C, ids.D]);
    expect(expected.reduce((sum, row) => sum + row.n, 0)).toBe(5);
    for (const row of expected) {
      const month = data.byMonth.find((item: { month: string }) => item.month === row.month);
      expect(month.counts[row.report_type], `${row.month} ${row.report_type}`).toBe(row.n);
    }
    expect(data.byMonth.find((item: { month: string }) => item.month === '2026-06').counts).toEqual({ INVOICE: 1 });
    expect(data.byMonth.find((item: { month: string }) => item.month === '2026-05').total).toBe(2);
    const kinds = Object.fromEntries(
      data.byKind.map((row: { reportType: string; count: number }) => [row.reportType, row.count]),
    );
    expect(kinds).toMatchObject({ INVOICE: 3, TAX: 1, COMPREHENSIVE: 1, PANORAMIC: 0 });

    // Latest report of each kind per client; plain titles; never another group's, an older report's or a non-risk finding.
    const risks = [...data.topRisks].sort((x: { title: string }, y: { title: string }) =>
      x.title.localeCompare(y.title),
    );
    expect(risks).toEqual(
      [
        { title: '税负率低于行业预警值', clients: 2, highClients: 1 },
        { title: '进销品目不匹配', clients: 2, highClients: 1 },
      ].sort((x, y) => x.title.localeCompare(y.title)),
    );
    expect(JSON.stringify(data)).not.toMatch(/TEST_RULE|其他机构/);

    const staff = Object.fromEntries(data.byStaff.map((row: { name: string }) => [row.name, row]));
    expect(staff.王员工).toMatchObject({
      clients: 1,
      reportedClients: 1,
      reports: 3,
      highRiskClients: 0,
      staleClients: 0,
    });
    expect(staff.陈员工).toMatchObject({
      assigneeId: staffBId,
      clients: 1,
      reports: 1,
      highRiskClients: 1,
      staleClients: 1,
    });
    expect(staff.李主管).toMatchObject({ clients: 1, reportedClients: 0, reports: 0, staleClients: 1 });
    expect(staff.未分配).toMatchObject({ assigneeId: null, clients: 1, reports: 1, staleClients: 0 });
  });

  it('filters by report kind, period and staff member', async () => {
    const invoice = (await analysis(tokens.main, { ...PERIOD, reportType: 'INVOICE' })).data;
    expect(invoice.byKind).toEqual([{ reportType: 'INVOICE', name: '发票穿透报告', count: 3 }]);
    const levels = Object.fromEntries(
      invoice.riskLevels.map((row: { level: string; count: number }) => [row.level, row.count]),
    );
    // A's latest invoice report is medium; B has only a comprehensive one.
    expect(levels).toEqual({ high: 0, medium: 1, low: 0, none: 1, unreported: 2 });
    expect(invoice.topRisks).toEqual([{ title: '进销品目不匹配', clients: 1, highClients: 0 }]);

    // Up to May: D's June report falls out, A's older invoice report stays out of the items.
    const spring = (await analysis(tokens.main, { from: '2026-01', to: '2026-05' })).data;
    expect(spring.byMonth).toHaveLength(5);
    expect(spring.summary.reports).toBe(4);
    expect(spring.riskLevels.find((row: { level: string }) => row.level === 'unreported').count).toBe(2);

    const one = (await analysis(tokens.main, { ...PERIOD, assigneeId: staffBId })).data;
    expect(one.summary).toMatchObject({ clients: 1, reports: 1, highRiskClients: 1, staleClients: 1 });
    expect(one.byStaff.map((row: { name: string }) => row.name)).toEqual(['陈员工']);
  });

  it('defaults to the last 12 months and refuses a bad period with a Chinese message', async () => {
    const answer = await analysis(tokens.main);
    const now = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 7);
    expect(answer.data.period.to).toBe(now);
    expect(answer.data.byMonth).toHaveLength(12);
    expect(answer.data.byMonth.at(-1).month).toBe(now);
    const reversed = await analysis(tokens.main, { from: '2026-05', to: '2026-01' });
    expect(reversed.status).toBe(400);
    expect(reversed.msg).toBe('开始月份不能晚于结束月份');
    const tooLong = await analysis(tokens.main, { from: '2020-01', to: '2026-01' });
    expect(tooLong.status).toBe(400);
    expect(tooLong.msg).toBe('统计期间最长 36 个月，请缩短期间');
    const badDays = await analysis(tokens.main, { staleDays: 0 });
    expect(badDays.status).toBe(400);
    expect(badDays.msg).toContain('天数应为 1-3650 的整数');
  });

  it('shows a supervisor its own and its team’s clients, staff only their own', async () => {
    const supervisor = (await analysis(tokens.supervisor, PERIOD)).data;
    expect(supervisor.summary).toMatchObject({ clients: 2, reports: 3, staleClients: 1, neverImported: 1 });
    expect(supervisor.byStaff.map((row: { name: string }) => row.name).sort()).toEqual(['李主管', '王员工'].sort());
    const staff = (await analysis(tokens.staff, PERIOD)).data;
    expect(staff.summary).toMatchObject({ clients: 1, reports: 3, highRiskClients: 0 });
    expect(staff.byStaff.map((row: { name: string }) => row.name)).toEqual(['王员工']);
    // A staff member outside the supervisor's team, or of another group: not found.
    const outside = await analysis(tokens.supervisor, { assigneeId: staffBId });
    expect(outside.status).toBe(404);
    expect(outside.msg).toBe('未找到该员工');
    expect((await analysis(tokens.main, { assigneeId: 4 })).status).toBe(404);
    expect(
      (await ctx.call('POST', `${base}/findStaleClients`, { token: tokens.main, body: { assigneeId: 4 } })).status,
    ).toBe(404);
  });

  it('keeps another group to its own clients', async () => {
    const other = (await analysis(tokens.other, PERIOD)).data;
    expect(other.summary).toMatchObject({ clients: 1, reports: 2, highRiskClients: 1, staleClients: 1 });
    expect(other.topRisks).toEqual([{ title: '其他机构的风险项', clients: 1, highClients: 1 }]);
    const stale = (await ctx.call('POST', `${base}/findStaleClients`, { token: tokens.other, body: {} })).data;
    expect(stale.list.map((row: { companyId: number }) => row.companyId)).toEqual([ids.E]);
  });
});

describe('stale clients and the Excel exports', () => {
  it('lists clients never imported first, then the longest silent, and exports the same rows', async () => {
    const answer = await ctx.call('POST', `${base}/findStaleClients`, { token: tokens.main, body: { staleDays: 90 } });
    expect(answer.code, answer.msg).toBe(0);
    expect(answer.data.total).toBe(2);
    expect(answer.data.list.map((row: { companyId: number }) => row.companyId)).toEqual([ids.C, ids.B]);
    expect(answer.data.list[0]).toMatchObject({ lastImportOn: null, daysSince: null, lastReportLevel: 'unreported' });
    expect(answer.data.list[1]).toMatchObject({
      assigneeName: '陈员工',
      lastImportKind: '财务报表',
      daysSince: 200,
      lastReportLevel: 'high',
    });
    const longer = await ctx.call('POST', `${base}/findStaleClients`, { token: tokens.main, body: { staleDays: 300 } });
    expect(longer.data.list.map((row: { companyId: number }) => row.companyId)).toEqual([ids.C]);
    const paged = await ctx.call('POST', `${base}/findStaleClients`, {
      token: tokens.main,
      body: { page: 2, size: 1 },
    });
    expect(paged.data).toMatchObject({ total: 2, page: 2, size: 1 });
    expect(paged.data.list.map((row: { companyId: number }) => row.companyId)).toEqual([ids.B]);

    const file = await ctx.call('POST', `${base}/exportStaleClients`, { token: tokens.main, body: { staleDays: 90 } });
    expect(file.status).toBe(200);
    expect(file.raw.headers['content-disposition']).toContain(encodeURIComponent('数据未更新客户_90天'));
    const sheet = await readSheet(file.raw.rawPayload);
    expect(sheet[0]).toEqual(expect.arrayContaining(['企业名称', '负责人', '最近导入日期', '距今天数']));
    expect(sheet.slice(1).map((row) => row[0])).toEqual(['客户C贸易有限公司', '客户B贸易有限公司']);
    expect(sheet[1]).toContain('从未导入');

    const none = await ctx.call('POST', `${base}/exportStaleClients`, { token: tokens.staff, body: { staleDays: 90 } });
    expect(none.status).toBe(400);
    expect(none.msg).toBe('没有超过90天未更新数据的客户，无需导出');
  });

  it('exports the by-staff table with the period in its name', async () => {
    const file = await ctx.call('POST', `${base}/exportStaffReport`, { token: tokens.main, body: PERIOD });
    expect(file.status).toBe(200);
    expect(decodeURIComponent(String(file.raw.headers['content-disposition']))).toContain(
      '按员工统计_全部报告_2025-12至2026-11.xlsx',
    );
    const sheet = await readSheet(file.raw.rawPayload);
    expect(sheet[0]).toEqual([
      '负责人',
      '客户数',
      '期间内出具报告的客户数',
      '报告数',
      '高风险客户数',
      '数据未更新客户数',
    ]);
    const byName = Object.fromEntries(sheet.slice(1).map((row) => [row[0], row.slice(1)]));
    expect(byName.王员工).toEqual([1, 1, 3, 0, 0]);
    expect(byName.陈员工).toEqual([1, 1, 1, 1, 1]);
    expect(Object.keys(byName)).toHaveLength(4);
  });
});

describe('access', () => {
  it('refuses a user without clientAnalyze (403) on every client-analysis call', async () => {
    for (const name of ['findReportRisk', 'findStaleClients', 'exportStaleClients', 'exportStaffReport']) {
      const answer = await ctx.call('POST', `${base}/${name}`, { token: tokens.denied, body: {} });
      expect(answer.status, name).toBe(403);
      expect(answer.msg).toBe('当前用户没有权限，请联系管理员');
    }
  });

  it('refuses a group without the data service (1014)', async () => {
    await ctx.db.updateTable('groups').set({ data_price_auth: 0 }).where('id', '=', 2).execute();
    try {
      for (const name of ['findReportRisk', 'findStaleClients', 'exportStaleClients', 'exportStaffReport']) {
        const answer = await ctx.call('POST', `${base}/${name}`, { token: tokens.other, body: {} });
        expect(answer.status, name).toBe(403);
        expect(answer.code).toBe(1014);
        expect(answer.msg).toBe('未开通数据服务，请联系您的客户经理开通');
      }
    } finally {
      await ctx.db.updateTable('groups').set({ data_price_auth: 1 }).where('id', '=', 2).execute();
    }
  });
});

async function readSheet(bytes: Buffer): Promise<unknown[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  const rows: unknown[][] = [];
  workbook.worksheets[0]?.eachRow((row) => {
    rows.push((row.values as unknown[]).slice(1));
  });
  return rows;
}
