import { accessAllows, deniedTypeOf, PERMISSION_KEYS, type PermissionKey } from '@taxlens/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../test/factories.js';
import { createTestContext, type TestContext } from '../../../test/helpers.js';
import { createSession } from '../auth/session.service.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
  // The data-view calls also need the group's data service (403 without it, whatever the keys): on,
  // so this table checks the permission keys alone (the service has its own tests in dataview*/).
  await ctx.db.updateTable('groups').set({ data_price_auth: 1 }).where('id', '=', 1).execute();
});
afterAll(() => ctx.close());

/**
 * Walks every guarded route × level × a single denied key (and none) and checks that the server
 * refuses exactly when the shared `accessAllows` — the function the client's route table uses —
 * says no.
 */
describe('permission table', () => {
  it('server answers match the shared guard for every route, level and denied key', async () => {
    const routes = ctx.app.guardedRoutes.filter((route) => !('public' in route.access) && !route.access.operator);
    expect(routes.length).toBeGreaterThan(20);
    const cases: (PermissionKey | null)[] = [null, ...PERMISSION_KEYS];
    const mismatches: string[] = [];
    let checked = 0;
    const combos = ([1, 2, 3] as const).flatMap((level) => cases.map((denied) => ({ level, denied })));
    // Each level × denied key walks every route on its own user; four walk at once (the pool has five connections).
    const walk = async ({ level, denied }: (typeof combos)[number]) => {
      const notMenus = denied ? [{ type: deniedTypeOf(denied), permission: denied }] : [];
      const user = await createUser(ctx.db, { groupId: 1, level, notMenus });
      for (const route of routes) {
        const access = route.access as Exclude<typeof route.access, { public: true }>;
        const expected = accessAllows({ level, notMenus }, access);
        // A fresh session per call: some calls (logout, password change) end the session they use.
        const { token } = await createSession(ctx.db, user.id, 1, {});
        const url = route.url.replace(/:(\w+)/g, '0');
        const answer = await ctx.call(route.method as 'GET' | 'POST', url, {
          token,
          body: route.method === 'POST' ? {} : undefined,
        });
        const refused = answer.status === 403 && answer.code === 1003;
        if (refused === expected)
          mismatches.push(`${route.method} ${route.url} level ${level} denied ${denied ?? '-'}: ${answer.status}`);
        checked++;
      }
    };
    const queue = [...combos];
    await Promise.all(
      Array.from({ length: 4 }, async () => {
        for (let next = queue.shift(); next; next = queue.shift()) await walk(next);
      }),
    );
    expect(mismatches).toEqual([]);
    expect(checked).toBe(routes.length * 3 * cases.length);
    // Thousands of calls: generous on a shared, busy machine (this is not a timing assertion).
  }, 900_000);
});
