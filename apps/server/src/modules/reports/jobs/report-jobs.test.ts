import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../../test/helpers.js';
import { companyWithInvoices } from '../../../../test/uploads.js';
import { startWorkers } from '../../../jobs/boss.js';
import { reportRetentionJob } from './retention.job.js';
import { staleReportsJob, sweepStaleReports } from './stale-reports.job.js';

/** The scheduled report jobs, called directly on a real database (report workers held: reports stay queued). */
let ctx: TestContext;
let main: string;
let firmId: number;

beforeAll(async () => {
  ctx = await createTestContext();
  main = await ctx.login('13800000001');
  // Workers import the upload; the report and sweep workers are then held so reports stay queued.
  await startWorkers({ db: ctx.db, boss: ctx.app.boss, storage: ctx.app.storage, log: () => {} });
  ({ firmId } = await companyWithInvoices(ctx, main, { seed: 21, invoiceCount: 30, months: 3, startMonth: '2025-01' }));
  await ctx.app.boss.offWork('reports.generate');
  await ctx.app.boss.offWork(staleReportsJob.name);
});
afterAll(() => ctx.close());

async function credits(): Promise<number[]> {
  const details = await ctx.call('GET', '/api/userInfo/findUserDetails', { token: main });
  return details.data.numberList.map((item: { count: number }) => item.count);
}

async function createReport(): Promise<number> {
  const created = await ctx.call('POST', '/api/ReportPool/create', {
    token: main,
    body: { firmId, reportType: 'INVOICE', periodStart: '2025-01', periodEnd: '2025-03' },
  });
  expect(created.code, created.msg).toBe(0);
  return created.data.reportId;
}

const statusOf = (id: number) =>
  ctx.db.selectFrom('reports').select(['status', 'refunded', 'failure_reason']).where('id', '=', id).executeTakeFirst();

describe('stale report sweep', () => {
  it('fails and refunds, once, a report analysing for 20 minutes and one queued for 2 hours; leaves fresh ones', async () => {
    const before = await credits();
    const stuck = await createReport();
    const lost = await createReport();
    const fresh = await createReport();
    expect(await credits()).not.toEqual(before);
    await ctx.db
      .updateTable('reports')
      .set({ status: 'analysing', started_at: sql`now() - interval '20 minutes'` })
      .where('id', '=', stuck)
      .execute();
    await ctx.db
      .updateTable('reports')
      .set({ created_at: sql`now() - interval '2 hours'` })
      .where('id', '=', lost)
      .execute();
    await ctx.db
      .updateTable('reports')
      .set({ status: 'analysing', started_at: sql`now() - interval '5 minutes'` })
      .where('id', '=', fresh)
      .execute();

    expect(await sweepStaleReports(ctx.db)).toEqual([stuck, lost]);
    expect(await statusOf(stuck)).toMatchObject({ status: 'failed', refunded: true });
    expect((await statusOf(stuck))?.failure_reason).toContain('费用已退回');
    expect(await statusOf(lost)).toMatchObject({ status: 'failed', refunded: true });
    expect(await statusOf(fresh)).toMatchObject({ status: 'analysing', refunded: false });

    // A second sweep finds nothing and refunds nothing again.
    const afterFirst = await credits();
    expect(await sweepStaleReports(ctx.db)).toEqual([]);
    expect(await credits()).toEqual(afterFirst);
    // Only the fresh report is still charged: failing it as well gives back everything.
    await ctx.db
      .updateTable('reports')
      .set({ started_at: sql`now() - interval '16 minutes'` })
      .where('id', '=', fresh)
      .execute();
    expect(await sweepStaleReports(ctx.db)).toEqual([fresh]);
    expect(await credits()).toEqual(before);

    // A failed report can be deleted by its owner.
    const deleted = await ctx.call('POST', '/api/ReportPool/delete', { token: main, body: { id: stuck } });
    expect(deleted.code, deleted.msg).toBe(0);
  });
});

describe('report retention job', () => {
  it('deletes finished reports older than the group’s period, with their PDFs, and logs the count', async () => {
    const old = await createReport();
    const recent = await createReport();
    const running = await createReport();
    await ctx.app.storage.put(`reports/test-${old}.pdf`, Buffer.from('%PDF-1.4'));
    await ctx.db
      .updateTable('groups')
      .set({ report_overdue_delete_switch: 0, report_overdue_days: 15 })
      .where('id', '=', 1)
      .execute();
    await ctx.db
      .updateTable('reports')
      .set({ status: 'done', pdf_key: `reports/test-${old}.pdf`, created_at: sql`now() - interval '16 days'` })
      .where('id', '=', old)
      .execute();
    await ctx.db.updateTable('reports').set({ status: 'done' }).where('id', '=', recent).execute();
    // Still being generated: never deleted, however old.
    await ctx.db
      .updateTable('reports')
      .set({ created_at: sql`now() - interval '30 days'` })
      .where('id', '=', running)
      .execute();

    const logged: Record<string, unknown>[] = [];
    await reportRetentionJob.handle(
      {},
      { db: ctx.db, boss: ctx.app.boss, storage: ctx.app.storage, log: (_message, data) => logged.push(data ?? {}) },
    );
    expect(await statusOf(old)).toBeUndefined();
    expect(await ctx.app.storage.exists(`reports/test-${old}.pdf`)).toBe(false);
    expect(await statusOf(recent)).toMatchObject({ status: 'done' });
    expect(await statusOf(running)).toMatchObject({ status: 'queued' });
    expect(logged).toEqual([{ deleted: 1 }]);

    // Switched off (1): nothing goes.
    await ctx.db.updateTable('groups').set({ report_overdue_delete_switch: 1 }).where('id', '=', 1).execute();
    await ctx.db
      .updateTable('reports')
      .set({ created_at: sql`now() - interval '40 days'` })
      .where('id', '=', recent)
      .execute();
    await reportRetentionJob.handle({}, { db: ctx.db, boss: ctx.app.boss, storage: ctx.app.storage, log: () => {} });
    expect(await statusOf(recent)).toMatchObject({ status: 'done' });
  });
});
