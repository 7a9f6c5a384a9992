import { type IndustryRanking, PLATFORM_MIN_GROUPS } from '@taxlens/shared';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../test/factories.js';
import { createTestContext, type TestContext } from '../../../test/helpers.js';
import {
  figuresOf,
  groupFigures,
  latestPerClient,
  reportFacts,
  type SeedReport,
  seedClients,
  seedGroup,
} from './industry.test-support.js';
import { windowMonths, windowStart } from './latest-reports.js';

let ctx: TestContext;
let main: string;
let otherMain: string;
let staff: string;
const base = '/api/DataAnalysisMonitoring';
const ranking = async (token: string, body: Record<string, unknown> = {}) =>
  (await ctx.call('POST', `${base}/findIndustryRiskRanking`, { token, body })).data;
const rowOf = (answer: IndustryRanking, code: string) => answer.rows.find((row) => row.code === code);
/** Noon (Shanghai) of the 15th of a month of the window: safely inside that month. */
const inMonth = (month: string) => `${month}-15T04:00:00.000Z`;
const months = windowMonths(12);
const lastYear = new Date(Date.now() - 400 * 86400_000).toISOString();

beforeAll(async () => {
  ctx = await createTestContext();
  await ctx.db.updateTable('groups').set({ data_price_auth: 1 }).execute();
  main = await ctx.login('13800000001');
  otherMain = await ctx.login('13900000001');
  const user = async (phone: string) =>
    Number((await ctx.db.selectFrom('users').select('id').where('phone', '=', phone).executeTakeFirstOrThrow()).id);
  const mainId = await user('13800000001');
  const staffUser = await createUser(ctx.db, { groupId: 1, level: 3 });
  staff = await ctx.login(staffUser.phone);
  // A registry company with a section, not yet a client of group 1: its industry comes from the registry.
  const registry = await ctx.db
    .selectFrom('cd_companies')
    .select('credit_code')
    .where('industry_code', 'like', 'G%')
    .where('credit_code', 'not in', ctx.db.selectFrom('companies').select('tax_no').where('group_id', '=', 1))
    .executeTakeFirstOrThrow();
  const medium = (items: string[], extra: Partial<SeedReport> = {}): SeedReport => ({
    level: 'medium',
    items,
    ...extra,
  });
  await seedClients(ctx, 1, mainId, [
    // The latest report counts: an older 高风险 report of the same client does not.
    { industryCode: 'C', reports: [{ level: 'high', finishedAt: inMonth(months[9] as string) }, { level: 'none' }] },
    { industryCode: 'C', reports: [medium(['进项发票集中于少数供应商', '开票金额接近限额'])] },
    { industryCode: 'C', reports: [{ level: 'high', items: ['进项发票集中于少数供应商'] }] },
    { industryCode: 'C', reports: [] },
    { industryCode: 'C', assigneeId: staffUser.id, reports: [{ level: 'high', items: ['取得异常凭证'] }] },
    { industryCode: 'F', reports: [{ level: 'low', items: ['开票金额接近限额'] }] },
    { industryCode: 'F', reports: [{ level: 'high', finishedAt: lastYear }] },
    { industryCode: 'F', reports: [{ level: 'medium', reportType: 'TAX', items: ['税负率低于行业'] }] },
    { industryCode: null, taxNo: registry.credit_code, reports: [{ level: 'low' }] },
  ]);
  await seedClients(ctx, 2, await user('13900000001'), [
    { industryCode: 'F', reports: [{ level: 'high', items: ['乙机构独有风险项'] }] },
    { industryCode: 'F', reports: [{ level: 'high', items: ['乙机构独有风险项'] }] },
    { industryCode: 'C', reports: [{ level: 'high' }] },
  ]);
});

afterAll(async () => {
  await ctx?.close();
});

describe('industry ranking', () => {
  it('gives per industry the figures of the latest reports of the group’s clients (direct computation)', async () => {
    const answer = await ranking(main);
    const from = new Date(`${windowStart(12)}T00:00:00+08:00`);
    const facts = (await reportFacts(ctx)).filter((f) => f.groupId === 1 && f.finishedAt >= from);
    const latest = latestPerClient(facts);
    const companies = await ctx.db
      .selectFrom('companies as c')
      .leftJoin('cd_companies as cd', 'cd.credit_code', 'c.tax_no')
      .select(['c.industry_code', 'cd.industry_code as registry'])
      .where('c.group_id', '=', 1)
      .execute();
    const sectionOf = (row: { industry_code: string | null; registry: string | null }) =>
      [row.industry_code, row.registry].map((code) => (code ?? '').slice(0, 1)).find((l) => /^[A-T]$/.test(l)) ?? '-';
    for (const code of ['C', 'F', 'G']) {
      const row = rowOf(answer, code);
      const expected = figuresOf(latest.filter((f) => f.section === code));
      expect(row, code).toMatchObject({
        clientCount: companies.filter((c) => sectionOf(c) === code).length,
        reportedCount: expected.count,
        highShare: expected.high,
        mediumShare: expected.medium,
        lowShare: expected.low,
        noneShare: expected.none,
        avgFindings: expected.findings,
      });
    }
    // Seeded: C has 5 clients, 4 reported (none, medium, high, high) → 50% high; the old report is not used.
    expect(rowOf(answer, 'C')).toMatchObject({ clientCount: 5, reportedCount: 4, highShare: 50, noneShare: 25 });
    expect(rowOf(answer, 'C')?.topRiskItems).toEqual([
      { title: '进项发票集中于少数供应商', clients: 2 },
      { title: '开票金额接近限额', clients: 1 },
      { title: '取得异常凭证', clients: 1 },
    ]);
    // F: the report of last year is outside the 12 months; the TAX report counts when no kind is chosen.
    expect(rowOf(answer, 'F')).toMatchObject({ clientCount: 3, reportedCount: 2, highShare: 0, lowShare: 50 });
    // The registry gave the section of a client whose record has none.
    expect(rowOf(answer, 'G')).toMatchObject({ name: '交通运输、仓储和邮政业', reportedCount: 1, lowShare: 100 });
    // Riskiest first, ranks in order.
    const shares = answer.rows.map((row: { highShare: number }) => row.highShare);
    expect(shares).toEqual([...shares].sort((a, b) => b - a));
    expect(answer.rows.map((row: { rank: number }) => row.rank)).toEqual(
      answer.rows.map((_: unknown, i: number) => i + 1),
    );
  });

  it('filters by period and report kind', async () => {
    const twoYears = await ranking(main, { months: 24 });
    expect(rowOf(twoYears, 'F')).toMatchObject({ reportedCount: 3, highShare: 33.3 });
    const tax = await ranking(main, { reportType: 'TAX' });
    expect(rowOf(tax, 'F')).toMatchObject({
      reportedCount: 1,
      mediumShare: 100,
      topRiskItems: [{ title: '税负率低于行业', clients: 1 }],
    });
    expect(rowOf(tax, 'C')).toMatchObject({ clientCount: 5, reportedCount: 0, highShare: 0 });
    const bad = await ctx.call('POST', `${base}/findIndustryRiskRanking`, { token: main, body: { months: 5 } });
    expect([bad.status, bad.msg]).toEqual([400, '请选择正确的统计期间']);
    const kind = await ctx.call('POST', `${base}/findIndustryRiskRanking`, { token: main, body: { reportType: 'X' } });
    expect([kind.status, kind.msg]).toEqual([400, '请选择正确的报告类型']);
  });

  it('never puts another group’s clients in a group’s figures; staff see their own clients', async () => {
    const mine = await ranking(main);
    expect(JSON.stringify(mine)).not.toContain('乙机构独有风险项');
    expect(rowOf(mine, 'F')?.highShare).toBe(0);
    const theirs = await ranking(otherMain);
    expect(rowOf(theirs, 'F')).toMatchObject({ reportedCount: 2, highShare: 100 });
    expect(rowOf(theirs, 'F')?.topRiskItems).toEqual([{ title: '乙机构独有风险项', clients: 2 }]);
    expect(rowOf(theirs, 'G')).toBeUndefined();
    const own = await ranking(staff);
    expect(own.rows).toHaveLength(1);
    expect(own.rows[0]).toMatchObject({ code: 'C', clientCount: 1, highShare: 100 });
  });
});

describe('platform benchmarks (k-anonymity)', () => {
  const levels = (list: SeedReport['level'][]) => list.map((level) => ({ industryCode: 'E', reports: [{ level }] }));

  it(`shows a figure only when ${PLATFORM_MIN_GROUPS} groups contribute, as the mean of the groups’ figures`, async () => {
    expect(rowOf(await ranking(main), 'C')?.benchmark).toBeNull();
    // Group 1 and K-2 new groups, plus one group whose reports are outside the window: K-1 contribute.
    const mainId = Number(
      (await ctx.db.selectFrom('users').select('id').where('phone', '=', '13800000001').executeTakeFirstOrThrow()).id,
    );
    await seedClients(ctx, 1, mainId, levels(['high']));
    const shapes: SeedReport['level'][][] = [['medium', 'none'], ['none', 'none', 'high'], ['low']];
    for (const shape of shapes.slice(0, PLATFORM_MIN_GROUPS - 2)) {
      const group = await seedGroup(ctx);
      await seedClients(ctx, group.groupId, group.userId, levels(shape));
    }
    const late = await seedGroup(ctx);
    await seedClients(ctx, late.groupId, late.userId, [
      { industryCode: 'E', reports: [{ level: 'high', finishedAt: lastYear }] },
    ]);
    const short = await ranking(main);
    expect(rowOf(short, 'E')?.benchmark).toBeNull();
    const exported = await ctx.app.inject({
      method: 'POST',
      url: `${base}/exportIndustryRiskRanking`,
      headers: { token: main },
      payload: {},
    });
    const sheet = await firstSheet(exported.rawPayload);
    const eRow = sheet.getRows(2, sheet.rowCount - 1)?.find((r) => String(r.getCell(2).value).startsWith('E '));
    expect(eRow?.getCell(7).value).toBe('样本不足');

    // The K-th group: one with many clients, to show it cannot pull the benchmark to its own figure.
    const big = await seedGroup(ctx);
    await seedClients(ctx, big.groupId, big.userId, levels(Array(12).fill('high')));
    const answer = await ranking(main);
    const benchmark = rowOf(answer, 'E')?.benchmark;
    const from = new Date(`${windowStart(12)}T00:00:00+08:00`);
    const perGroup = groupFigures(latestPerClient((await reportFacts(ctx)).filter((f) => f.finishedAt >= from)), 'E');
    expect(perGroup.size).toBe(PLATFORM_MIN_GROUPS);
    const values = [...perGroup.values()];
    const mean = (pick: (v: { high: number; findings: number }) => number) =>
      values.reduce((sum, v) => sum + pick(v), 0) / values.length;
    expect(benchmark).toMatchObject({
      groups: PLATFORM_MIN_GROUPS,
      highShare: Math.round(mean((v) => v.high) * 1000) / 10,
    });
    // Never one other group's value (the big group's 100% included), nor the pooled share of all clients.
    for (const [groupId, value] of perGroup) {
      if (groupId !== 1) expect(benchmark?.highShare).not.toBe(Math.round(value.high * 1000) / 10);
    }
    expect(benchmark?.highShare).not.toBe(
      figuresOf(latestPerClient((await reportFacts(ctx)).filter((f) => f.section === 'E' && f.finishedAt >= from)))
        .high,
    );
    // Another group sees the same platform figure beside its own.
    expect(rowOf(await ranking(otherMain), 'E')).toBeUndefined();
    const bigRow = rowOf(await ranking(await ctx.login(big.phone)), 'E');
    expect(bigRow).toMatchObject({ highShare: 100, benchmark });
  });

  it('gives month trends of the group beside the platform, platform months only with enough groups', async () => {
    const trend = (await ctx.call('POST', `${base}/findIndustryTrend`, { token: main, body: { industryCode: 'c' } }))
      .data;
    expect(trend.points.map((p: { month: string }) => p.month)).toEqual(months);
    const current = months[11] as string;
    const earlier = months[9] as string;
    // C this month: none, medium, high, high (latest of each client in the month); two months ago: one high.
    expect(trend.points[11]).toMatchObject({
      month: current,
      reports: 4,
      highShare: 50,
      avgFindings: 1,
      benchmarkHighShare: null,
    });
    expect(trend.points[9]).toMatchObject({ month: earlier, reports: 1, highShare: 100, benchmarkHighShare: null });
    expect(trend.points[0]).toMatchObject({ reports: 0, highShare: null, avgFindings: null });
    const e = (await ctx.call('POST', `${base}/findIndustryTrend`, { token: main, body: { industryCode: 'E' } })).data;
    expect(e.points[11]).toMatchObject({ reports: 1, highShare: 100, benchmarkGroups: PLATFORM_MIN_GROUPS });
    expect(e.points[11].benchmarkHighShare).toBe(rowOf(await ranking(main), 'E')?.benchmark?.highShare);
    const bad = await ctx.call('POST', `${base}/findIndustryTrend`, { token: main, body: { industryCode: 'Z' } });
    expect([bad.status, bad.msg]).toEqual([400, '请选择正确的行业门类']);
  });
});

async function firstSheet(payload: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(payload as unknown as ArrayBuffer);
  return workbook.worksheets[0] as ExcelJS.Worksheet;
}
