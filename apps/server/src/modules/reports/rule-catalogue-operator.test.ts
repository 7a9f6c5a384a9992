import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helpers.js';
import { staffToken } from '../operator/test-support.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ template: 'empty' });
});
afterAll(() => ctx.close());

describe('operator rule catalogue (threshold editor defaults)', () => {
  it('gives content operators every rule with its default thresholds; others get 403', async () => {
    const content = await staffToken(ctx, ['content']);
    const answer = await ctx.call('GET', '/api/operator/ruleCatalogue', { token: content.token });
    expect(answer.code, answer.msg).toBe(0);
    const withThresholds = answer.data.filter(
      (rule: { thresholds: object }) => Object.keys(rule.thresholds).length > 0,
    );
    expect(withThresholds.length).toBeGreaterThan(0);
    // A default saved back unchanged is accepted as a new version: the editor can start from it.
    const first = withThresholds[0];
    const saved = await ctx.call('POST', '/api/operator/saveThresholds', {
      token: content.token,
      body: { thresholds: { [first.id]: first.thresholds }, note: '以默认阈值为起点' },
    });
    expect(saved.code, saved.msg).toBe(0);
    const finance = await staffToken(ctx, ['finance']);
    expect((await ctx.call('GET', '/api/operator/ruleCatalogue', { token: finance.token })).status).toBe(403);
  });
});
