import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGroup, createTeam, createUser, nextPhone } from '../../../test/factories.js';
import { codeSentTo, createTestContext, type TestContext } from '../../../test/helpers.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const form = (fields: Record<string, string>) => ({
  payload: new URLSearchParams(fields).toString(),
  headers: { 'content-type': 'application/x-www-form-urlencoded;charset=UTF-8' },
});

describe('updatePhone (new number verified by a type-5 code sent to it)', () => {
  it('moves the account to the new number, keeps the session and frees the old number', async () => {
    const groupId = await createGroup(ctx.db);
    const user = await createUser(ctx.db, { groupId });
    const token = await ctx.login(user.phone);
    const newPhone = nextPhone();
    expect((await ctx.call('POST', '/api/userInfo/getCode', { body: { phone: newPhone, type: 5 } })).code).toBe(0);
    const code = await codeSentTo(ctx, newPhone);
    const answer = await ctx.call('POST', '/api/userInfo/updatePhone', { token, body: { phone: newPhone, code } });
    expect([answer.code, answer.msg]).toEqual([0, '设置成功']);
    const me = await ctx.call('GET', '/api/userInfo/findUserLoginInfo', { token });
    expect(me.data.phone).toBe(newPhone);
    expect((await ctx.call('POST', '/api/userInfo/getCode', { body: { phone: user.phone, type: 1 } })).code).toBe(0);
    const audit = await ctx.db
      .selectFrom('audit_log')
      .select('detail')
      .where('action', '=', 'user.phone')
      .where('actor_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(audit.detail)).not.toContain(newPhone);
  });

  it('refuses a wrong code and a number already in use, and changes nothing', async () => {
    const groupId = await createGroup(ctx.db);
    const user = await createUser(ctx.db, { groupId });
    const other = await createUser(ctx.db, { groupId });
    const token = await ctx.login(user.phone);
    expect((await ctx.call('POST', '/api/userInfo/getCode', { body: { phone: other.phone, type: 5 } })).status).toBe(
      409,
    );
    const newPhone = nextPhone();
    await ctx.call('POST', '/api/userInfo/getCode', { body: { phone: newPhone, type: 5 } });
    const real = await codeSentTo(ctx, newPhone);
    const wrong = real === '000000' ? '111111' : '000000';
    const refused = await ctx.call('POST', '/api/userInfo/updatePhone', {
      token,
      body: { phone: newPhone, code: wrong },
    });
    expect(refused.status).toBe(400);
    const taken = await ctx.call('POST', '/api/userInfo/updatePhone', {
      token,
      body: { phone: other.phone, code: real },
    });
    expect(taken.status).toBe(409);
    const row = await ctx.db.selectFrom('users').select('phone').where('id', '=', user.id).executeTakeFirstOrThrow();
    expect(row.phone).toBe(user.phone);
  });
});

describe('getServiceRights and findUserRights', () => {
  it("answer the group's service rights and the user's route keys", async () => {
    const groupId = await createGroup(ctx.db);
    await ctx.db
      .updateTable('groups')
      .set({ data_price_auth: 2, mind_price_auth: 1 })
      .where('id', '=', groupId)
      .execute();
    const staff = await createUser(ctx.db, {
      groupId,
      level: 3,
      notMenus: [{ permission: 'nsfw', type: 0 }],
    });
    const token = await ctx.login(staff.phone);
    const rights = await ctx.call('GET', '/api/userInfo/getServiceRights', { token });
    expect(rights.data).toEqual({ dataPriceAuth: 2, invoicePriceAuth: 0, mindPriceAuth: 1 });
    const mine = await ctx.call('GET', '/api/userInfo/findUserRights', { token });
    expect(mine.data.level).toBe(3);
    expect(mine.data.tbMenus).not.toContain('nsfw');
    expect(mine.data.tbMenus).toContain('invoiceThrough');
    expect(mine.data).not.toHaveProperty('userToken');
  });
});

describe('form-encoded POSTs (spec §7 "POST form")', () => {
  it('are read like JSON: numeric fields arrive as numbers', async () => {
    const phone = nextPhone();
    const raw = await ctx.app.inject({ method: 'POST', url: '/api/userInfo/getCode', ...form({ phone, type: '1' }) });
    expect(raw.json().code).toBe(0);
    expect(await codeSentTo(ctx, phone)).toMatch(/^\d{6}$/);
  });

  it('are validated by the same schema: a bad value is a 400 with the field named', async () => {
    const raw = await ctx.app.inject({
      method: 'POST',
      url: '/api/userInfo/getCode',
      ...form({ phone: nextPhone(), type: '9' }),
    });
    expect(raw.statusCode).toBe(400);
  });
});

describe('a userId in a payload is never trusted blindly', () => {
  it('is accepted when it is the caller, or a user the caller may act for', async () => {
    const groupId = await createGroup(ctx.db);
    const main = await createUser(ctx.db, { groupId });
    const staff = await createUser(ctx.db, { groupId, level: 3 });
    const token = await ctx.login(main.phone);
    for (const userId of [main.id, staff.id]) {
      const answer = await ctx.call('GET', '/api/userInfo/getServiceRights', {
        token,
        query: { userId: String(userId) },
      });
      expect(answer.code).toBe(0);
    }
  });

  it('answers 403 for a colleague the caller may not act for, 404 for another group', async () => {
    const groupId = await createGroup(ctx.db);
    const supervisor = await createUser(ctx.db, { groupId, level: 2 });
    const ownStaff = await createUser(ctx.db, { groupId, level: 3 });
    const otherStaff = await createUser(ctx.db, { groupId, level: 3 });
    await createTeam(ctx.db, groupId, '一组', [supervisor.id, ownStaff.id]);
    const stranger = await createUser(ctx.db, { groupId: await createGroup(ctx.db) });
    const token = await ctx.login(supervisor.phone);
    const call = (userId: number) =>
      ctx.call('POST', '/api/userInfo/updatePhone', { token, body: { userId, phone: nextPhone(), code: '123456' } });
    expect((await call(otherStaff.id)).status).toBe(403);
    expect((await call(stranger.id)).status).toBe(404);
    const asForm = await ctx.app.inject({
      method: 'POST',
      url: '/api/userInfo/updatePhone',
      headers: { token, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ userId: String(otherStaff.id), phone: nextPhone(), code: '123456' }).toString(),
    });
    expect(asForm.statusCode).toBe(403);
    // Its own staff passes the check and reaches the route (which then refuses the unsent code).
    expect((await call(ownStaff.id)).status).toBe(400);
  });
});
