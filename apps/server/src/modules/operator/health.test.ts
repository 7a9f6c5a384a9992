import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helpers.js';
import { JOBS } from '../../jobs/registry.js';
import { latestAudit, staffToken } from './test-support.js';

let ctx: TestContext;
let ops: string;
beforeAll(async () => {
  ctx = await createTestContext();
  ops = (await staffToken(ctx, ['ops'])).token;
});
afterAll(() => ctx.close());

describe('health', () => {
  it('shows a failed job in its queue and retries it from the console (audited); retrying twice is refused', async () => {
    const queue = JOBS[0]?.name as string;
    // No retries left, so fail() leaves it failed, as a job that used up its retries.
    const id = (await ctx.app.boss.send(queue, { probe: 'health-test' }, { retryLimit: 0 })) as string;
    await ctx.app.boss.fail(queue, id, { message: '模拟失败：数据源超时' });

    const health = await ctx.call('GET', '/api/operator/health', { token: ops });
    expect(health.data.queues.find((entry: { name: string }) => entry.name === queue)).toMatchObject({ failed: 1 });
    expect(health.data.failedJobs).toContainEqual(
      expect.objectContaining({ id, name: queue, error: '模拟失败：数据源超时' }),
    );
    expect(health.data.databaseBytes).toBeGreaterThan(1_000_000);
    expect(health.data.activeGroups).toBeGreaterThanOrEqual(0);

    const retried = await ctx.call('POST', '/api/operator/health/retryJob', { token: ops, body: { id } });
    expect(retried.data).toEqual({ id, name: queue });
    const job = await ctx.app.boss.getJobById(queue, id);
    expect(job?.state).toBe('retry');
    const [row] = await latestAudit(ctx, 1);
    expect(row).toMatchObject({
      target_type: 'job',
      target_id: id,
      before: { state: 'failed' },
      after: { state: 'retry' },
    });

    const again = await ctx.call('POST', '/api/operator/health/retryJob', { token: ops, body: { id } });
    expect([again.status, again.msg]).toEqual([409, '只有失败的任务可以重试']);
    const bad = await ctx.call('POST', '/api/operator/health/retryJob', { token: ops, body: { id: 'not-a-job' } });
    expect([bad.status, bad.data.fields]).toEqual([400, { id: '任务编号不正确' }]);
  });

  it('counts reports per kind and status over the days asked', async () => {
    const health = await ctx.call('GET', '/api/operator/health', { token: ops, query: { days: '30' } });
    expect(health.data.days).toBe(30);
    for (const entry of health.data.reports) expect(entry.count).toBeGreaterThan(0);
  });
});
