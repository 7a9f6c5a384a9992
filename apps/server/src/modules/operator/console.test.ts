import { OPERATOR_ROLES } from '@taxlens/shared';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../test/factories.js';
import { createTestContext, type TestContext } from '../../../test/helpers.js';
import { operatorRolesOfRoute } from '../../plugins/access.js';
import { redacted } from '../../plugins/operator-audit.js';
import { latestAudit, staffToken } from './test-support.js';

let ctx: TestContext;
let customer: string;
beforeAll(async () => {
  ctx = await createTestContext();
  customer = await ctx.login('13800000001');
});
afterAll(() => ctx.close());

describe('operator routes and roles', () => {
  it('every operator route refuses a customer session and an operator of another role (403)', async () => {
    const routes = ctx.app.guardedRoutes.flatMap((route) => {
      const roles = operatorRolesOfRoute(route.access);
      return roles ? [{ ...route, roles }] : [];
    });
    expect(routes.length).toBeGreaterThan(15);
    const tokens = new Map<string, string>();
    for (const role of OPERATOR_ROLES) tokens.set(role, (await staffToken(ctx, [role])).token);
    for (const route of routes) {
      const url = route.url.replace(/:(\w+)/g, '1');
      const method = route.method as 'GET' | 'POST';
      const asCustomer = await ctx.call(method, url, { token: customer });
      expect(asCustomer.status, `${route.method} ${route.url} as a customer`).toBe(403);
      const outsiders = OPERATOR_ROLES.filter((role) => role !== 'admin' && !route.roles.includes(role));
      for (const role of route.roles.length === 0 ? [] : outsiders) {
        const answer = await ctx.call(method, url, { token: tokens.get(role) });
        expect(answer.status, `${route.method} ${route.url} as ${role}`).toBe(403);
        expect(answer.msg).toBe('当前用户没有权限，请联系管理员');
      }
      // 管理员 passes every operator route's access check (whatever its input then says).
      const asAdmin = await ctx.call(method, url, { token: tokens.get('admin') });
      expect(asAdmin.status, `${route.method} ${route.url} as admin`).not.toBe(403);
    }
  });

  it('me answers the roles; OPERATOR_PHONES (is_operator) counts as 管理员', async () => {
    const finance = await staffToken(ctx, ['finance', 'support']);
    const me = await ctx.call('GET', '/api/operator/me', { token: finance.token });
    expect(me.data).toMatchObject({ userId: finance.id, roles: ['finance', 'support'] });
    const boot = await createUser(ctx.db, { groupId: null });
    await ctx.db.updateTable('users').set({ is_operator: true }).where('id', '=', boot.id).execute();
    const bootMe = await ctx.call('GET', '/api/operator/me', { token: await ctx.login(boot.phone) });
    expect(bootMe.data.roles).toEqual(['admin']);
    expect((await ctx.call('GET', '/api/operator/me', { token: customer })).status).toBe(403);
  });
});

describe('staff roles and the audit log', () => {
  it('an admin sets roles; the change is audited with before and after, searchable and exportable', async () => {
    const admin = await staffToken(ctx, ['admin']);
    const target = await createUser(ctx.db, { groupId: null });
    const set = await ctx.call('POST', '/api/operator/staff/setRoles', {
      token: admin.token,
      body: { phone: target.phone, roles: ['content'] },
    });
    expect(set.code).toBe(0);
    const [row] = await latestAudit(ctx, 1);
    expect(row).toMatchObject({
      operator_id: admin.id,
      action: 'POST /api/operator/staff/setRoles',
      target_type: 'user',
      target_id: String(target.id),
      before: { roles: [] },
      after: { roles: ['content'] },
    });
    const staff = await ctx.call('GET', '/api/operator/staff', { token: admin.token });
    expect(staff.data.find((entry: { phone: string }) => entry.phone === target.phone).roles).toEqual(['content']);
    // The new content operator reaches a content route, not a finance one.
    const contentToken = await ctx.login(target.phone);
    expect((await ctx.call('GET', '/api/operator/ruleSettings', { token: contentToken })).status).toBe(200);
    const benchmarks = await ctx.call('GET', '/api/operator/benchmarks', { token: contentToken });
    expect(benchmarks.data.rows.length).toBeGreaterThan(0);
    expect((await ctx.call('GET', '/api/operator/billing/pending', { token: contentToken })).status).toBe(403);

    const found = await ctx.call('GET', '/api/operator/audit', {
      token: admin.token,
      query: { keyword: String(target.id), operatorPhone: admin.phone },
    });
    expect(found.data.total).toBe(1);
    expect(found.data.list[0]).toMatchObject({
      summary: '设置运营人员角色（空列表：移出控制台）',
      after: { roles: ['content'] },
    });
    const none = await ctx.call('GET', '/api/operator/audit', {
      token: admin.token,
      query: { from: '2000-01-01', to: '2000-01-02' },
    });
    expect(none.data.total).toBe(0);

    const file = await ctx.app.inject({
      method: 'GET',
      url: `/api/operator/audit/export?operatorPhone=${admin.phone}`,
      headers: { token: admin.token },
    });
    expect(file.headers['content-type']).toContain('spreadsheetml');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const sheet = book.getWorksheet('操作日志');
    expect(sheet?.getRow(1).getCell(8).value).toBe('修改前');
    expect(String(sheet?.getRow(2).getCell(9).value)).toContain('content');
  });

  it('bad input changes nothing: unknown phone, removing one’s own 管理员', async () => {
    const admin = await staffToken(ctx, ['admin']);
    const before = (await latestAudit(ctx, 1))[0]?.id;
    const unknown = await ctx.call('POST', '/api/operator/staff/setRoles', {
      token: admin.token,
      body: { phone: '19900000000', roles: ['ops'] },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.data.fields).toEqual({ phone: '该手机号尚未注册' });
    const self = await ctx.call('POST', '/api/operator/staff/setRoles', {
      token: admin.token,
      body: { phone: admin.phone, roles: ['ops'] },
    });
    expect(self.data.fields).toEqual({ roles: '不能取消自己的管理员角色' });
    expect((await latestAudit(ctx, 1))[0]?.id).toBe(before);
  });

  it('a change through any operator route is audited by the hook, secrets redacted', async () => {
    const finance = await staffToken(ctx, ['finance']);
    const main = await ctx.db
      .selectFrom('users')
      .select('id')
      .where('phone', '=', '13800000001')
      .executeTakeFirstOrThrow();
    const answer = await ctx.call('POST', '/api/operator/billing/adjustWallet', {
      token: finance.token,
      body: { userId: main.id, asset: 0, delta: 500, reason: '线下补偿' },
    });
    expect(answer.code).toBe(0);
    const [row] = await latestAudit(ctx, 1);
    expect(row).toMatchObject({ operator_id: finance.id, action: 'POST /api/operator/billing/adjustWallet' });
    expect(row?.after).toMatchObject({ delta: 500, reason: '线下补偿' });
  });

  it('masks secrets at any depth before they reach the log', () => {
    expect(redacted({ phone: '13800000001', pwd: 'Secret123', nested: [{ code: '123456', keep: 1 }] })).toEqual({
      phone: '13800000001',
      pwd: '***',
      nested: [{ code: '***', keep: 1 }],
    });
  });
});
