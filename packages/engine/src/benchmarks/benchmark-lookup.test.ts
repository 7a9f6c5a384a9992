import { INDUSTRY_SECTIONS } from '@taxlens/shared';
import { describe, expect, it } from 'vitest';
import { benchmarkFor, benchmarkLabel } from './benchmark-lookup.js';
import type { BenchmarkTable } from './industry-benchmark.types.js';
import { DEFAULT_BENCHMARK_ROWS, DEFAULT_BENCHMARK_TABLE, VAT_TABLE_SOURCE } from './industry-benchmarks.table.js';

describe('default benchmark table', () => {
  it('holds the 22 industries of the widely re-posted table, honestly labelled, with one default row', () => {
    const names = DEFAULT_BENCHMARK_ROWS.map((row) => row.name);
    for (const name of [
      '农副食品加工',
      '医药制造业',
      '卷烟加工',
      '商业批发',
      '商业零售',
      '塑钢门窗',
      '机械加工',
      '其他',
    ]) {
      expect(names).toContain(name);
    }
    expect(DEFAULT_BENCHMARK_ROWS.filter((row) => row.isDefault)).toHaveLength(1);
    for (const row of DEFAULT_BENCHMARK_ROWS)
      expect(row.source).toContain('网传一般纳税人行业平均税负率表，年份不详，仅作默认参考');
    expect(VAT_TABLE_SOURCE).toContain('年份不详');
    const byName = new Map(DEFAULT_BENCHMARK_ROWS.map((row) => [row.name, row.vatBurdenPct]));
    expect(byName.get('卷烟加工')).toBe(12.5);
    expect(byName.get('商业批发')).toBe(0.9);
    expect(byName.get('电子通信设备')).toBe(2.65);
  });

  it('reaches a row for every GB/T 4754 section', () => {
    for (const section of INDUSTRY_SECTIONS) {
      const choice = benchmarkFor(DEFAULT_BENCHMARK_TABLE, { code: section.code });
      expect(choice.row.vatBurdenPct).not.toBeNull();
    }
  });
});

describe('benchmarkFor', () => {
  it('matches a division code first: C3911 → C39 电子通信设备 2.65%', () => {
    const choice = benchmarkFor(DEFAULT_BENCHMARK_TABLE, { code: 'C3911', name: '批发' });
    expect(choice.row.name).toBe('电子通信设备');
    expect(choice.match).toBe('division');
    expect(choice.reason).toContain('按行业大类代码匹配（行业代码C39）');
  });

  it('then keywords of the name, the longest winning: 中成药医药制造 → 医药制造业', () => {
    const choice = benchmarkFor(DEFAULT_BENCHMARK_TABLE, { code: 'C', name: '中成药医药制造' });
    expect(choice.row.name).toBe('医药制造业');
    expect(choice.match).toBe('keyword');
  });

  it('then the section: F → 商业批发 0.9%, I → 其他（服务业）3.5% with a 50% expense limit', () => {
    expect(benchmarkFor(DEFAULT_BENCHMARK_TABLE, { code: 'F' }).row.vatBurdenPct).toBe(0.9);
    const services = benchmarkFor(DEFAULT_BENCHMARK_TABLE, { code: 'I', name: '软件和信息技术服务业' });
    expect(services.row.name).toBe('其他（服务业）');
    expect(services.match).toBe('section');
    expect(services.row.expenseRatioMaxPct).toBe(50);
  });

  it('falls back to the default row and says so', () => {
    const choice = benchmarkFor(DEFAULT_BENCHMARK_TABLE, { code: null, name: null });
    expect(choice.row.isDefault).toBe(true);
    expect(choice.match).toBe('default');
    expect(choice.reason).toContain('未匹配到具体行业');
    expect(benchmarkLabel(choice)).toContain('其他');
  });

  it('prefers the region row the operator added, and uses the national one elsewhere', () => {
    const table: BenchmarkTable = {
      name: '运营方基准表',
      rows: [
        ...DEFAULT_BENCHMARK_ROWS,
        {
          ...(DEFAULT_BENCHMARK_ROWS.find(
            (row) => row.key === 'F51-wholesale',
          ) as (typeof DEFAULT_BENCHMARK_ROWS)[number]),
          key: 'F51-wholesale-gd',
          regionCode: '440000',
          vatBurdenPct: 1.2,
          source: '广东省某年预警值（运营方录入）',
        },
      ],
    };
    const local = benchmarkFor(table, { code: 'F51' }, '440000');
    expect(local.row.vatBurdenPct).toBe(1.2);
    expect(local.regionMatched).toBe(true);
    expect(local.reason).toContain('本地区440000专用行');
    expect(benchmarkFor(table, { code: 'F51' }, '310000').row.vatBurdenPct).toBe(0.9);
  });

  it('still answers with the built-in default when a stored table lost its default row', () => {
    const choice = benchmarkFor({ name: '空表', rows: [] }, { code: 'C39' });
    expect(choice.row.isDefault).toBe(true);
    expect(choice.row.vatBurdenPct).toBe(3.5);
  });
});
