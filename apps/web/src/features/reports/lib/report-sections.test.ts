import type { Finding, SideOverview } from '@taxlens/engine/types';
import { describe, expect, it } from 'vitest';
import {
  compareRates,
  concentrationBand,
  countByLevel,
  fenToWan,
  filterFindings,
  formatFigure,
  kindSlices,
  monthSeries,
  overallLevelOf,
  rateSeries,
  redVoidRows,
  rulesVersionText,
  sortFindings,
  sourcesLine,
} from './report-sections';

function totals(amountFen: number, count = 1, taxFen = 0) {
  return { count, amountFen, taxFen, totalFen: amountFen + taxFen };
}

function side(partial: Partial<SideOverview>): SideOverview {
  return {
    byMonth: [],
    byRate: [],
    byKind: [],
    net: totals(0, 0),
    blue: totals(0, 0),
    red: { ...totals(0, 0), amountRatioPct: 0, countRatioPct: 0 },
    void: { ...totals(0, 0), countRatioPct: 0 },
    ...partial,
  };
}

function finding(ruleId: string, level: Finding['level']): Finding {
  return {
    ruleId,
    title: ruleId,
    category: 'c',
    level,
    summary: '',
    figures: [],
    threshold: '',
    evidence: null,
    explanation: '',
    basis: '',
    suggestion: '',
  };
}

describe('overview shaping', () => {
  it('fen to 万元 with two decimals', () => {
    expect(fenToWan(391_579_501)).toBe(391.58);
    expect(fenToWan(0)).toBe(0);
    expect(fenToWan(-74_206_816)).toBe(-74.21);
  });

  it('puts both sides on one month axis, 0 where a side has no month', () => {
    const series = monthSeries({
      sales: side({
        byMonth: [
          { month: '2025-02', ...totals(2_000_000, 1, 260_000) },
          { month: '2025-01', ...totals(1_000_000, 1, 130_000) },
        ],
      }),
      purchases: side({ byMonth: [{ month: '2025-03', ...totals(500_000, 1, 65_000) }] }),
    });
    expect(series.months).toEqual(['2025-01', '2025-02', '2025-03']);
    expect(series.salesWan).toEqual([1, 2, 0]);
    expect(series.purchasesWan).toEqual([0, 0, 0.5]);
    expect(series.salesTaxWan).toEqual([0.13, 0.26, 0]);
    expect(series.purchaseTaxWan).toEqual([0, 0, 0.07]);
  });

  it('orders rates high to low, words last', () => {
    expect(['免税', '6%', '13%', '未注明', '9%', '1.5%'].sort(compareRates)).toEqual([
      '13%',
      '9%',
      '6%',
      '1.5%',
      '免税',
      '未注明',
    ]);
    const series = rateSeries({
      sales: side({
        byRate: [
          { rate: '6%', ...totals(3_000_000) },
          { rate: '13%', ...totals(1_000_000) },
        ],
      }),
      purchases: side({ byRate: [{ rate: '免税', ...totals(10_000) }] }),
    });
    expect(series).toEqual({ categories: ['13%', '6%', '免税'], salesWan: [1, 3, 0], purchasesWan: [0, 0, 0.01] });
  });

  it('drops kinds whose net amount is not positive', () => {
    expect(
      kindSlices({
        byKind: [
          { kind: '数电发票（普通发票）', ...totals(2_000_000, 3) },
          { kind: '增值税专用发票', ...totals(-5_000, 1) },
        ],
      }),
    ).toEqual([{ name: '数电发票（普通发票）', valueWan: 2, count: 3 }]);
  });

  it('red rows carry both ratios, void rows only the count ratio', () => {
    const rows = redVoidRows({
      sales: side({
        red: { ...totals(-742_068_16, 17), amountRatioPct: 1.65, countRatioPct: 3.56 },
        void: { ...totals(955_449_38, 10), countRatioPct: 1.98 },
      }),
      purchases: side({}),
    });
    expect(rows.map((row) => row.key)).toEqual(['salesRed', 'salesVoid', 'purchaseRed', 'purchaseVoid']);
    expect(rows[0]).toMatchObject({ count: 17, countRatioPct: 3.56, amountRatioPct: 1.65 });
    expect(rows[1]).toMatchObject({ count: 10, countRatioPct: 1.98, amountRatioPct: null });
  });
});

describe('findings', () => {
  const findings = [
    finding('a', 'none'),
    finding('b', 'medium'),
    finding('c', 'insufficient'),
    finding('d', 'high'),
    finding('e', 'medium'),
    finding('f', 'low'),
  ];

  it('sorts by severity, keeping the engine order within a level', () => {
    expect(sortFindings(findings).map((item) => item.ruleId)).toEqual(['d', 'b', 'e', 'f', 'c', 'a']);
  });

  it('filters risks, a level, or all', () => {
    expect(filterFindings(findings, 'risk').map((item) => item.ruleId)).toEqual(['d', 'b', 'e', 'f']);
    expect(filterFindings(findings, 'insufficient').map((item) => item.ruleId)).toEqual(['c']);
    expect(filterFindings(findings, 'all')).toHaveLength(6);
  });

  it('counts by level', () => {
    expect(countByLevel(findings)).toEqual({ high: 1, medium: 2, low: 1, none: 1, insufficient: 1 });
  });

  it('formats figures: fen as 元, ratios with %, counts grouped', () => {
    expect(formatFigure({ value: 242_785, unit: 'fen' })).toBe('2,427.85 元');
    expect(formatFigure({ value: 1.59, unit: '%' })).toBe('1.59%');
    // One percentage format per column: always two decimals.
    expect(formatFigure({ value: 12.3, unit: '%' })).toBe('12.30%');
    expect(formatFigure({ value: 5, unit: '%' })).toBe('5.00%');
    expect(rulesVersionText({ id: null, date: null })).toBe('平台默认版本（未经调整）');
    expect(rulesVersionText({ id: 7, date: '2026-11-20' })).toBe('第 7 版（2026-11-20 起使用）');
    expect(formatFigure({ value: 12_504, unit: '张' })).toBe('12,504 张');
    expect(formatFigure({ value: 0.55 })).toBe('0.55');
    expect(formatFigure({ value: '一般纳税人' })).toBe('一般纳税人');
  });
});

describe('levels and concentration', () => {
  it('reads only known overall levels', () => {
    expect(overallLevelOf('medium')).toBe('medium');
    expect(overallLevelOf('none')).toBe('none');
    expect(overallLevelOf('insufficient')).toBeNull();
    expect(overallLevelOf(null)).toBeNull();
  });

  it('bands HHI at 1500 and 2500', () => {
    expect(concentrationBand(360)).toBe('dispersed');
    expect(concentrationBand(1500)).toBe('moderate');
    expect(concentrationBand(2499)).toBe('moderate');
    expect(concentrationBand(2500)).toBe('concentrated');
  });
});

describe('where the figures came from', () => {
  const source = (fileName: string) => ({
    importId: 1,
    fileName,
    uploadedBy: '张主账号',
    finishedAt: '2026-01-05 10:09',
    invoices: 900,
  });

  it('names the import files, who uploaded them and when', () => {
    expect(sourcesLine([source('a.xlsx')])).toBe('a.xlsx（张主账号，2026-01-05 10:09导入）');
    expect(sourcesLine([source('a.xlsx'), source('b.csv')])).toBe(
      'a.xlsx（张主账号，2026-01-05 10:09导入）；b.csv（张主账号，2026-01-05 10:09导入）',
    );
  });

  it('names the first and counts the rest when there are many, and says so when none was recorded', () => {
    expect(sourcesLine([source('a.xlsx'), source('b.csv'), source('c.csv')])).toBe(
      'a.xlsx（张主账号，2026-01-05 10:09导入） 等 3 个导入文件，详见“数据来源”',
    );
    expect(sourcesLine([])).toBe('未记录数据来源');
  });
});
