import { fixtureCounterparties, SeededRandom, usccFor } from '@taxlens/engine/fixtures';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helpers.js';
import { companyWithInvoices } from '../../../test/uploads.js';
import { startWorkers } from '../../jobs/boss.js';
import { DEMO_CLIENT, DEMO_DATA_SOURCE } from './seed/demo-company-data.js';

let ctx: TestContext;
let main: string;

beforeAll(async () => {
  ctx = await createTestContext();
  main = await ctx.login('13800000001');
  await startWorkers({ db: ctx.db, boss: ctx.app.boss, storage: ctx.app.storage, log: () => {} });
});
afterAll(() => ctx.close());

async function waitForReport(id: number) {
  for (let attempt = 0; attempt < 150; attempt += 1) {
    const answer = await ctx.call('GET', '/api/ReportPool/detail', { token: main, query: { id: String(id) } });
    if (answer.data.status === 'done' || answer.data.status === 'failed') return answer.data;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('report not generated');
}

describe('invoice report counterparty statuses from the company-data provider', () => {
  it('names the listed counterparties instead of 数据不足, with the data source', async () => {
    // The demo client's own invoice fixture: its counterparties are in the 示例数据 registry.
    const { firmId, fixture } = await companyWithInvoices(ctx, main, {
      seed: DEMO_CLIENT.invoiceSeed,
      companyTaxNo: usccFor(new SeededRandom(77), '440300'),
      companyName: '示例状态测试有限公司',
      invoiceCount: 300,
      months: 6,
      startMonth: '2025-01',
    });
    const created = await ctx.call('POST', '/api/ReportPool/create', {
      token: main,
      body: { firmId, reportType: 'INVOICE', periodStart: fixture.periods[0], periodEnd: fixture.periods.at(-1) },
    });
    expect(created.code, created.msg).toBe(0);
    const report = await waitForReport(created.data.reportId);
    expect(report.status).toBe('done');
    const parties = fixtureCounterparties(DEMO_CLIENT.invoiceSeed);
    const rows = [...report.result.counterparties.customers.top, ...report.result.counterparties.suppliers.top];
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((row: { status: string }) => row.status !== '数据不足')).toBe(true);
    const status = (name: string | undefined) => rows.find((row: { name: string }) => row.name === name)?.status;
    // Planted in the demo dataset: index 2 非正常户, 5 重大税收违法 (rated D), 8 注销.
    const abnormal = status(parties[2]?.name);
    if (abnormal) expect(abnormal).toContain('非正常户');
    const major = status(parties[5]?.name);
    if (major) expect(major).toContain('重大税收违法失信主体');
    const finding = report.result.findings.find(
      (item: { ruleId: string }) => item.ruleId === 'INV_COUNTERPARTY_STATUS',
    );
    // Planted risky counterparties trade with the company: the rule finds them.
    expect(['high', 'medium']).toContain(finding.level);
    expect(report.result.counterpartyData).toMatchObject({ source: DEMO_DATA_SOURCE, asOf: '2025-10-31' });
    expect(report.result.counterpartyData.covered).toBe(report.result.counterpartyData.total);
  }, 60_000);
});
