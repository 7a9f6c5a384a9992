import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../test/factories.js';
import { createTestContext, type TestContext } from '../../../test/helpers.js';

let ctx: TestContext;
let main: string;
const base = '/api/CsbFirmCertification';

beforeAll(async () => {
  ctx = await createTestContext();
  main = await ctx.login('13800000001');
});
afterAll(() => ctx.close());

async function bind(token: string, name: string, taxNo: string): Promise<number> {
  const bound = await ctx.call('POST', `${base}/bindFirm`, { token, body: { taxpayerName: name, taxNo } });
  expect(bound.code, bound.msg).toBe(0);
  return bound.data.firmId as number;
}

describe('assignFirms (several companies to one person)', () => {
  it('hands all of them to a new staff member, who then sees exactly those', async () => {
    const staff = await createUser(ctx.db, { groupId: 1, level: 3 });
    const a = await bind(main, '批量分配甲有限公司', '91110000100000101X');
    const b = await bind(main, '批量分配乙有限公司', '91110000100000102X');
    const staffToken = await ctx.login(staff.phone);
    const before = await ctx.call('GET', `${base}/findFirmList`, {
      token: staffToken,
      query: { page: '1', size: '50' },
    });
    expect(before.data.total).toBe(0);
    const assigned = await ctx.call('POST', `${base}/assignFirms`, {
      token: main,
      body: { firmIds: [a, b], assigneeId: staff.id },
    });
    expect([assigned.code, assigned.data]).toEqual([0, 2]);
    const after = await ctx.call('GET', `${base}/findFirmList`, {
      token: staffToken,
      query: { page: '1', size: '50' },
    });
    expect(after.data.list.map((row: { firmId: number }) => row.firmId).sort()).toEqual([a, b].sort());
  });

  it('is all or nothing: one company of another group is 404 and nothing moves; staff get 403', async () => {
    const staff = await createUser(ctx.db, { groupId: 1, level: 3 });
    const own = await bind(main, '批量分配丙有限公司', '91110000100000103X');
    const otherMain = await ctx.login('13900000001');
    const foreign = await bind(otherMain, '他组企业有限公司', '91110000100000104X');
    const mixed = await ctx.call('POST', `${base}/assignFirms`, {
      token: main,
      body: { firmIds: [own, foreign], assigneeId: staff.id },
    });
    expect(mixed.status).toBe(404);
    const row = await ctx.db
      .selectFrom('companies')
      .select('assignee_id')
      .where('id', '=', own)
      .executeTakeFirstOrThrow();
    expect(row.assignee_id).toBeNull();
    const byStaff = await ctx.call('POST', `${base}/assignFirms`, {
      token: await ctx.login('13800000003'),
      body: { firmIds: [own], assigneeId: staff.id },
    });
    expect(byStaff.status).toBe(403);
  });
});
