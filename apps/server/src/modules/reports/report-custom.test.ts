import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helpers.js';
import { companyWithInvoices } from '../../../test/uploads.js';

let ctx: TestContext;
let main: string;
let staff: string;
let otherMain: string;
let firmId: number;
const base = '/api/UserReportCustomConfig';

async function waitForReport(id: number) {
  const deadline = Date.now() + 40_000;
  for (;;) {
    const answer = await ctx.call('GET', '/api/ReportPool/detail', { token: main, query: { id: String(id) } });
    if (answer.data.status === 'done' || answer.data.status === 'failed' || Date.now() > deadline) return answer.data;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const invoiceConfig = async (token = main) =>
  ctx.call('GET', `${base}/findByType`, { token, query: { reportType: 'INVOICE' } });

beforeAll(async () => {
  ctx = await createTestContext({ workers: true });
  main = await ctx.login('13800000001');
  staff = await ctx.login('13800000003');
  otherMain = await ctx.login('13900000001');
  ({ firmId } = await companyWithInvoices(ctx, main, {
    seed: 20,
    invoiceCount: 150,
    months: 6,
    startMonth: '2025-01',
  }));
});
afterAll(() => ctx.close());

describe('/api/UserReportCustomConfig (report customisation)', () => {
  it('lists every report kind with its sections and rule families, all included by default', async () => {
    const list = await ctx.call('GET', `${base}/findList`, { token: main });
    expect(list.data.map((item: { reportType: string }) => item.reportType)).toEqual([
      'INVOICE',
      'TAX',
      'COMPREHENSIVE',
      'PANORAMIC',
      'BUSINESS_INFO',
      'DUE_DILIGENCE',
    ]);
    const invoice = list.data[0];
    expect(invoice.sections.map((section: { id: string }) => section.id)).toEqual([
      'overview',
      'counterparties',
      'goods',
      'findings',
      'sources',
    ]);
    expect(invoice.ruleFamilies.map((family: { name: string }) => family.name)).toContain('开票时间');
    expect(invoice.ruleFamilies.every((family: { included: boolean }) => family.included)).toBe(true);
    expect(invoice).toMatchObject({ coverTitle: null, updateTime: null });
    // The comprehensive report runs the tax and the invoice families.
    expect(list.data[2].ruleFamilies.map((family: { name: string }) => family.name)).toEqual(
      expect.arrayContaining(['开票时间', '税种合规风险']),
    );
  });

  it('refuses staff (403) and a group without report configuration (403)', async () => {
    expect((await ctx.call('GET', `${base}/findList`, { token: staff })).status).toBe(403);
    const save = await ctx.call('POST', `${base}/save`, { token: staff, body: { reportType: 'INVOICE' } });
    expect(save.status).toBe(403);
    await ctx.db.updateTable('groups').set({ report_config_permission: 0 }).where('id', '=', 2).execute();
    expect((await invoiceConfig(otherMain)).status).toBe(403);
    await ctx.db.updateTable('groups').set({ report_config_permission: 1 }).where('id', '=', 2).execute();
  });

  it('bad choices get a clear Chinese error and change nothing', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ hiddenSections: ['appendix'] }, '该报告没有章节“appendix”'],
      [{ hiddenSections: ['overview', 'counterparties', 'goods', 'findings', 'sources'] }, '请至少保留一个报告章节'],
      [{ hiddenFamilies: ['经营风险'] }, '该报告没有规则类别“经营风险”'],
      [{ contactPhone: '12345' }, '请输入正确的手机号或座机号（如 010-12345678）'],
      [{ contactEmail: 'finance@' }, '请输入正确的邮箱'],
      [{ coverTitle: '标'.repeat(41) }, '封面标题最多40个字'],
    ];
    for (const [body, message] of cases) {
      const answer = await ctx.call('POST', `${base}/save`, { token: main, body: { reportType: 'INVOICE', ...body } });
      expect(answer.status).toBe(400);
      expect(answer.msg.startsWith(message), answer.msg).toBe(true);
    }
    const families = (await invoiceConfig()).data.ruleFamilies.map((family: { name: string }) => family.name);
    const all = await ctx.call('POST', `${base}/save`, {
      token: main,
      body: { reportType: 'INVOICE', hiddenFamilies: families },
    });
    expect([all.status, all.msg]).toEqual([400, '请至少保留一类检查规则']);
    expect((await invoiceConfig()).data.updateTime).toBeNull();
  });

  it('a saved customisation shapes the next report: sections, rule families, cover title and contact block', async () => {
    // Form-encoded, as the spec's client may send it.
    const form = new URLSearchParams([
      ['reportType', 'INVOICE'],
      ['hiddenSections[]', 'goods'],
      ['hiddenFamilies[]', '开票时间'],
      ['coverTitle', '年度发票风险体检报告'],
      ['contactName', '王会计'],
      ['contactPhone', '021-66668888'],
      ['contactEmail', 'service@example.cn'],
      ['contactAddress', '上海市浦东新区示例路 88 号'],
    ]);
    const saved = await ctx.app.inject({
      method: 'POST',
      url: `${base}/save`,
      headers: { token: main, 'content-type': 'application/x-www-form-urlencoded' },
      payload: form.toString(),
    });
    expect(saved.statusCode).toBe(200);
    const config = (await invoiceConfig()).data;
    expect(config.sections.find((section: { id: string }) => section.id === 'goods').included).toBe(false);
    expect(config.ruleFamilies.find((family: { name: string }) => family.name === '开票时间').included).toBe(false);
    expect(config.contact).toEqual({
      name: '王会计',
      phone: '021-66668888',
      email: 'service@example.cn',
      address: '上海市浦东新区示例路 88 号',
    });
    // Another group's settings are its own.
    expect((await invoiceConfig(otherMain)).data.updateTime).toBeNull();

    const created = await ctx.call('POST', '/api/ReportPool/create', {
      token: main,
      body: { firmId, reportType: 'INVOICE', periodStart: '2025-01', periodEnd: '2025-06' },
    });
    expect(created.code, created.msg).toBe(0);
    const detail = await waitForReport(created.data.reportId);
    expect(detail.status).toBe('done');
    expect(detail.customisation).toEqual({
      hiddenSections: ['goods'],
      coverTitle: '年度发票风险体检报告',
      contact: config.contact,
    });
    expect(detail.result.excludedFamilies).toEqual(['开票时间']);
    const categories = new Set(detail.result.findings.map((finding: { category: string }) => finding.category));
    expect(categories.has('开票时间')).toBe(false);
    expect(categories.size).toBeGreaterThan(3);

    const reset = await ctx.call('POST', `${base}/reset`, { token: main, body: { reportType: 'INVOICE' } });
    expect(reset.data).toMatchObject({ coverTitle: null, updateTime: null });
    const after = await ctx.call('GET', '/api/ReportPool/detail', {
      token: main,
      query: { id: String(created.data.reportId) },
    });
    expect(after.data.customisation).toBeNull();
    // The report keeps the checks it ran.
    expect(after.data.result.excludedFamilies).toEqual(['开票时间']);
  });
});
