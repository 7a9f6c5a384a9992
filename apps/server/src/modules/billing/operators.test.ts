import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../test/factories.js';
import { createTestContext, type TestContext } from '../../../test/helpers.js';
import { loadConfig } from '../../config.js';
import { grantOperators } from './operators.service.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('OPERATOR_PHONES', () => {
  it('makes existing users operators; an unknown phone is logged, never created', async () => {
    const user = await createUser(ctx.db, { groupId: null });
    const token = await ctx.login(user.phone);
    const pending = () => ctx.call('GET', '/api/operator/billing/pending', { token });
    expect((await pending()).status).toBe(403);

    const lines: string[] = [];
    await grantOperators(ctx.db, [user.phone, '19999999999'], (line) => lines.push(line));
    expect((await pending()).status).toBe(200);
    expect(lines.join('\n')).toContain('19999999999');
    const unknown = await ctx.db.selectFrom('users').select('id').where('phone', '=', '19999999999').execute();
    expect(unknown).toEqual([]);
    // The demo main account stays a customer.
    const main = await ctx.db.selectFrom('users').select('is_operator').where('phone', '=', '13800000001').execute();
    expect(main).toEqual([{ is_operator: false }]);
  });

  it('is read as a comma-separated list of phones; anything else is refused at start', () => {
    expect(loadConfig({ OPERATOR_PHONES: ' 13800000001, 13900000001 ,' }).OPERATOR_PHONES).toEqual([
      '13800000001',
      '13900000001',
    ]);
    expect(loadConfig({}).OPERATOR_PHONES).toEqual([]);
    expect(() => loadConfig({ OPERATOR_PHONES: '13800000001;abc' })).toThrow('OPERATOR_PHONES');
  });
});
