import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { type XlsSheet, xlsBuffer } from '../../fixtures/legacy-xls.writer.js';
import { type OfficialFormSpec, officialFormPdf, officialFormSheet } from '../../fixtures/official-returns.fixture.js';
import { writeTextPdf } from '../../fixtures/text-pdf.writer.js';
import { ReturnImportError } from './return-import.error.js';
import { readReturnSummary } from './return-summary.reader.js';

async function xlsxBuffer(sheets: readonly XlsSheet[]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  for (const sheet of sheets) {
    const target = book.addWorksheet(sheet.name);
    for (const row of sheet.rows) target.addRow(row);
  }
  return Buffer.from(await book.xlsx.writeBuffer());
}

const company = { company: '示例星河科技有限公司', taxNo: '91110108769914581E' };
const march: OfficialFormSpec = {
  ...company,
  from: '2024-03-01',
  to: '2024-03-31',
  // 栏次 → fen: sales 1,000,000.00, output 130,000.00, input 98,765.43, 转出 1,000.00 …
  lines: {
    1: 100_000_000,
    5: 2_000_000,
    8: 500_000,
    11: 13_000_000,
    12: 9_876_543,
    13: 120_000,
    14: 100_000,
    20: 0,
    24: 3_403_457,
    27: 2_900_000,
  },
};
const marchInput: OfficialFormSpec = {
  ...march,
  lines: { 1: 9_000_000, 2: 9_000_000, 4: 876_543, 12: 9_876_543, 13: 100_000, 14: 100_000 },
};
const smallQ1: OfficialFormSpec = {
  ...company,
  from: '2024-01-01',
  to: '2024-03-31',
  lines: { 1: 25_000_000, 4: 1_000_000, 9: 400_000, 15: 780_000, 20: 780_000 },
  serviceLines: { 1: 10_000_000 },
};
const annual: OfficialFormSpec = {
  ...company,
  from: '2024-01-01',
  to: '2024-12-31',
  lines: {
    1: 1_200_000_000,
    2: 900_000_000,
    13: 150_000_000,
    15: 2_000_000,
    16: 500_000,
    23: 151_500_000,
    24: 2500,
    25: 37_875_000,
    26: 0,
    31: 37_875_000,
    32: 30_000_000,
  },
};
const prepayQ2: OfficialFormSpec = {
  ...company,
  from: '2024-01-01',
  to: '2024-06-30',
  lines: {
    1: 600_000_000,
    2: 450_000_000,
    3: 70_000_000,
    10: 70_000_000,
    12: 17_500_000,
    13: 1_000_000,
    14: 8_000_000,
  },
};

const VAT_MARCH = {
  taxableSalesGeneral: 100_000_000,
  taxableSalesSimplified: 2_000_000,
  exemptSales: 500_000,
  outputTax: 13_000_000,
  inputTax: 9_876_543,
  openingCreditBalance: 120_000,
  inputTaxTransferredOut: 100_000,
  closingCreditBalance: 0,
  taxPayable: 3_403_457,
  taxPaid: 2_900_000,
};

const sheets = () => [
  officialFormSheet('vat_general', march),
  officialFormSheet('vat_input_schedule', marchInput),
  officialFormSheet('cit_annual', annual),
  officialFormSheet('cit_prepay', prepayQ2),
];

describe('official returns as the e-tax bureau exports them', () => {
  for (const [format, build] of [
    ['xlsx', (s: XlsSheet[]) => xlsxBuffer(s)],
    ['xls', async (s: XlsSheet[]) => xlsBuffer(s)],
    ['pdf', async (s: XlsSheet[]) => officialFormPdf(s)],
  ] as const) {
    it(`maps the VAT main form, 附列资料（二）, A100000 and A200000 to the report figures (${format})`, async () => {
      const result = await readReturnSummary(await build(sheets()));
      expect(result.source).toBe('official');
      expect(result.problems).toEqual([]);
      expect(result.taxNos).toEqual([company.taxNo]);
      expect(result.vat).toEqual([
        {
          statement: 'vat_return',
          period: '2024-03',
          taxpayerType: 'general',
          figures: VAT_MARCH,
          source: expect.anything(),
        },
      ]);
      const cit = Object.fromEntries(result.cit.map((row) => [row.period, row.figures]));
      expect(cit['2024']).toEqual({
        operatingRevenue: 1_200_000_000,
        operatingCost: 900_000_000,
        totalProfit: 150_000_000,
        taxAdjustmentIncrease: 2_000_000,
        taxAdjustmentDecrease: 500_000,
        taxableIncome: 151_500_000,
        taxRate: 2500,
        taxOnTaxableIncome: 37_875_000,
        taxRelief: 0,
        taxPayable: 37_875_000,
        taxPrepaid: 30_000_000,
      });
      // A200000 is year to date, kept under the quarter it ends; 实际应纳 = 12 − 13.
      expect(cit['2024-Q2']).toEqual({
        operatingRevenue: 600_000_000,
        operatingCost: 450_000_000,
        totalProfit: 70_000_000,
        taxableIncome: 70_000_000,
        taxRate: 2500,
        taxOnTaxableIncome: 17_500_000,
        taxRelief: 1_000_000,
        taxPrepaid: 8_000_000,
        taxPayable: 16_500_000,
      });
    });
  }

  it('adds goods and services of the small-scale form (xls and PDF alike)', async () => {
    const expected = [
      {
        statement: 'vat_return',
        period: '2024-Q1',
        taxpayerType: 'small_scale',
        figures: { taxableSalesSimplified: 26_000_000, exemptSales: 400_000, taxPayable: 780_000 },
        source: expect.anything(),
      },
    ];
    const sheet = officialFormSheet('vat_small', smallQ1);
    expect((await readReturnSummary(xlsBuffer([sheet]))).vat).toEqual(expected);
    expect((await readReturnSummary(officialFormPdf([sheet]))).vat).toEqual(expected);
  });

  it('warns when 附列资料（二） disagrees with the main form and keeps the main form', async () => {
    const other = { ...marchInput, lines: { ...marchInput.lines, 12: 9_000_000 } };
    const result = await readReturnSummary(
      xlsBuffer([officialFormSheet('vat_general', march), officialFormSheet('vat_input_schedule', other)]),
    );
    expect(result.vat[0]?.figures.inputTax).toBe(9_876_543);
    expect(result.problems.map((problem) => problem.message)).toEqual([
      '增值税及附加税费申报表附列资料（二）（本期进项税额明细）（2024年3月）的金额 90,000.00 元与增值税申报汇总主表的 98,765.43 元不一致，已采用主表',
    ]);
  });

  it('refuses a form whose line numbers do not match its labels, and one without a period', async () => {
    const sheet = officialFormSheet('cit_annual', annual);
    const shifted = { ...sheet, rows: sheet.rows.map((row) => (row[0] === '25' ? ['26', ...row.slice(1)] : row)) };
    const result = await readReturnSummary(xlsBuffer([shifted]));
    expect(result.problems.filter((problem) => problem.level === 'error').map((problem) => problem.message)).toEqual([
      expect.stringContaining('与企业所得税年度纳税申报表（A类）A100000的表样不符'),
    ]);
    const undated = { ...sheet, rows: sheet.rows.filter((row) => !String(row[0] ?? '').startsWith('税款所属')) };
    const refused = await readReturnSummary(xlsBuffer([undated]));
    expect(refused.cit).toEqual([]);
    expect(refused.problems[0]?.message).toContain('未找到税款所属期');
  });

  it('says plainly what is wrong with a scanned PDF or a PDF that is no return', async () => {
    const scanned = await readReturnSummary(writeTextPdf([[]])).catch((error: unknown) => error);
    expect((scanned as ReturnImportError).code).toBe('PDF_NO_TEXT');
    const letter = await readReturnSummary(
      writeTextPdf([[{ x: 100, y: 100, text: '关于召开年度股东会的通知' }]]),
    ).catch((error: unknown) => error);
    expect((letter as ReturnImportError).code).toBe('NO_RETURN_SHEET');
    const broken = await readReturnSummary(Buffer.from('%PDF-1.4\nnot really')).catch((error: unknown) => error);
    expect(broken).toBeInstanceOf(ReturnImportError);
  });
});
