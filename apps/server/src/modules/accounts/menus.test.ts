import { PERMISSION_KEYS } from '@taxlens/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTeam, createUser } from '../../../test/factories.js';
import { createTestContext, type TestContext } from '../../../test/helpers.js';

let ctx: TestContext;
let main: string;
let staff: string;
let noGroup: string;
let foreignUserId: string;
beforeAll(async () => {
  ctx = await createTestContext();
  main = await ctx.login('13800000001');
  staff = await ctx.login('13800000003');
  noGroup = await ctx.login((await createUser(ctx.db, { groupId: null })).phone);
  foreignUserId = String((await createUser(ctx.db, { groupId: 2, level: 3 })).id);
});
afterAll(() => ctx.close());

const FORBIDDEN = [403, 1003, '当前用户没有权限，请联系管理员'];

describe('findSubordinateUser', () => {
  it('answers everyone for the main account, the team staff for a supervisor, 403 for staff', async () => {
    const all = await ctx.call('GET', '/api/userInfo/findSubordinateUser', { token: main });
    expect(all.code).toBe(0);
    expect(all.data.list.map((user: { userId: number }) => user.userId)).toEqual(expect.arrayContaining([2, 3]));
    const lead = await createUser(ctx.db, { groupId: 1, level: 2 });
    const mine = await createUser(ctx.db, { groupId: 1, level: 3 });
    await createTeam(ctx.db, 1, `下属团队${lead.id}`, [lead.id, mine.id]);
    const own = await ctx.call('GET', '/api/userInfo/findSubordinateUser', { token: await ctx.login(lead.phone) });
    expect(own.data.list.map((user: { userId: number }) => user.userId)).toEqual([mine.id]);
    const refused = await ctx.call('GET', '/api/userInfo/findSubordinateUser', { token: staff });
    expect([refused.status, refused.code, refused.msg]).toEqual(FORBIDDEN);
  });
});

describe('permission menus of a sub-account', () => {
  for (const url of ['/api/userInfo/findUserMenu', '/api/userInfo/findUserMenuIds', '/api/tbMenu/findUserMenuIds']) {
    it(`${url}: success, 400, 403 for staff, 404 for another group's user`, async () => {
      await ctx.call('POST', '/api/userInfo/updatePermissions', {
        token: main,
        body: { userId: 3, notMenus: [{ type: 0, permission: 'nsfw' }] },
      });
      const answer = await ctx.call('GET', url, { token: main, query: { userId: '3' } });
      expect(answer.code).toBe(0);
      if (url.endsWith('findUserMenu')) {
        expect(answer.data.all).toHaveLength(PERMISSION_KEYS.length);
        expect(answer.data.notMenus).toEqual([{ type: 0, permission: 'nsfw' }]);
      } else {
        expect(answer.data).toHaveLength(PERMISSION_KEYS.length - 1);
        expect(answer.data).not.toContain('nsfw');
      }
      expect((await ctx.call('GET', url, { token: main, query: { userId: 'x' } })).status).toBe(400);
      const refused = await ctx.call('GET', url, { token: staff, query: { userId: '2' } });
      expect([refused.status, refused.code, refused.msg]).toEqual(FORBIDDEN);
      expect((await ctx.call('GET', url, { token: main, query: { userId: foreignUserId } })).status).toBe(404);
    });
  }

  it('updatePermissions refuses an unknown permission key with 400', async () => {
    const bad = await ctx.call('POST', '/api/userInfo/updatePermissions', {
      token: main,
      body: { userId: 3, notMenus: [{ type: 0, permission: 'noSuchKey' }] },
    });
    expect(bad.status).toBe(400);
    const missing = await ctx.call('POST', '/api/userInfo/updatePermissions', { token: main, body: { userId: 3 } });
    expect([missing.status, Object.keys(missing.data.fields)]).toEqual([400, ['notMenus']]);
  });
});

describe('the caller’s own menus and the catalogue', () => {
  it('getMenuByUserId answers the caller’s permitted keys; a user without a group gets 403', async () => {
    await ctx.call('POST', '/api/userInfo/updatePermissions', {
      token: main,
      body: { userId: 3, notMenus: [{ type: 0, permission: 'qjbg' }] },
    });
    const own = await ctx.call('GET', '/api/userInfo/getMenuByUserId', { token: await ctx.login('13800000003') });
    expect(own.code).toBe(0);
    expect(own.data).not.toContain('qjbg');
    expect(own.data).toContain('nsfw');
    expect((await ctx.call('GET', '/api/userInfo/getMenuByUserId', { token: main })).data).toEqual([
      ...PERMISSION_KEYS,
    ]);
    expect((await ctx.call('GET', '/api/userInfo/getMenuByUserId', { token: noGroup })).status).toBe(403);
  });

  it('tbMenu/findAll answers every permission key with its label and type; 403 without a group', async () => {
    const answer = await ctx.call('GET', '/api/tbMenu/findAll', { token: staff });
    expect(answer.code).toBe(0);
    expect(answer.data.map((item: { permission: string }) => item.permission)).toEqual([...PERMISSION_KEYS]);
    expect(answer.data[0]).toMatchObject({ label: expect.any(String), type: expect.any(Number) });
    expect((await ctx.call('GET', '/api/tbMenu/findAll', { token: noGroup })).status).toBe(403);
    expect((await ctx.call('GET', '/api/tbMenu/findAll')).status).toBe(401);
  });
});

describe('team calls on another group’s team', () => {
  it('findRemoveUser, updateUserGroup and delRemoveUser answer 404', async () => {
    const foreignMember = await createUser(ctx.db, { groupId: 2, level: 3 });
    const foreignTeam = await createTeam(ctx.db, 2, '他组团队', [foreignMember.id]);
    const removed = await ctx.call('GET', '/api/userInfo/findRemoveUser', {
      token: main,
      query: { teamId: String(foreignTeam) },
    });
    expect(removed.status).toBe(404);
    const renamed = await ctx.call('POST', '/api/userInfo/updateUserGroup', {
      token: main,
      body: { teamId: foreignTeam, name: '改名', memberIds: [] },
    });
    expect(renamed.status).toBe(404);
    const dropped = await ctx.call('POST', '/api/userInfo/delRemoveUser', {
      token: main,
      body: { teamId: foreignTeam, userId: foreignMember.id },
    });
    expect(dropped.status).toBe(404);
    const members = await ctx.db
      .selectFrom('team_members')
      .select('user_id')
      .where('team_id', '=', foreignTeam)
      .execute();
    expect(members.map((row) => Number(row.user_id))).toEqual([foreignMember.id]);
  });
});
