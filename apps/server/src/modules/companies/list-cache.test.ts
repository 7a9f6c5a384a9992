import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createUser } from '../../../test/factories.js';
import { createTestContext, type TestContext } from '../../../test/helpers.js';
import { companyWithInvoices } from '../../../test/uploads.js';
import { type AppInstance, buildApp } from '../../app.js';
import { createDb, type Db } from '../../db/kysely.js';
import type { Actor } from '../accounts/accounts.policy.js';
import { companyPageJson } from './company-page.js';

/**
 * Issue 21: findFirmList's answers kept per instance (LIST_CACHE_SECONDS). A and B are two API
 * instances on one database, both with their caches on; B's answers are held to a fresh read of
 * the database (companyPageJson, what the route sends with the cache off) byte for byte, after
 * every kind of write a list shows, made on A, by the worker or in the database itself.
 */
let a: TestContext;
let b: AppInstance;
let bDb: Db;
/** Statements B sent to PostgreSQL, but for the instances' notices to each other. */
let bQueries = 0;
let main: string;
let staff: string;
let supervisor: string;

const MAIN: Actor = { userId: 1, groupId: 1, level: 1, notMenus: [] };
const SUPERVISOR: Actor = { userId: 2, groupId: 1, level: 2, notMenus: [] };
const STAFF: Actor = { userId: 3, groupId: 1, level: 3, notMenus: [] };
const OTHER_MAIN: Actor = { userId: 4, groupId: 2, level: 1, notMenus: [] };
const LIST = '/api/CsbFirmCertification/findFirmList';
const CHROMIUM = 'gzip, deflate, br, zstd';

beforeAll(async () => {
  a = await createTestContext({ workers: true, env: { SESSION_CACHE_SECONDS: '60', LIST_CACHE_SECONDS: '300' } });
  const { db, pool } = createDb(a.url, 3);
  bDb = db;
  const wrapped = new WeakSet<object>();
  pool.on('connect', (client) => {
    if (wrapped.has(client)) return;
    wrapped.add(client);
    const clientQuery = client.query.bind(client);
    client.query = ((...args: Parameters<typeof clientQuery>) => {
      const text = typeof args[0] === 'string' ? args[0] : (args[0] as { text?: string } | undefined)?.text;
      if (!text?.includes('pg_notify')) bQueries++;
      return clientQuery(...args);
    }) as typeof client.query;
  });
  b = await buildApp({ config: a.app.config, db, boss: a.app.boss, databaseUrl: a.url, storage: a.app.storage });
  await b.ready();
  await vi.waitFor(() => expect(a.app.sessionBus.peerIds).toContain(b.sessionBus.id));
  main = await a.login('13800000001');
  supervisor = await a.login('13800000002');
  staff = await a.login('13800000003');
});
afterAll(async () => {
  await b.close();
  await bDb.destroy();
  await a.close();
});

/** B's answer, required to equal a fresh read of the database byte for byte; parsed. */
async function listOnB(token: string, actor: Actor, query = 'page=1&size=20') {
  const raw = await b.inject({ method: 'GET', url: `${LIST}?${query}`, headers: { token } });
  expect(raw.statusCode, raw.body).toBe(200);
  const params = Object.fromEntries(new URLSearchParams(query));
  const { page, size, ...filters } = params;
  const fresh = await companyPageJson(a.db, actor, filters, { page: Number(page), size: Number(size) });
  expect(raw.body).toBe(fresh);
  return JSON.parse(raw.body).data as { list: { firmId: number; taxpayerName: string; assignee: unknown }[] };
}

const names = (page: { list: { taxpayerName: string }[] }) => page.list.map((row) => row.taxpayerName);

describe('the company list cache across instances', () => {
  it('answers a repeated list from memory, byte for byte what a fresh read writes, in every encoding', async () => {
    // Under 1 400 bytes a list goes as it is, whatever the client accepts.
    const small = await b.inject({
      method: 'GET',
      url: `${LIST}?page=1&size=1`,
      headers: { token: main, 'accept-encoding': CHROMIUM },
    });
    expect(small.rawPayload.length).toBeLessThan(1400);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.headers.vary).toBe('accept-encoding');
    for (let n = 1; n <= 6; n++) {
      const bound = await a.call('POST', '/api/CsbFirmCertification/bindFirm', {
        token: main,
        body: { taxpayerName: `编码测试${n}有限公司`, taxNo: `9111000010000010${n}X` },
      });
      expect(bound.code, bound.msg).toBe(0);
    }
    await listOnB(main, MAIN);
    const before = bQueries;
    const again = await b.inject({ method: 'GET', url: `${LIST}?page=1&size=20`, headers: { token: main } });
    expect(bQueries - before).toBe(0);
    const fresh = await companyPageJson(a.db, MAIN, {}, { page: 1, size: 20 });
    expect(again.body).toBe(fresh);
    expect(Buffer.byteLength(fresh)).toBeGreaterThan(1400);
    expect(again.headers.vary).toBe('accept-encoding');
    expect(again.headers['content-encoding']).toBeUndefined();
    const br = await b.inject({
      method: 'GET',
      url: `${LIST}?page=1&size=20`,
      headers: { token: main, 'accept-encoding': CHROMIUM },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(fresh);
    const gzip = await b.inject({
      method: 'GET',
      url: `${LIST}?page=1&size=20`,
      headers: { token: main, 'accept-encoding': 'gzip, deflate' },
    });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(fresh);
    expect(bQueries - before).toBe(0);
    // A browser revalidating its copy: 304, no body; the tag is the same in every encoding.
    const etag = again.headers.etag as string;
    expect(etag).toMatch(/^W\/"[\w-]+"$/);
    expect([br.headers.etag, gzip.headers.etag]).toEqual([etag, etag]);
    expect(again.headers['cache-control']).toBe('private, no-cache');
    const revalidated = await b.inject({
      method: 'GET',
      url: `${LIST}?page=1&size=20`,
      headers: { token: main, 'accept-encoding': CHROMIUM, 'if-none-match': etag },
    });
    expect([revalidated.statusCode, revalidated.rawPayload.length, revalidated.headers.etag]).toEqual([304, 0, etag]);
    // After a change the same tag gets the new list.
    const bound = await a.call('POST', '/api/CsbFirmCertification/bindFirm', {
      token: main,
      body: { taxpayerName: '编码测试7有限公司', taxNo: '91110000100000107X' },
    });
    expect(bound.code, bound.msg).toBe(0);
    const changed = await b.inject({
      method: 'GET',
      url: `${LIST}?page=1&size=20`,
      headers: { token: main, 'if-none-match': etag },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(changed.body).toBe(await companyPageJson(a.db, MAIN, {}, { page: 1, size: 20 }));
  });

  it('shows a company bound, edited, assigned and deleted on A at once on B', async () => {
    await listOnB(main, MAIN);
    await listOnB(staff, STAFF);
    const bound = await a.call('POST', '/api/CsbFirmCertification/bindFirm', {
      token: main,
      body: { taxpayerName: '缓存测试有限公司', taxNo: '91110000100000002X' },
    });
    expect(bound.code, bound.msg).toBe(0);
    const firmId = bound.data.firmId as number;
    expect(names(await listOnB(main, MAIN))).toContain('缓存测试有限公司');

    const edited = await a.call('POST', '/api/CsbFirmCertification/updateFirm', {
      token: main,
      body: { firmId, taxpayerName: '缓存测试改名有限公司', remark: '改过' },
    });
    expect(edited.code, edited.msg).toBe(0);
    const afterEdit = await listOnB(main, MAIN);
    expect(names(afterEdit)).toContain('缓存测试改名有限公司');
    expect(names(afterEdit)).not.toContain('缓存测试有限公司');

    expect(names(await listOnB(staff, STAFF))).not.toContain('缓存测试改名有限公司');
    const assigned = await a.call('POST', '/api/CsbFirmCertification/assignFirm', {
      token: main,
      body: { firmId, assigneeId: 3 },
    });
    expect(assigned.code, assigned.msg).toBe(0);
    expect(names(await listOnB(staff, STAFF))).toContain('缓存测试改名有限公司');
    const shown = (await listOnB(main, MAIN)).list.find((row) => row.firmId === firmId);
    expect(shown?.assignee).toEqual({ userId: 3, name: '王员工' });

    // The assignee's new name is what the list shows.
    const renamed = await a.call('POST', '/api/userInfo/updateChildUser', {
      token: main,
      body: { userId: 3, nickName: '王员工改' },
    });
    expect(renamed.code, renamed.msg).toBe(0);
    const renamedRow = (await listOnB(main, MAIN)).list.find((row) => row.firmId === firmId);
    expect(renamedRow?.assignee).toEqual({ userId: 3, name: '王员工改' });

    const deleted = await a.call('POST', '/api/CsbFirmCertification/delFirm', { token: main, body: { firmId } });
    expect(deleted.code, deleted.msg).toBe(0);
    expect(names(await listOnB(main, MAIN))).not.toContain('缓存测试改名有限公司');
    expect(names(await listOnB(staff, STAFF))).not.toContain('缓存测试改名有限公司');
  });

  it('follows a supervisor’s teams: staff joining, leaving and deleted change the supervisor’s list on B at once', async () => {
    const member = await createUser(a.db, { groupId: 1, level: 3, nickName: '缓存组员' });
    const memberToken = await a.login(member.phone);
    const bound = await a.call('POST', '/api/CsbFirmCertification/bindFirm', {
      token: memberToken,
      body: { taxpayerName: '组员的企业有限公司', taxNo: '91110000100000003X' },
    });
    expect(bound.code, bound.msg).toBe(0);
    expect(names(await listOnB(supervisor, SUPERVISOR))).not.toContain('组员的企业有限公司');
    const team = await a.call('POST', '/api/userInfo/createGroup', {
      token: main,
      body: { name: '缓存测试组', memberIds: [2, member.id] },
    });
    expect(team.code, team.msg).toBe(0);
    expect(names(await listOnB(supervisor, SUPERVISOR))).toContain('组员的企业有限公司');
    const removed = await a.call('POST', '/api/userInfo/delRemoveUser', {
      token: main,
      body: { teamId: team.data, userId: member.id },
    });
    expect(removed.code, removed.msg).toBe(0);
    expect(names(await listOnB(supervisor, SUPERVISOR))).not.toContain('组员的企业有限公司');
    const back = await a.call('POST', '/api/userInfo/updateUserGroup', {
      token: main,
      body: { teamId: team.data, name: '缓存测试组', memberIds: [2, member.id] },
    });
    expect(back.code, back.msg).toBe(0);
    expect(names(await listOnB(supervisor, SUPERVISOR))).toContain('组员的企业有限公司');
    const gone = await a.call('POST', '/api/userInfo/delUserDetails', { token: main, body: { userId: member.id } });
    expect(gone.code, gone.msg).toBe(0);
    await listOnB(supervisor, SUPERVISOR);
    await listOnB(main, MAIN);
  });

  it('sees changes made in the database itself (no instance involved) without waiting for the life', async () => {
    const before = await listOnB(main, MAIN);
    const firmId = before.list[0]?.firmId as number;
    await sql`UPDATE companies SET taxpayer_name = '数据库里改的有限公司' WHERE id = ${firmId}`.execute(a.db);
    await vi.waitFor(async () => expect(names(await listOnB(main, MAIN))).toContain('数据库里改的有限公司'), {
      timeout: 3000,
    });
    await sql`UPDATE users SET nick_name = '库里改名' WHERE id = 1`.execute(a.db);
    await sql`UPDATE companies SET assignee_id = 1 WHERE id = ${firmId}`.execute(a.db);
    await vi.waitFor(
      async () =>
        expect((await listOnB(main, MAIN)).list.find((row) => row.firmId === firmId)?.assignee).toEqual({
          userId: 1,
          name: '库里改名',
        }),
      { timeout: 3000 },
    );
    await sql`UPDATE users SET nick_name = '张主账号' WHERE id = 1`.execute(a.db);
    await vi.waitFor(async () => listOnB(main, MAIN), { timeout: 3000 });
  });

  it('an import finishing and a report made by the worker leave B answering what a fresh read does', async () => {
    await listOnB(main, MAIN);
    const { firmId } = await companyWithInvoices(a, main, {
      seed: 5,
      invoiceCount: 20,
      months: 2,
      startMonth: '2025-01',
    });
    expect((await listOnB(main, MAIN)).list.map((row) => row.firmId)).toContain(firmId);
    const report = await a.call('POST', '/api/ReportPool/create', {
      token: main,
      body: { firmId, reportType: 'INVOICE', periodStart: '2025-01', periodEnd: '2025-02' },
    });
    expect(report.code, report.msg).toBe(0);
    await vi.waitFor(
      async () => {
        const rows = await a.db.selectFrom('reports').select('status').where('company_id', '=', firmId).execute();
        expect(rows.map((row) => row.status)).toEqual(['done']);
      },
      { timeout: 30_000, interval: 200 },
    );
    await listOnB(main, MAIN);
    await listOnB(staff, STAFF);
  });

  it('never answers one group’s or one user’s list to another', async () => {
    const other = await a.login('13900000001');
    await a.call('POST', '/api/CsbFirmCertification/bindFirm', {
      token: other,
      body: { taxpayerName: '另一集团的企业有限公司', taxNo: '91110000100000004X' },
    });
    // The same address, warmed by each viewer in turn: each gets its own list.
    for (let round = 0; round < 2; round++) {
      const mine = await listOnB(main, MAIN);
      const theirs = await listOnB(other, OTHER_MAIN);
      const own = await listOnB(staff, STAFF);
      const led = await listOnB(supervisor, SUPERVISOR);
      expect(names(theirs)).toContain('另一集团的企业有限公司');
      expect(names(mine)).not.toContain('另一集团的企业有限公司');
      expect(names(own)).not.toContain('另一集团的企业有限公司');
      expect(names(led)).not.toContain('另一集团的企业有限公司');
    }
    // A staff member does not see the main account's own companies through the cache.
    const mainOnly = (await listOnB(main, MAIN)).list.filter((row) => row.assignee === null);
    const staffNames = names(await listOnB(staff, STAFF));
    for (const row of mainOnly) expect(staffNames).not.toContain(row.taxpayerName);
    // Filters and pages are keys of their own.
    await listOnB(main, MAIN, 'page=2&size=5');
    await listOnB(main, MAIN, 'page=1&size=5&keyword=%E6%B5%8B%E8%AF%95');
    await listOnB(other, OTHER_MAIN, 'page=1&size=5&keyword=%E6%B5%8B%E8%AF%95');
    // Another viewer's tag does not stand for this viewer's list.
    const mainTag = (await b.inject({ method: 'GET', url: `${LIST}?page=1&size=20`, headers: { token: main } })).headers
      .etag as string;
    const otherWithMainTag = await b.inject({
      method: 'GET',
      url: `${LIST}?page=1&size=20`,
      headers: { token: other, 'if-none-match': mainTag },
    });
    expect(otherWithMainTag.statusCode).toBe(200);
    expect(otherWithMainTag.body).toBe(await companyPageJson(a.db, OTHER_MAIN, {}, { page: 1, size: 20 }));
    // A company of another group is 404 whatever the cache holds.
    const foreign = (await listOnB(other, OTHER_MAIN)).list[0]?.firmId as number;
    const details = await b.inject({
      method: 'GET',
      url: `/api/CsbFirmCertification/findFirmDetails?firmId=${foreign}`,
      headers: { token: main },
    });
    expect(details.statusCode).toBe(404);
  });
});
