import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGroup, createUser } from '../../../test/factories.js';
import { createTestContext, type TestContext } from '../../../test/helpers.js';
import { seedDemoCompanyData } from '../../seed/demo-data.seed.js';

let ctx: TestContext;
let main: string;

const DEMO_COMPANY = '示例科技有限公司';

async function demoCompany() {
  return ctx.db
    .selectFrom('companies')
    .select(['id', 'group_id', 'tax_no', 'created_by'])
    .where('taxpayer_name', '=', DEMO_COMPANY)
    .executeTakeFirstOrThrow();
}

async function addReport(status: 'done' | 'failed', createdAt: Date, failureReason: string | null = null) {
  const company = await demoCompany();
  return ctx.db
    .insertInto('reports')
    .values({
      group_id: company.group_id,
      company_id: company.id,
      company_name: DEMO_COMPANY,
      company_tax_no: company.tax_no,
      report_type: 'INVOICE',
      period_start: '2025-01',
      period_end: '2025-12',
      status,
      failure_reason: failureReason,
      request_key: `wb-${Math.random()}`,
      created_by: company.created_by ?? 0,
      created_at: createdAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

beforeAll(async () => {
  ctx = await createTestContext();
  // The demo client company with a year of invoices and three years of statements and returns.
  await seedDemoCompanyData(ctx.db, ctx.app.storage, () => {});
  main = await ctx.login('13800000001');
});
afterAll(() => ctx.close());

describe('home workbench (/api/home/workbench)', () => {
  it('gathers the clients with their data readiness, the wallet and the first steps', async () => {
    const answer = await ctx.call('GET', '/api/home/workbench', { token: main });
    expect(answer.code, answer.msg).toBe(0);
    const data = answer.data;
    expect(data.steps.bound).toBe(true);
    expect(data.companyCount).toBeGreaterThan(0);
    const demo = data.companies.find((company: { taxpayerName: string }) => company.taxpayerName === DEMO_COMPANY);
    // The demo company holds 2025 invoices and 2023–2025 statements and returns.
    expect(demo.invoicesUntil).toMatch(/^2025-\d\d$/);
    expect(demo.statementsUntil).toMatch(/^2025/);
    expect(demo.returnsUntil).toMatch(/^2025/);
    expect(typeof data.wallet.balance).toBe('number');
    expect(data.wallet.credits).toHaveLength(6);
  });

  it('a new firm sees its three first steps undone and empty lists', async () => {
    const groupId = await createGroup(ctx.db, '新设立财税事务所');
    const user = await createUser(ctx.db, { groupId });
    const token = await ctx.login(user.phone);
    const data = (await ctx.call('GET', '/api/home/workbench', { token })).data;
    expect(data.steps).toEqual({ bound: false, imported: false, reported: false });
    expect(data).toMatchObject({ companyCount: 0, companies: [], recentReports: [], recentImports: [], failures: [] });
    expect(data.wallet.balance).toBe(0);
  });

  it('lists a failed report, and a client upload until a report is made after it', async () => {
    const company = await demoCompany();
    const failed = await addReport('failed', new Date(), '所选期间没有发票数据');
    const upload = await ctx.db
      .insertInto('imports')
      .values({
        group_id: company.group_id,
        company_id: company.id,
        kind: 'invoice',
        file_name: '客户上传-全量发票.xlsx',
        file_size: 1024,
        file_sha256: 'a'.repeat(64),
        stored_key: 'imports/test.xlsx',
        status: 'done',
        source: 'share',
        created_at: new Date(Date.now() + 1_000),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    let data = (await ctx.call('GET', '/api/home/workbench', { token: main })).data;
    expect(data.failures[0]).toMatchObject({ kind: 'report', id: failed.id, reason: '所选期间没有发票数据' });
    expect(data.pendingUploads[0]).toMatchObject({ importId: upload.id, fileName: '客户上传-全量发票.xlsx' });
    expect(data.recentReports[0].id).toBe(failed.id);
    expect(data.recentImports[0]).toMatchObject({ id: upload.id, source: 'share' });

    await addReport('done', new Date(Date.now() + 2_000));
    data = (await ctx.call('GET', '/api/home/workbench', { token: main })).data;
    expect(data.pendingUploads.some((item: { importId: number }) => item.importId === upload.id)).toBe(false);
    expect(data.steps.reported).toBe(true);
  });

  it('keeps groups apart and shows staff only their own clients', async () => {
    const other = await ctx.login('13900000001');
    const theirs = (await ctx.call('GET', '/api/home/workbench', { token: other })).data;
    const names = theirs.companies.map((company: { taxpayerName: string }) => company.taxpayerName);
    expect(names).not.toContain(DEMO_COMPANY);
    expect(theirs.failures.some((item: { title: string }) => item.title.includes(DEMO_COMPANY))).toBe(false);

    const company = await demoCompany();
    const staff = await createUser(ctx.db, { groupId: company.group_id, level: 3 });
    const staffToken = await ctx.login(staff.phone);
    const own = (await ctx.call('GET', '/api/home/workbench', { token: staffToken })).data;
    expect(own.companyCount).toBe(0);
    expect(own.recentReports).toEqual([]);
    expect(own.pendingUploads).toEqual([]);
    // The demo staff member is the company's assignee: it sees the company and its client upload.
    const assignee = (await ctx.call('GET', '/api/home/workbench', { token: await ctx.login('13800000003') })).data;
    expect(assignee.companies.map((item: { taxpayerName: string }) => item.taxpayerName)).toEqual([DEMO_COMPANY]);

    expect((await ctx.call('GET', '/api/home/workbench', {})).status).toBe(401);
  });
});
