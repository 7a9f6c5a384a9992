import { buildFilledReturnWorkbook, writeInvoiceExportFixture } from '@taxlens/engine/fixtures';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helpers.js';
import { uploadFile } from '../../../test/uploads.js';

let ctx: TestContext;
let main: string;
let otherMain: string;
let firmId: number;
let fixture: Awaited<ReturnType<typeof writeInvoiceExportFixture>>;
const base = '/api/CsbFirmCertification';

beforeAll(async () => {
  ctx = await createTestContext({ workers: true });
  main = await ctx.login('13800000001');
  otherMain = await ctx.login('13900000001');
  fixture = await writeInvoiceExportFixture(
    {
      seed: 7,
      format: 'xlsx',
      invoiceCount: 120,
      months: 3,
      redShare: 0.05,
      voidShare: 0.03,
      oldStyleShare: 0.2,
      purchaseShare: 0.4,
    },
    'buffer',
  );
  const bound = await ctx.call('POST', `${base}/bindFirm`, {
    token: main,
    body: { taxpayerName: fixture.company.name, taxNo: fixture.company.taxNo },
  });
  firmId = bound.data.firmId;
});
afterAll(() => ctx.close());

const upload = (token: string, fields: Record<string, string>, filename: string, content: Buffer) =>
  uploadFile(ctx, token, fields, { filename, content });

async function counts() {
  const invoices = await ctx.db
    .selectFrom('invoices')
    .select(sql<number>`count(*)`.as('n'))
    .where('company_id', '=', firmId)
    .executeTakeFirstOrThrow();
  const lines = await ctx.db
    .selectFrom('invoice_lines')
    .select(sql<number>`count(*)`.as('n'))
    .where('company_id', '=', firmId)
    .executeTakeFirstOrThrow();
  return { invoices: invoices.n, lines: lines.n };
}

describe('invoice import', () => {
  it('imports the e-tax export and reports invoices, lines and periods', async () => {
    const answer = await upload(
      main,
      { firmId: String(firmId), kind: 'invoice' },
      '全量发票查询.xlsx',
      fixture.buffer as Buffer,
    );
    expect(answer.code, answer.msg).toBe(0);
    expect(answer.data).toMatchObject({
      status: 'done',
      invoices: fixture.invoiceCount,
      lines: fixture.lineCount,
      rejected: 0,
      progress: 100,
    });
    expect(answer.data.periods).toEqual(fixture.periods);
    expect(await counts()).toEqual({ invoices: fixture.invoiceCount, lines: fixture.lineCount });
    const sides = await ctx.db
      .selectFrom('invoices')
      .select(['direction', sql<number>`count(*)`.as('n')])
      .where('company_id', '=', firmId)
      .groupBy('direction')
      .execute();
    expect(sides.map((side) => side.direction).sort()).toEqual(['purchase', 'sales']);
  });

  it('re-importing the same file adds nothing twice', async () => {
    const answer = await upload(
      main,
      { firmId: String(firmId), kind: 'invoice' },
      '再次导入.xlsx',
      fixture.buffer as Buffer,
    );
    expect(answer.data.status).toBe('done');
    expect(answer.data.summary).toMatchObject({ invoicesNew: 0, invoicesUpdated: fixture.invoiceCount, linesNew: 0 });
    expect(await counts()).toEqual({ invoices: fixture.invoiceCount, lines: fixture.lineCount });
  });

  it('refuses a file that is not a spreadsheet and stores nothing', async () => {
    const before = await counts();
    const answer = await upload(
      main,
      { firmId: String(firmId), kind: 'invoice' },
      '伪装.xlsx',
      Buffer.from('这不是表格'),
    );
    expect(answer.data.status).toBe('failed');
    expect(answer.data.message).toMatch(/Excel|xlsx/);
    expect(await counts()).toEqual(before);
  });

  it('rejects a file with row errors as a whole and offers the error report', async () => {
    const csv = await writeInvoiceExportFixture(
      {
        seed: 9,
        format: 'csv',
        invoiceCount: 5,
        companyTaxNo: fixture.company.taxNo,
        companyName: fixture.company.name,
      },
      'buffer',
    );
    const text = (csv.buffer as Buffer).toString('utf8');
    const lines = text.split(/\r?\n/);
    // Break the amount of the third data row: every row stays out, including the good ones.
    const header = lines.findIndex((line) => line.includes('价税合计'));
    const cells = (lines[header + 3] as string).split(',');
    const amountColumn = (lines[header] as string).split(',').findIndex((cell) => cell.replace(/"/g, '') === '金额');
    cells[amountColumn] = '"十二元"';
    lines[header + 3] = cells.join(',');
    const before = await counts();
    const answer = await upload(
      main,
      { firmId: String(firmId), kind: 'invoice' },
      '有错误.csv',
      Buffer.from(lines.join('\r\n')),
    );
    expect(answer.data.status).toBe('rejected');
    expect(answer.data.hasProblemReport).toBe(true);
    expect(answer.data.message).toContain('未导入任何数据');
    expect(await counts()).toEqual(before);

    const report = await ctx.app.inject({
      method: 'GET',
      url: `${base}/importProblemReport?importId=${answer.data.importId}`,
      headers: { token: main },
    });
    expect(report.statusCode).toBe(200);
    // One extension: 错误报告-有错误.xlsx, not 错误报告-有错误.csv.xlsx.
    const encoded = String(report.headers['content-disposition']).split("UTF-8''")[1] ?? '';
    const name = decodeURIComponent(encoded);
    expect(name.startsWith('错误报告-')).toBe(true);
    expect(name.endsWith('.xlsx')).toBe(true);
    expect(name.match(/\.(xlsx|csv)/g)).toEqual(['.xlsx']);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(report.rawPayload as unknown as ArrayBuffer);
    const values = workbook.worksheets[0]?.getSheetValues().flat().map(String) ?? [];
    expect(values.some((value) => value.includes('金额'))).toBe(true);
  });

  it('refuses wrong fields, another group’s company and oversize uploads', async () => {
    const wrongKind = await upload(main, { firmId: String(firmId), kind: 'photo' }, 'a.xlsx', Buffer.from('x'));
    expect(wrongKind.status).toBe(400);
    const doc = await upload(main, { firmId: String(firmId), kind: 'invoice' }, 'old.doc', Buffer.from('x'));
    expect([doc.status, doc.msg]).toEqual([400, '发票数据只支持 .xlsx、.xls、.csv 文件']);
    const foreign = await upload(
      otherMain,
      { firmId: String(firmId), kind: 'invoice' },
      'a.xlsx',
      fixture.buffer as Buffer,
    );
    expect(foreign.status).toBe(404);
    const huge = await ctx.app.inject({
      method: 'POST',
      url: `${base}/fileUpload`,
      headers: {
        token: main,
        'content-type': 'multipart/form-data; boundary=x',
        'content-length': String(60 * 1024 * 1024),
      },
      payload: Buffer.alloc(10),
    });
    expect(huge.statusCode).toBe(413);
  });

  it('shows the data overview and the import history', async () => {
    const overview = await ctx.call('GET', `${base}/dataOverview`, { token: main, query: { firmId: String(firmId) } });
    expect(overview.data.invoices.total).toBe(fixture.invoiceCount);
    expect(overview.data.invoices.lines).toBe(fixture.lineCount);
    expect(overview.data.invoices.months.map((month: { month: string }) => month.month)).toEqual(fixture.periods);
    const history = await ctx.call('GET', `${base}/importList`, { token: main, query: { firmId: String(firmId) } });
    expect(history.data.list.map((item: { status: string }) => item.status)).toEqual([
      'rejected',
      'failed',
      'done',
      'done',
    ]);
    expect(
      (await ctx.call('GET', `${base}/dataOverview`, { token: otherMain, query: { firmId: String(firmId) } })).status,
    ).toBe(404);
  });
});

describe('statements and returns', () => {
  it('imports a filled return template and lists the figures by period', async () => {
    const workbook = await buildFilledReturnWorkbook({
      vat_return: [
        {
          period: '2025-Q1',
          taxpayerType: 'general',
          figures: { outputTax: 130_000_00, inputTax: 100_000_00, taxPayable: 30_000_00 },
        },
      ],
      cit_return: [{ period: '2025', figures: { operatingRevenue: 1_000_000_00 } }],
    });
    const answer = await upload(main, { firmId: String(firmId), kind: 'return' }, '申报表汇总.xlsx', workbook);
    expect(answer.data.status).toBe('done');
    expect(answer.data.periods).toEqual(['2025', '2025-Q1']);
    const figures = await ctx.call('GET', `${base}/findFigures`, {
      token: main,
      query: { firmId: String(firmId), statement: 'vat_return' },
    });
    expect(figures.data).toHaveLength(1);
    expect(figures.data[0]).toMatchObject({ period: '2025-Q1', layout: 'general', source: 'import' });
    expect(figures.data[0].figures.taxPayable).toBe(30_000_00);
    // The overview names the latest import of any kind, and apart the latest invoice import.
    const overview = await ctx.call('GET', `${base}/dataOverview`, { token: main, query: { firmId: String(firmId) } });
    expect(overview.data.lastImport.kind).toBe('return');
    expect(overview.data.lastInvoiceImport.kind).toBe('invoice');
  });

  it('saves, replaces and deletes figures entered by hand', async () => {
    const body = {
      firmId,
      statement: 'income_statement',
      period: '2024',
      figures: { operatingRevenue: 500_000_00, operatingCost: 300_000_00 },
    };
    expect((await ctx.call('POST', `${base}/saveFigures`, { token: main, body })).code).toBe(0);
    expect(
      (
        await ctx.call('POST', `${base}/saveFigures`, {
          token: main,
          body: { ...body, figures: { operatingRevenue: 600_000_00 } },
        })
      ).code,
    ).toBe(0);
    const figures = await ctx.call('GET', `${base}/findFigures`, {
      token: main,
      query: { firmId: String(firmId), statement: 'income_statement' },
    });
    expect(figures.data[0]).toMatchObject({
      period: '2024',
      source: 'manual',
      figures: { operatingRevenue: 600_000_00 },
    });
    const badPeriod = await ctx.call('POST', `${base}/saveFigures`, {
      token: main,
      body: { ...body, period: '2024年' },
    });
    expect(badPeriod.status).toBe(400);
    const fractional = await ctx.call('POST', `${base}/saveFigures`, {
      token: main,
      body: { ...body, figures: { operatingRevenue: 1.5 } },
    });
    expect(fractional.status).toBe(400);
    expect(
      (
        await ctx.call('POST', `${base}/deleteFigures`, {
          token: main,
          body: { firmId, statement: 'income_statement', period: '2024' },
        })
      ).code,
    ).toBe(0);
    expect(
      (
        await ctx.call('POST', `${base}/deleteFigures`, {
          token: main,
          body: { firmId, statement: 'income_statement', period: '2024' },
        })
      ).status,
    ).toBe(404);
  });

  it('offers the return template for download', async () => {
    const raw = await ctx.app.inject({
      method: 'GET',
      url: `${base}/downloadReturnTemplate`,
      headers: { token: main },
    });
    expect(raw.statusCode).toBe(200);
    expect(raw.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });

  it('deleting the company removes its uploaded files and error reports with its data', async () => {
    const bound = await ctx.call('POST', `${base}/bindFirm`, {
      token: main,
      body: { taxpayerName: fixture.company.name, taxNo: '91440300MA5F000006' },
    });
    expect(bound.code).toBe(0);
    const other = bound.data.firmId as number;
    const stored = await upload(main, { firmId: String(other), kind: 'invoice' }, 'e.xlsx', fixture.buffer as Buffer);
    expect(stored.data.status).toBe('done');
    const rows = await ctx.db
      .selectFrom('imports')
      .select(['stored_key', 'problem_report_key'])
      .where('company_id', '=', other)
      .execute();
    const keys = rows.flatMap((row) => [row.stored_key, row.problem_report_key ?? []].flat());
    expect(keys.length).toBeGreaterThanOrEqual(1);
    for (const key of keys) expect(await ctx.app.storage.exists(key)).toBe(true);
    expect((await ctx.call('POST', `${base}/delFirm`, { token: main, body: { firmId: other } })).code).toBe(0);
    for (const key of keys) expect(await ctx.app.storage.exists(key)).toBe(false);
  });
});
