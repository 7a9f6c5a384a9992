import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helpers.js';
import { maintenanceJobs } from './maintenance.jobs.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('maintenance: pruning sign-in records', () => {
  it('removes old sessions, failures and expired locks; keeps the live ones', async () => {
    const token = await ctx.login('13800000002');
    await ctx.db
      .updateTable('sessions')
      .set({ expires_at: sql<Date>`now() - interval '8 days'` })
      .where('user_id', '=', 2)
      .execute();
    await ctx.login('13800000002');
    await ctx.db
      .insertInto('login_failures')
      .values([
        { phone: '13800000005', failed_at: sql<Date>`now() - interval '2 days'` },
        { phone: '13800000006', failed_at: sql<Date>`now()` },
      ])
      .execute();
    await ctx.db
      .insertInto('login_locks')
      .values([
        { phone: '13800000005', locked_until: sql<Date>`now() - interval '1 minute'` },
        { phone: '13800000006', locked_until: sql<Date>`now() + interval '10 minutes'` },
      ])
      .execute();

    const [job] = maintenanceJobs;
    await job?.handle({}, { db: ctx.db, boss: ctx.app.boss, storage: ctx.app.storage, log: () => {} });

    const sessions = await ctx.db.selectFrom('sessions').select('expires_at').where('user_id', '=', 2).execute();
    expect(sessions).toHaveLength(1);
    expect((await ctx.call('GET', '/api/userInfo/findUserLoginInfo', { token })).status).toBe(401);
    const failures = await ctx.db.selectFrom('login_failures').select('phone').execute();
    expect(failures.map((row) => row.phone)).toEqual(['13800000006']);
    const locks = await ctx.db.selectFrom('login_locks').select('phone').execute();
    expect(locks.map((row) => row.phone)).toEqual(['13800000006']);
  });
});
