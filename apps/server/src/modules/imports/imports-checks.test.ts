import { randomBytes } from 'node:crypto';
import { buildReturnTemplate } from '@taxlens/engine';
import { writeInvoiceExportFixture } from '@taxlens/engine/fixtures';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, multipartBody, type TestContext } from '../../../test/helpers.js';

let ctx: TestContext;
let main: string;
let firmId: number;
let fixture: Awaited<ReturnType<typeof writeInvoiceExportFixture>>;
const base = '/api/CsbFirmCertification';

beforeAll(async () => {
  ctx = await createTestContext({ workers: true });
  main = await ctx.login('13800000001');
  fixture = await writeInvoiceExportFixture(
    { seed: 11, format: 'xlsx', invoiceCount: 80, months: 2, voidShare: 0.3, oldStyleShare: 0.6, purchaseShare: 0.4 },
    'buffer',
  );
  const bound = await ctx.call('POST', `${base}/bindFirm`, {
    token: main,
    body: { taxpayerName: fixture.company.name, taxNo: fixture.company.taxNo },
  });
  firmId = bound.data.firmId;
});
afterAll(() => ctx.close());

async function send(payload: Buffer, contentType: string) {
  const raw = await ctx.app.inject({
    method: 'POST',
    url: `${base}/fileUpload`,
    headers: { token: main, 'content-type': contentType },
    payload,
  });
  return { status: raw.statusCode, ...raw.json() };
}

function upload(fields: Record<string, string>, filename: string, content: Buffer) {
  const body = multipartBody(fields, { filename, content });
  return send(body.payload, body.headers['content-type']);
}

describe('import checks', () => {
  it('leaves void invoices out of the overview amounts and counts them apart', async () => {
    const answer = await upload({ firmId: String(firmId), kind: 'invoice' }, '发票.xlsx', fixture.buffer as Buffer);
    expect(answer.data.status, answer.data.message).toBe('done');
    const expected = await ctx.db
      .selectFrom('invoices')
      .select([
        sql<string>`to_char(issued_at, 'YYYY-MM')`.as('month'),
        sql<string>`coalesce(sum(amount_fen) FILTER (WHERE direction = 'sales' AND status <> 'void'), 0)`.as('sales'),
        sql<string>`coalesce(sum(amount_fen) FILTER (WHERE direction = 'purchase' AND status <> 'void'), 0)`.as(
          'purchase',
        ),
        sql<string>`count(*) FILTER (WHERE status = 'void')`.as('voided'),
        sql<string>`coalesce(sum(amount_fen) FILTER (WHERE status = 'void'), 0)`.as('void_amount'),
      ])
      .where('company_id', '=', firmId)
      .groupBy(sql`1`)
      .orderBy(sql`1`)
      .execute();
    const voided = expected.reduce((sum, row) => sum + Number(row.voided), 0);
    expect(voided).toBeGreaterThan(0);
    expect(expected.some((row) => Number(row.void_amount) !== 0)).toBe(true);
    const overview = await ctx.call('GET', `${base}/dataOverview`, { token: main, query: { firmId: String(firmId) } });
    expect(overview.data.invoices.total).toBe(fixture.invoiceCount);
    expect(overview.data.invoices.voidCount).toBe(voided);
    expect(
      overview.data.invoices.months.map((row: { month: string; salesAmountFen: number; purchaseAmountFen: number }) => [
        row.month,
        row.salesAmountFen,
        row.purchaseAmountFen,
      ]),
    ).toEqual(expected.map((row) => [row.month, Number(row.sales), Number(row.purchase)]));
  });

  it('fails an empty return template instead of importing nothing as done', async () => {
    const answer = await upload(
      { firmId: String(firmId), kind: 'return' },
      '申报表汇总模板.xlsx',
      await buildReturnTemplate(),
    );
    expect(answer.data.status).toBe('failed');
    expect(answer.data.message).toContain('模板中未填写任何所属期的数据');
  });

  it('answers 请选择企业 when the file comes before firmId or firmId is missing', async () => {
    const boundary = `----taxlens${randomBytes(8).toString('hex')}`;
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.xlsx"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      fixture.buffer as Buffer,
      Buffer.from(
        `\r\n--${boundary}\r\nContent-Disposition: form-data; name="firmId"\r\n\r\n${firmId}\r\n` +
          `--${boundary}\r\nContent-Disposition: form-data; name="kind"\r\n\r\ninvoice\r\n--${boundary}--\r\n`,
      ),
    ]);
    const fileFirst = await send(payload, `multipart/form-data; boundary=${boundary}`);
    expect([fileFirst.status, fileFirst.msg]).toEqual([400, '请选择企业']);
    const missing = await upload({ kind: 'invoice' }, 'a.xlsx', Buffer.from('x'));
    expect([missing.status, missing.msg, missing.data.fields]).toEqual([400, '请选择企业', { firmId: '请选择企业' }]);
    const badKind = await upload({ firmId: String(firmId), kind: 'photo' }, 'a.xlsx', Buffer.from('x'));
    expect([badKind.status, badKind.msg]).toEqual([
      400,
      '请选择数据类型（invoice、statement、return、deduction 或 payroll）',
    ]);
  });
});
