import {
  buildBadFiles,
  buildEInvoiceXml,
  buildInvoiceBatch,
  sampleInvoice,
} from '@taxlens/engine/verification-fixtures';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, multipartFilesBody, type TestContext } from '../../../test/helpers.js';
import { expectLedgerMatches, operatorToken, wallet } from '../billing/test-support.js';

let ctx: TestContext;
let main: string;
let staff: string;
let other: string;
const BASE = '/api/InvoiceAuthenticity';

async function upload(token: string, files: { filename: string; content: Uint8Array }[]) {
  const body = multipartFilesBody(files);
  const raw = await ctx.app.inject({
    method: 'POST',
    url: `${BASE}/invoice/pdfFileVerify`,
    headers: { token, ...body.headers },
    payload: body.payload,
  });
  return { status: raw.statusCode, ...raw.json() };
}

beforeAll(async () => {
  ctx = await createTestContext();
  [main, staff, other] = await Promise.all([
    ctx.login('13800000001'),
    ctx.login('13800000003'),
    ctx.login('13900000001'),
  ]);
});
afterAll(() => ctx.close());

describe('invoice authenticity check', () => {
  it('says which provider answers: the built-in one, labelled 本地核验', async () => {
    const answer = await ctx.call('GET', `${BASE}/provider`, { token: main });
    expect(answer.data).toMatchObject({ provider: 'local', label: '本地核验', priceFen: 50, dailyLimitPerInvoice: 5 });
  });

  it('manual entry: checks and charges one; bad elements get the service code and cost nothing', async () => {
    const before = await wallet(ctx.db, 1);
    const answer = await ctx.call('POST', `${BASE}/invoice/manualVerify`, {
      token: main,
      body: { number: '24312000000136634917', date: '20240514', fourth: '1060.00' },
    });
    expect(answer.status).toBe(200);
    const [check] = answer.data.checked;
    expect(check).toMatchObject({
      providerLabel: '本地核验',
      sourceFormat: 'manual',
      priceFen: 50,
      refunded: false,
      totalFen: 106_000,
    });
    expect((await wallet(ctx.db, 1)).balance).toBe(before.balance - 50);

    const retried = await ctx.call('POST', `${BASE}/invoice/manualVerify`, {
      token: main,
      body: { number: '24312000000136634917', date: '20240514', fourth: '1060.00', requestKey: 'retry-1' },
    });
    const again = await ctx.call('POST', `${BASE}/invoice/manualVerify`, {
      token: main,
      body: { number: '24312000000136634917', date: '20240514', fourth: '1060.00', requestKey: 'retry-1' },
    });
    expect(again.data.checked[0].id).toBe(retried.data.checked[0].id);
    expect(again.data.chargedFen).toBe(0);
    expect((await wallet(ctx.db, 1)).balance).toBe(before.balance - 100);

    const bad = await ctx.call('POST', `${BASE}/invoice/manualVerify`, {
      token: main,
      body: { number: '24312000000136634917', date: '2024/05/14', fourth: '1' },
    });
    expect(bad.status).toBe(400);
    expect(bad.msg).toBe('1010 开票日期格式应为YYYYMMDD');
    expect((await wallet(ctx.db, 1)).balance).toBe(before.balance - 100);
    await expectLedgerMatches(ctx.db, 1);
  });

  it('a 50-file batch with 3 bad files checks 47 and lists the 3 with their reason', async () => {
    const good = await buildInvoiceBatch(47, 100);
    const bad = (await buildBadFiles()).slice(1);
    const before = await wallet(ctx.db, 1);
    const answer = await upload(main, [...good.slice(0, 20), ...bad, ...good.slice(20)]);
    expect(answer.status).toBe(200);
    expect(answer.data.checked).toHaveLength(47);
    expect(answer.data.rejected.map((row: { name: string }) => row.name)).toEqual(bad.map((file) => file.filename));
    for (const [index, file] of bad.entries()) expect(answer.data.rejected[index].reason).toContain(file.reason);
    expect(answer.data.chargedFen).toBe(47 * 50);
    expect((await wallet(ctx.db, 1)).balance).toBe(before.balance - 47 * 50);
    const layers = new Set(answer.data.checked.map((row: { sourceLayer: string }) => row.sourceLayer));
    expect([...layers].sort()).toEqual([
      'image-qr',
      'ofd-attachment-xml',
      'ofd-custom-data',
      'ofd-xbrl',
      'pdf-text',
      'xml',
    ]);
    await expectLedgerMatches(ctx.db, 1);
  });

  it('a file that is not an invoice is refused with one sentence and costs nothing', async () => {
    const before = await wallet(ctx.db, 1);
    const [text] = await buildBadFiles();
    const answer = await upload(main, [text as { filename: string; content: Uint8Array }]);
    expect(answer.data.checked).toEqual([]);
    expect(answer.data.rejected[0].reason).toMatch(/^不支持该文件格式/);
    expect((await wallet(ctx.db, 1)).balance).toBe(before.balance);
  });

  it('a second check of the same invoice in the group warns of 重复报销', async () => {
    const xml = {
      filename: 'a.xml',
      content: new TextEncoder().encode(buildEInvoiceXml(sampleInvoice({ number: '24312000000136999001' }))),
    };
    await upload(main, [xml]);
    const again = await upload(main, [xml]);
    const detail = await ctx.call('GET', `${BASE}/infoById`, {
      token: main,
      query: { id: String(again.data.checked[0].id) },
    });
    const duplicate = detail.data.results.find((row: { id: string }) => row.id === 'duplicate');
    expect(duplicate.verdict).toBe('warn');
    expect(duplicate.reason).toContain('重复报销');
    expect(detail.data.verdict).toBe('warn');
  });

  it('compares with the group’s imported e-tax-bureau invoices (a red-flushed one fails)', async () => {
    const company = await ctx.db
      .insertInto('companies')
      .values({ group_id: 1, taxpayer_name: '示例贸易有限公司', tax_no: '91310115MA1K3Y8B22', created_by: 1 })
      .returning('id')
      .executeTakeFirstOrThrow();
    const number = '24312000000136888001';
    await ctx.db
      .insertInto('invoices')
      .values({
        group_id: 1,
        company_id: company.id,
        key: number,
        direction: 'sales',
        digital_number: number,
        code: null,
        number: null,
        seller_tax_no: '91310115MA1K3Y8B22',
        seller_name: '示例贸易有限公司',
        buyer_tax_no: '91110108MA01C2D3EG',
        buyer_name: '示例科技有限公司',
        issued_at: '2024-05-14 10:00:00',
        has_time: true,
        amount_fen: 100_000,
        tax_fen: 6_000,
        total_fen: 106_000,
        source: '电子发票服务平台',
        kind_text: '数电发票（普通发票）',
        kind_code: '82',
        is_special: false,
        status: 'red_full',
        status_text: '已红冲-全额',
        is_positive: true,
        risk_level: 'normal',
        issuer: null,
        remark: null,
        red_of_number: null,
        import_id: null,
      })
      .execute();
    const answer = await ctx.call('POST', `${BASE}/invoice/manualVerify`, {
      token: main,
      body: { number, date: '20240514', fourth: '1060.00' },
    });
    const detail = await ctx.call('GET', `${BASE}/infoById`, {
      token: main,
      query: { id: String(answer.data.checked[0].id) },
    });
    const check = detail.data.results.find((row: { id: string }) => row.id === 'imported');
    expect(check).toMatchObject({ verdict: 'fail', reason: '在示例贸易有限公司导入的发票数据中状态为已红冲（全额）' });
    expect(detail.data.verdict).toBe('fail');
    expect(detail.data.results.find((row: { id: string }) => row.id === 'company_risk').reason).toContain('数据不足');
  });

  it('a seller on the company-data risk lists fails the risk-list check', async () => {
    const listed = await ctx.db
      .selectFrom('cd_risks')
      .select(['credit_code', 'name'])
      .where('kind', '=', 'abnormal_taxpayer')
      .where('removed_on', 'is', null)
      .limit(1)
      .executeTakeFirstOrThrow();
    const spec = sampleInvoice({
      number: '24312000000136444001',
      seller: { name: listed.name, taxNo: listed.credit_code },
    });
    const answer = await upload(main, [
      { filename: 'risky.xml', content: new TextEncoder().encode(buildEInvoiceXml(spec)) },
    ]);
    const detail = await ctx.call('GET', `${BASE}/infoById`, {
      token: main,
      query: { id: String(answer.data.checked[0].id) },
    });
    const risk = detail.data.results.find((row: { id: string }) => row.id === 'company_risk');
    expect(risk.verdict).toBe('fail');
    expect(risk.reason).toContain('非正常户');
    expect(detail.data.verdict).toBe('fail');
  });

  it('history: list, filters, detail, export, delete; the flow shows each charge', async () => {
    const list = await ctx.call('GET', `${BASE}/infoList`, { token: main, query: { size: '100' } });
    expect(list.data.total).toBe(53);
    const pdfs = await ctx.call('GET', `${BASE}/infoList`, { token: main, query: { format: 'pdf' } });
    expect(pdfs.data.list.every((row: { sourceFormat: string }) => row.sourceFormat === 'pdf')).toBe(true);
    expect(pdfs.data.total).toBe(8);
    const keyword = await ctx.call('GET', `${BASE}/infoList`, {
      token: main,
      query: { keyword: '24312000000136999001' },
    });
    expect(keyword.data.total).toBe(2);

    const exported = await ctx.app.inject({
      method: 'POST',
      url: `${BASE}/export`,
      headers: { token: main },
      payload: { keyword: '24312000000136999001' },
    });
    expect(exported.headers['content-type']).toContain('spreadsheetml');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(exported.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0] as ExcelJS.Worksheet;
    expect(sheet.rowCount).toBe(3);
    expect(sheet.getRow(2).getCell(3).value).toBe('24312000000136999001');

    const ids = keyword.data.list.map((row: { id: number }) => row.id);
    const deleted = await ctx.call('POST', `${BASE}/delete`, { token: main, body: { ids } });
    expect(deleted.data.deleted).toBe(2);
    expect(
      (await ctx.call('GET', `${BASE}/infoList`, { token: main, query: { keyword: '24312000000136999001' } })).data
        .total,
    ).toBe(0);

    const flow = await ctx.call('GET', `${BASE}/getInvoiceAuthFlow`, { token: main });
    expect(flow.data.list[0]).toMatchObject({ reason: 'invoice_check', reasonLabel: '发票鉴伪', deltaFen: -50 });
    const phones = await ctx.call('GET', `${BASE}/phone/list`, { token: main });
    expect(phones.data).toEqual([{ userId: 1, phone: '138****0001', name: '张主账号' }]);
  });

  it('the batch template downloads; a filled one checks each row', async () => {
    const template = await ctx.app.inject({ method: 'GET', url: `${BASE}/template/down`, headers: { token: main } });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(template.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0] as ExcelJS.Worksheet;
    sheet.addRow(['', '24312000000136777001', '20240514', '1060.00']);
    sheet.addRow(['', '24312000000136777002', '2024-5-14', '1060.00']);
    const answer = await upload(main, [
      { filename: '清单.xlsx', content: new Uint8Array(await workbook.xlsx.writeBuffer()) },
    ]);
    expect(answer.data.checked).toHaveLength(1);
    expect(answer.data.checked[0]).toMatchObject({ sourceFormat: 'excel', sourceName: '清单.xlsx 第2行' });
    expect(answer.data.rejected).toEqual([{ name: '清单.xlsx 第3行', reason: '1010 开票日期格式应为YYYYMMDD' }]);
  });

  it('permission invoiceCheck: denied staff get 403; without balance nothing is checked', async () => {
    const broke = await ctx.call('POST', `${BASE}/invoice/manualVerify`, {
      token: staff,
      body: { number: '24312000000136634917', date: '20240514', fourth: '1060.00' },
    });
    expect(broke.status).toBe(402);
    expect(broke.msg).toContain('余额不足');
    await ctx.db
      .updateTable('users')
      .set({ not_menus: JSON.stringify([{ type: 0, permission: 'invoiceCheck' }]) })
      .where('id', '=', 3)
      .execute();
    const denied = await ctx.call('GET', `${BASE}/infoList`, { token: staff });
    expect(denied.status).toBe(403);
  });

  it('the operator sets the price: a group’s own price is what its checks cost', async () => {
    const operator = await operatorToken(ctx);
    const set = await ctx.call('POST', '/api/operator/verification/price', {
      token: operator.token,
      body: { groupId: 1, priceFen: 120 },
    });
    expect(set.data.priceFen).toBe(120);
    expect(
      (await ctx.call('POST', '/api/operator/verification/price', { token: main, body: { groupId: 1, priceFen: 0 } }))
        .status,
    ).toBe(403);
    expect((await ctx.call('GET', `${BASE}/provider`, { token: main })).data.priceFen).toBe(120);
    expect((await ctx.call('GET', `${BASE}/provider`, { token: other })).data.priceFen).toBe(50);
    const before = await wallet(ctx.db, 1);
    await ctx.call('POST', `${BASE}/invoice/manualVerify`, {
      token: main,
      body: { number: '24312000000136634918', date: '20240514', fourth: '1060.00' },
    });
    expect((await wallet(ctx.db, 1)).balance).toBe(before.balance - 120);
  });

  it('another group’s records answer 404', async () => {
    const [mine] = (await ctx.call('GET', `${BASE}/infoList`, { token: main })).data.list;
    expect((await ctx.call('GET', `${BASE}/infoById`, { token: other, query: { id: String(mine.id) } })).status).toBe(
      404,
    );
    expect((await ctx.call('POST', `${BASE}/delete`, { token: other, body: { ids: [mine.id] } })).status).toBe(404);
    expect((await ctx.call('GET', `${BASE}/infoList`, { token: other })).data.total).toBe(0);
    expect((await ctx.call('GET', `${BASE}/infoById`, { token: main, query: { id: String(mine.id) } })).status).toBe(
      200,
    );
  });
});
