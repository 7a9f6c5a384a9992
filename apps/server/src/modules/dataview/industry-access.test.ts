import { INDUSTRY_SECTIONS, MAX_FOLLOWED_INDUSTRIES } from '@taxlens/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../test/factories.js';
import { createTestContext, type TestContext } from '../../../test/helpers.js';

let ctx: TestContext;
let main: string;
let otherMain: string;
let denied: string;
const base = '/api/DataAnalysisMonitoring';
const CALLS = [
  'findIndustryAll',
  'increaseIndustry',
  'decreaseIndustry',
  'findIndustryRiskRanking',
  'findIndustryTrend',
  'exportIndustryRiskRanking',
];
const follow = (token: string, body: unknown, name = 'increaseIndustry') =>
  ctx.call('POST', `${base}/${name}`, { token, body });
const followed = async (groupId: number) =>
  (await ctx.db.selectFrom('data_view_industries').select('industry_code').where('group_id', '=', groupId).execute())
    .map((row) => row.industry_code)
    .sort();

beforeAll(async () => {
  ctx = await createTestContext();
  await ctx.db.updateTable('groups').set({ data_price_auth: 1 }).execute();
  main = await ctx.login('13800000001');
  otherMain = await ctx.login('13900000001');
  const user = await createUser(ctx.db, {
    groupId: 1,
    level: 3,
    notMenus: [{ type: 1, permission: 'industryAnalyze' }],
  });
  denied = await ctx.login(user.phone);
});

afterAll(async () => {
  await ctx?.close();
});

describe('industry insight: permission and data service', () => {
  it('refuses a user without industryAnalyze on every call (403, 1003)', async () => {
    for (const name of CALLS) {
      const answer = await follow(denied, { industryCode: 'C' }, name);
      expect([name, answer.status, answer.code]).toEqual([name, 403, 1003]);
    }
  });

  it('refuses every call without the data service (1014: not bought, expired)', async () => {
    await ctx.db.updateTable('groups').set({ data_price_auth: 0 }).where('id', '=', 2).execute();
    for (const name of CALLS) {
      const answer = await follow(otherMain, { industryCode: 'C' }, name);
      expect([name, answer.status, answer.code, answer.msg]).toEqual([
        name,
        403,
        1014,
        '未开通数据服务，请联系您的客户经理开通',
      ]);
    }
    await ctx.db.updateTable('groups').set({ data_price_auth: 2 }).where('id', '=', 2).execute();
    const expired = await follow(otherMain, {}, 'findIndustryRiskRanking');
    expect([expired.status, expired.msg]).toEqual([403, '数据服务已到期，请联系您的客户经理续订']);
    expect(await followed(2)).toEqual([]);
    await ctx.db.updateTable('groups').set({ data_price_auth: 1 }).where('id', '=', 2).execute();
  });
});

describe('followed industries (findIndustryAll, increaseIndustry)', () => {
  it('lists the 20 sections with the user’s client count and follows one', async () => {
    const all = (await ctx.call('POST', `${base}/findIndustryAll`, { token: main })).data;
    expect(all.map((row: { code: string }) => row.code)).toEqual(INDUSTRY_SECTIONS.map((section) => section.code));
    const clients = await ctx.db
      .selectFrom('companies')
      .select('industry_code')
      .where('group_id', '=', 1)
      .where('industry_code', '=', 'I')
      .execute();
    expect(all.find((row: { code: string }) => row.code === 'I')).toMatchObject({
      name: '信息传输、软件和信息技术服务业',
      followed: false,
      clientCount: clients.length,
    });
    const added = await follow(main, { industryCode: 'c' });
    expect([added.code, added.msg, added.data.followed]).toEqual([0, '已关注该行业', ['C']]);
    const again = (await ctx.call('POST', `${base}/findIndustryAll`, { token: main })).data;
    expect(again.find((row: { code: string }) => row.code === 'C').followed).toBe(true);
  });

  it('refuses bad input in Chinese and changes nothing', async () => {
    const cases: [unknown, number, string][] = [
      [{}, 400, '请选择行业'],
      [{ industryCode: 'Z' }, 400, '请选择正确的行业门类'],
      [{ industryCode: 'C' }, 409, '已关注「制造业」'],
    ];
    for (const [body, status, msg] of cases) {
      const answer = await follow(main, body);
      expect([answer.status, answer.msg]).toEqual([status, msg]);
    }
    expect(await followed(1)).toEqual(['C']);
    const missing = await follow(main, { industryCode: 'E' }, 'decreaseIndustry');
    expect([missing.status, missing.msg]).toEqual([404, '未关注该行业']);
  });

  it(`follows at most ${MAX_FOLLOWED_INDUSTRIES} industries`, async () => {
    const more = INDUSTRY_SECTIONS.map((section) => section.code).filter((code) => code !== 'C');
    for (const code of more.slice(0, MAX_FOLLOWED_INDUSTRIES - 1))
      expect((await follow(main, { industryCode: code })).code).toBe(0);
    const over = await follow(main, { industryCode: more[MAX_FOLLOWED_INDUSTRIES - 1] });
    expect([over.status, over.msg]).toEqual([409, `最多关注 ${MAX_FOLLOWED_INDUSTRIES} 个行业，请先取消关注其他行业`]);
    expect(await followed(1)).toHaveLength(MAX_FOLLOWED_INDUSTRIES);
    const removed = await follow(main, { industryCode: 'C' }, 'decreaseIndustry');
    expect([removed.msg, removed.data.followed.includes('C')]).toEqual(['已取消关注', false]);
  });

  it('keeps one group’s followed industries out of another’s reach (404)', async () => {
    expect(await followed(1)).toContain('A');
    const all = (await ctx.call('POST', `${base}/findIndustryAll`, { token: otherMain })).data;
    expect(all.filter((row: { followed: boolean }) => row.followed)).toEqual([]);
    const foreign = await follow(otherMain, { industryCode: 'A' }, 'decreaseIndustry');
    expect([foreign.status, foreign.code]).toEqual([404, 1004]);
    expect(await followed(1)).toContain('A');
  });
});
