import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTeam, createUser } from '../../../test/factories.js';
import { createTestContext, type TestContext } from '../../../test/helpers.js';

let ctx: TestContext;
let main: string;
let staff: string;
const base = '/api/CsbFirmCertification';

beforeAll(async () => {
  ctx = await createTestContext();
  main = await ctx.login('13800000001');
  staff = await ctx.login('13800000003');
});
afterAll(() => ctx.close());

const detailStatus = async (token: string, firmId: number) =>
  (await ctx.call('GET', `${base}/findFirmDetails`, { token, query: { firmId: String(firmId) } })).status;

describe('company assignment and visibility', () => {
  it('updateFirm applies the assignment rules; a reassigned company leaves its creator', async () => {
    const lead = await createUser(ctx.db, { groupId: 1, level: 2 });
    const member = await createUser(ctx.db, { groupId: 1, level: 3 });
    await createTeam(ctx.db, 1, '分配测试组', [lead.id, member.id]);
    const memberToken = await ctx.login(member.phone);
    const leadToken = await ctx.login(lead.phone);
    const bound = await ctx.call('POST', `${base}/bindFirm`, {
      token: memberToken,
      body: { taxpayerName: '分配测试有限公司', taxNo: '91110000100000001X' },
    });
    expect(bound.code, bound.msg).toBe(0);
    const firmId = bound.data.firmId as number;

    // Staff cannot unassign or reassign through updateFirm; an unchanged assignee is fine.
    const unassign = await ctx.call('POST', `${base}/updateFirm`, {
      token: memberToken,
      body: { firmId, assigneeId: null },
    });
    expect(unassign.status).toBe(403);
    const toStaff = await ctx.call('POST', `${base}/updateFirm`, {
      token: memberToken,
      body: { firmId, assigneeId: 3 },
    });
    expect(toStaff.status).toBe(403);
    const same = await ctx.call('POST', `${base}/updateFirm`, {
      token: memberToken,
      body: { firmId, assigneeId: member.id, remark: '跟进中' },
    });
    expect(same.code, same.msg).toBe(0);
    // A supervisor may not unassign either (only the main account).
    const leadUnassign = await ctx.call('POST', `${base}/updateFirm`, {
      token: leadToken,
      body: { firmId, assigneeId: null },
    });
    expect([leadUnassign.status, leadUnassign.msg]).toEqual([403, '只有主账号可以取消分配']);
    const after = await ctx.call('GET', `${base}/findFirmDetails`, { token: main, query: { firmId: String(firmId) } });
    expect(after.data.assignee.userId).toBe(member.id);

    // The main account hands it to the demo staff member: the creator and its supervisor lose it.
    expect((await ctx.call('POST', `${base}/updateFirm`, { token: main, body: { firmId, assigneeId: 3 } })).code).toBe(
      0,
    );
    expect(await detailStatus(memberToken, firmId)).toBe(404);
    expect(await detailStatus(leadToken, firmId)).toBe(404);
    expect(
      (await ctx.call('POST', `${base}/updateFirm`, { token: memberToken, body: { firmId, remark: 'x' } })).status,
    ).toBe(404);
    expect(await detailStatus(staff, firmId)).toBe(200);

    // Unassigned again, the creator sees it once more.
    expect(
      (await ctx.call('POST', `${base}/assignFirm`, { token: main, body: { firmId, assigneeId: null } })).code,
    ).toBe(0);
    expect(await detailStatus(memberToken, firmId)).toBe(200);
    expect(await detailStatus(staff, firmId)).toBe(404);
  });

  it('findBindingFirmInformation names only companies the caller may see', async () => {
    const bound = await ctx.call('POST', `${base}/bindFirm`, {
      token: main,
      body: { taxpayerName: '主账号的企业', taxNo: '91110000100000002X' },
    });
    expect(bound.code, bound.msg).toBe(0);
    const hidden = await ctx.call('GET', `${base}/findBindingFirmInformation`, {
      token: staff,
      query: { taxNo: '91110000100000002X' },
    });
    expect(hidden.data).toEqual({ bound: true, firmId: null, taxpayerName: null });
    const shown = await ctx.call('GET', `${base}/findBindingFirmInformation`, {
      token: main,
      query: { taxNo: '91110000100000002X' },
    });
    expect(shown.data).toEqual({ bound: true, firmId: bound.data.firmId, taxpayerName: '主账号的企业' });
    const free = await ctx.call('GET', `${base}/findBindingFirmInformation`, {
      token: staff,
      query: { taxNo: '91110000100000003X' },
    });
    expect(free.data).toEqual({ bound: false, firmId: null, taxpayerName: null });
  });
});

describe('company input and output', () => {
  it('answers Chinese messages for a wrong taxpayer type or accounting standard', async () => {
    const answer = await ctx.call('POST', `${base}/bindFirm`, {
      token: main,
      body: {
        taxpayerName: '类型错误有限公司',
        taxNo: '91110000100000004X',
        taxpayerType: 'foo',
        accountingStandard: 'x',
      },
    });
    expect(answer.status).toBe(400);
    expect(answer.data.fields).toMatchObject({
      taxpayerType: '请选择纳税人类型',
      accountingStandard: '请选择会计准则',
    });
    const list = await ctx.call('GET', `${base}/findFirmList`, { token: main, query: { taxpayerType: 'foo' } });
    expect(list.data.fields.taxpayerType).toBe('请选择纳税人类型');
    const noFirm = await ctx.call('GET', `${base}/findFirmDetails`, { token: main, query: { firmId: 'abc' } });
    expect(noFirm.data.fields.firmId).toBe('请选择企业');
  });

  it('searches by the spec’s taxpayerName as well as keyword', async () => {
    await ctx.call('POST', `${base}/bindFirm`, {
      token: main,
      body: { taxpayerName: '别名搜索有限公司', taxNo: '91110000100000005X' },
    });
    const byName = await ctx.call('GET', `${base}/findFirmList`, { token: main, query: { taxpayerName: '别名搜索' } });
    expect(byName.data.list.map((c: { taxpayerName: string }) => c.taxpayerName)).toEqual(['别名搜索有限公司']);
    const byKeyword = await ctx.call('GET', `${base}/findFirmList`, { token: main, query: { keyword: '别名搜索' } });
    expect(byKeyword.data.total).toBe(1);
  });

  it('exports 添加时间 in Beijing time', async () => {
    const bound = await ctx.call('POST', `${base}/bindFirm`, {
      token: main,
      body: { taxpayerName: '时区测试有限公司', taxNo: '91110000100000006X' },
    });
    await ctx.db
      .updateTable('companies')
      .set({ created_at: new Date('2025-01-01T17:30:00Z') })
      .where('id', '=', bound.data.firmId)
      .execute();
    const exported = await ctx.app.inject({
      method: 'GET',
      url: `${base}/exportFirmList?keyword=${encodeURIComponent('时区测试')}`,
      headers: { token: main },
    });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(exported.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    if (!sheet) throw new Error('no sheet');
    const header = (sheet.getRow(1).values as unknown[]).indexOf('添加时间');
    expect(sheet.getRow(2).getCell(header).value).toBe('2025-01-02 01:30:00');
  });
});
