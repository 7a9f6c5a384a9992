import { describe, expect, it } from 'vitest';
import { iitWithholdingSheet, socialInsuranceSheet } from '../../fixtures/deduction-payroll.fixture.js';
import { xlsBuffer } from '../../fixtures/legacy-xls.writer.js';
import type { FileKindImportError } from '../workbook/file-kind.error.js';
import { readPayroll } from './payroll.reader.js';

const people = [
  { id: '110101199003071234', income: 12000, tax: 210 },
  { id: '110101198805126543', income: 8000, tax: 90 },
  { id: '11010119950101002X', income: 5000, tax: 0 },
];

describe('payroll files', () => {
  it('sums the 个税扣缴申报表 of a month: heads and wages of 工资薪金, tax of every item; no personal data kept', async () => {
    const sheet = iitWithholdingSheet('91110108769914581E', '2024-03', people, [
      [4, '外部讲师', '居民身份证', '110101198001010011', '劳务报酬所得', 3000, 800, 0, 440, 0, 440],
    ]);
    const result = await readPayroll(xlsBuffer([sheet]));
    expect(result).toEqual({
      source: 'iit',
      sheet: '综合所得预扣预缴表',
      employerTaxNos: ['91110108769914581E'],
      months: [
        {
          period: '2024-03',
          source: 'iit',
          headcount: 3,
          wageFen: 2_500_000,
          taxFen: 74_000,
          employerFen: null,
          employeeFen: null,
        },
      ],
      problems: [],
    });
    expect(JSON.stringify(result)).not.toContain('110101');
  });

  it('sums the 社保 list per month: one base per person, contributions of every 险种', async () => {
    const sheet = socialInsuranceSheet([
      { month: '2024-02', people: [{ id: '110101199003071234', base: 10000 }] },
      {
        month: '2024-03',
        people: [
          { id: '110101199003071234', base: 10000 },
          { id: '110101198805126543', base: 6000 },
        ],
      },
    ]);
    const result = await readPayroll(xlsBuffer([sheet]));
    expect(result.source).toBe('social_insurance');
    expect(result.employerTaxNos).toEqual([]);
    const named = await readPayroll(
      xlsBuffer([socialInsuranceSheet([{ month: '2024-02', people: [{ id: 'x', base: 1 }] }], '91440305ma5tl00030')]),
    );
    expect(named.employerTaxNos).toEqual(['91440305MA5TL00030']);
    expect(result.problems).toEqual([]);
    expect(result.months).toEqual([
      {
        period: '2024-02',
        source: 'social_insurance',
        headcount: 1,
        wageFen: 1_000_000,
        taxFen: null,
        employerFen: 167_000,
        employeeFen: 85_000,
      },
      {
        period: '2024-03',
        source: 'social_insurance',
        headcount: 2,
        wageFen: 1_600_000,
        taxFen: null,
        employerFen: 267_200,
        employeeFen: 136_000,
      },
    ]);
  });

  it('reports a bad amount by row, and refuses a file that is no payroll list', async () => {
    const sheet = iitWithholdingSheet('91110108769914581E', '2024-03', [{ id: 'x', income: 0, tax: 0 }]);
    (sheet.rows[4] as unknown[])[5] = '一万二';
    const result = await readPayroll(xlsBuffer([sheet]));
    expect(result.problems.map((problem) => problem.message)).toEqual([expect.stringContaining('第5行：本期收入：')]);
    const error = await readPayroll(xlsBuffer([{ name: 'a', rows: [['月份', '金额']] }])).catch(
      (caught: unknown) => caught,
    );
    expect((error as FileKindImportError).code).toBe('NOT_PAYROLL');
  });
});
