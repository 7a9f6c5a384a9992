import type { DataOverview } from '@taxlens/shared';
import { describe, expect, it } from 'vitest';
import { hasStatements, statementYears, yearData } from './data-years';

const month = (value: string, count: number) => ({
  month: value,
  salesCount: count,
  salesAmountFen: 0,
  salesTaxFen: 0,
  purchaseCount: 0,
  purchaseAmountFen: 0,
  purchaseTaxFen: 0,
});

/** The demo company's shape: annual statements 2022–2025, CIT 2023–2025, VAT by month, invoices 2025. */
const overview: DataOverview = {
  invoices: {
    total: 30,
    lines: 60,
    firstMonth: '2025-01',
    lastMonth: '2025-03',
    gaps: [],
    months: [month('2025-01', 10), month('2025-02', 0), month('2025-03', 20)],
  },
  figures: [
    { statement: 'balance_sheet', periods: ['2022', '2023', '2024', '2025'] },
    { statement: 'income_statement', periods: ['2022', '2023', '2024-Q1', '2025'] },
    { statement: 'cit_return', periods: ['2023', '2024', '2025'] },
    { statement: 'vat_return', periods: ['2024-01', '2024-02', '2024-Q2', '2025'] },
  ],
  lastImport: null,
  lastInvoiceImport: null,
  lastFiguresImports: [],
};

describe('data per year for the yearly reports', () => {
  it('lists the years that have any statement or return', () => {
    expect(statementYears(overview)).toEqual([2022, 2023, 2024, 2025]);
    expect(statementYears(undefined)).toEqual([]);
    expect(statementYears({ ...overview, figures: [] })).toEqual([]);
  });

  it('counts the months each kind covers in a year (quarters and years spread over their months)', () => {
    const [y2024, y2025, y2026] = yearData(overview, [2024, 2025, 2026]);
    expect(y2024?.months).toEqual({
      balance_sheet: 12,
      income_statement: 3,
      vat_return: 5,
      cit_return: 12,
      invoices: 0,
    });
    // Invoices count only months with any invoice.
    expect(y2025?.months.invoices).toBe(2);
    expect(y2025?.months.vat_return).toBe(12);
    expect(y2026 && hasStatements(y2026)).toBe(false);
    expect(y2024 && hasStatements(y2024)).toBe(true);
  });

  it('ignores a period it cannot read', () => {
    const odd = { ...overview, figures: [{ statement: 'vat_return' as const, periods: ['2025-13'] }] };
    expect(statementYears(odd)).toEqual([]);
  });
});
