import { describe, expect, it } from 'vitest';
import { xlsBuffer } from '../../fixtures/legacy-xls.writer.js';
import { officialFormPdf, officialFormSheet } from '../../fixtures/official-returns.fixture.js';
import { type SalesScheduleSpec, vatSalesScheduleSheet } from '../../fixtures/vat-sales-schedule.fixture.js';
import { readReturnSummary } from './return-summary.reader.js';

/** 附列资料（一）: sales by invoice kind for the 票表比对, and the main form's sales lines cross-checked. */

const company = { company: '示例星河科技有限公司', taxNo: '91110108769914581E' };
// Columns 1–8 in fen: 专票 销售额/税额, 其他发票, 未开票, 纳税检查调整.
const schedule: SalesScheduleSpec = {
  ...company,
  from: '2024-03-01',
  to: '2024-03-31',
  lines: {
    '1': [60_000_000, 7_800_000, 20_000_000, 2_600_000, 5_000_000, 650_000, 0, 0],
    '5': [10_000_000, 600_000, 5_000_000, 300_000, 0, 0, 0, 0],
    // 即征即退 is a part of line 1 above: not counted twice, and not in the main form's 一般项目.
    '6': [1_000_000, 130_000, 0, 0, 0, 0, 0, 0],
    '9b': [1_000_000, 50_000, 0, 0, 0, 0, 0, 0],
    '12': [0, 0, 800_000, 24_000, 200_000, 6_000, 0, 0],
    '18': [0, 0, 300_000, 0, 200_000, 0, 0, 0],
  },
};
const expected = {
  taxableSalesGeneral: 60_000_000 + 20_000_000 + 5_000_000 + 10_000_000 + 5_000_000 - 1_000_000,
  taxableSalesSimplified: 1_000_000 + 800_000 + 200_000,
  exemptSales: 500_000,
  salesSpecialInvoice: 60_000_000 + 10_000_000 + 1_000_000,
  salesOtherInvoice: 20_000_000 + 5_000_000 + 800_000 + 300_000,
  salesNoInvoice: 5_000_000 + 200_000 + 200_000,
  salesInspectionAdjusted: 0,
};

describe('附列资料（一）（本期销售情况明细）', () => {
  for (const [format, build] of [
    ['xls', () => xlsBuffer([vatSalesScheduleSheet(schedule)])],
    ['pdf', () => officialFormPdf([vatSalesScheduleSheet(schedule)], 46)],
  ] as const) {
    it(`reads sales by invoice kind and by section, 即征即退 lines not counted twice (${format})`, async () => {
      const result = await readReturnSummary(build());
      expect(result.problems).toEqual([]);
      expect(result.taxNos).toEqual([company.taxNo]);
      expect(result.vat).toEqual([
        {
          statement: 'vat_return',
          period: '2024-03',
          taxpayerType: 'general',
          figures: expected,
          source: expect.anything(),
        },
      ]);
    });
  }

  it('adds its invoice-kind sales to the main form and warns where their sales lines disagree', async () => {
    const main = (general: number) =>
      officialFormSheet('vat_general', {
        ...schedule,
        lines: { 1: general, 5: expected.taxableSalesSimplified, 8: expected.exemptSales, 11: 12_000_000, 24: 1 },
      });
    const agreeing = await readReturnSummary(
      xlsBuffer([main(expected.taxableSalesGeneral), vatSalesScheduleSheet(schedule)]),
    );
    expect(agreeing.problems).toEqual([]);
    expect(agreeing.vat[0]?.figures).toMatchObject({
      taxableSalesGeneral: expected.taxableSalesGeneral,
      outputTax: 12_000_000,
      salesNoInvoice: 5_400_000,
    });
    const differing = await readReturnSummary(xlsBuffer([main(90_000_000), vatSalesScheduleSheet(schedule)]));
    expect(differing.vat[0]?.figures.taxableSalesGeneral).toBe(90_000_000);
    expect(differing.problems.map((problem) => [problem.level, problem.message])).toEqual([
      ['warning', expect.stringContaining('附列资料（一）（本期销售情况明细）（2024年3月）的金额 990,000.00 元')],
    ]);
  });

  it('refuses a line printed under the wrong section and a schedule without column numbers', async () => {
    const sheet = vatSalesScheduleSheet(schedule);
    const moved = {
      ...sheet,
      rows: sheet.rows.map((row) => (row[2] === '18' ? row.map((cell, index) => (index === 2 ? '8' : cell)) : row)),
    };
    const result = await readReturnSummary(xlsBuffer([moved]));
    expect(result.problems.map((problem) => `${problem.level} ${problem.message}`)).toEqual([
      expect.stringContaining(
        'error 第29行：栏次8不在增值税及附加税费申报表附列资料（一）（本期销售情况明细）应有的位置',
      ),
    ]);
    const bare = { ...sheet, rows: sheet.rows.filter((row) => row[3] !== '1') };
    const refused = await readReturnSummary(xlsBuffer([bare]));
    expect(refused.problems.map((problem) => problem.message)).toEqual([expect.stringContaining('未找到列次行')]);
  });
});
