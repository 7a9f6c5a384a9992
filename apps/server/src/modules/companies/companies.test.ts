import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTeam, createUser } from '../../../test/factories.js';
import { createTestContext, type TestContext } from '../../../test/helpers.js';

let ctx: TestContext;
let main: string;
let staff: string;
let otherMain: string;
const base = '/api/CsbFirmCertification';

beforeAll(async () => {
  ctx = await createTestContext();
  main = await ctx.login('13800000001');
  staff = await ctx.login('13800000003');
  otherMain = await ctx.login('13900000001');
});
afterAll(() => ctx.close());

const sample = {
  taxpayerName: '示例科技有限公司',
  taxNo: '91110108769914581E',
  regionCode: '110000',
  industryCode: 'I',
  taxpayerType: 'general',
  accountingStandard: 'enterprise',
  invoiceLimitFen: 100_000_000,
};

describe('companies', () => {
  let firmId: number;

  it('binds a company and refuses the same code twice in one group', async () => {
    const bound = await ctx.call('POST', `${base}/bindFirm`, { token: main, body: sample });
    expect(bound.code).toBe(0);
    expect(bound.data.warning).toBeNull();
    firmId = bound.data.firmId;
    const again = await ctx.call('POST', `${base}/bindFirm`, {
      token: main,
      body: { ...sample, taxNo: sample.taxNo.toLowerCase() },
    });
    expect([again.status, again.msg]).toEqual([409, '该企业已绑定，请勿重复添加']);
    // Another group binds the same code independently.
    expect((await ctx.call('POST', `${base}/bindFirm`, { token: otherMain, body: sample })).code).toBe(0);
  });

  it('accepts a pilot code that fails its check digit with a warning, refuses malformed ones', async () => {
    const pilot = await ctx.call('POST', `${base}/bindFirm`, {
      token: main,
      body: { taxpayerName: '试点企业', taxNo: '91350100M0001TGQXM' },
    });
    expect(pilot.code).toBe(0);
    expect(pilot.data.warning).toContain('校验位不符');
    const bad = await ctx.call('POST', `${base}/bindFirm`, {
      token: main,
      body: { taxpayerName: '坏企业', taxNo: '123' },
    });
    expect(bad.status).toBe(400);
    expect(bad.data.fields.taxNo).toContain('15、17、18或20位');
    const badRegion = await ctx.call('POST', `${base}/bindFirm`, {
      token: main,
      body: { taxpayerName: '坏地区', taxNo: '91330681MA7F19UC27', regionCode: '990000' },
    });
    expect(badRegion.data.fields.regionCode).toBeDefined();
  });

  it('lists with search, filters and pagination, and exports the same rows to Excel', async () => {
    for (let i = 0; i < 3; i++) {
      await ctx.call('POST', `${base}/bindFirm`, {
        token: main,
        body: { taxpayerName: `分页测试${i}有限公司`, taxNo: `9144030000000${i}0` },
      });
    }
    const page1 = await ctx.call('GET', `${base}/findFirmList`, {
      token: main,
      query: { keyword: '分页测试', size: '2' },
    });
    expect(page1.data.total).toBe(3);
    expect(page1.data.list).toHaveLength(2);
    const page2 = await ctx.call('GET', `${base}/findFirmList`, {
      token: main,
      query: { keyword: '分页测试', size: '2', page: '2' },
    });
    expect(page2.data.list).toHaveLength(1);
    const byIndustry = await ctx.call('GET', `${base}/findFirmList`, { token: main, query: { industryCode: 'I' } });
    expect(byIndustry.data.list.map((c: { firmId: number }) => c.firmId)).toEqual([firmId]);
    expect(byIndustry.data.list[0]).toMatchObject({
      regionName: '北京市',
      industrySectionName: '信息传输、软件和信息技术服务业',
      taxpayerType: 'general',
    });

    const exported = await ctx.app.inject({
      method: 'GET',
      url: `${base}/exportFirmList?keyword=分页测试`,
      headers: { token: main },
    });
    expect(exported.headers['content-type']).toContain('spreadsheetml');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(exported.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    expect(sheet?.getRow(1).getCell(1).value).toBe('企业名称');
    expect(sheet?.rowCount).toBe(4);
  });

  it('reads, edits and deletes; another group’s company is 404', async () => {
    const detail = await ctx.call('GET', `${base}/findFirmDetails`, { token: main, query: { firmId: String(firmId) } });
    expect(detail.data).toMatchObject({ taxpayerName: '示例科技有限公司', invoiceLimitFen: 100_000_000 });
    const edited = await ctx.call('POST', `${base}/updateFirm`, {
      token: main,
      body: { firmId, remark: '重点客户', industryName: '软件开发' },
    });
    expect(edited.code).toBe(0);
    const after = await ctx.call('GET', `${base}/findFirmDetails`, { token: main, query: { firmId: String(firmId) } });
    expect(after.data).toMatchObject({
      remark: '重点客户',
      industryName: '软件开发',
      taxpayerName: '示例科技有限公司',
    });

    for (const [method, url, body] of [
      ['GET', `${base}/findFirmDetails?firmId=${firmId}`, undefined],
      ['POST', `${base}/updateFirm`, { firmId, remark: 'x' }],
      ['POST', `${base}/delFirm`, { firmId }],
      ['POST', `${base}/switchFirm`, { firmId }],
    ] as const) {
      const answer = await ctx.call(method, url, { token: otherMain, body });
      expect(answer.status, url).toBe(404);
    }
    const removed = await ctx.call('POST', `${base}/delFirm`, { token: main, body: { firmId } });
    expect(removed.code).toBe(0);
    expect(
      (await ctx.call('GET', `${base}/findFirmDetails`, { token: main, query: { firmId: String(firmId) } })).status,
    ).toBe(404);
  });

  it('staff see their own companies, supervisors their team’s, and a denied firmManage is 403', async () => {
    const lead = await createUser(ctx.db, { groupId: 1, level: 2 });
    const member = await createUser(ctx.db, { groupId: 1, level: 3 });
    await createTeam(ctx.db, 1, '可见性测试组', [lead.id, member.id]);
    const memberToken = await ctx.login(member.phone);
    const leadToken = await ctx.login(lead.phone);
    const own = await ctx.call('POST', `${base}/bindFirm`, {
      token: memberToken,
      body: { taxpayerName: '员工的企业', taxNo: '913101150934986600' },
    });
    expect(own.code).toBe(0);
    const memberList = await ctx.call('GET', `${base}/findFirmList`, { token: memberToken });
    expect(memberList.data.list.map((c: { taxpayerName: string }) => c.taxpayerName)).toEqual(['员工的企业']);
    const leadList = await ctx.call('GET', `${base}/findFirmList`, { token: leadToken });
    expect(leadList.data.list.map((c: { taxpayerName: string }) => c.taxpayerName)).toEqual(['员工的企业']);
    const staffList = await ctx.call('GET', `${base}/findFirmList`, { token: staff });
    expect(staffList.data.total).toBe(0);
    // Staff of another team cannot open it.
    expect(
      (await ctx.call('GET', `${base}/findFirmDetails`, { token: staff, query: { firmId: String(own.data.firmId) } }))
        .status,
    ).toBe(404);
    // The main account assigns it to the demo staff member, who then sees it.
    expect(
      (await ctx.call('POST', `${base}/assignFirm`, { token: main, body: { firmId: own.data.firmId, assigneeId: 3 } }))
        .code,
    ).toBe(0);
    expect(
      (await ctx.call('GET', `${base}/findFirmDetails`, { token: staff, query: { firmId: String(own.data.firmId) } }))
        .code,
    ).toBe(0);
    // Staff cannot delete or assign.
    expect(
      (await ctx.call('POST', `${base}/delFirm`, { token: staff, body: { firmId: own.data.firmId } })).status,
    ).toBe(403);
    const denied = await createUser(ctx.db, {
      groupId: 1,
      level: 3,
      notMenus: [{ type: 0, permission: 'firmManage' }],
    });
    const deniedToken = await ctx.login(denied.phone);
    const refused = await ctx.call('GET', `${base}/findFirmList`, { token: deniedToken });
    expect([refused.status, refused.msg]).toEqual([403, '当前用户没有权限，请联系管理员']);
  });

  it('answers the catalogues and the binding state', async () => {
    const lists = await ctx.call('GET', `${base}/queryAccountingCriterionListAndTaxpayersTypeList`, { token: staff });
    expect(lists.data.taxpayerTypes).toEqual([
      { value: 'general', label: '一般纳税人' },
      { value: 'small_scale', label: '小规模纳税人' },
    ]);
    expect(lists.data.regions).toHaveLength(36);
    const state = await ctx.call('GET', `${base}/findBindingFirmInformation`, {
      token: main,
      query: { taxNo: '91350100m0001tgqxm' },
    });
    expect(state.data).toMatchObject({ bound: true, taxpayerName: '试点企业' });
  });
});
