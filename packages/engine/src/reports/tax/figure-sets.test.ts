import { describe, expect, it } from 'vitest';
import {
  balanceAt,
  coverFlow,
  coverYearToDate,
  monthIndex,
  originText,
  rangesText,
  type StoredSet,
  storedSet,
} from './figure-sets.js';

const make = (index: number, statement: string, period: string, figures: Record<string, number>) =>
  storedSet(index, statement, period, 'general', figures, 'test') as StoredSet;
const JAN = monthIndex('2024-01');
const DEC = monthIndex('2024-12');
const none = new Map<number, string>();

describe('month helpers', () => {
  it('write month runs in Chinese', () => {
    expect(rangesText([JAN, JAN + 1, JAN + 2, JAN + 6])).toBe('2024年1月至3月、2024年7月');
    expect(rangesText([DEC, DEC + 1])).toBe('2024年12月至2025年1月');
  });

  it('name where a set came from', () => {
    expect(originText({ kind: 'import', fileName: 'a.xlsx', at: '2025-03-01T08:00:00Z' })).toBe(
      '导入文件a.xlsx（2025-03-01）',
    );
    expect(originText({ kind: 'manual' })).toBe('手工录入');
    expect(originText(null)).toBe('来源未注明');
  });

  it('reject what is no period or no statement', () => {
    expect(storedSet(0, 'income_statement', '2024-13', 'general', {}, '')).toBeNull();
    expect(storedSet(0, 'cash_flow', '2024', 'general', {}, '')).toBeNull();
  });
});

describe('coverFlow', () => {
  it('prefers the longest period and sums flows: Q1 + April–December', () => {
    const sets = [
      make(0, 'vat_return', '2024-Q1', { taxableSalesGeneral: 300, openingCreditBalance: 7, closingCreditBalance: 5 }),
      ...Array.from({ length: 9 }, (_, index) =>
        make(index + 1, 'vat_return', `2024-${String(index + 4).padStart(2, '0')}`, {
          taxableSalesGeneral: 100,
          closingCreditBalance: index,
        }),
      ),
    ];
    const cover = coverFlow('vat_return', sets, none, JAN, DEC);
    expect(cover.ok).toBe(true);
    if (!cover.ok) return;
    expect(cover.figures.taxableSalesGeneral).toBe(1200);
    // Credit balances are balances: the opening of the first period, the closing of the last.
    expect(cover.figures.openingCreditBalance).toBe(7);
    expect(cover.figures.closingCreditBalance).toBe(8);
    expect(cover.source.periodText).toBe('2024年第1季度至2024年12月（10期）');
  });

  it('says which months are missing and why a set was skipped', () => {
    const sets = [make(0, 'vat_return', '2024-Q1', {}), make(1, 'vat_return', '2024-Q2', {})];
    const cover = coverFlow('vat_return', sets, new Map([[1, '某原因']]), JAN, monthIndex('2024-06'));
    expect(cover).toEqual({ ok: false, missing: ['2024年4月至6月的增值税申报汇总', '可用数据（某原因）'] });
  });
});

describe('coverYearToDate (CIT returns are year to date)', () => {
  const sets = [
    make(0, 'cit_return', '2024-Q1', { operatingRevenue: 300, taxRate: 2500 }),
    make(1, 'cit_return', '2024-Q3', { operatingRevenue: 1000, taxRate: 2500 }),
    make(2, 'cit_return', '2024-Q4', { operatingRevenue: 1300 }),
    make(3, 'cit_return', '2024', { operatingRevenue: 1310 }),
  ];

  it('takes the annual return over the Q4 prepayment for the year', () => {
    const cover = coverYearToDate(sets, none, JAN, DEC);
    expect(cover.ok && cover.figures.operatingRevenue).toBe(1310);
  });

  it('subtracts the return before the start: April–September = Q3 − Q1 = 700, the rate kept', () => {
    const cover = coverYearToDate(sets, none, monthIndex('2024-04'), monthIndex('2024-09'));
    expect(cover.ok && cover.figures).toEqual({ operatingRevenue: 700, taxRate: 2500 });
    expect(cover.ok && cover.source.formula).toBe('2024-Q3累计数减2024-Q1累计数');
  });

  it('is missing when no return ends on the month', () => {
    const cover = coverYearToDate(sets, none, JAN, monthIndex('2024-06'));
    expect(cover).toEqual({ ok: false, missing: ['截至2024年6月的企业所得税申报（年度或季度预缴，累计数）'] });
  });
});

describe('balanceAt', () => {
  it('finds the sheet dated at a month end whatever its period kind', () => {
    const sets = [make(0, 'balance_sheet', '2024-Q2', { cash: 1 }), make(1, 'balance_sheet', '2024', { cash: 2 })];
    expect(balanceAt(sets, none, monthIndex('2024-06'))).toMatchObject({ ok: true, figures: { cash: 1 } });
    expect(balanceAt(sets, none, DEC)).toMatchObject({ ok: true, figures: { cash: 2 } });
    expect(balanceAt(sets, none, monthIndex('2024-03'))).toEqual({ ok: false, missing: ['2024年3月末的资产负债表'] });
  });
});
