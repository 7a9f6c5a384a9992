import type { IndustryRankingRow, IndustryTrend } from '@taxlens/shared';
import type { EChartsCoreOption } from 'echarts/core';

/** Colours of the risk levels, from the theme tokens (error / warning / info / success). */
export interface LevelColors {
  high: string;
  medium: string;
  low: string;
  none: string;
  benchmark: string;
}

/** Industries drawn in the bar charts; the table lists them all. */
export const CHART_INDUSTRIES = 10;
/** Long section names (电力、热力、燃气及水生产和供应业) are cut on the axis; the tooltip has them whole. */
const shortName = (name: string) => (name.length > 9 ? `${name.slice(0, 8)}…` : name);

/** Clients per industry by the level of their latest report, riskiest industry on top. */
export function rankingOption(rows: readonly IndustryRankingRow[], colors: LevelColors): EChartsCoreOption {
  const shown = rows
    .filter((row) => row.reportedCount > 0)
    .slice(0, CHART_INDUSTRIES)
    .reverse();
  const none = (row: IndustryRankingRow) => row.reportedCount - row.highCount - row.mediumCount - row.lowCount;
  const series = (name: string, color: string, pick: (row: IndustryRankingRow) => number) => ({
    name,
    type: 'bar',
    stack: 'clients',
    barMaxWidth: 18,
    itemStyle: { color },
    data: shown.map(pick),
  });
  return {
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    legend: { bottom: 0, type: 'scroll' },
    grid: { left: 8, right: 16, top: 8, bottom: 36, containLabel: true },
    xAxis: { type: 'value', minInterval: 1 },
    yAxis: { type: 'category', data: shown.map((row) => shortName(row.name)) },
    series: [
      series('高风险', colors.high, (row) => row.highCount),
      series('中风险', colors.medium, (row) => row.mediumCount),
      series('低风险', colors.low, (row) => row.lowCount),
      series('未见明显风险', colors.none, none),
    ],
  };
}

/**
 * The group's high-risk share beside the platform benchmark per industry. An industry without a
 * benchmark gets no platform bar and 样本不足 in its label: never a zero that reads as a figure.
 */
export function benchmarkOption(rows: readonly IndustryRankingRow[], colors: LevelColors): EChartsCoreOption {
  const shown = rows.filter((row) => row.reportedCount > 0 && row.code !== '-').slice(0, CHART_INDUSTRIES);
  return {
    tooltip: { trigger: 'axis', valueFormatter: (value: unknown) => (value == null ? '样本不足' : `${value}%`) },
    legend: { bottom: 0, type: 'scroll' },
    grid: { left: 8, right: 16, top: 24, bottom: 36, containLabel: true },
    xAxis: {
      type: 'category',
      data: shown.map((row) => (row.benchmark ? row.code : `${row.code}（样本不足）`)),
      axisLabel: { interval: 0, rotate: shown.length > 5 ? 30 : 0 },
    },
    yAxis: { type: 'value', max: 100, axisLabel: { formatter: '{value}%' } },
    series: [
      {
        name: '本机构高风险占比',
        type: 'bar',
        barMaxWidth: 20,
        itemStyle: { color: colors.high },
        data: shown.map((row) => row.highShare),
      },
      {
        name: '平台基准',
        type: 'bar',
        barMaxWidth: 20,
        itemStyle: { color: colors.benchmark },
        data: shown.map((row) => row.benchmark?.highShare ?? null),
      },
    ],
  };
}

/** Month by month: high-risk share (left axis) and average risk items (right axis), own and platform. */
export function trendOption(trend: IndustryTrend, colors: LevelColors): EChartsCoreOption {
  const line = (name: string, color: string, data: (number | null)[], axis: number, dashed = false) => ({
    name,
    type: 'line',
    yAxisIndex: axis,
    connectNulls: false,
    symbolSize: 6,
    itemStyle: { color },
    lineStyle: { color, type: dashed ? 'dashed' : 'solid' },
    data,
  });
  return {
    tooltip: { trigger: 'axis' },
    legend: { bottom: 0, type: 'scroll' },
    grid: { left: 8, right: 8, top: 16, bottom: 40, containLabel: true },
    xAxis: { type: 'category', data: trend.points.map((point) => point.month) },
    yAxis: [
      // No axis names: they overflow a 390 px card; the legend names each line.
      { type: 'value', max: 100, axisLabel: { formatter: '{value}%' } },
      { type: 'value', minInterval: 1, splitLine: { show: false } },
    ],
    series: [
      line(
        '本机构高风险占比',
        colors.high,
        trend.points.map((point) => point.highShare),
        0,
      ),
      line(
        '平台高风险占比',
        colors.benchmark,
        trend.points.map((point) => point.benchmarkHighShare),
        0,
        true,
      ),
      line(
        '本机构平均风险项',
        colors.medium,
        trend.points.map((point) => point.avgFindings),
        1,
      ),
      line(
        '平台平均风险项',
        colors.low,
        trend.points.map((point) => point.benchmarkAvgFindings),
        1,
        true,
      ),
    ],
  };
}
