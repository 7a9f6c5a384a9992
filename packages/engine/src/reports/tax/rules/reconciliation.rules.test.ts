import { describe, expect, it } from 'vitest';
import { cit, figure, income, invoices2024, run, vatMonths, wan } from '../testing/tax.fixtures.js';
import {
  profitGapBooksCitRule,
  revenueGapBooksCitRule,
  revenueGapInvoiceBooksRule,
  revenueGapInvoiceVatRule,
  revenueGapVatCitRule,
} from './reconciliation.rules.js';

describe('TAX_REVENUE_GAP_VAT_CIT 增值税与所得税申报收入差异', () => {
  const vat90 = vatMonths(2024, { taxableSalesGeneral: 90 }); // 12 × 90万 = 1080万

  it('1080万 declared for VAT against 1200万 for CIT: gap −120万 = 10% of 1200万 → medium', () => {
    const finding = run(revenueGapVatCitRule, [...vat90, cit('2024', { operatingRevenue: 1200 })]);
    expect(finding.level).toBe('medium');
    expect(figure(finding, '2024年度增值税申报销售额')).toBe(wan(1080));
    expect(figure(finding, '2024年度差额')).toBe(wan(-120));
    expect(figure(finding, '2024年度差异率')).toBe(10);
  });

  it('boundaries: 269/1349 = 19.94% medium, 270/1350 = 20% high, 110/1190 = 9.24% none', () => {
    const at = (revenue: number) =>
      run(revenueGapVatCitRule, [...vat90, cit('2024', { operatingRevenue: revenue })]).level;
    expect(at(1349)).toBe('medium');
    expect(at(1350)).toBe('high');
    expect(at(1190)).toBe('none');
  });

  it('counts simplified and exempt sales: 80 + 5 + 5 = 90万 a month gives the same 10%', () => {
    const months = vatMonths(2024, { taxableSalesGeneral: 80, taxableSalesSimplified: 5, exemptSales: 5 });
    expect(run(revenueGapVatCitRule, [...months, cit('2024', { operatingRevenue: 1200 })]).level).toBe('medium');
  });

  it('ignores a gap under 1万元 however large in %: 0.05万 × 12 = 6 000元 against zero', () => {
    const months = vatMonths(2024, { taxableSalesGeneral: 0.05 });
    expect(run(revenueGapVatCitRule, [...months, cit('2024', { operatingRevenue: 0 })]).level).toBe('none');
  });

  it('is insufficient without the CIT return, saying which', () => {
    const finding = run(revenueGapVatCitRule, vat90);
    expect(finding.level).toBe('insufficient');
    expect(finding.missingData?.join()).toContain('截至2024年12月的企业所得税申报');
  });

  it('is insufficient when a month of VAT is missing, naming the month', () => {
    const finding = run(revenueGapVatCitRule, [...vat90.slice(0, 11), cit('2024', { operatingRevenue: 1080 })]);
    expect(finding.missingData?.join()).toContain('2024年12月的增值税申报汇总');
  });
});

describe('TAX_REVENUE_GAP_INVOICE_BOOKS 开票收入与账面收入差异', () => {
  const invoices = invoices2024(100, 50); // 12 × 100万 = 1200万 invoiced

  it('1200万 invoiced against 1090万 booked: 110/1090 = 10.09% → medium; against 1000万 20% → high', () => {
    const medium = run(revenueGapInvoiceBooksRule, [income('2024', { operatingRevenue: 1090 })], { invoices });
    expect(medium.level).toBe('medium');
    expect(figure(medium, '2024年度开票收入（不含税）')).toBe(wan(1200));
    expect(figure(medium, '2024年度差异率')).toBe(10.09);
    expect(run(revenueGapInvoiceBooksRule, [income('2024', { operatingRevenue: 1000 })], { invoices }).level).toBe(
      'high',
    );
    expect(run(revenueGapInvoiceBooksRule, [income('2024', { operatingRevenue: 1100 })], { invoices }).level).toBe(
      'none',
    );
  });

  it('books far above invoices (无票收入): 600/1800 = 33% → low', () => {
    expect(run(revenueGapInvoiceBooksRule, [income('2024', { operatingRevenue: 1800 })], { invoices }).level).toBe(
      'low',
    );
  });

  it('leaves void invoices out: one void month → 1100万 invoiced against 1000万 = 10% → medium', () => {
    const withVoid = {
      invoices: invoices.invoices.map((item, index) => (index === 0 ? { ...item, status: 'void' as const } : item)),
      lines: invoices.lines,
    };
    const finding = run(revenueGapInvoiceBooksRule, [income('2024', { operatingRevenue: 1000 })], {
      invoices: withVoid,
    });
    expect(figure(finding, '2024年度开票收入（不含税）')).toBe(wan(1100));
    expect(finding.level).toBe('medium');
  });

  it('is insufficient without invoices', () => {
    const finding = run(revenueGapInvoiceBooksRule, [income('2024', { operatingRevenue: 1000 })]);
    expect(finding.missingData).toEqual(['发票数据（电子税务局全量发票查询导出）']);
  });
});

describe('TAX_REVENUE_GAP_INVOICE_VAT 开票收入与增值税申报收入差异', () => {
  const invoices = invoices2024(100, 50);
  const declared = (december: number) =>
    run(
      revenueGapInvoiceVatRule,
      vatMonths(2024, { taxableSalesGeneral: 100 }, { 12: { taxableSalesGeneral: december } }),
      {
        invoices,
      },
    );

  it('all invoiced sales declared → none; declared above invoiced (无票收入) → none', () => {
    expect(declared(100).level).toBe('none');
    expect(declared(150).level).toBe('none');
  });

  it('December declared 40万 of 100万: 60/1140 = 5.26% under-declared → high', () => {
    const finding = declared(40);
    expect(finding.level).toBe('high');
    expect(figure(finding, '2024年度差额')).toBe(wan(60));
  });

  it('boundaries: 15/1185 = 1.27% → medium; 10/1190 = 0.84% → none', () => {
    expect(declared(85).level).toBe('medium');
    expect(declared(90).level).toBe('none');
  });
});

describe('TAX_REVENUE_GAP_BOOKS_CIT 账面收入与所得税申报收入差异', () => {
  const at = (citRevenue: number) =>
    run(revenueGapBooksCitRule, [
      income('2024', { operatingRevenue: 1000 }),
      cit('2024', { operatingRevenue: citRevenue }),
    ]).level;

  it('equal → none; 1009 (0.9%) none; 1010 (1%) medium; 1100 (10%) high', () => {
    expect(at(1000)).toBe('none');
    expect(at(1009)).toBe('none');
    expect(at(1010)).toBe('medium');
    expect(at(1100)).toBe('high');
  });
});

describe('TAX_PROFIT_GAP_BOOKS_CIT 账面利润与所得税申报利润差异', () => {
  const at = (books: number, declared: number) =>
    run(profitGapBooksCitRule, [income('2024', { totalProfit: books }), cit('2024', { totalProfit: declared })]).level;

  it('100万 booked: 104 none, 105 (5%) medium, 120 (20%) high', () => {
    expect(at(100, 104)).toBe('none');
    expect(at(100, 105)).toBe('medium');
    expect(at(100, 120)).toBe('high');
  });

  it('equal losses → none; 5 000元 against zero is under the 1万元 floor → none', () => {
    expect(at(-50, -50)).toBe('none');
    expect(at(0.5, 0)).toBe('none');
  });
});

describe('invoice coverage', () => {
  const TWO_YEARS = { period: { start: '2023-01', end: '2024-12' } };
  const books = [income('2023', { operatingRevenue: 1200 }), income('2024', { operatingRevenue: 1200 })];

  it('compares only the years the invoices cover and says why the others were skipped', () => {
    const finding = run(revenueGapInvoiceBooksRule, books, { ...TWO_YEARS, invoices: invoices2024(100, 50) });
    expect(finding.level).toBe('none');
    expect(finding.summary).toContain('2024年度开票收入（不含税）12,000,000.00元');
    expect(finding.summary).toContain('2023年度数据不足，未检测');
  });

  it('takes a stated invoice period: a year without invoices then counts as invoiced zero', () => {
    const finding = run(revenueGapInvoiceBooksRule, books, {
      ...TWO_YEARS,
      invoices: invoices2024(100, 50),
      invoicePeriod: { start: '2023-01', end: '2024-12' },
    });
    expect(figure(finding, '2023年度开票收入（不含税）')).toBe(0);
    expect(finding.level).toBe('low');
  });

  it('names the months covered when a year is not', () => {
    const finding = run(revenueGapInvoiceBooksRule, [books[0] as (typeof books)[number]], {
      period: { start: '2023-01', end: '2023-12' },
      invoices: invoices2024(100, 50),
      invoicePeriod: { start: '2023-07', end: '2023-12' },
    });
    expect(finding.missingData).toEqual(['2023年度完整的发票数据（已导入的发票只覆盖2023年7月至12月）']);
  });
});
