import type { IndustryRankingRow } from '@taxlens/shared';
import { describe, expect, it } from 'vitest';
import { benchmarkOption, rankingOption, trendOption } from './industry-charts';

const colors = { high: 'red', medium: 'orange', low: 'blue', none: 'green', benchmark: 'grey' };
const row = (code: string, name: string, over: Partial<IndustryRankingRow> = {}): IndustryRankingRow => ({
  rank: 1,
  code,
  name,
  followed: false,
  clientCount: 4,
  reportedCount: 4,
  highCount: 2,
  mediumCount: 1,
  lowCount: 0,
  highShare: 50,
  mediumShare: 25,
  lowShare: 0,
  noneShare: 25,
  avgFindings: 1.5,
  topRiskItems: [],
  benchmark: null,
  ...over,
});

// biome-ignore lint/suspicious/noExplicitAny: reading back an echarts option
type Option = any;

describe('industry charts', () => {
  it('draws no platform bar where the benchmark is missing and says 样本不足', () => {
    const rows = [
      row('C', '制造业'),
      row('F', '批发和零售业', {
        benchmark: { groups: 6, highShare: 20, mediumShare: 30, lowShare: 10, noneShare: 40, avgFindings: 2 },
      }),
    ];
    const option = benchmarkOption(rows, colors) as Option;
    expect(option.xAxis.data).toEqual(['C（样本不足）', 'F']);
    expect(option.series[1].data).toEqual([null, 20]);
    expect(option.series[0].data).toEqual([50, 50]);
  });

  it('stacks clients by level, riskiest industry on top, leaving out industries without reports', () => {
    const rows = [
      row('C', '电力、热力、燃气及水生产和供应业'),
      row('F', '批发和零售业'),
      row('G', '交通', { reportedCount: 0 }),
    ];
    const option = rankingOption(rows, colors) as Option;
    // echarts draws the first category at the bottom: the ranking is reversed.
    expect(option.yAxis.data).toEqual(['批发和零售业', '电力、热力、燃气…']);
    expect(option.series.map((series: { data: number[] }) => series.data)).toEqual([
      [2, 2],
      [1, 1],
      [0, 0],
      [1, 1],
    ]);
  });

  it('keeps months without figures as gaps, not zeros', () => {
    const option = trendOption(
      {
        industryCode: 'C',
        minGroups: 5,
        points: [
          {
            month: '2026-10',
            reports: 0,
            highShare: null,
            avgFindings: null,
            benchmarkHighShare: null,
            benchmarkAvgFindings: null,
            benchmarkGroups: null,
          },
          {
            month: '2026-11',
            reports: 2,
            highShare: 50,
            avgFindings: 3,
            benchmarkHighShare: 40,
            benchmarkAvgFindings: 2.5,
            benchmarkGroups: 5,
          },
        ],
      },
      colors,
    ) as Option;
    expect(option.series[0].data).toEqual([null, 50]);
    expect(option.series[1].data).toEqual([null, 40]);
  });
});
