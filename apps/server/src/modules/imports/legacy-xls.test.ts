import {
  buildFilledReturnWorkbook,
  buildStatementWorkbook,
  demoCitRow,
  demoStatementSheets,
  demoVatRows,
  writeInvoiceExportFixture,
  xlsxToXls,
} from '@taxlens/engine/fixtures';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helpers.js';
import { uploadFile } from '../../../test/uploads.js';

/** Every kind of file comes in as legacy .xls (BIFF8) too, as the bureau and older software save it. */

let ctx: TestContext;
let main: string;
let firmId: number;
const company = { name: '测试旧版表格有限公司', taxNo: '91440305MA5TL00030' };

async function upload(kind: string, filename: string, content: Buffer) {
  return (await uploadFile(ctx, main, { firmId: String(firmId), kind }, { filename, content })).data;
}

beforeAll(async () => {
  ctx = await createTestContext({ workers: true });
  main = await ctx.login('13800000001');
  const bound = await ctx.call('POST', '/api/CsbFirmCertification/bindFirm', {
    token: main,
    body: { taxpayerName: company.name, taxNo: company.taxNo },
  });
  firmId = bound.data.firmId;
});
afterAll(() => ctx.close());

describe('legacy .xls imports', () => {
  it('imports an invoice export saved as .xls, and adds nothing twice when it comes again', async () => {
    const fixture = await writeInvoiceExportFixture(
      { seed: 11, format: 'xlsx', invoiceCount: 40, months: 2, companyTaxNo: company.taxNo, companyName: company.name },
      'buffer',
    );
    const xls = xlsxToXls(fixture.buffer as Buffer);
    const first = await upload('invoice', '全量发票查询.xls', xls);
    expect(first.status, first.message).toBe('done');
    expect([first.invoices, first.lines]).toEqual([fixture.invoiceCount, fixture.lineCount]);
    const again = await upload('invoice', '全量发票查询.xls', xls);
    expect(again.summary).toMatchObject({ invoicesNew: 0, linesNew: 0 });
    const stored = await ctx.db
      .selectFrom('invoices')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('company_id', '=', firmId)
      .executeTakeFirstOrThrow();
    expect(stored.n).toBe(fixture.invoiceCount);
  });

  it('imports statements and the return summary saved as .xls, and their figures are stored', async () => {
    const statements = await upload(
      'statement',
      '报表.xls',
      xlsxToXls(await buildStatementWorkbook(demoStatementSheets([2024]))),
    );
    expect(statements.status, statements.message).toBe('done');
    const returns = await upload(
      'return',
      '申报.xls',
      xlsxToXls(await buildFilledReturnWorkbook({ vat_return: demoVatRows(2024), cit_return: [demoCitRow(2024)] })),
    );
    expect(returns.status, returns.message).toBe('done');
    const figures = await ctx.call('GET', '/api/CsbFirmCertification/findFigures', {
      token: main,
      query: { firmId: String(firmId) },
    });
    const kinds = new Set(figures.data.map((row: { statement: string }) => row.statement));
    expect([...kinds].sort()).toEqual(['balance_sheet', 'cit_return', 'income_statement', 'vat_return']);
  });

  it('refuses a damaged .xls with one sentence and stores nothing', async () => {
    const fake = Buffer.concat([
      Buffer.from('d0cf11e0a1b11ae1', 'hex'),
      Buffer.alloc(600),
      Buffer.from('Workbook', 'utf16le'),
    ]);
    const answer = await upload('statement', '坏文件.xls', fake);
    expect(answer.status).toBe('failed');
    expect(answer.message).toBe(
      '文件不是有效的 Excel 文件（.xlsx 或 .xls）。请从电子税务局或财务软件重新导出 Excel 文件（.xlsx 或 .xls）后上传。',
    );
  });
});
