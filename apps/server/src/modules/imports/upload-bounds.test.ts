import { writeInvoiceExportFixture } from '@taxlens/engine/fixtures';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, multipartBody, type TestContext } from '../../../test/helpers.js';
import { zipOf } from '../../../test/zips.js';

/** Every import kind gets the zip bounds at upload, before any importer parses the file (issue 12). */
let ctx: TestContext;
let token: string;
let firmId: number;
beforeAll(async () => {
  ctx = await createTestContext();
  token = await ctx.login('13800000001');
  const { company } = await writeInvoiceExportFixture(
    { format: 'xlsx', seed: 8, invoiceCount: 1, months: 1 },
    'buffer',
  );
  const bound = await ctx.call('POST', '/api/CsbFirmCertification/bindFirm', {
    token,
    body: { taxpayerName: company.name, taxNo: company.taxNo },
  });
  firmId = bound.data.firmId;
});
afterAll(() => ctx.close());

async function upload(kind: string, content: Buffer) {
  const body = multipartBody({ firmId: String(firmId), kind }, { filename: '报表.xlsx', content });
  return ctx.app.inject({
    method: 'POST',
    url: '/api/CsbFirmCertification/fileUpload?wait=false',
    headers: { token, ...body.headers },
    payload: body.payload,
  });
}

describe('upload bounds', () => {
  it('refuses a zip bomb disguised as a statement workbook and stores nothing', async () => {
    const before = await ctx.db.selectFrom('imports').select('id').execute();
    const bomb = zipOf([
      { name: '[Content_Types].xml', content: Buffer.from('<Types/>') },
      { name: 'xl/worksheets/sheet1.xml', content: Buffer.alloc(200 * 1024 * 1024, 0x20), declaredSize: 4096 },
    ]);
    for (const kind of ['statement', 'invoice']) {
      const answer = await upload(kind, bomb);
      expect(answer.statusCode).toBe(400);
      expect(answer.json().msg).toBe('文件的压缩比异常（疑似压缩炸弹），已拒绝');
    }
    expect(await ctx.db.selectFrom('imports').select('id').execute()).toEqual(before);
  });

  it('refuses a statement workbook with more cells than it may load, naming the cap', async () => {
    const row = `<row>${'<c><v>1</v></c>'.repeat(20)}</row>`;
    const sheet = Buffer.from(`<worksheet><sheetData>${row.repeat(15_001)}</sheetData></worksheet>`);
    const answer = await upload('statement', zipOf([{ name: 'xl/worksheets/sheet1.xml', content: sheet }]));
    expect(answer.statusCode).toBe(400);
    expect(answer.json().msg).toBe('文件的单元格超过 300,000 个，无法处理：请拆分为多个文件后上传');
  });
});
