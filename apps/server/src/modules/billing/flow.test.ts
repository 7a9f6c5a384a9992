import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTeam, createUser } from '../../../test/factories.js';
import { createTestContext, type TestContext } from '../../../test/helpers.js';
import { chargeForReport, refundCharge } from './charges.service.js';
import { moveAsset } from './wallet.repo.js';

let ctx: TestContext;
let main: string;
let otherMain: string;
let lead: { id: number; token: string };
let staff: { id: number; token: string };
beforeAll(async () => {
  ctx = await createTestContext();
  main = await ctx.login('13800000001');
  otherMain = await ctx.login('13900000001');
  const leadUser = await createUser(ctx.db, { groupId: 1, level: 2 });
  const staffUser = await createUser(ctx.db, { groupId: 1, level: 3 });
  await createTeam(ctx.db, 1, '流水团队', [leadUser.id, staffUser.id]);
  lead = { id: leadUser.id, token: await ctx.login(leadUser.phone) };
  staff = { id: staffUser.id, token: await ctx.login(staffUser.phone) };
  const give = async (token: string, body: object) => {
    const answer = await ctx.call('POST', '/api/userInfo/giving', { token, body });
    if (answer.code !== 0) throw new Error(answer.msg);
  };
  await give(main, { toUserId: lead.id, balance: 100_000 });
  await give(main, { toUserId: lead.id, numberType: 1, count: 3 });
  await give(lead.token, { toUserId: staff.id, numberType: 1, count: 1 });
  // Reports charged as the report module will: a credit, the balance, one refunded.
  const charge = (userId: number, creditType: 1 | 2, requestKey: string, firmName: string) =>
    ctx.db
      .transaction()
      .execute((tx) =>
        chargeForReport(tx, { groupId: 1, userId, creditType, requestKey, firmName, taxNo: '91110000000000000X' }),
      );
  await charge(1, 1, 'main-1', '示例商贸有限公司');
  await charge(1, 2, 'main-2', '示例商贸有限公司');
  await charge(staff.id, 1, 'staff-1', '示例餐饮有限公司');
  await charge(lead.id, 2, 'lead-2', '示例餐饮有限公司');
  await charge(lead.id, 2, 'lead-refunded', '示例科技有限公司');
  await ctx.db
    .transaction()
    .execute((tx) => refundCharge(tx, { groupId: 1, requestKey: 'lead-refunded', reason: '生成失败' }));
});
afterAll(() => ctx.close());

describe('flowRecord', () => {
  it('pages the caller’s ledger newest first with the value after each row, and filters', async () => {
    const all = await ctx.call('GET', '/api/UserAssets/flowRecord', { token: lead.token });
    expect(all.status).toBe(200);
    expect(all.data.total).toBe(6);
    expect(all.data.list[0]).toMatchObject({
      reason: 'report_refund',
      reasonLabel: '报告退回',
      asset: 0,
      delta: 39_900,
    });
    expect(all.data.list.at(-1)).toMatchObject({
      reason: 'transfer_in',
      delta: 100_000,
      after: 100_000,
      assetName: '余额',
    });
    expect(all.data.list.at(-1).counterpartPhone).toMatch(/\*{4}/);
    const balanceOnly = await ctx.call('GET', '/api/UserAssets/flowRecord', {
      token: lead.token,
      query: { asset: '0' },
    });
    expect(balanceOnly.data.list.map((row: { after: number }) => row.after)).toEqual([60_100, 20_200, 60_100, 100_000]);
    const reason = await ctx.call('GET', '/api/UserAssets/flowRecord', {
      token: lead.token,
      query: { reason: 'transfer_out' },
    });
    expect(reason.data.list).toHaveLength(1);
    const paged = await ctx.call('GET', '/api/UserAssets/flowRecord', {
      token: lead.token,
      query: { page: '2', size: '4' },
    });
    expect([paged.data.list.length, paged.data.total, paged.data.page]).toEqual([2, 6, 2]);
    const future = await ctx.call('GET', '/api/UserAssets/flowRecord', {
      token: lead.token,
      query: { startDate: '2099-01-01' },
    });
    expect(future.data.total).toBe(0);
  });

  it('lets the main account and the team supervisor read a member’s ledger; 403 and 404 otherwise', async () => {
    const query = { userId: String(staff.id) };
    expect((await ctx.call('GET', '/api/UserAssets/flowRecord', { token: main, query })).data.total).toBe(2);
    expect((await ctx.call('GET', '/api/UserAssets/flowRecord', { token: lead.token, query })).data.total).toBe(2);
    const up = await ctx.call('GET', '/api/UserAssets/flowRecord', {
      token: staff.token,
      query: { userId: String(lead.id) },
    });
    expect(up.status).toBe(403);
    expect((await ctx.call('GET', '/api/UserAssets/flowRecord', { token: otherMain, query })).status).toBe(404);
    expect((await ctx.call('GET', '/api/UserAssets/flowRecord', { token: main, query: { asset: '7' } })).status).toBe(
      400,
    );
    expect(
      (await ctx.call('GET', '/api/UserAssets/flowRecord', { token: main, query: { reason: 'gift' } })).status,
    ).toBe(400);
  });

  it('hides the balance after each row from a caller without viewBalance', async () => {
    const user = await createUser(ctx.db, { groupId: 1, level: 3, notMenus: [{ type: 1, permission: 'viewBalance' }] });
    await ctx.db
      .transaction()
      .execute((tx) =>
        moveAsset(tx, { groupId: 1, userId: user.id, asset: 0, delta: 1_000, reason: 'operator_adjust' }),
      );
    const answer = await ctx.call('GET', '/api/UserAssets/flowRecord', { token: await ctx.login(user.phone) });
    expect(answer.data.list[0]).toMatchObject({ delta: 1_000, after: null });
  });
});

describe('credit flow and transfer records', () => {
  it('getNumFlowByOption lists only credit rows, with income and expense per type', async () => {
    const answer = await ctx.call('GET', '/api/UserFlow/getNumFlowByOption', { token: lead.token });
    expect(answer.data.list.every((row: { asset: number }) => row.asset > 0)).toBe(true);
    expect(answer.data.totals[0]).toEqual({ type: 1, name: '发票穿透报告', income: 3, expense: 1 });
    const typed = await ctx.call('GET', '/api/UserFlow/getNumFlowByOption', {
      token: lead.token,
      query: { numberType: '1' },
    });
    expect(typed.data.totals).toHaveLength(1);
    expect(
      (await ctx.call('GET', '/api/UserFlow/getNumFlowByOption', { token: main, query: { numberType: '0' } })).status,
    ).toBe(400);
  });

  it('giveRecord shows one wallet’s transfers with their direction; findGivingRecord scopes by role', async () => {
    const own = await ctx.call('GET', '/api/UserFlow/giveRecord', { token: lead.token });
    expect(own.data.list.map((row: { direction: string }) => row.direction)).toEqual(['out', 'in', 'in']);
    expect(own.data.list[0]).toMatchObject({
      kind: 'give',
      kindLabel: '划拨',
      asset: 1,
      amount: 1,
      toUserId: staff.id,
    });
    const all = await ctx.call('GET', '/api/userInfo/findGivingRecord', { token: main });
    expect(all.data.total).toBe(3);
    const supervisor = await ctx.call('GET', '/api/userInfo/findGivingRecord', {
      token: lead.token,
      query: { asset: '1' },
    });
    expect(supervisor.data.total).toBe(2);
    const staffOwn = await ctx.call('GET', '/api/userInfo/findGivingRecord', { token: staff.token });
    expect(staffOwn.data.list.map((row: { direction: string }) => row.direction)).toEqual(['in']);
    expect((await ctx.call('GET', '/api/userInfo/findGivingRecord', { token: otherMain })).data.total).toBe(0);
    const foreign = await ctx.call('GET', '/api/UserFlow/giveRecord', {
      token: otherMain,
      query: { userId: String(lead.id) },
    });
    expect(foreign.status).toBe(404);
  });
});

describe('report statistics from the charges', () => {
  it('reportStatistics counts reports per type and how they were paid, refunds excluded', async () => {
    const group = await ctx.call('GET', '/api/UserAssets/reportStatistics', { token: main });
    expect(group.data.total).toBe(4);
    expect(group.data.list[0]).toMatchObject({ type: 1, count: 2, creditsUsed: 2, balanceSpentFen: 0 });
    expect(group.data.list[1]).toMatchObject({ type: 2, count: 2, creditsUsed: 1, balanceSpentFen: 39_900 });
    const supervisor = await ctx.call('GET', '/api/UserAssets/reportStatistics', { token: lead.token });
    expect(supervisor.data.total).toBe(2);
    const staffOnly = await ctx.call('GET', '/api/UserAssets/reportStatistics', { token: staff.token });
    expect(staffOnly.data.total).toBe(1);
    const other = await ctx.call('GET', '/api/UserAssets/reportStatistics', { token: otherMain });
    expect(other.data.total).toBe(0);
  });

  it('reportDetailByFirmName groups by firm; getReportNumByUserId by user; riskStatistics by month', async () => {
    const firms = await ctx.call('GET', '/api/UserAssets/reportDetailByFirmName', { token: main });
    expect(firms.data.list.map((row: { firmName: string; total: number }) => [row.firmName, row.total]).sort()).toEqual(
      [
        ['示例商贸有限公司', 2],
        ['示例餐饮有限公司', 2],
      ],
    );
    const filtered = await ctx.call('GET', '/api/UserAssets/reportDetailByFirmName', {
      token: main,
      query: { firmName: '商贸' },
    });
    expect(filtered.data.list[0].byType.slice(0, 2)).toEqual([
      { type: 1, name: '发票穿透报告', count: 1 },
      { type: 2, name: '经营（税务）风险检测报告', count: 1 },
    ]);
    const users = await ctx.call('GET', '/api/UserFlow/getReportNumByUserId', { token: main });
    expect(users.data.map((row: { userId: number; total: number }) => [row.userId, row.total])).toEqual([
      [1, 2],
      [lead.id, 1],
      [staff.id, 1],
    ]);
    const one = await ctx.call('GET', '/api/UserFlow/getReportNumByUserId', {
      token: lead.token,
      query: { userId: String(staff.id) },
    });
    expect(one.data).toHaveLength(1);
    const months = await ctx.call('GET', '/api/UserAssets/riskStatistics', { token: main, query: { months: '3' } });
    expect(months.data.months).toHaveLength(3);
    expect(months.data.months.at(-1).total).toBe(4);
    expect(months.data.months[0].total).toBe(0);
    const empty = await ctx.call('GET', '/api/UserAssets/riskStatistics', { token: otherMain });
    expect(empty.data.months.every((month: { total: number }) => month.total === 0)).toBe(true);
    expect(
      (await ctx.call('GET', '/api/UserAssets/riskStatistics', { token: main, query: { months: '99' } })).status,
    ).toBe(400);
  });

  it('denies the statistics to a user without zhBalance (403)', async () => {
    const user = await createUser(ctx.db, { groupId: 1, level: 3, notMenus: [{ type: 0, permission: 'zhBalance' }] });
    const token = await ctx.login(user.phone);
    for (const url of [
      '/api/UserAssets/reportStatistics',
      '/api/UserFlow/getReportNumByUserId',
      '/api/UserAssets/flowRecord',
    ]) {
      expect((await ctx.call('GET', url, { token })).status, url).toBe(403);
    }
  });

  it('exports the ledger and the credit flow as Excel with the page filters; amounts sum as numbers', async () => {
    const sheetOf = async (url: string, token: string, query: Record<string, string> = {}) => {
      const raw = await ctx.app.inject({ method: 'GET', url, headers: { token }, query });
      expect(raw.statusCode, url).toBe(200);
      expect(raw.headers['content-type']).toContain('spreadsheetml');
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(raw.rawPayload as unknown as ArrayBuffer);
      return workbook.getWorksheet('账户流水');
    };
    const flow = await ctx.call('GET', '/api/UserAssets/flowRecord', { token: main, query: { size: '200' } });
    const all = await sheetOf('/api/UserAssets/exportFlowRecord', main);
    expect((all?.rowCount ?? 0) - 1).toBe(flow.data.total);
    const balanceRows = flow.data.list.filter((row: { asset: number }) => row.asset === 0);
    const sheetRows = (all?.getSheetValues() ?? []).slice(2) as unknown[][];
    const exportedYuan = sheetRows.reduce((sum, row) => sum + (typeof row[4] === 'number' ? row[4] : 0), 0);
    const ledgerFen = balanceRows.reduce((sum: number, row: { delta: number }) => sum + row.delta, 0);
    expect(Math.round(exportedYuan * 100)).toBe(ledgerFen);

    const credits = await sheetOf('/api/UserFlow/exportNumFlow', lead.token, { numberType: '1' });
    const numFlow = await ctx.call('GET', '/api/UserFlow/getNumFlowByOption', {
      token: lead.token,
      query: { numberType: '1' },
    });
    expect(numFlow.data.total).toBeGreaterThan(0);
    expect((credits?.rowCount ?? 0) - 1).toBe(numFlow.data.total);
    expect(credits?.getRow(2).getCell(5).value).toBeNull();
    expect(typeof credits?.getRow(2).getCell(6).value).toBe('number');
    // The same scope rules as the list: another group's member is not found.
    const foreign = await ctx.app.inject({
      method: 'GET',
      url: '/api/UserAssets/exportFlowRecord',
      headers: { token: otherMain },
      query: { userId: String(staff.id) },
    });
    expect(foreign.statusCode).toBe(404);
  });
});
