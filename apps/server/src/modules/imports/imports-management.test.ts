import { exportRows, realExport } from '@taxlens/engine/fixtures';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../test/factories.js';
import { createTestContext, type TestContext } from '../../../test/helpers.js';
import { uploadFile } from '../../../test/uploads.js';

const { COMPANY, STRANGER, INVOICE_HEADER_ROW, LINE_HEADER_ROW, invoiceRow, lineRow, xlsxBuffer } = exportRows;
const base = '/api/CsbFirmCertification';

let ctx: TestContext;
let main: string;
let firmId: number;

beforeAll(async () => {
  ctx = await createTestContext({ workers: true });
  main = await ctx.login('13800000001');
  const bound = await ctx.call('POST', `${base}/bindFirm`, {
    token: main,
    body: { taxpayerName: COMPANY.name, taxNo: COMPANY.taxNo },
  });
  firmId = bound.data.firmId;
});
afterAll(() => ctx.close());

const upload = (content: Buffer, fields: Record<string, string> = {}) =>
  uploadFile(
    ctx,
    main,
    { firmId: String(firmId), kind: 'invoice', ...fields },
    { filename: '全量发票查询.xlsx', content },
  );

/** An export of 数电 invoices (number suffixes), each with the given line amounts (yuan, 13%). */
function exportOf(invoices: { suffix: string; lines: number[] }[]): Promise<Buffer> {
  const number = (suffix: string) => `2411200000010000${suffix.padStart(4, '0')}`;
  const money = (yuan: number) => ({
    金额: yuan.toFixed(2),
    税额: (yuan * 0.13).toFixed(2),
    价税合计: (yuan * 1.13).toFixed(2),
  });
  const lines = invoices.flatMap((invoice) =>
    invoice.lines.map((yuan) => lineRow({ 数电发票号码: number(invoice.suffix), ...money(yuan) })),
  );
  const heads = invoices.map((invoice) =>
    invoiceRow({ 数电发票号码: number(invoice.suffix), ...money(invoice.lines.reduce((sum, yuan) => sum + yuan, 0)) }),
  );
  return xlsxBuffer([
    { name: '信息汇总表', rows: [LINE_HEADER_ROW, ...lines] },
    { name: '发票基础信息', rows: [INVOICE_HEADER_ROW, ...heads] },
  ]);
}

async function keys(): Promise<string[]> {
  const rows = await ctx.db
    .selectFrom('invoices')
    .select('key')
    .where('company_id', '=', firmId)
    .orderBy('key')
    .execute();
  return rows.map((row) => row.key.slice(-4));
}

async function linesOf(suffix: string) {
  return ctx.db
    .selectFrom('invoice_lines')
    .select(['line_no', 'amount_fen'])
    .where('company_id', '=', firmId)
    .where('invoice_key', '=', `2411200000010000${suffix}`)
    .orderBy('line_no')
    .execute();
}

describe('invoice imports: real exports, wrong company, re-import, delete and replace', () => {
  it('imports a real-shaped export and shows special-business attributes on the invoice, personal data masked', async () => {
    const answer = await upload(await realExport.realShapedExport());
    expect(answer.data.status, answer.data.message).toBe('done');
    expect(answer.data.message).toContain('已跳过无法识别的工作表：导出说明');
    expect(answer.data.summary).toMatchObject({ details: 3, taxNoWarnings: 1, listSummaryLines: 1 });
    const found = await ctx.call('GET', `${base}/invoiceLookup`, {
      token: main,
      query: { firmId: String(firmId), number: realExport.TRAIN },
    });
    expect(found.data[0].details.map((detail: { business: string }) => detail.business)).toEqual([
      '铁路电子客票',
      '铁路电子客票',
    ]);
    expect(found.data[0].details[0].fields[0]).toEqual({ label: '旅客姓名', value: '李*' });
    const stored = await sql<{ text: string }>`SELECT fields::text AS text FROM invoice_details`.execute(ctx.db);
    expect(stored.rows.map((row) => row.text).join()).not.toContain('李四');
    // Remove it again so the tests below count only their own invoices.
    const removed = await ctx.call('POST', `${base}/deleteImport`, {
      token: main,
      body: { importId: answer.data.importId },
    });
    expect(removed.data.invoices).toBe(realExport.REAL_SAMPLE.invoiceCount);
    expect(await keys()).toEqual([]);
    expect((await sql<{ n: number }>`SELECT count(*)::int AS n FROM invoice_details`.execute(ctx.db)).rows[0]?.n).toBe(
      0,
    );
  });

  it('refuses a file of another company with one sentence naming whose it is, storing nothing', async () => {
    const other = { 销方识别号: STRANGER.taxNo, 销方名称: STRANGER.name };
    const bytes = await xlsxBuffer([
      {
        name: '发票基础信息',
        rows: [INVOICE_HEADER_ROW, invoiceRow(other), invoiceRow({ ...other, 数电发票号码: '24112000000100009999' })],
      },
    ]);
    const answer = await upload(bytes);
    expect(answer.data.status).toBe('failed');
    expect(answer.data.message).toBe(
      `该文件是「${STRANGER.name}」（纳税人识别号 ${STRANGER.taxNo}）的发票数据，购销双方均不是本企业，未导入任何数据，请在对应企业下上传。`,
    );
    expect(answer.data.problemCount).toBe(0);
    expect(await keys()).toEqual([]);
  });

  let first: number;
  let second: number;

  it('re-importing an invoice replaces its lines: a duplicated line of an earlier file does not survive', async () => {
    const a = await upload(
      await exportOf([
        { suffix: '0001', lines: [100, 100, 200] },
        { suffix: '0002', lines: [50] },
      ]),
    );
    expect(a.data.status, a.data.message).toBe('done');
    first = a.data.importId;
    expect((await linesOf('0001')).length).toBe(3);
    const b = await upload(
      await exportOf([
        { suffix: '0001', lines: [100, 300] },
        { suffix: '0003', lines: [70] },
      ]),
    );
    expect(b.data.status, b.data.message).toBe('done');
    second = b.data.importId;
    expect(await linesOf('0001')).toEqual([
      { line_no: 1, amount_fen: 10_000 },
      { line_no: 2, amount_fen: 30_000 },
    ]);
    expect(await keys()).toEqual(['0001', '0002', '0003']);
  });

  it('names the latest successful invoice import on the data card, not a later refused one', async () => {
    const refused = await upload(
      await xlsxBuffer([{ name: '发票基础信息', rows: [INVOICE_HEADER_ROW, invoiceRow({ 数电发票号码: '123' })] }]),
    );
    expect(refused.data.status).toBe('rejected');
    const overview = await ctx.call('GET', `${base}/dataOverview`, { token: main, query: { firmId: String(firmId) } });
    expect(overview.data.lastInvoiceImport.importId).toBe(second);
    expect(overview.data.lastImport.importId).toBe(refused.data.importId);
  });

  it('deletes an import: invoices another import also holds stay, the others go with their lines', async () => {
    const removed = await ctx.call('POST', `${base}/deleteImport`, { token: main, body: { importId: first } });
    expect(removed.code, removed.msg).toBe(0);
    expect(removed.data).toEqual({ invoices: 1, figures: 0, records: 0 });
    expect(await keys()).toEqual(['0001', '0003']);
    expect(await linesOf('0002')).toEqual([]);
    expect((await linesOf('0001')).length).toBe(2);
    const again = await ctx.call('POST', `${base}/deleteImport`, { token: main, body: { importId: first } });
    expect(again.status).toBe(404);
  });

  it('replaces an import: once the new file is in, what only the old one held is gone', async () => {
    const c = await upload(
      await exportOf([
        { suffix: '0003', lines: [70] },
        { suffix: '0004', lines: [10, 20] },
      ]),
      {
        replaceImportId: String(second),
      },
    );
    expect(c.data.status, c.data.message).toBe('done');
    expect(await keys()).toEqual(['0003', '0004']);
    const gone = await ctx.call('GET', `${base}/importStatus`, { token: main, query: { importId: String(second) } });
    expect(gone.status).toBe(404);
    const wrongKind = await uploadFile(
      ctx,
      main,
      { firmId: String(firmId), kind: 'statement', replaceImportId: String(c.data.importId) },
      { filename: 'a.xlsx', content: Buffer.from('x') },
    );
    expect([wrongKind.status, wrongKind.msg]).toEqual([400, '只能用同一类数据文件替换']);
  });

  it('shows per company which months each kind of data covers', async () => {
    const timeline = await ctx.call('GET', `${base}/dataTimeline`, { token: main, query: { firmId: String(firmId) } });
    expect(timeline.code).toBe(0);
    expect(timeline.data.firstMonth).toBe('2026-03');
    const sales = timeline.data.rows.find((row: { key: string }) => row.key === 'invoice_sales');
    expect(sales).toEqual({ key: 'invoice_sales', label: '销项发票', months: [{ month: '2026-03', count: 2 }] });
    expect(timeline.data.rows.map((row: { key: string }) => row.key)).toEqual(
      expect.arrayContaining(['vat_return', 'deduction', 'payroll_iit']),
    );
  });

  it('keeps imports of other groups and of users without 企业管理 out of reach', async () => {
    const latest = await ctx.call('GET', `${base}/importList`, { token: main, query: { firmId: String(firmId) } });
    const importId = latest.data.list[0].importId;
    const otherGroup = await ctx.login('13900000001');
    const foreign = await ctx.call('POST', `${base}/deleteImport`, { token: otherGroup, body: { importId } });
    expect(foreign.status).toBe(404);
    const foreignTimeline = await ctx.call('GET', `${base}/dataTimeline`, {
      token: otherGroup,
      query: { firmId: String(firmId) },
    });
    expect(foreignTimeline.status).toBe(404);
    const denied = await createUser(ctx.db, {
      groupId: 1,
      level: 3,
      notMenus: [{ type: 0, permission: 'firmManage' }],
    });
    const deniedToken = await ctx.login(denied.phone);
    const refused = await ctx.call('POST', `${base}/deleteImport`, { token: deniedToken, body: { importId } });
    expect([refused.status, refused.msg]).toEqual([403, '当前用户没有权限，请联系管理员']);
    expect(await keys()).toEqual(['0003', '0004']);
  });
});
