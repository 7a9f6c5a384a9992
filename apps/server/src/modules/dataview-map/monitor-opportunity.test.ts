import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../test/factories.js';
import { createTestContext, type TestContext } from '../../../test/helpers.js';

/** findBusinessOpportunity(List) and clickSearchVolume of /api/DataAnalysisMonitoring (spec §7). */
let ctx: TestContext;
let main: string;
let otherMain: string;
let denied: string;
const base = '/api/DataAnalysisMonitoring';
let serial = 0;

async function deliveryId(title: string): Promise<number> {
  const { rows } = await sql<{ id: string }>`SELECT id FROM data_server_deliveries WHERE title = ${title}`.execute(
    ctx.db,
  );
  return Number(rows[0]?.id);
}

async function monitor(groupId: number, name: string): Promise<number> {
  serial += 1;
  const row = await ctx.db
    .insertInto('monitored_companies')
    .values({ group_id: groupId, credit_code: `91110000MA00000${String(serial).padStart(3, '0')}`, company_name: name })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

async function event(monitoredId: number, groupId: number, kind: string, riskKind: string | null, day: string) {
  serial += 1;
  await ctx.db
    .insertInto('monitoring_events')
    .values({
      group_id: groupId,
      monitored_id: monitoredId,
      credit_code: 'X',
      company_name: 'X',
      kind: kind as 'lawsuit',
      title: `事件${serial}`,
      source: '测试来源',
      fact_key: `t:${serial}`,
      risk_kind: riskKind,
      happened_on: day,
    })
    .execute();
}

const call = (name: string, token: string, body: Record<string, unknown> = {}) =>
  ctx.call('POST', `${base}/${name}`, { token, body });

let abnormalCo: number;
let mixedCo: number;

beforeAll(async () => {
  ctx = await createTestContext();
  await ctx.db.updateTable('groups').set({ data_price_auth: 1 }).execute();
  main = await ctx.login('13800000001');
  otherMain = await ctx.login('13900000001');
  const staff = await createUser(ctx.db, {
    groupId: 1,
    level: 3,
    notMenus: [{ type: 1, permission: 'monitoringAnalyze' }],
  });
  denied = await ctx.login(staff.phone);
  // Group 1: one company with 经营异常, one with a judgment (old event without its list) and a
  // 严重违法 record, one with only a credit change (no service answers it), one removed.
  abnormalCo = await monitor(1, '异常企业');
  await event(abnormalCo, 1, 'abnormal', 'abnormal_operation', '2026-02-01');
  mixedCo = await monitor(1, '诉讼企业');
  await event(mixedCo, 1, 'lawsuit', null, '2026-03-01');
  await event(mixedCo, 1, 'illegal', 'serious_illegal', '2026-01-15');
  const creditOnly = await monitor(1, '信用企业');
  await event(creditOnly, 1, 'credit', null, '2026-03-05');
  const removed = await monitor(1, '已移出企业');
  await event(removed, 1, 'abnormal', 'abnormal_operation', '2026-03-09');
  await ctx.db.updateTable('monitored_companies').set({ removed_at: sql`now()` }).where('id', '=', removed).execute();
  // Group 2: one 经营异常 company of its own.
  const other = await monitor(2, '乙方企业');
  await event(other, 2, 'abnormal', 'abnormal_operation', '2026-03-10');
});

afterAll(async () => {
  await ctx?.close();
});

describe('business opportunities from monitoring', () => {
  it('counts the monitored companies each catalogue service can serve, the group’s own only', async () => {
    const answer = await call('findBusinessOpportunity', main);
    expect(answer.code).toBe(0);
    expect(answer.data.total).toBe(2);
    expect(
      answer.data.services.map((s: { title: string; companies: number; unreadCompanies: number }) => [
        s.title,
        s.companies,
        s.unreadCompanies,
      ]),
    ).toEqual([
      ['经营异常移出辅导', 1, 1],
      ['司法风险排查报告', 1, 1],
      ['行政处罚与严重违法失信应对', 1, 1],
    ]);
    const other = await call('findBusinessOpportunity', otherMain);
    expect(other.data.total).toBe(1);
    expect(other.data.services.map((s: { title: string }) => s.title)).toEqual(['经营异常移出辅导']);
  });

  it('lists the companies newest event first, with their lists and services; filters by service', async () => {
    const list = await call('findBusinessOpportunityList', main, { page: 1, size: 10 });
    expect(list.data.total).toBe(2);
    expect(list.data.list).toEqual([
      {
        monitoredId: mixedCo,
        creditCode: expect.any(String),
        companyName: '诉讼企业',
        riskLabels: expect.arrayContaining(['裁判文书', '严重违法失信']),
        services: [
          { deliveryId: await deliveryId('司法风险排查报告'), title: '司法风险排查报告' },
          { deliveryId: await deliveryId('行政处罚与严重违法失信应对'), title: '行政处罚与严重违法失信应对' },
        ],
        latestOn: '2026-03-01',
        unreadEvents: 2,
      },
      {
        monitoredId: abnormalCo,
        creditCode: expect.any(String),
        companyName: '异常企业',
        riskLabels: ['经营异常'],
        services: [{ deliveryId: await deliveryId('经营异常移出辅导'), title: '经营异常移出辅导' }],
        latestOn: '2026-02-01',
        unreadEvents: 1,
      },
    ]);
    const filtered = await call('findBusinessOpportunityList', main, {
      deliveryId: await deliveryId('经营异常移出辅导'),
    });
    expect(filtered.data.list.map((row: { companyName: string }) => row.companyName)).toEqual(['异常企业']);
    const missing = await call('findBusinessOpportunityList', main, { deliveryId: 999_999 });
    expect([missing.status, missing.msg]).toEqual([404, '数据服务不存在或已下架']);
    const bad = await call('findBusinessOpportunityList', main, { page: 0 });
    expect(bad.status).toBe(400);
    // Group 2 never sees group 1's companies, even filtered by the same service.
    const other = await call('findBusinessOpportunityList', otherMain, {
      deliveryId: await deliveryId('司法风险排查报告'),
    });
    expect(other.data).toMatchObject({ total: 0, list: [] });
  });
});

describe('clickSearchVolume', () => {
  it('records a company opened from the search and counts the group’s own look-ups', async () => {
    const company = await ctx.db
      .selectFrom('cd_companies')
      .select('credit_code')
      .orderBy('credit_code')
      .executeTakeFirstOrThrow();
    const first = await call('clickSearchVolume', main, { creditCode: company.credit_code.toLowerCase() });
    expect(first.data).toMatchObject({ creditCode: company.credit_code, clicks: 1, users: 1 });
    expect((await call('clickSearchVolume', main, { creditCode: company.credit_code })).data.clicks).toBe(2);
    // Another group's count starts at its own first look-up.
    expect((await call('clickSearchVolume', otherMain, { creditCode: company.credit_code })).data.clicks).toBe(1);

    const before = await ctx.db
      .selectFrom('data_view_company_clicks')
      .select(sql<string>`count(*)`.as('n'))
      .executeTakeFirstOrThrow();
    const bad = await call('clickSearchVolume', main, { creditCode: '12-34' });
    expect([bad.status, bad.msg]).toEqual([400, '统一社会信用代码格式不正确']);
    const unknown = await call('clickSearchVolume', main, { creditCode: '91110000MA99999999' });
    expect([unknown.status, unknown.msg]).toEqual([404, '未找到该企业，请核对统一社会信用代码']);
    const after = await ctx.db
      .selectFrom('data_view_company_clicks')
      .select(sql<string>`count(*)`.as('n'))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });
});

describe('permissions', () => {
  it('refuses a user without monitoringAnalyze (403) and a group without the data service', async () => {
    for (const name of ['findBusinessOpportunity', 'findBusinessOpportunityList', 'clickSearchVolume']) {
      const answer = await call(name, denied, { creditCode: '91110000MA00000001' });
      expect([name, answer.status]).toEqual([name, 403]);
    }
    await ctx.db.updateTable('groups').set({ data_price_auth: 2 }).where('id', '=', 2).execute();
    const expired = await call('findBusinessOpportunity', otherMain);
    expect([expired.status, expired.code, expired.msg]).toEqual([403, 1014, '数据服务已到期，请联系您的客户经理续订']);
    await ctx.db.updateTable('groups').set({ data_price_auth: 1 }).where('id', '=', 2).execute();
  });
});
