import {
  demoAnnualFigures,
  type OfficialFormSpec,
  officialFormPdf,
  officialFormSheet,
  statementExportSheets,
  vatSalesScheduleSheet,
  xlsBuffer,
} from '@taxlens/engine/fixtures';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helpers.js';
import { uploadFile } from '../../../test/uploads.js';

/** The files a firm really has (e-tax bureau returns and statements) import, and their figures are stored. */

let ctx: TestContext;
let main: string;
let firmId: number;
const company = { name: '测试申报表导入有限公司', taxNo: '91440305MA5TL00030' };
const spec = (from: string, to: string, lines: Record<number, number>): OfficialFormSpec => ({
  company: company.name,
  taxNo: company.taxNo,
  from,
  to,
  lines,
});

async function upload(kind: string, filename: string, content: Buffer) {
  return (await uploadFile(ctx, main, { firmId: String(firmId), kind }, { filename, content })).data;
}

async function figures(statement: string) {
  const answer = await ctx.call('GET', '/api/CsbFirmCertification/findFigures', {
    token: main,
    query: { firmId: String(firmId) },
  });
  return Object.fromEntries(
    answer.data
      .filter((row: { statement: string }) => row.statement === statement)
      .map((row: { period: string; figures: Record<string, number> }) => [row.period, row.figures]),
  );
}

beforeAll(async () => {
  ctx = await createTestContext({ workers: true });
  main = await ctx.login('13800000001');
  const bound = await ctx.call('POST', '/api/CsbFirmCertification/bindFirm', {
    token: main,
    body: { taxpayerName: company.name, taxNo: company.taxNo, taxpayerType: 'general' },
  });
  firmId = bound.data.firmId;
});
afterAll(() => ctx.close());

describe('official return and statement files', () => {
  it('imports the VAT main form as .xls and the CIT annual return as PDF; a second import adds nothing twice', async () => {
    const vat = xlsBuffer([
      officialFormSheet(
        'vat_general',
        spec('2024-03-01', '2024-03-31', { 1: 50_000_000, 11: 6_500_000, 12: 4_000_000, 24: 2_500_000 }),
      ),
    ]);
    const first = await upload('return', '增值税申报表2024年3月.xls', vat);
    expect(first.status, first.message).toBe('done');
    const again = await upload('return', '增值税申报表2024年3月.xls', vat);
    expect(again.status).toBe('done');
    expect((await figures('vat_return'))['2024-03']).toEqual({
      taxableSalesGeneral: 50_000_000,
      taxableSalesSimplified: 0,
      exemptSales: 0,
      outputTax: 6_500_000,
      inputTax: 4_000_000,
      openingCreditBalance: 0,
      inputTaxTransferredOut: 0,
      closingCreditBalance: 0,
      taxPayable: 2_500_000,
      taxPaid: 0,
    });
    const pdf = officialFormPdf([
      officialFormSheet(
        'cit_annual',
        spec('2024-01-01', '2024-12-31', {
          1: 600_000_000,
          13: 40_000_000,
          23: 40_000_000,
          24: 2500,
          25: 10_000_000,
          31: 10_000_000,
          32: 8_000_000,
        }),
      ),
    ]);
    const cit = await upload('return', 'A100000.pdf', pdf);
    expect(cit.status, cit.message).toBe('done');
    expect((await figures('cit_return'))['2024']).toMatchObject({
      operatingRevenue: 600_000_000,
      taxPayable: 10_000_000,
      taxPrepaid: 8_000_000,
      taxRate: 2500,
    });
    const periods = (
      await ctx.db.selectFrom('financial_figures').select('period').where('company_id', '=', firmId).execute()
    ).map((row) => row.period);
    expect(periods.sort()).toEqual(['2024', '2024-03']);
  });

  it('a 附列资料（一） PDF uploaded after the main form adds its sales by invoice kind and keeps the main form’s figures', async () => {
    const period = spec('2024-05-01', '2024-05-31', { 1: 30_000_000, 11: 3_900_000, 24: 3_900_000 });
    const pdf = officialFormPdf([officialFormSheet('vat_general', period)]);
    const schedule = officialFormPdf(
      [
        vatSalesScheduleSheet({
          ...period,
          lines: { '1': [20_000_000, 2_600_000, 6_000_000, 780_000, 4_000_000, 520_000, 0, 0] },
        }),
      ],
      46,
    );
    const main = await upload('return', '增值税申报表2024年5月.pdf', pdf);
    expect(main.status, main.message).toBe('done');
    const answer = await upload('return', '附列资料一2024年5月.pdf', schedule);
    expect(answer.status, answer.message).toBe('done');
    expect((await figures('vat_return'))['2024-05']).toMatchObject({
      taxableSalesGeneral: 30_000_000,
      outputTax: 3_900_000,
      salesSpecialInvoice: 20_000_000,
      salesOtherInvoice: 6_000_000,
      salesNoInvoice: 4_000_000,
      salesInspectionAdjusted: 0,
    });
  });

  it('imports the e-tax bureau 财务报表报送 export (.xls, 小企业会计准则, quarterly)', async () => {
    const year = demoAnnualFigures(2024, 'small');
    const before = demoAnnualFigures(2023, 'small');
    const sheets = statementExportSheets({
      style: 'etax',
      layout: 'small',
      period: '2024-Q1',
      company: company.name,
      taxNo: company.taxNo,
      balanceSheet: { end: year.balanceSheet, yearStart: before.balanceSheet },
      incomeStatement: { current: year.incomeStatement, ytd: year.incomeStatement },
    });
    const answer = await upload('statement', '财务报表.xls', xlsBuffer(sheets));
    expect(answer.status, answer.message).toBe('done');
    expect((await figures('income_statement'))['2024-Q1']?.operatingRevenue).toBe(
      year.incomeStatement.operatingRevenue,
    );
    expect((await figures('balance_sheet'))['2024-Q1']?.totalAssets).toBe(year.balanceSheet.totalAssets);
  });

  it('refuses another company’s return with one sentence and a file that is no return; stores nothing', async () => {
    const before = await ctx.db.selectFrom('financial_figures').select('id').where('company_id', '=', firmId).execute();
    const foreign = xlsBuffer([
      officialFormSheet('vat_general', {
        ...spec('2024-04-01', '2024-04-30', { 1: 100 }),
        taxNo: '91110108769914581E',
      }),
    ]);
    const refused = await upload('return', '别家的申报表.xls', foreign);
    expect([refused.status, refused.message]).toEqual([
      'failed',
      `申报表上的纳税人识别号是 91110108769914581E，不是${company.name}（${company.taxNo}）的申报表，未导入任何数据`,
    ]);
    const letter = await upload(
      'return',
      '通知.pdf',
      officialFormPdf([{ name: '通知', rows: [['关于召开年度股东会的通知']] }]),
    );
    expect(letter.status).toBe('failed');
    expect(letter.message).toContain('未在文件中找到增值税或企业所得税申报表');
    const after = await ctx.db.selectFrom('financial_figures').select('id').where('company_id', '=', firmId).execute();
    expect(after.length).toBe(before.length);
  });

  it('names the latest successful statement and return files on the data card, not a later refused one', async () => {
    const refused = await upload('statement', '坏的财务报表.xls', xlsBuffer([{ name: '说明', rows: [['随便什么']] }]));
    expect(refused.status).toBe('failed');
    const overview = await ctx.call('GET', '/api/CsbFirmCertification/dataOverview', {
      token: main,
      query: { firmId: String(firmId) },
    });
    // The test client percent-encodes file names (uploads.ts); browsers send them as UTF-8.
    expect(decodeURIComponent(overview.data.lastImport.fileName)).toBe('坏的财务报表.xls');
    expect(
      overview.data.lastFiguresImports.map((item: { kind: string; fileName: string; status: string }) => [
        item.kind,
        decodeURIComponent(item.fileName),
        item.status,
      ]),
    ).toEqual([
      ['statement', '财务报表.xls', 'done'],
      ['return', '附列资料一2024年5月.pdf', 'done'],
    ]);
  });
});
