import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helpers.js';
import { companyWithInvoices } from '../../../test/uploads.js';
import { startWorkers } from '../../jobs/boss.js';

let ctx: TestContext;
let main: string;
let otherMain: string;
let firmId: number;
let periods: string[];
const base = '/api/ReportPool';

async function waitForReport(token: string, id: number, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const answer = await ctx.call('GET', `${base}/detail`, { token, query: { id: String(id) } });
    if (answer.data.status === 'done' || answer.data.status === 'failed' || Date.now() > deadline) return answer.data;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function credits(token: string): Promise<number[]> {
  const details = await ctx.call('GET', '/api/userInfo/findUserDetails', { token });
  return details.data.numberList.map((item: { count: number }) => item.count);
}

beforeAll(async () => {
  // Workers start later in the file, so a test can change a queued report before it runs.
  ctx = await createTestContext();
  main = await ctx.login('13800000001');
  otherMain = await ctx.login('13900000001');
  await startWorkers({ db: ctx.db, boss: ctx.app.boss, storage: ctx.app.storage, log: () => {} });
  const company = await companyWithInvoices(ctx, main, {
    seed: 11,
    invoiceCount: 200,
    months: 6,
    startMonth: '2025-01',
  });
  firmId = company.firmId;
  periods = company.fixture.periods;
});
afterAll(() => ctx.close());

describe('report pipeline with the invoice report', () => {
  let reportId: number;

  it('refuses a period without data before charging anything', async () => {
    const before = await credits(main);
    const answer = await ctx.call('POST', `${base}/create`, {
      token: main,
      body: { firmId, reportType: 'INVOICE', periodStart: '2020-01', periodEnd: '2020-03' },
    });
    expect(answer.status).toBe(400);
    expect(answer.msg).toContain('没有发票数据');
    expect(await credits(main)).toEqual(before);
  });

  it('creates a report, charges one credit, generates it and lists its findings', async () => {
    const before = await credits(main);
    const created = await ctx.call('POST', `${base}/create`, {
      token: main,
      body: {
        firmId,
        reportType: 'INVOICE',
        periodStart: periods[0],
        periodEnd: periods.at(-1),
        requestKey: 'test-request-0001',
      },
    });
    expect(created.code).toBe(0);
    reportId = created.data.reportId;
    const replay = await ctx.call('POST', `${base}/create`, {
      token: main,
      body: {
        firmId,
        reportType: 'INVOICE',
        periodStart: periods[0],
        periodEnd: periods.at(-1),
        requestKey: 'test-request-0001',
      },
    });
    expect(replay.data).toEqual({ reportId, replayed: true });
    const after = await credits(main);
    expect(after[0]).toBe((before[0] as number) - 1);

    const detail = await waitForReport(main, reportId);
    expect(detail.status).toBe('done');
    expect(detail.findings.length).toBeGreaterThanOrEqual(25);
    for (const finding of detail.findings) {
      expect(['high', 'medium', 'low', 'none', 'insufficient']).toContain(finding.level);
      expect(finding.ruleId).toMatch(/^INV_/);
    }
    expect(detail.findings.map((finding: { ruleId: string }) => finding.ruleId)).toEqual(
      expect.arrayContaining(['INV_NEAR_LIMIT', 'INV_MONTH_END', 'INV_RED_RATIO', 'INV_RATE_INCONSISTENT']),
    );
    expect(detail.sources[0]).toMatchObject({ fileName: 'e.xlsx' });
    expect(detail.paidWith).toBe('次数 1 次');
  });

  it('lists, counts unread, marks read and keeps other groups out', async () => {
    const list = await ctx.call('GET', `${base}/list`, { token: main, query: { reportType: 'INVOICE' } });
    expect(list.data.list[0]).toMatchObject({ id: reportId, status: 'done', read: false, reportName: '发票穿透报告' });
    const state = await ctx.call('GET', `${base}/state`, { token: main });
    expect(state.data).toMatchObject({ chineseTotalElements: 0, unreadNum: 1 });
    await ctx.call('POST', `${base}/markRead`, { token: main, body: { ids: [reportId] } });
    expect((await ctx.call('GET', `${base}/state`, { token: main })).data.unreadNum).toBe(0);
    expect(
      (await ctx.call('GET', `${base}/detail`, { token: otherMain, query: { id: String(reportId) } })).status,
    ).toBe(404);
    expect((await ctx.call('POST', `${base}/delete`, { token: otherMain, body: { id: reportId } })).status).toBe(404);
    const catalogue = await ctx.call('GET', `${base}/rules`, { token: main });
    expect(catalogue.data.length).toBeGreaterThanOrEqual(25);
  });

  it("unread is the requester's own: a staff report is not unread for the main account, who cannot clear it", async () => {
    const staff = await ctx.db
      .selectFrom('users')
      .select('id')
      .where('phone', '=', '13800000003')
      .executeTakeFirstOrThrow();
    const inserted = await ctx.db
      .insertInto('reports')
      .values({
        group_id: 1,
        company_id: firmId,
        company_name: '员工的报告',
        company_tax_no: '91440300000000000X',
        report_type: 'INVOICE',
        period_start: periods[0] ?? '',
        period_end: periods[0] ?? '',
        status: 'done',
        sources: JSON.stringify([]),
        request_key: 'staff-report-unread',
        created_by: staff.id,
        finished_at: new Date(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const staffToken = await ctx.login('13800000003');
    const listed = async (token: string) =>
      (await ctx.call('GET', `${base}/list`, { token, query: { keyword: '员工的报告' } })).data.list;
    expect(await listed(staffToken)).toEqual([expect.objectContaining({ id: inserted.id, read: false })]);
    expect(await listed(main)).toEqual([expect.objectContaining({ id: inserted.id, read: true })]);
    const seen = await ctx.call('GET', `${base}/detail`, { token: main, query: { id: String(inserted.id) } });
    expect(seen.data.read).toBe(true);
    // The main account opening it marks nothing: the staff member still has it to read.
    await ctx.call('POST', `${base}/markRead`, { token: main, body: { ids: [inserted.id] } });
    expect((await ctx.call('GET', `${base}/state`, { token: staffToken })).data.unreadNum).toBe(1);
    await ctx.db.deleteFrom('reports').where('id', '=', inserted.id).execute();
  });

  it('exports the visible list as Excel with the same filters; another group gets its own (empty) list', async () => {
    const download = async (token: string, query: Record<string, string>) => {
      const raw = await ctx.app.inject({ method: 'GET', url: `${base}/exportList`, headers: { token }, query });
      expect(raw.statusCode).toBe(200);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(raw.rawPayload as unknown as ArrayBuffer);
      const sheet = workbook.worksheets[0];
      return (sheet?.getSheetValues() ?? []).filter(Boolean).map((row) => (row as unknown[]).slice(1));
    };
    const rows = await download(main, { reportType: 'INVOICE' });
    expect(rows[0]?.slice(0, 4)).toEqual(['报告名称', '企业名称', '纳税人识别号', '检测期间']);
    expect(rows.slice(1).some((row) => row[0] === '发票穿透报告' && row[4] === '已完成')).toBe(true);
    expect(await download(main, { reportType: 'TAX' })).toHaveLength(1);
    expect(await download(otherMain, {})).toHaveLength(1);
  });

  it('drills into a finding: its invoice rows with time, counterparty, goods, amount and status, filtered and as Excel', async () => {
    const detail = await waitForReport(main, reportId);
    const finding = detail.findings.find(
      (item: { evidence: { total: number } | null }) => item.evidence && item.evidence.total > 0,
    );
    expect(finding).toBeDefined();
    const query = { id: String(reportId), ruleId: finding.ruleId };
    const answer = await ctx.call('GET', `${base}/findingInvoices`, { token: main, query });
    expect(answer.code).toBe(0);
    const { rows, listed } = answer.data;
    expect(rows).toHaveLength(listed);
    expect(new Set(rows.map((row: { key: string }) => row.key))).toEqual(new Set(finding.evidence.invoiceKeys));
    const first = rows[0];
    expect(first.issuedAt).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(first.counterparty.length).toBeGreaterThan(0);
    expect(first.status).toMatch(/^(蓝字|红字)·/);
    const filtered = await ctx.call('GET', `${base}/findingInvoices`, {
      token: main,
      query: { ...query, keyword: first.counterparty },
    });
    expect(filtered.data.rows.length).toBeGreaterThan(0);
    for (const row of filtered.data.rows) {
      expect([row.number, row.counterparty, row.counterpartyTaxNo, row.goods].join(' ')).toContain(first.counterparty);
    }
    const raw = await ctx.app.inject({
      method: 'GET',
      url: `${base}/exportFindingInvoices`,
      headers: { token: main },
      query,
    });
    expect(raw.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(raw.rawPayload as unknown as ArrayBuffer);
    const sheetRows = (workbook.worksheets[0]?.getSheetValues() ?? []).filter(Boolean);
    expect((sheetRows[0] as unknown[]).slice(1, 4)).toEqual(['发票号码', '开票时间', '方向']);
    expect(sheetRows).toHaveLength(rows.length + 1);
    expect((await ctx.call('GET', `${base}/findingInvoices`, { token: otherMain, query })).status).toBe(404);
  });

  it('annotates a finding', async () => {
    const answer = await ctx.call('POST', `${base}/annotate`, {
      token: main,
      body: { id: reportId, ruleId: 'INV_RED_RATIO', status: 'explained', note: '客户退货，已核对' },
    });
    expect(answer.code).toBe(0);
    const detail = await ctx.call('GET', `${base}/detail`, { token: main, query: { id: String(reportId) } });
    expect(detail.data.annotations).toEqual([
      expect.objectContaining({ ruleId: 'INV_RED_RATIO', status: 'explained', note: '客户退货，已核对' }),
    ]);
    const unknown = await ctx.call('POST', `${base}/annotate`, {
      token: main,
      body: { id: reportId, ruleId: 'NO_SUCH_RULE', status: 'verified', note: null },
    });
    expect([unknown.status, unknown.msg]).toEqual([400, '报告中没有这条检测项']);
  });

  it('a report kind the user may not use is 403; a supervisor without invoiceThrough is refused', async () => {
    const { createUser } = await import('../../../test/factories.js');
    const denied = await createUser(ctx.db, {
      groupId: 1,
      level: 2,
      notMenus: [{ type: 0, permission: 'invoiceThrough' }],
    });
    const token = await ctx.login(denied.phone);
    const answer = await ctx.call('POST', `${base}/create`, {
      token,
      body: { firmId, reportType: 'INVOICE', periodStart: periods[0], periodEnd: periods[0] },
    });
    expect([answer.status, answer.msg]).toEqual([403, '当前用户没有权限，请联系管理员']);
  });

  it('the print view reads a report only with a valid print token', async () => {
    const { ensureSecret, signToken } = await import('../../lib/secrets.js');
    const url = (token: string) => `${base}/printData?id=${reportId}&printToken=${encodeURIComponent(token)}`;
    expect((await ctx.app.inject({ method: 'GET', url: url('forged.123.abc') })).statusCode).toBe(404);
    const secret = await ensureSecret(ctx.db, 'report_print_secret');
    const otherReport = signToken(secret, `report-${reportId + 1}`, 60_000);
    expect((await ctx.app.inject({ method: 'GET', url: url(otherReport) })).statusCode).toBe(404);
    const expired = signToken(secret, `report-${reportId}`, -1);
    expect((await ctx.app.inject({ method: 'GET', url: url(expired) })).statusCode).toBe(404);
    const valid = await ctx.app.inject({ method: 'GET', url: url(signToken(secret, `report-${reportId}`, 60_000)) });
    expect(valid.statusCode).toBe(200);
    const data = valid.json().data;
    expect(data.findings.length).toBeGreaterThanOrEqual(25);
    // No operator version yet: made with the platform defaults, and the reader is told so.
    expect(data.rulesVersion).toEqual({ id: null, date: null });
    // The PDF prints each finding's invoice rows (time, counterparty, goods, amount, status).
    const withEvidence = data.findings.filter(
      (finding: { evidence: { invoiceKeys: string[] } | null }) => (finding.evidence?.invoiceKeys.length ?? 0) > 0,
    );
    expect(withEvidence.length).toBeGreaterThan(0);
    for (const finding of withEvidence) {
      const rows = data.evidenceRows[finding.ruleId];
      expect(rows.length).toBe(Math.min(20, finding.evidence.invoiceKeys.length));
      for (const row of rows) expect(finding.evidence.invoiceKeys).toContain(row.key);
      expect(rows[0].issuedAt).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
      expect(rows[0].status).toMatch(/^(蓝字|红字)·/);
    }
    // The screen's detail carries the version but not the printed rows.
    const screen = await ctx.call('GET', `${base}/detail`, { token: main, query: { id: String(reportId) } });
    expect(screen.data.rulesVersion).toEqual({ id: null, date: null });
    expect(screen.data.evidenceRows).toBeUndefined();
    // Opened from a session (print=1), the print view gets the same rows as the server's PDF.
    const printed = await ctx.call('GET', `${base}/detail`, {
      token: main,
      query: { id: String(reportId), print: '1' },
    });
    expect(printed.data.evidenceRows).toEqual(data.evidenceRows);
  });

  it('deletes a finished report; a deleted report is gone', async () => {
    expect((await ctx.call('POST', `${base}/delete`, { token: main, body: { id: reportId } })).code).toBe(0);
    expect((await ctx.call('GET', `${base}/detail`, { token: main, query: { id: String(reportId) } })).status).toBe(
      404,
    );
    for (const url of [`${base}/pdf`, '/api/CsbFirmCertification/automaticGetPdf']) {
      const pdf = await ctx.app.inject({
        method: 'GET',
        url,
        query: { id: String(reportId) },
        headers: { token: main },
      });
      expect(pdf.statusCode, url).toBe(404);
    }
  });

  it('a report that finally fails is refunded and says why', async () => {
    const before = await credits(main);
    // Hold the report workers while the report is queued, then take its company away: every attempt fails.
    await ctx.app.boss.offWork('reports.generate');
    const created = await ctx.call('POST', `${base}/create`, {
      token: main,
      body: { firmId, reportType: 'INVOICE', periodStart: periods[0], periodEnd: periods[0] },
    });
    await ctx.db.updateTable('reports').set({ company_id: null }).where('id', '=', created.data.reportId).execute();
    expect(await credits(main)).not.toEqual(before);
    await startWorkers({ db: ctx.db, boss: ctx.app.boss, storage: ctx.app.storage, log: () => {} });
    const refusedWhileRunning = await ctx.call('POST', `${base}/delete`, {
      token: main,
      body: { id: created.data.reportId },
    });
    expect([refusedWhileRunning.status, refusedWhileRunning.msg]).toEqual([409, '报告正在生成，完成后才能删除']);
    const detail = await waitForReport(main, created.data.reportId, 40_000);
    expect(detail.status).toBe('failed');
    expect(detail.failureReason).toContain('费用已退回');
    expect(detail.refunded).toBe(true);
    expect(await credits(main)).toEqual(before);
  }, 60_000);
});
