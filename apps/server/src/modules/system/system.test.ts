import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helpers.js';
import { migrate } from '../../db/migrate.js';
import { accessPlugin } from '../../plugins/access.js';
import { dbPlugin } from '../../plugins/db.js';
import { seedDemoIfEmpty } from '../../seed/demo-seed.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('system', () => {
  it('GET /api/health reports database and queue state', async () => {
    const answer = await ctx.call('GET', '/api/health');
    expect(answer.status).toBe(200);
    expect(answer.data).toMatchObject({ status: 'ok', database: { ok: true }, queue: { ok: true } });
  });

  it('publishes an OpenAPI document that lists the routes', async () => {
    const raw = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    const doc = raw.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/userInfo/login', '/api/health']));
  });

  it('answers unknown API paths with a 404 envelope', async () => {
    const answer = await ctx.call('GET', '/api/nothing/here');
    expect([answer.status, answer.code]).toEqual([404, 1004]);
  });

  it('refuses to start when a route declares no access', async () => {
    const app = Fastify();
    await app.register(dbPlugin, { db: ctx.db, config: ctx.app.config });
    await app.register(accessPlugin, { publicRateLimitPerMinute: 0, userRateLimitPerMinute: 0 });
    await expect(
      app.register(async (child) => {
        child.get('/api/unguarded', async () => 'open');
      }),
    ).rejects.toThrow(/没有声明权限/);
    await app.close().catch(() => {});
  });

  it('the demo seed never runs on a database that has users', async () => {
    const before = await ctx.db.selectFrom('users').select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow();
    expect(await seedDemoIfEmpty(ctx.db)).toBe(false);
    const after = await ctx.db.selectFrom('users').select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });

  it('the demo wallet equals the sum of its ledger rows', async () => {
    const wallet = await ctx.db.selectFrom('wallets').selectAll().where('user_id', '=', 1).executeTakeFirstOrThrow();
    const ledger = await ctx.db
      .selectFrom('ledger_entries')
      .select(['asset', sql<string>`sum(delta)`.as('sum')])
      .where('user_id', '=', 1)
      .groupBy('asset')
      .orderBy('asset')
      .execute();
    expect(Number(wallet.balance_fen)).toBe(100_000);
    expect(ledger.map((row) => Number(row.sum))).toEqual([100_000, 20, 20, 20, 20, 20, 20]);
    expect(wallet.credits).toEqual([20, 20, 20, 20, 20, 20]);
  });

  it('refuses an applied migration that was edited afterwards', async () => {
    await ctx.db
      .updateTable('schema_migrations' as never)
      .set({ checksum: 'edited' } as never)
      .execute();
    await expect(migrate(ctx.url)).rejects.toThrow(/被修改/);
  });
});

describe('embedded PostgreSQL data directory', () => {
  it('a second start on the same data directory fails clearly and leaves the data alone', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'taxlens-lock-'));
    const lockPath = path.join(dataDir, 'taxlens.pid');
    // A live process (this test's parent) owns the directory.
    await fs.writeFile(lockPath, String(process.ppid));
    const { startEmbeddedPostgres } = await import('../../db/embedded.js');
    await expect(startEmbeddedPostgres({ dataDir, port: 1 })).rejects.toThrow(/正由另一个 TaxLens 进程/);
    expect(await fs.readFile(lockPath, 'utf8')).toBe(String(process.ppid));
    await expect(fs.stat(path.join(dataDir, 'pg'))).rejects.toThrow();
    await fs.rm(dataDir, { recursive: true, force: true });
  });
});
