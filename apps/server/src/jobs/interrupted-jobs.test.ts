import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, multipartBody, type TestContext } from '../../test/helpers.js';
import { companyWithInvoices } from '../../test/uploads.js';
import { INTERRUPTED_IMPORT_ATTEMPTS, processImportJob } from '../modules/imports/jobs/process-import.job.js';
import {
  GENERATE_REPORT,
  generateReportJob,
  MAX_REPORT_ATTEMPTS,
} from '../modules/reports/jobs/generate-report.job.js';
import { startWorkers } from './boss.js';
import { JobLeases } from './leases.js';

/**
 * What a job does when the queue hands it back after its worker died (crash-restart.test.ts
 * shows the whole path): retried attempts are bounded, the last one fails (and refunds) instead.
 */
let ctx: TestContext;
let main: string;
let firmId: number;

beforeAll(async () => {
  ctx = await createTestContext();
  main = await ctx.login('13800000001');
  await startWorkers({ db: ctx.db, boss: ctx.app.boss, storage: ctx.app.storage, log: () => {} });
  ({ firmId } = await companyWithInvoices(ctx, main, { seed: 31, invoiceCount: 20, months: 3, startMonth: '2025-01' }));
  // Held, so the rows below stay as the test leaves them until it calls the handlers itself.
  await ctx.app.boss.offWork(GENERATE_REPORT);
  await ctx.app.boss.offWork(processImportJob.name);
});
afterAll(() => ctx.close());

const deps = () => ({ db: ctx.db, boss: ctx.app.boss, storage: ctx.app.storage, log: () => {} });

async function credits(): Promise<number[]> {
  const details = await ctx.call('GET', '/api/userInfo/findUserDetails', { token: main });
  return details.data.numberList.map((item: { count: number }) => item.count);
}

describe('jobs handed back after their worker died', () => {
  it('hands the job of a stale lease back to the queue for a retry, and leaves live leases alone', async () => {
    const leases = new JobLeases(ctx.db, ctx.app.boss, () => {});
    const ids: string[] = [];
    for (const reportId of [-1, -2]) {
      await ctx.app.boss.send(GENERATE_REPORT, { reportId });
      const [job] = await ctx.app.boss.fetch(GENERATE_REPORT);
      ids.push((job as { id: string }).id);
    }
    const [dead, live] = ids as [string, string];
    // A process silent for 40 s and one alive now, swept with a 20 s limit (the workers' own sweep
    // of this process uses the 60 s limit, so it leaves both to this call).
    await sql`INSERT INTO job_leases (job_id, queue, instance_id, heartbeat_at) VALUES
      (${dead}, ${GENERATE_REPORT}, gen_random_uuid(), now() - interval '40 seconds'),
      (${live}, ${GENERATE_REPORT}, gen_random_uuid(), now())`.execute(ctx.db);
    expect(await leases.handBackStale(20)).toEqual([dead]);
    expect((await ctx.app.boss.getJobById(GENERATE_REPORT, dead))?.state).toBe('retry');
    expect((await ctx.app.boss.getJobById(GENERATE_REPORT, live))?.state).toBe('active');
    expect((await ctx.app.boss.getQueue(GENERATE_REPORT))?.retryLimit).toBe(MAX_REPORT_ATTEMPTS);
    await ctx.app.boss.cancel(GENERATE_REPORT, ids);
  });

  it('a report whose attempts all died is failed and refunded, once', async () => {
    const before = await credits();
    const created = await ctx.call('POST', '/api/ReportPool/create', {
      token: main,
      body: { firmId, reportType: 'INVOICE', periodStart: '2025-01', periodEnd: '2025-03' },
    });
    const reportId = created.data.reportId as number;
    expect(await credits()).not.toEqual(before);
    // As left by a worker killed during its last attempt.
    await ctx.db
      .updateTable('reports')
      .set({ status: 'analysing', attempts: MAX_REPORT_ATTEMPTS })
      .where('id', '=', reportId)
      .execute();
    await generateReportJob.handle({ reportId }, deps(), { retryCount: MAX_REPORT_ATTEMPTS });
    await generateReportJob.handle({ reportId }, deps(), { retryCount: MAX_REPORT_ATTEMPTS });
    const row = await ctx.db
      .selectFrom('reports')
      .select(['status', 'refunded', 'failure_reason'])
      .where('id', '=', reportId)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'failed', refunded: true });
    expect(row.failure_reason).toContain('服务中断');
    expect(await credits()).toEqual(before);
  });

  it('a report interrupted once is built again on the retry', async () => {
    const created = await ctx.call('POST', '/api/ReportPool/create', {
      token: main,
      body: { firmId, reportType: 'INVOICE', periodStart: '2025-01', periodEnd: '2025-03' },
    });
    const reportId = created.data.reportId as number;
    await ctx.db.updateTable('reports').set({ status: 'analysing', attempts: 1 }).where('id', '=', reportId).execute();
    await generateReportJob.handle({ reportId }, deps(), { retryCount: 1 });
    const row = await ctx.db
      .selectFrom('reports')
      .select(['status', 'attempts'])
      .where('id', '=', reportId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'done', attempts: 2 });
  });

  it('an import whose attempts all died is marked failed with a reason, storing nothing', async () => {
    const { writeInvoiceExportFixture } = await import('@taxlens/engine/fixtures');
    const fixture = await writeInvoiceExportFixture(
      { format: 'xlsx', seed: 32, invoiceCount: 10, months: 1, startMonth: '2025-04' },
      'buffer',
    );
    const body = multipartBody(
      { firmId: String(firmId), kind: 'invoice' },
      { filename: 'again.xlsx', content: fixture.buffer as Buffer },
    );
    const upload = await ctx.app.inject({
      method: 'POST',
      url: '/api/CsbFirmCertification/fileUpload?wait=false',
      headers: { token: main, ...body.headers },
      payload: body.payload,
    });
    const importId = upload.json().data.importId as number;
    await ctx.db.updateTable('imports').set({ status: 'parsing' }).where('id', '=', importId).execute();
    await processImportJob.handle({ importId }, deps(), { retryCount: INTERRUPTED_IMPORT_ATTEMPTS });
    const row = await ctx.db
      .selectFrom('imports')
      .select(['status', 'message'])
      .where('id', '=', importId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'failed', message: '导入多次因服务中断未能完成，请稍后重新上传该文件' });
    const april = await ctx.db
      .selectFrom('invoices')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('import_id', '=', importId)
      .executeTakeFirstOrThrow();
    expect(Number(april.n)).toBe(0);
  });
});
