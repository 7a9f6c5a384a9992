import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGroup, createUser } from '../../../test/factories.js';
import { createTestContext, type TestContext } from '../../../test/helpers.js';

let ctx: TestContext;
let main: string;
let groupId: number;
let staff: { id: number; token: string };
let stranger: { id: number; token: string };

const base = '/api/BusinessPanoramicReport';
const covers = (token: string, userId?: number) =>
  ctx.call('GET', `${base}/findCoverAll`, { token, query: userId ? { userId: String(userId) } : {} });
const choose = (token: string, body: Record<string, unknown>) =>
  ctx.call('POST', `${base}/updateCoverByUserId`, { token, body });
const chosenOf = async (userId: number) =>
  (await ctx.db.selectFrom('user_report_covers').select('cover_id').where('user_id', '=', userId).executeTakeFirst())
    ?.cover_id ?? null;

beforeAll(async () => {
  ctx = await createTestContext();
  main = await ctx.login('13800000001');
  const owner = await ctx.db
    .selectFrom('users')
    .select('group_id')
    .where('phone', '=', '13800000001')
    .executeTakeFirstOrThrow();
  groupId = Number(owner.group_id);
  const member = await createUser(ctx.db, { groupId, level: 3 });
  staff = { id: member.id, token: await ctx.login(member.phone) };
  const other = await createUser(ctx.db, { groupId: await createGroup(ctx.db), level: 1 });
  stranger = { id: other.id, token: await ctx.login(other.phone) };
});
afterAll(() => ctx.close());

describe('report cover templates (findCoverAll, updateCoverByUserId)', () => {
  it('lists the platform covers with the default one selected for a user who chose none', async () => {
    const answer = await covers(staff.token);
    expect(answer.code, answer.msg).toBe(0);
    expect(answer.data.list.map((cover: { name: string }) => cover.name)).toEqual([
      '经典简洁',
      '商务蓝带',
      '典雅边框',
      '墨绿分栏',
    ]);
    expect(answer.data.list.map((cover: { layout: string }) => cover.layout)).toEqual([
      'classic',
      'band',
      'frame',
      'split',
    ]);
    expect(answer.data).toMatchObject({ selectedId: 1, userId: staff.id });
  });

  it('stores each user’s own choice; an unknown cover is 404 and a bad id 400, nothing changed', async () => {
    const set = await choose(staff.token, { coverId: 3 });
    expect([set.code, set.msg]).toEqual([0, '已设置为“典雅边框”封面']);
    expect((await covers(staff.token)).data.selectedId).toBe(3);
    // Another user's choice is untouched.
    expect((await covers(main)).data.selectedId).toBe(1);

    const unknown = await choose(staff.token, { coverId: 99 });
    expect([unknown.status, unknown.msg]).toEqual([404, '封面模板不存在']);
    const bad = await choose(staff.token, { coverId: 'abc' });
    expect(bad.status).toBe(400);
    expect(bad.msg).toContain('请选择封面');
    expect(await chosenOf(staff.id)).toBe(3);
  });

  it('lets the main account read and set a staff member’s cover; staff get 403, another group’s user 404', async () => {
    expect((await covers(main, staff.id)).data).toMatchObject({ selectedId: 3, userId: staff.id });
    const set = await choose(main, { coverId: 2, userId: staff.id });
    expect(set.code, set.msg).toBe(0);
    expect(await chosenOf(staff.id)).toBe(2);

    const mainId = (await covers(main)).data.userId;
    const forbidden = await choose(staff.token, { coverId: 4, userId: mainId });
    expect([forbidden.status, forbidden.msg]).toEqual([403, '只有主账号可以为其他账号设置封面']);
    expect((await covers(staff.token, mainId)).status).toBe(403);

    const foreign = await choose(main, { coverId: 4, userId: stranger.id });
    expect([foreign.status, foreign.msg]).toEqual([404, '用户不存在']);
    expect((await covers(main, stranger.id)).status).toBe(404);
    expect((await covers(stranger.token, staff.id)).status).toBe(404);
    expect(await chosenOf(stranger.id)).toBeNull();
    expect(await chosenOf(mainId)).toBeNull();
  });

  it('sets one cover for every account of the group (main account only), not another group’s', async () => {
    const denied = await ctx.call('POST', `${base}/updateCoverByUserIdAll`, {
      token: staff.token,
      body: { coverId: 4 },
    });
    expect(denied.status).toBe(403);
    expect(await chosenOf(staff.id)).toBe(2);

    const all = await ctx.call('POST', `${base}/updateCoverByUserIdAll`, { token: main, body: { coverId: 4 } });
    expect(all.code, all.msg).toBe(0);
    const members = await ctx.db.selectFrom('users').select('id').where('group_id', '=', groupId).execute();
    expect(all.data.updated).toBe(members.length);
    for (const member of members) expect(await chosenOf(member.id)).toBe(4);
    expect(await chosenOf(stranger.id)).toBeNull();
    expect((await covers(stranger.token)).data.selectedId).toBe(1);
  });

  it('gives the report detail the viewer’s cover, which the print view draws', async () => {
    const mainId = (await covers(main)).data.userId;
    const report = await ctx.db
      .insertInto('reports')
      .values({
        group_id: groupId,
        company_id: null,
        company_name: '封面测试有限公司',
        company_tax_no: '91440300MA5TEST01X',
        report_type: 'INVOICE',
        period_start: '2025-01',
        period_end: '2025-06',
        status: 'done',
        result: JSON.stringify({ findings: [] }),
        sources: JSON.stringify([]),
        request_key: 'cover-test',
        created_by: mainId,
        finished_at: new Date(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await choose(staff.token, { coverId: 2 });
    const mainView = await ctx.call('GET', '/api/ReportPool/detail', { token: main, query: { id: String(report.id) } });
    expect(mainView.data.cover).toMatchObject({ id: 4, layout: 'split', primaryColor: '#1d5c4a' });
    const anonymous = await ctx.call('GET', `${base}/findCoverAll`);
    expect(anonymous.status).toBe(401);
  });
});
