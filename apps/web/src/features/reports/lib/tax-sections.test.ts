import type { ComprehensiveScore, FindingCounts, TaxCategoryGroup } from '@taxlens/engine/types';
import { describe, expect, it } from 'vitest';
import {
  categoryCounts,
  figureSourceLines,
  gradeBands,
  groupStoredSets,
  periodRunsText,
  scoreTable,
  scoreTone,
  statementLabel,
} from './tax-sections';

const counts = (high: number, medium: number, low: number): FindingCounts => ({
  high,
  medium,
  low,
  none: 1,
  insufficient: 0,
});

function group(key: TaxCategoryGroup['key'], countField: TaxCategoryGroup['countField'], riskCount: number) {
  return { key, name: key, countField, riskCount, counts: counts(riskCount, 0, 0), findings: [] };
}

const PARAMETERS: ComprehensiveScore['parameters'] = {
  start: 100,
  perFinding: { high: 10, medium: 5, low: 2 },
  caps: { declaration: 30, compliance: 30, operations: 20, invoice: 20 },
  grades: [
    { min: 90, label: '优（风险较低）', level: 'low' },
    { min: 75, label: '良（存在一定风险）', level: 'medium' },
    { min: 60, label: '中（风险较高）', level: 'high' },
    { min: 0, label: '差（风险高）', level: 'high' },
  ],
  maxInsufficientShare: 0.3,
};

describe('categoryCounts', () => {
  it('reads each category’s count from the notification field the engine names', () => {
    const rows = categoryCounts({ sscwhsfxListNum: 3, szhsfxListNum: 1, jyfxListNum: 5 }, [
      group('declaration', 'sscwhsfxListNum', 0),
      group('compliance', 'szhsfxListNum', 0),
      group('operations', 'jyfxListNum', 0),
    ]);
    expect(rows.map((row) => [row.key, row.count])).toEqual([
      ['declaration', 3],
      ['compliance', 1],
      ['operations', 5],
    ]);
  });
});

describe('scoreTable', () => {
  it('marks the groups the cap cut and sums the table', () => {
    const table = scoreTable({
      rows: [
        { key: 'declaration', name: '申报', high: 1, medium: 1, low: 0, rawDeduction: 15, cap: 30, deduction: 15 },
        { key: 'operations', name: '经营', high: 2, medium: 3, low: 0, rawDeduction: 35, cap: 20, deduction: 20 },
        { key: 'invoice', name: '发票', high: 0, medium: 0, low: 2, rawDeduction: 4, cap: 20, deduction: 4 },
      ],
    });
    expect(table.rows.map((row) => row.capped)).toEqual([false, true, false]);
    expect(table.total).toEqual({
      high: 3,
      medium: 4,
      low: 2,
      rawDeduction: 54,
      cap: 70,
      deduction: 39,
    });
  });
});

describe('scoreTone and gradeBands', () => {
  it('colours by grade: best green, worst red', () => {
    expect(scoreTone({ value: 95, parameters: PARAMETERS })).toBe('success');
    expect(scoreTone({ value: 90, parameters: PARAMETERS })).toBe('success');
    expect(scoreTone({ value: 80, parameters: PARAMETERS })).toBe('normal');
    expect(scoreTone({ value: 60, parameters: PARAMETERS })).toBe('warning');
    expect(scoreTone({ value: 59, parameters: PARAMETERS })).toBe('error');
    expect(scoreTone({ value: 0, parameters: PARAMETERS })).toBe('error');
  });

  it('lists the grades with their ranges and marks the score’s own', () => {
    const bands = gradeBands({ value: 74, parameters: PARAMETERS });
    expect(bands.map((band) => band.range)).toEqual(['90分及以上', '75分及以上', '60分及以上', '低于60分']);
    expect(bands.filter((band) => band.current).map((band) => band.label)).toEqual(['中（风险较高）']);
    // The engine withheld the top grade (thin data): its grade is the one marked, and the tone follows.
    const withheld = { value: 95, grade: '良（存在一定风险）', parameters: PARAMETERS };
    expect(
      gradeBands(withheld)
        .filter((band) => band.current)
        .map((band) => band.label),
    ).toEqual(['良（存在一定风险）']);
    expect(scoreTone(withheld)).toBe('normal');
  });
});

describe('figureSourceLines', () => {
  it('names the statement and periods, then the files', () => {
    expect(
      figureSourceLines({
        kind: 'vat_return',
        label: '增值税申报汇总',
        periods: ['2023-01', '2023-02'],
        periodText: '2023年1月至2023年2月（2期）',
        origins: ['导入文件a.xlsx（2026-01-20）', '手工录入'],
      }),
    ).toEqual(['增值税申报汇总 · 2023年1月至2023年2月（2期）', '导入文件a.xlsx（2026-01-20）；手工录入']);
  });

  it('shows how a derived figure was computed', () => {
    expect(
      figureSourceLines({
        kind: 'derived',
        label: '计算',
        periods: [],
        periodText: '2024年度',
        origins: [],
        formula: '应纳税额 ÷ 应税销售额',
      }),
    ).toEqual(['计算（2024年度）：应纳税额 ÷ 应税销售额']);
  });
});

describe('periodRunsText', () => {
  it('joins consecutive periods into runs, years before quarters before months', () => {
    expect(periodRunsText(['2023-03', '2023-01', '2023-02', '2023-05', '2024', '2023', '2024-Q1', '2024-Q2'])).toBe(
      '2023年度至2024年度（2期）、2024年第1季度至2024年第2季度（2期）、2023年1月至2023年3月（3期）、2023年5月',
    );
  });

  it('runs across a year end, ignores repeats and keeps text that is no period', () => {
    expect(periodRunsText(['2024-12', '2025-01', '2025-01', 'bad'])).toBe('2024年12月至2025年1月（2期）、bad');
  });
});

describe('groupStoredSets', () => {
  it('groups by statement, origin and use, statements in catalogue order, used first', () => {
    const file = '导入文件a.xlsx';
    const groups = groupStoredSets([
      { statement: 'vat_return', period: '2024-02', origin: file, used: true },
      { statement: 'balance_sheet', period: '2024', origin: file, used: true },
      { statement: 'vat_return', period: '2024-01', origin: file, used: true },
      { statement: 'vat_return', period: '2024-03', origin: file, used: false },
      { statement: null, period: '2024', origin: '手工录入', used: false },
    ]);
    expect(groups.map((item) => [item.statement, item.used, item.count, item.periodsText])).toEqual([
      ['balance_sheet', true, 1, '2024年度'],
      ['vat_return', true, 2, '2024年1月至2024年2月（2期）'],
      ['vat_return', false, 1, '2024年3月'],
      [null, false, 1, '2024年度'],
    ]);
    expect(statementLabel('vat_return')).toBe('增值税申报汇总');
    expect(statementLabel(null)).toBe('无法识别的报表');
  });
});
