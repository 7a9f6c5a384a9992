import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helpers.js';
import { type AppInstance, buildApp } from '../../app.js';
import { createDb, type Db } from '../../db/kysely.js';

/**
 * Issue 21: two API instances on one database, each with its session cache on. A and B stand for
 * two processes behind a load balancer; what one does (or a change in the database itself) must
 * reach the other's cache at once, not when an entry's 60 s life ends.
 */
let a: TestContext;
let b: AppInstance;
let bDb: Db;
/** Statements B sent to PostgreSQL, but for the instances' notices to each other. */
let bQueries = 0;

beforeAll(async () => {
  a = await createTestContext({ env: { SESSION_CACHE_SECONDS: '60' } });
  const { db, pool } = createDb(a.url, 3);
  bDb = db;
  // Every statement B's connections send (pool.query goes through them too), except the instances'
  // own notices to each other (heartbeats, barriers).
  const counted = (text: unknown) => {
    const sqlText = typeof text === 'string' ? text : (text as { text?: string } | undefined)?.text;
    if (!sqlText?.includes('pg_notify')) bQueries++;
  };
  const wrapped = new WeakSet<object>();
  pool.on('connect', (client) => {
    if (wrapped.has(client)) return;
    wrapped.add(client);
    const clientQuery = client.query.bind(client);
    client.query = ((...args: Parameters<typeof clientQuery>) => {
      counted(args[0]);
      return clientQuery(...args);
    }) as typeof client.query;
  });
  b = await buildApp({ config: a.app.config, db, boss: a.app.boss, databaseUrl: a.url, storage: a.app.storage });
  await b.ready();
});
afterAll(async () => {
  await b.close();
  await bDb.destroy();
  await a.close();
});

async function onB(method: 'GET' | 'POST', url: string, token: string) {
  const raw = await b.inject({ method, url, headers: { token } });
  return { status: raw.statusCode, body: raw.body, data: raw.json().data };
}

const LOGIN_INFO = '/api/userInfo/findUserLoginInfo';

describe('session cache across instances', () => {
  it('a signed-in read of a known token costs no query, and answers exactly what a fresh read does', async () => {
    const token = await a.login('13800000001');
    const first = await onB('GET', LOGIN_INFO, token);
    expect(first.status).toBe(200);
    const before = bQueries;
    const again = await onB('GET', LOGIN_INFO, token);
    expect(again.body).toBe(first.body);
    expect(bQueries - before).toBe(0);
    const list = await onB('GET', '/api/CsbFirmCertification/findFirmList?page=1&size=5', token);
    expect(list.status).toBe(200);
    // The company list: its own query only, not the session's.
    expect(bQueries - before).toBe(1);
    expect(b.sessionCache.size).toBeGreaterThan(0);
  });

  it('logout on A refuses the token on B at once', async () => {
    await vi.waitFor(() => expect(a.app.sessionBus.peerIds).toContain(b.sessionBus.id));
    for (let round = 0; round < 5; round++) {
      const token = await a.login('13800000001');
      expect((await onB('GET', LOGIN_INFO, token)).status).toBe(200);
      expect((await onB('GET', LOGIN_INFO, token)).status).toBe(200);
      expect((await a.call('POST', '/api/userInfo/logout', { token })).code).toBe(0);
      expect((await onB('GET', LOGIN_INFO, token)).status).toBe(401);
    }
  });

  it('a permission taken away on A is refused on B at once, and B’s session answer shows it', async () => {
    const main = await a.login('13800000001');
    const staff = await a.login('13800000003');
    expect((await onB('GET', '/api/CsbFirmCertification/findFirmList?page=1&size=5', staff)).status).toBe(200);
    const denied = await a.call('POST', '/api/userInfo/updatePermissions', {
      token: main,
      body: { userId: 3, notMenus: [{ type: 0, permission: 'firmManage' }] },
    });
    expect(denied.code).toBe(0);
    expect((await onB('GET', '/api/CsbFirmCertification/findFirmList?page=1&size=5', staff)).status).toBe(403);
    expect((await onB('GET', LOGIN_INFO, staff)).data.notMenus).toEqual([{ type: 0, permission: 'firmManage' }]);
    await a.call('POST', '/api/userInfo/updatePermissions', { token: main, body: { userId: 3, notMenus: [] } });
  });

  it('a change made in the database itself (balance, group permission, disabling) reaches B without waiting for the life', async () => {
    const token = await a.login('13800000001');
    const balance = (await onB('GET', LOGIN_INFO, token)).data.balance as number;
    await sql`UPDATE wallets SET balance_fen = balance_fen + 100 WHERE user_id = 1`.execute(a.db);
    await vi.waitFor(async () => expect((await onB('GET', LOGIN_INFO, token)).data.balance).toBe(balance + 100), {
      timeout: 3000,
    });
    await sql`UPDATE groups SET enablement_service_permission = 1 - coalesce(enablement_service_permission, 0) WHERE id = 1`.execute(
      a.db,
    );
    const flipped = (await a.call('GET', LOGIN_INFO, { token })).data.enablementServicePermission;
    await vi.waitFor(
      async () => expect((await onB('GET', LOGIN_INFO, token)).data.enablementServicePermission).toBe(flipped),
      { timeout: 3000 },
    );
    const staff = await a.login('13800000003');
    expect((await onB('GET', LOGIN_INFO, staff)).status).toBe(200);
    await sql`UPDATE users SET status = 'disabled' WHERE id = 3`.execute(a.db);
    await vi.waitFor(async () => expect((await onB('GET', LOGIN_INFO, staff)).status).toBe(401), { timeout: 3000 });
    await sql`UPDATE users SET status = 'active' WHERE id = 3`.execute(a.db);
  });

  it('a caller’s own change is seen by its next request on the same instance, before any notice', async () => {
    const token = await a.login('13800000002');
    expect((await a.call('GET', LOGIN_INFO, { token })).status).toBe(200);
    // Deaf to invalidations (barriers still pass): only the instance's own drop can make the next read fresh.
    const cache = a.app.sessionCache as unknown as Record<string, unknown>;
    cache.invalidate = () => {};
    try {
      const themed = await a.call('POST', '/api/userInfo/updateHeaderTheme', { token, body: { headerTheme: 'ink' } });
      expect(themed.code).toBe(0);
      expect((await a.call('GET', LOGIN_INFO, { token })).data.headerTheme).toBe('ink');
    } finally {
      // Back to the class's own methods.
      delete cache.invalidate;
    }
  });
});
