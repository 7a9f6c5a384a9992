import { DEFAULT_BENCHMARK_TABLE } from '@taxlens/engine';
import {
  buildFilledReturnWorkbook,
  buildStatementWorkbook,
  demoCitRow,
  demoStatementSheets,
  demoVatRows,
  writeInvoiceExportFixture,
} from '@taxlens/engine/fixtures';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../test/factories.js';
import { createTestContext, type TestContext } from '../../../test/helpers.js';
import { uploadFile } from '../../../test/uploads.js';

let ctx: TestContext;
let main: string;
let firmId: number;
const base = '/api/ReportPool';

async function upload(kind: string, filename: string, content: Buffer, firm = firmId) {
  return (await uploadFile(ctx, main, { firmId: String(firm), kind }, { filename, content })).data;
}

async function generate(reportType: string, firm = firmId, periodStart = '2024-01', periodEnd = '2025-12') {
  const created = await ctx.call('POST', `${base}/create`, {
    token: main,
    body: { firmId: firm, reportType, periodStart, periodEnd },
  });
  expect(created.code, created.msg).toBe(0);
  for (let i = 0; i < 150; i++) {
    const detail = await ctx.call('GET', `${base}/detail`, {
      token: main,
      query: { id: String(created.data.reportId) },
    });
    if (detail.data.status === 'done' || detail.data.status === 'failed') return detail.data;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('report did not finish');
}

beforeAll(async () => {
  ctx = await createTestContext({ workers: true });
  main = await ctx.login('13800000001');
  const bound = await ctx.call('POST', '/api/CsbFirmCertification/bindFirm', {
    token: main,
    body: {
      taxpayerName: '测试税务体检有限公司',
      taxNo: '91440305MA5TL00030',
      industryCode: 'I',
      taxpayerType: 'general',
      accountingStandard: 'enterprise',
    },
  });
  firmId = bound.data.firmId;
});
afterAll(() => ctx.close());

describe('tax and comprehensive reports', () => {
  it('refuses a company without statements or returns before charging', async () => {
    const answer = await ctx.call('POST', `${base}/create`, {
      token: main,
      body: { firmId, reportType: 'TAX', periodStart: '2024-01', periodEnd: '2025-12' },
    });
    expect(answer.status).toBe(400);
    expect(answer.msg.length).toBeGreaterThan(4);
  });

  it('builds the TAX report from imported statements, returns and invoices, grouped in three categories', async () => {
    const years = [2023, 2024, 2025];
    expect(
      (await upload('statement', '报表.xlsx', await buildStatementWorkbook(demoStatementSheets(years)))).status,
    ).toBe('done');
    expect(
      (
        await upload(
          'return',
          '申报.xlsx',
          await buildFilledReturnWorkbook({
            vat_return: years.flatMap(demoVatRows),
            cit_return: years.map(demoCitRow),
          }),
        )
      ).status,
    ).toBe('done');
    const invoices = await writeInvoiceExportFixture(
      {
        seed: 5,
        format: 'xlsx',
        companyTaxNo: '91440305MA5TL00030',
        companyName: '测试税务体检有限公司',
        startMonth: '2025-01',
        months: 12,
        invoiceCount: 300,
      },
      'buffer',
    );
    expect((await upload('invoice', '发票.xlsx', invoices.buffer as Buffer)).status).toBe('done');

    const report = await generate('TAX');
    expect(report.status).toBe('done');
    const ids = report.findings.map((finding: { ruleId: string }) => finding.ruleId);
    expect(ids.length).toBeGreaterThanOrEqual(40);
    for (const id of [
      'TAX_VAT_BURDEN_LOW',
      'TAX_REVENUE_GAP_VAT_CIT',
      'TAX_REVENUE_GAP_INVOICE_BOOKS',
      'TAX_ZERO_DECLARATION',
      'TAX_SMALL_SCALE_THRESHOLD',
      'TAX_GROSS_MARGIN_SWING',
    ]) {
      expect(ids).toContain(id);
    }
    expect(report.result.categories.map((category: { name: string }) => category.name)).toEqual([
      '申报与财务核算风险',
      '税种合规风险',
      '经营风险',
    ]);
    expect(report.result.summary).toBeDefined();
    // The history list carries the risks per category, as the notification does.
    const listed = await ctx.call('GET', `${base}/list`, { token: main, query: { reportType: 'TAX' } });
    expect(listed.data.list[0]).toMatchObject({ id: report.id, categoryCounts: report.result.notification });
    expect(report.result.notification.sscwhsfxListNum).toBe(report.result.categories[0].riskCount);
    expect(report.result.benchmark.row.source).toContain('无可靠基准');
  });

  it('builds the COMPREHENSIVE report with a 0–100 score and the invoice findings of the period', async () => {
    const report = await generate('COMPREHENSIVE');
    expect(report.status).toBe('done');
    const score = report.result.score.value;
    expect(score).toBeGreaterThanOrEqual(0);
    expect(score).toBeLessThanOrEqual(100);
    expect(report.score).toBe(score);
    const listed = await ctx.call('GET', `${base}/list`, { token: main, query: { reportType: 'COMPREHENSIVE' } });
    expect(listed.data.list[0]).toMatchObject({ id: report.id, score });
    expect(report.result.invoice.included).toBe(true);
    expect(report.findings.some((finding: { ruleId: string }) => finding.ruleId.startsWith('INV_'))).toBe(true);
    // The invoice part is built as the INVOICE report is: it knows the company is a general taxpayer…
    const byId = (id: string) => report.findings.find((finding: { ruleId: string }) => finding.ruleId === id);
    expect(JSON.stringify(report.findings)).not.toContain('纳税人类型未知');
    // …and 2024, before the first imported invoice, is no data rather than 12 months without sales.
    expect(byId('INV_ZERO_SALES_MONTHS').level).not.toBe('high');
    expect(byId('INV_ZERO_SALES_MONTHS').summary).toContain('没有导入发票数据');
    expect(report.highCount + report.mediumCount + report.lowCount).toBeGreaterThanOrEqual(0);
  });

  it('INVOICE for a 小规模纳税人 company: the input/output tax ratio is not applicable, not high', async () => {
    const fixture = await writeInvoiceExportFixture(
      { seed: 7, format: 'xlsx', startMonth: '2025-01', months: 6, invoiceCount: 120, purchaseShare: 0.8 },
      'buffer',
    );
    const bound = await ctx.call('POST', '/api/CsbFirmCertification/bindFirm', {
      token: main,
      body: { taxpayerName: fixture.company.name, taxNo: fixture.company.taxNo, taxpayerType: 'small_scale' },
    });
    expect(bound.code, bound.msg).toBe(0);
    const small = bound.data.firmId;
    expect((await upload('invoice', '发票.xlsx', fixture.buffer as Buffer, small)).status).toBe('done');
    const report = await generate('INVOICE', small, '2025-01', '2025-06');
    expect(report.status).toBe('done');
    const ratio = report.findings.find((finding: { ruleId: string }) => finding.ruleId === 'INV_INPUT_OUTPUT_RATIO');
    expect(ratio.level).toBe('none');
    expect(ratio.summary).toContain('不适用');
  });

  it('uses the operator’s benchmark table; customers cannot edit it', async () => {
    const table = await ctx.call('GET', `${base}/benchmarks`, { token: main });
    expect(table.data.rows.length).toBeGreaterThan(10);
    // Untouched, the stored table is the default one: its name, its order (ties break by order).
    expect(table.data.name).toBe(DEFAULT_BENCHMARK_TABLE.name);
    expect(table.data.rows.map((item: { key: string }) => item.key)).toEqual(
      DEFAULT_BENCHMARK_TABLE.rows.map((item) => item.key),
    );
    const row = table.data.rows[0];
    expect((await ctx.call('POST', '/api/operator/saveBenchmark', { token: main, body: row })).status).toBe(403);
    const operator = await createUser(ctx.db, { groupId: null });
    await ctx.db.updateTable('users').set({ is_operator: true }).where('id', '=', operator.id).execute();
    const operatorToken = await ctx.login(operator.phone);
    const saved = await ctx.call('POST', '/api/operator/saveBenchmark', {
      token: operatorToken,
      body: { ...row, vatBurdenPct: 9.99, source: '运营调整：测试' },
    });
    expect(saved.code).toBe(0);
    const after = await ctx.call('GET', `${base}/benchmarks`, { token: main });
    expect(after.data.rows.find((item: { key: string }) => item.key === row.key).source).toBe('运营调整：测试');
    expect(after.data.name).toContain('平台运营维护');
    expect(after.data.rows[0].key).toBe(row.key);
    const invalid = await ctx.call('POST', '/api/operator/saveBenchmark', {
      token: operatorToken,
      body: { ...row, vatBurdenPct: 250 },
    });
    expect(invalid.status).toBe(400);
  });

  it('takes the operator’s thresholds as a new settings version, which each report then records', async () => {
    const body = { thresholds: { INV_RED_RATIO: { lowRatio: 0.01 } }, note: '红冲率低风险线调为1%' };
    expect((await ctx.call('POST', '/api/operator/saveThresholds', { token: main, body })).status).toBe(403);
    const operator = await createUser(ctx.db, { groupId: null });
    await ctx.db.updateTable('users').set({ is_operator: true }).where('id', '=', operator.id).execute();
    const operatorToken = await ctx.login(operator.phone);
    const unknown = await ctx.call('POST', '/api/operator/saveThresholds', {
      token: operatorToken,
      body: { ...body, thresholds: { NO_SUCH_RULE: { lowRatio: 0.01 } } },
    });
    expect([unknown.status, unknown.msg]).toEqual([400, '没有规则“NO_SUCH_RULE”']);
    const wrongType = await ctx.call('POST', '/api/operator/saveThresholds', {
      token: operatorToken,
      body: { ...body, thresholds: { INV_RED_RATIO: { lowRatio: '1%' } } },
    });
    expect(wrongType.status).toBe(400);
    expect(wrongType.msg).toContain('应为number');
    const saved = await ctx.call('POST', '/api/operator/saveThresholds', { token: operatorToken, body });
    expect(saved.code).toBe(0);
    const versions = await ctx.call('GET', '/api/operator/ruleSettings', { token: operatorToken });
    expect(versions.data.currentId).toBe(saved.data.id);
    expect(versions.data.versions[0]).toMatchObject({ thresholds: body.thresholds, note: body.note });

    const report = await generate('INVOICE', firmId, '2025-01', '2025-12');
    expect(report.status).toBe('done');
    const red = report.findings.find((finding: { ruleId: string }) => finding.ruleId === 'INV_RED_RATIO');
    expect(red.threshold).toContain('≥1%为低风险');
    const row = await ctx.db
      .selectFrom('reports')
      .select('settings_version_id')
      .where('id', '=', report.id)
      .executeTakeFirstOrThrow();
    expect(row.settings_version_id).toBe(saved.data.id);
    // The reader sees which version: its number and the day it came into use.
    expect(report.rulesVersion).toEqual({ id: saved.data.id, date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) });
  });

  it('reads the stored payroll months: 个税 20 people vs 社保 15 in 2025-05 → TAX_PAYROLL_HEADCOUNT medium', async () => {
    const company = await ctx.db
      .selectFrom('companies')
      .select(['id', 'group_id'])
      .where('id', '=', firmId)
      .executeTakeFirstOrThrow();
    await ctx.db
      .insertInto('payroll_months')
      .values([
        {
          group_id: company.group_id,
          company_id: company.id,
          period: '2025-05',
          source: 'iit',
          headcount: 20,
          wage_fen: 16_000_000,
        },
        {
          group_id: company.group_id,
          company_id: company.id,
          period: '2025-05',
          source: 'social_insurance',
          headcount: 15,
          wage_fen: 9_000_000,
        },
      ])
      .execute();
    const report = await generate('TAX');
    const payroll = report.findings.find((finding: { ruleId: string }) => finding.ruleId === 'TAX_PAYROLL_HEADCOUNT');
    expect(payroll.level).toBe('medium');
    expect(payroll.summary).toContain('个税申报20人、社保15人');
    const deduction = report.findings.find(
      (finding: { ruleId: string }) => finding.ruleId === 'TAX_DEDUCTION_VS_DECLARED',
    );
    expect(deduction.level).toBe('insufficient');
  });

  it('opens the example reports for free', async () => {
    const before = await ctx.call('GET', '/api/userInfo/findUserDetails', { token: main });
    const tax = await ctx.call('GET', '/api/BusinessPanoramicReport/exampleReport', { token: main });
    expect(tax.data).toMatchObject({ reportType: 'TAX', status: 'done', paidWith: '免费' });
    // About a sample company of its own, never mistaken for the demo group's client.
    expect(tax.data.taxpayerName).toContain('样本科技有限公司');
    expect(tax.data.result.company.name).toBe('样本科技有限公司');
    expect(tax.data.findings.filter((finding: { level: string }) => finding.level === 'high').length).toBeGreaterThan(
      0,
    );
    const shy = await ctx.call('GET', '/api/BusinessPanoramicReport/exampleReportShy', { token: main });
    expect(shy.data.result.score.value).toBeLessThan(100);
    // The invoice report's example (spec SendMsgByReport/findReportPreview), on the same sample company.
    const invoice = await ctx.call('GET', '/api/SendMsgByReport/findReportPreview', { token: main });
    expect(invoice.data).toMatchObject({ reportType: 'INVOICE', status: 'done', paidWith: '免费', sources: [] });
    expect(invoice.data.taxpayerName).toContain('样本科技有限公司');
    expect(invoice.data.highCount + invoice.data.mediumCount).toBeGreaterThan(0);
    expect(invoice.data.result.overview.counts.high).toBe(invoice.data.highCount);
    const after = await ctx.call('GET', '/api/userInfo/findUserDetails', { token: main });
    expect(after.data.numberList).toEqual(before.data.numberList);
  });
});
