import { INDUSTRY_SECTIONS } from '@taxlens/shared';
import { describe, expect, it } from 'vitest';
import { benchmarkFor, benchmarkLabel } from './benchmark-lookup.js';
import type { BenchmarkTable } from './industry-benchmark.types.js';
import { DEFAULT_BENCHMARK_ROWS, DEFAULT_BENCHMARK_TABLE, NO_RELIABLE_BENCHMARK } from './industry-benchmarks.table.js';
import { TEST_BENCHMARK_ROWS, TEST_BENCHMARK_TABLE } from './testing/benchmark.fixtures.js';

describe('default benchmark table', () => {
  it('has one row per GB/T 4754 section and a default, each saying 无可靠基准 for VAT burden and CIT contribution', () => {
    expect(DEFAULT_BENCHMARK_ROWS.filter((row) => row.isDefault)).toHaveLength(1);
    for (const section of INDUSTRY_SECTIONS) {
      const choice = benchmarkFor(DEFAULT_BENCHMARK_TABLE, { code: section.code });
      expect(choice.match).toBe('section');
      expect(choice.row.vatBurdenPct).toBeNull();
      expect(choice.row.citContributionPct).toBeNull();
      expect(choice.row.source).toContain('无可靠基准');
    }
    expect(benchmarkFor(DEFAULT_BENCHMARK_TABLE, { code: 'C' }).row.expenseRatioMaxPct).toBe(30);
    expect(benchmarkFor(DEFAULT_BENCHMARK_TABLE, { name: '软件开发' }).row.name).toBe('信息传输、软件和信息技术服务业');
    expect(NO_RELIABLE_BENCHMARK).not.toMatch(/网传|年份不详/);
  });
});

describe('benchmarkFor', () => {
  it('matches a division code first: C3911 → C39 电子通信设备 2.65%', () => {
    const choice = benchmarkFor(TEST_BENCHMARK_TABLE, { code: 'C3911', name: '批发' });
    expect(choice.row.name).toBe('电子通信设备');
    expect(choice.match).toBe('division');
    expect(choice.reason).toContain('按行业大类代码匹配（行业代码C39）');
  });

  it('then keywords of the name, the longest winning: 中成药医药制造 → 医药制造业', () => {
    const choice = benchmarkFor(TEST_BENCHMARK_TABLE, { code: 'C', name: '中成药医药制造' });
    expect(choice.row.name).toBe('医药制造业');
    expect(choice.match).toBe('keyword');
  });

  it('then the section: F → 商业批发 0.9%, I → 其他（服务业）3.5% with a 50% expense limit', () => {
    expect(benchmarkFor(TEST_BENCHMARK_TABLE, { code: 'F' }).row.vatBurdenPct).toBe(0.9);
    const services = benchmarkFor(TEST_BENCHMARK_TABLE, { code: 'I', name: '软件和信息技术服务业' });
    expect(services.row.name).toBe('其他（服务业）');
    expect(services.match).toBe('section');
    expect(services.row.expenseRatioMaxPct).toBe(50);
  });

  it('falls back to the default row and says so', () => {
    const choice = benchmarkFor(TEST_BENCHMARK_TABLE, { code: null, name: null });
    expect(choice.row.isDefault).toBe(true);
    expect(choice.match).toBe('default');
    expect(choice.reason).toContain('未匹配到具体行业');
    expect(benchmarkLabel(choice)).toContain('其他');
  });

  it('prefers the region row the operator added, and uses the national one elsewhere', () => {
    const table: BenchmarkTable = {
      name: '运营方基准表',
      rows: [
        ...TEST_BENCHMARK_ROWS,
        {
          ...(TEST_BENCHMARK_ROWS.find((row) => row.key === 'F51-wholesale') as (typeof TEST_BENCHMARK_ROWS)[number]),
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
    expect(choice.row.vatBurdenPct).toBeNull();
    expect(choice.row.source).toContain('无可靠基准');
  });
});
