import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/helpers.js';
import { sendInTransaction } from './transactional.js';
import { listenForWakeUps, wakeWorkersOnCommit } from './wake.js';

let ctx: TestContext;
const QUEUE = 'test.wake-up';

beforeAll(async () => {
  ctx = await createTestContext({ template: 'empty' });
  await ctx.app.boss.createQueue(QUEUE);
});
afterAll(() => ctx.close());

describe('waking workers when a job is committed', () => {
  it('starts a committed job at once although its worker polls only every 5 minutes, and not a rolled-back one', async () => {
    const handled: number[] = [];
    let done: () => void = () => {};
    const ran = new Promise<void>((resolve) => {
      done = resolve;
    });
    const id = await ctx.app.boss.work<{ n: number }>(QUEUE, { pollingIntervalSeconds: 300 }, async ([job]) => {
      if (job) handled.push(job.data.n);
      done();
    });
    // The worker's first poll happens as it starts; the jobs below come after it.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const wakeUps = await listenForWakeUps(ctx.url, ctx.app.boss, new Map([[QUEUE, [id]]]), () => {});
    try {
      await ctx.db
        .transaction()
        .execute(async (tx) => {
          await sendInTransaction(ctx.app.boss, tx, QUEUE, { n: 1 });
          await wakeWorkersOnCommit(tx, QUEUE);
          throw new Error('roll back');
        })
        .catch(() => {});
      await ctx.db.transaction().execute(async (tx) => {
        await sendInTransaction(ctx.app.boss, tx, QUEUE, { n: 2 });
        await wakeWorkersOnCommit(tx, QUEUE);
      });
      // Far within the 300 s poll: only the notification can have started it (the test's 30 s limit fails otherwise).
      await ran;
      expect(handled).toEqual([2]);
    } finally {
      await wakeUps.close();
      await ctx.app.boss.offWork(QUEUE);
    }
  });
});
