import type { StatementLayout } from '@taxlens/shared';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { demoAnnualFigures } from '../../fixtures/financials-demo.fixture.js';
import { type XlsSheet, xlsBuffer } from '../../fixtures/legacy-xls.writer.js';
import {
  type StatementExportSpec,
  type StatementExportStyle,
  statementExportSheets,
} from '../../fixtures/statement-exports.fixture.js';
import { readStatements } from './statement.importer.js';

async function xlsxBuffer(sheets: XlsSheet[]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  for (const sheet of sheets) {
    const target = book.addWorksheet(sheet.name);
    for (const row of sheet.rows) target.addRow(row);
  }
  return Buffer.from(await book.xlsx.writeBuffer());
}

const scaled = (figures: Record<string, number>, share: number) =>
  Object.fromEntries(Object.entries(figures).map(([key, fen]) => [key, Math.round(fen * share)]));

function spec(style: StatementExportStyle, layout: StatementLayout, period: string): StatementExportSpec {
  const year = demoAnnualFigures(2024, layout);
  const before = demoAnnualFigures(2023, layout);
  const monthly = period.length === 7 && !period.includes('Q');
  return {
    style,
    layout,
    period,
    company: '示例星河科技有限公司',
    taxNo: '91110108769914581E',
    balanceSheet: { end: year.balanceSheet, yearStart: before.balanceSheet },
    // A month's own amounts differ from the quarter to date; a quarter or a year is its own year to date here.
    incomeStatement: monthly
      ? { current: scaled(year.incomeStatement, 1 / 12), ytd: scaled(year.incomeStatement, 1 / 4) }
      : { current: year.incomeStatement, ytd: year.incomeStatement },
  };
}

// A balance date is kept under the longest period ending on it (31 Mar → 2024-Q1, 31 Dec → the year).
const CASES: [StatementExportStyle, StatementLayout, string, { balance: string[]; income: string[] }][] = [
  ['etax', 'small', '2024-Q1', { balance: ['2023', '2024-Q1'], income: ['2024-Q1'] }],
  ['etax', 'general', '2024', { balance: ['2023', '2024'], income: ['2024'] }],
  ['etax', 'small', '2024-03', { balance: ['2023', '2024-Q1'], income: ['2024-03', '2024-Q1'] }],
  ['kingdee', 'small', '2024-03', { balance: ['2023', '2024-Q1'], income: ['2024-03', '2024-Q1'] }],
  ['kingdee', 'general', '2024', { balance: ['2023', '2024'], income: ['2024'] }],
  ['yonyou', 'general', '2024', { balance: ['2023', '2024'], income: ['2024'] }],
  ['yonyou', 'small', '2024-Q1', { balance: ['2023', '2024-Q1'], income: ['2024-Q1'] }],
  ['chanjet', 'small', '2024-Q1', { balance: ['2023', '2024-Q1'], income: ['2024-Q1'] }],
  ['chanjet', 'general', '2024-03', { balance: ['2023', '2024-Q1'], income: ['2024-03', '2024-Q1'] }],
];

describe('statement exports of the e-tax bureau and bookkeeping software', () => {
  for (const [style, layout, period, expected] of CASES) {
    it(`reads the ${style} ${layout} export of ${period}, as .xls and as .xlsx alike`, async () => {
      const exported = spec(style, layout, period);
      const sheets = statementExportSheets(exported);
      const fromXls = await readStatements(xlsBuffer(sheets));
      const fromXlsx = await readStatements(await xlsxBuffer(sheets));
      expect(fromXls).toEqual(fromXlsx);
      const errors = fromXls.problems.filter((problem) => problem.level === 'error');
      expect(errors).toEqual([]);
      const periods = (statement: string) =>
        fromXls.statements
          .filter((item) => item.statement === statement)
          .map((item) => item.period)
          .sort();
      expect(periods('balance_sheet')).toEqual(expected.balance);
      expect(periods('income_statement')).toEqual(expected.income);
      for (const statement of fromXls.statements) expect(statement.layout).toBe(layout);
      const end = fromXls.statements.find(
        (item) => item.statement === 'balance_sheet' && item.period === expected.balance[1],
      );
      const endFigures = (end?.figures ?? {}) as Record<string, number>;
      expect(endFigures.totalAssets).toBe(exported.balanceSheet.end.totalAssets);
      expect(endFigures.totalLiabilities).toBe(exported.balanceSheet.end.totalLiabilities);
      const income = fromXls.statements.find((item) => item.statement === 'income_statement' && item.period === period);
      const incomeFigures = (income?.figures ?? {}) as Record<string, number>;
      expect(incomeFigures.operatingRevenue).toBe(exported.incomeStatement.current.operatingRevenue);
      expect(incomeFigures.netProfit).toBe(exported.incomeStatement.current.netProfit);
      if (style === 'etax' || style === 'kingdee' || style === 'chanjet') {
        expect(end?.companyName).toBe('示例星河科技有限公司');
      }
    });
  }

  it('reads the period beside a company name with digits in it (金蝶 quarterly 2024年1-3月)', async () => {
    for (const company of ['示例三六零科技有限公司123457', '北京360科技有限公司']) {
      const result = await readStatements(
        xlsBuffer(statementExportSheets({ ...spec('kingdee', 'small', '2024-Q1'), company })),
      );
      expect(result.statements.map((item) => `${item.statement}:${item.period}`).sort()).toEqual([
        'balance_sheet:2023',
        'balance_sheet:2024-Q1',
        'income_statement:2024-Q1',
      ]);
    }
  });
});
