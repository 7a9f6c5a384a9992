import type { EChartsCoreOption } from 'echarts/core';

/** Chart options of the business-opportunity page (colours come from the chart theme). */

export function barOption(items: { name: string; value: number }[], horizontal = true): EChartsCoreOption {
  const names = items.map((item) => item.name);
  const values = items.map((item) => item.value);
  const category = {
    type: 'category',
    data: horizontal ? [...names].reverse() : names,
    axisLabel: { width: 110, overflow: 'truncate' },
  };
  const value = { type: 'value', minInterval: 1 };
  return {
    tooltip: { trigger: 'axis' },
    grid: { left: 8, right: 24, top: 16, bottom: 8, containLabel: true },
    xAxis: horizontal ? value : category,
    yAxis: horizontal ? category : value,
    series: [{ type: 'bar', data: horizontal ? [...values].reverse() : values, barMaxWidth: 22 }],
  };
}

export function lineOption(items: { name: string; value: number }[]): EChartsCoreOption {
  return {
    tooltip: { trigger: 'axis' },
    grid: { left: 8, right: 16, top: 16, bottom: 8, containLabel: true },
    xAxis: { type: 'category', data: items.map((item) => item.name) },
    yAxis: { type: 'value', minInterval: 1 },
    series: [{ type: 'line', smooth: true, areaStyle: { opacity: 0.2 }, data: items.map((item) => item.value) }],
  };
}

export function pieOption(items: { name: string; value: number }[]): EChartsCoreOption {
  return {
    tooltip: { trigger: 'item', formatter: '{b}：{c} 家（{d}%）' },
    legend: { type: 'scroll', bottom: 0 },
    series: [
      {
        type: 'pie',
        radius: ['38%', '66%'],
        center: ['50%', '45%'],
        label: { show: false },
        data: items.filter((item) => item.value > 0),
      },
    ],
  };
}
