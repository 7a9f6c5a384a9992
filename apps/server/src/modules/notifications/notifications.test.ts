import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextPhone } from '../../../test/factories.js';
import { codeSentTo, createTestContext, type TestContext } from '../../../test/helpers.js';
import { companyWithInvoices } from '../../../test/uploads.js';
import { startWorkers } from '../../jobs/boss.js';

let ctx: TestContext;
let main: string;
let staff: string;
let otherMain: string;
beforeAll(async () => {
  ctx = await createTestContext();
  await startWorkers({ db: ctx.db, boss: ctx.app.boss, storage: ctx.app.storage, log: () => {} });
  main = await ctx.login('13800000001');
  staff = await ctx.login('13800000003');
  otherMain = await ctx.login('13900000001');
});
afterAll(() => ctx.close());

const list = (token: string, query: Record<string, string> = {}) =>
  ctx.call('GET', '/api/Notice/findList', { token, query });

/** The staff member makes a 客户上传链接 and a client fills in its company through it. */
async function clientFillsIn(taxpayerName: string, taxNo: string): Promise<number> {
  const created = await ctx.call('POST', '/api/userInfo/generateQrCode', { token: staff, body: {} });
  expect(created.code, created.msg).toBe(0);
  const linkToken = new URL(created.data.url).searchParams.get('token') as string;
  const bound = await ctx.call('POST', '/api/CsbFirmCertification/tkBindFirm', {
    body: { token: linkToken, taxpayerName, taxNo, contactName: '客户', contactPhone: '13612345678' },
  });
  expect(bound.code, bound.msg).toBe(0);
  return bound.data.firmId as number;
}

describe('stored notifications (the header list)', () => {
  it('keeps a client upload in the link creator’s list, unread, with the company to open', async () => {
    const before = await list(staff);
    const firmId = await clientFillsIn('通知列表测试有限公司', '91110000300000002X');
    const after = await list(staff);
    expect(after.code, after.msg).toBe(0);
    expect(after.data.unread).toBe(before.data.unread + 1);
    expect(after.data.list[0]).toMatchObject({
      msgType: 'CLIENT_UPLOAD',
      read: false,
      msg: { id: firmId, firmId, taxpayerName: '通知列表测试有限公司', taxNo: '91110000300000002X', status: 'bound' },
    });
    // Nobody else's list carries it: the main account did not make the link and is not the assignee.
    const mains = await list(main);
    expect(mains.data.list.some((notice: { msg: { firmId: number } }) => notice.msg.firmId === firmId)).toBe(false);
  });

  it('marks one read, then all; another user’s notification is 404 and stays unread', async () => {
    await clientFillsIn('通知已读测试有限公司', '91110000300000003X');
    const unread = await list(staff, { unread: '1' });
    expect(unread.data.list.length).toBeGreaterThan(0);
    expect(unread.data.list.every((notice: { read: boolean }) => !notice.read)).toBe(true);
    const id = unread.data.list[0].id as number;

    for (const token of [main, otherMain]) {
      const foreign = await ctx.call('POST', '/api/Notice/read', { token, body: { id } });
      expect([foreign.status, foreign.msg]).toEqual([404, '该通知不存在']);
    }
    expect((await list(staff)).data.unread).toBe(unread.data.unread);

    expect((await ctx.call('POST', '/api/Notice/read', { token: staff, body: { id } })).code).toBe(0);
    const one = await list(staff);
    expect(one.data.unread).toBe(unread.data.unread - 1);
    expect(one.data.list.find((notice: { id: number }) => notice.id === id).read).toBe(true);

    const all = await ctx.call('POST', '/api/Notice/readAll', { token: staff, body: {} });
    expect(all.data.changed).toBe(unread.data.unread - 1);
    expect((await list(staff)).data.unread).toBe(0);
    expect((await list(staff, { unread: '1' })).data).toMatchObject({ list: [], total: 0 });
  });

  it('keeps a generated report in its creator’s list with the report to open', async () => {
    const { firmId, fixture } = await companyWithInvoices(ctx, main, {
      seed: 19,
      invoiceCount: 40,
      months: 3,
      startMonth: '2025-01',
    });
    const created = await ctx.call('POST', '/api/ReportPool/create', {
      token: main,
      body: {
        firmId,
        reportType: 'INVOICE',
        periodStart: fixture.periods[0],
        periodEnd: fixture.periods.at(-1),
      },
    });
    expect(created.code, created.msg).toBe(0);
    const reportId = created.data.reportId as number;
    const deadline = Date.now() + 30_000;
    let notice: { msgType: string; msg: Record<string, unknown> } | undefined;
    while (!notice && Date.now() < deadline) {
      const answer = await list(main);
      notice = answer.data.list.find((item: { msg: { id: number } }) => item.msg.id === reportId);
      if (!notice) await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(notice).toMatchObject({
      msgType: 'INVOICE',
      read: false,
      msg: { id: reportId, firmId, taxpayerName: fixture.company.name, reportName: '发票穿透报告', status: 'done' },
    });
    // The staff member did not request it.
    const staffs = await list(staff);
    expect(staffs.data.list.some((item: { msgType: string }) => item.msgType === 'INVOICE')).toBe(false);
  });

  it('refuses a signed-in user without a group (403), and paging is bounded', async () => {
    const phone = nextPhone();
    await ctx.call('POST', '/api/userInfo/getCode', { body: { phone, type: 1 } });
    const code = await codeSentTo(ctx, phone);
    const registered = await ctx.call('POST', '/api/userInfo/register', {
      body: { phone, code, pwd: 'abc12345', agreeTerms: true },
    });
    expect(registered.code, registered.msg).toBe(0);
    const denied = await list(registered.data.userToken);
    expect([denied.status, denied.code]).toEqual([403, 2007]);
    const tooBig = await list(staff, { size: '500' });
    expect(tooBig.status).toBe(400);
  });
});
