import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTeam, createUser, nextPhone } from '../../../test/factories.js';
import { createTestContext, type TestContext } from '../../../test/helpers.js';

let ctx: TestContext;
let main: string;
let supervisor: string;
let staff: string;
let otherGroupMain: string;
beforeAll(async () => {
  ctx = await createTestContext();
  main = await ctx.login('13800000001');
  supervisor = await ctx.login('13800000002');
  staff = await ctx.login('13800000003');
  otherGroupMain = await ctx.login('13900000001');
});
afterAll(() => ctx.close());

describe('sub-accounts', () => {
  it('the main account adds, lists, reads, edits, disables and deletes a sub-account', async () => {
    const phone = nextPhone();
    const added = await ctx.call('POST', '/api/userInfo/addChildAccount', {
      token: main,
      body: { phone, pwd: 'abc12345', level: 3, nickName: '新员工', notMenus: [{ type: 0, permission: 'nsfw' }] },
    });
    expect(added.code).toBe(0);
    const userId = added.data;
    const list = await ctx.call('GET', '/api/userInfo/getChildUserList', {
      token: main,
      query: { keyword: phone.slice(-5) },
    });
    expect(list.data.total).toBe(1);
    expect(list.data.list[0]).toMatchObject({
      userId,
      phone,
      level: 3,
      levelName: '员工',
      status: 'active',
      notMenus: [{ type: 0, permission: 'nsfw' }],
    });
    const detail = await ctx.call('GET', '/api/userInfo/findChildUserDetails', {
      token: main,
      query: { userId: String(userId) },
    });
    expect(detail.data.nickName).toBe('新员工');

    const childToken = await ctx.login(phone, 'abc12345');
    expect(
      (await ctx.call('POST', '/api/userInfo/updateChildUser', { token: main, body: { userId, status: 'disabled' } }))
        .code,
    ).toBe(0);
    expect((await ctx.call('GET', '/api/userInfo/findUserLoginInfo', { token: childToken })).code).toBe(8);
    expect((await ctx.call('POST', '/api/userInfo/login', { body: { phone, pwd: 'abc12345' } })).code).toBe(2003);

    expect((await ctx.call('POST', '/api/userInfo/delUserDetails', { token: main, body: { userId } })).code).toBe(0);
    const gone = await ctx.call('GET', '/api/userInfo/findChildUserDetails', {
      token: main,
      query: { userId: String(userId) },
    });
    expect(gone.status).toBe(404);
    // The phone is free again.
    const reused = await ctx.call('POST', '/api/userInfo/addChildAccount', {
      token: main,
      body: { phone, pwd: 'abc12345', level: 2, nickName: '再用' },
    });
    expect(reused.code).toBe(0);
  });

  it('refuses a phone already in use and invalid input', async () => {
    const taken = await ctx.call('POST', '/api/userInfo/addChildAccount', {
      token: main,
      body: { phone: '13800000003', pwd: 'abc12345', level: 3, nickName: 'x' },
    });
    expect(taken.status).toBe(409);
    const bad = await ctx.call('POST', '/api/userInfo/addChildAccount', {
      token: main,
      body: { phone: nextPhone(), pwd: 'abc', level: 5, nickName: '' },
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.data.fields)).toEqual(expect.arrayContaining(['pwd', 'level', 'nickName']));
  });

  it('staff get 403 with the spec message on every sub-account call', async () => {
    for (const [method, url] of [
      ['GET', '/api/userInfo/getChildUserList'],
      ['POST', '/api/userInfo/addChildAccount'],
      ['GET', '/api/userInfo/findUserGroupList'],
    ] as const) {
      const answer = await ctx.call(method, url, {
        token: staff,
        body: method === 'POST' ? { phone: nextPhone(), pwd: 'abc12345', level: 3, nickName: 'x' } : undefined,
      });
      expect([answer.status, answer.code, answer.msg]).toEqual([403, 1003, '当前用户没有权限，请联系管理员']);
    }
  });

  it('another group’s user is 404 for every call that names it', async () => {
    const foreign = await createUser(ctx.db, { groupId: 2, level: 3 });
    const id = String(foreign.id);
    expect(
      (await ctx.call('GET', '/api/userInfo/findChildUserDetails', { token: main, query: { userId: id } })).status,
    ).toBe(404);
    expect(
      (
        await ctx.call('POST', '/api/userInfo/updateChildUser', {
          token: main,
          body: { userId: foreign.id, nickName: '改' },
        })
      ).status,
    ).toBe(404);
    expect(
      (await ctx.call('POST', '/api/userInfo/delUserDetails', { token: main, body: { userId: foreign.id } })).status,
    ).toBe(404);
    expect(
      (
        await ctx.call('POST', '/api/userInfo/updatePermissions', {
          token: main,
          body: { userId: foreign.id, notMenus: [] },
        })
      ).status,
    ).toBe(404);
    const list = await ctx.call('GET', '/api/userInfo/getChildUserList', { token: otherGroupMain });
    expect(list.data.list.every((user: { userId: number }) => user.userId !== 2 && user.userId !== 3)).toBe(true);
  });

  it('nobody edits the main account or themselves through the sub-account calls', async () => {
    const self = await ctx.call('POST', '/api/userInfo/updateChildUser', {
      token: main,
      body: { userId: 1, nickName: 'x' },
    });
    expect(self.status).toBe(403);
    const mainByAnother = await ctx.call('POST', '/api/userInfo/updateChildUser', {
      token: supervisor,
      body: { userId: 1, nickName: 'x' },
    });
    expect(mainByAnother.status).toBe(403);
  });
});

describe('supervisors', () => {
  it('manage only the staff of their teams, create only staff and grant nothing they lack', async () => {
    const groupId = 1;
    const lead = await createUser(ctx.db, { groupId, level: 2, notMenus: [{ type: 0, permission: 'qjbg' }] });
    const mine = await createUser(ctx.db, { groupId, level: 3, notMenus: [{ type: 0, permission: 'qjbg' }] });
    const notMine = await createUser(ctx.db, { groupId, level: 3 });
    await createTeam(ctx.db, groupId, `团队${lead.id}`, [lead.id, mine.id]);
    const token = await ctx.login(lead.phone);

    const list = await ctx.call('GET', '/api/userInfo/getChildUserList', { token });
    expect(list.data.list.map((user: { userId: number }) => user.userId)).toEqual([mine.id]);
    expect(
      (await ctx.call('GET', '/api/userInfo/findChildUserDetails', { token, query: { userId: String(notMine.id) } }))
        .status,
    ).toBe(403);

    const raiseToMain = await ctx.call('POST', '/api/userInfo/updateChildUser', {
      token,
      body: { userId: mine.id, level: 2 },
    });
    expect(raiseToMain.status).toBe(403);
    const addSupervisor = await ctx.call('POST', '/api/userInfo/addChildAccount', {
      token,
      body: { phone: nextPhone(), pwd: 'abc12345', level: 2, nickName: 'x' },
    });
    expect(addSupervisor.status).toBe(403);

    const grant = await ctx.call('POST', '/api/userInfo/updatePermissions', {
      token,
      body: { userId: mine.id, notMenus: [] },
    });
    expect([grant.status, grant.msg]).toEqual([403, '不能授予自己没有的权限']);
    const keep = await ctx.call('POST', '/api/userInfo/updatePermissions', {
      token,
      body: {
        userId: mine.id,
        notMenus: [
          { type: 0, permission: 'qjbg' },
          { type: 0, permission: 'nsfw' },
        ],
      },
    });
    expect(keep.code).toBe(0);

    // New staff join the supervisor's teams and inherit its restrictions.
    const added = await ctx.call('POST', '/api/userInfo/addChildAccount', {
      token,
      body: { phone: nextPhone(), pwd: 'abc12345', level: 3, nickName: '组员', notMenus: [] },
    });
    expect(added.code).toBe(0);
    const detail = await ctx.call('GET', '/api/userInfo/findChildUserDetails', {
      token,
      query: { userId: String(added.data) },
    });
    expect(detail.data.notMenus).toEqual([{ type: 0, permission: 'qjbg' }]);
    expect(detail.data.teams).toHaveLength(1);

    // Without a list, new staff start from the 员工 preset (least rights), still without qjbg.
    const plain = await ctx.call('POST', '/api/userInfo/addChildAccount', {
      token,
      body: { phone: nextPhone(), pwd: 'abc12345', level: 3, nickName: '新组员' },
    });
    const menus = await ctx.call('GET', '/api/userInfo/findUserMenuIds', {
      token,
      query: { userId: String(plain.data) },
    });
    expect(menus.data).toEqual(['nsfw', 'swfxtj', 'invoiceThrough', 'firmManage']);
  });
});

describe('teams', () => {
  it('the main account creates, renames, re-staffs and deletes a team', async () => {
    const a = await createUser(ctx.db, { groupId: 1, level: 2 });
    const b = await createUser(ctx.db, { groupId: 1, level: 3 });
    const created = await ctx.call('POST', '/api/userInfo/createGroup', {
      token: main,
      body: { name: '审计一组', memberIds: [a.id] },
    });
    expect(created.code).toBe(0);
    const teamId = created.data;
    const duplicate = await ctx.call('POST', '/api/userInfo/createGroup', { token: main, body: { name: '审计一组' } });
    expect(duplicate.status).toBe(409);
    const unassigned = await ctx.call('GET', '/api/userInfo/findNotGroupChildUserList', { token: main });
    expect(unassigned.data.map((user: { userId: number }) => user.userId)).toContain(b.id);
    await ctx.call('POST', '/api/userInfo/updateUserGroup', {
      token: main,
      body: { teamId, name: '审计二组', memberIds: [a.id, b.id] },
    });
    const teams = await ctx.call('GET', '/api/userInfo/findUserGroupList', { token: main });
    const team = teams.data.find((item: { teamId: number }) => item.teamId === teamId);
    expect(team.name).toBe('审计二组');
    expect(team.members.map((member: { userId: number }) => member.userId)).toEqual([a.id, b.id]);
    expect(
      (await ctx.call('POST', '/api/userInfo/delRemoveUser', { token: main, body: { teamId, userId: b.id } })).code,
    ).toBe(0);
    expect(
      (await ctx.call('GET', '/api/userInfo/findRemoveUser', { token: main, query: { teamId: String(teamId) } })).data,
    ).toHaveLength(1);
    expect((await ctx.call('POST', '/api/userInfo/delGroup', { token: main, body: { teamId } })).code).toBe(0);
    // Supervisors may not change teams; another group's team is 404.
    expect(
      (await ctx.call('POST', '/api/userInfo/createGroup', { token: supervisor, body: { name: '越权' } })).status,
    ).toBe(403);
    const foreignTeam = await createTeam(ctx.db, 2, '他组', []);
    expect(
      (await ctx.call('POST', '/api/userInfo/delGroup', { token: main, body: { teamId: foreignTeam } })).status,
    ).toBe(404);
    const foreignMember = await ctx.call('POST', '/api/userInfo/createGroup', {
      token: main,
      body: { name: '混入', memberIds: [4] },
    });
    expect(foreignMember.status).toBe(404);
  });
});

describe('audit log', () => {
  it('records account and permission changes, visible to the main account only', async () => {
    const answer = await ctx.call('GET', '/api/userInfo/findAuditLog', { token: main, query: { size: '100' } });
    expect(answer.code).toBe(0);
    const actions = new Set(answer.data.list.map((entry: { action: string }) => entry.action));
    for (const action of [
      'child.create',
      'child.update',
      'child.delete',
      'child.permissions',
      'team.create',
      'team.update',
      'team.delete',
    ]) {
      expect(actions).toContain(action);
    }
    expect(answer.data.list[0].actionLabel).toMatch(/[\u4e00-\u9fa5]/);
    expect((await ctx.call('GET', '/api/userInfo/findAuditLog', { token: supervisor })).status).toBe(403);
    const foreign = await ctx.call('GET', '/api/userInfo/findAuditLog', { token: otherGroupMain });
    expect(foreign.data.total).toBe(0);
  });
});
