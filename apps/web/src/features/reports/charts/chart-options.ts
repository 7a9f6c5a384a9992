import type { GlobalToken } from 'antd';
import type { EChartsCoreOption } from '../../../components/echarts-setup';
import { t } from '../../../locales';
import type { CategorySeries, KindSlice, MonthSeries, RedVoidRow } from '../lib/report-sections';

/** Chart options of the overview section, coloured from the antd theme tokens. */
export interface ChartPalette {
  sales: string;
  purchases: string;
  salesLine: string;
  purchasesLine: string;
  /** A third series beside sales and purchases (the tax report's profit). */
  third: string;
  axis: string;
  text: string;
  split: string;
}

export function chartPalette(token: GlobalToken): ChartPalette {
  return {
    sales: token.colorPrimary,
    purchases: token.cyan,
    salesLine: token.orange,
    purchasesLine: token.purple,
    third: token.green,
    axis: token.colorBorder,
    text: token.colorTextSecondary,
    split: token.colorSplit,
  };
}

function monthTick(month: string): string {
  return `${Number(month.slice(5, 7))}月`;
}

export function baseAxes(palette: ChartPalette) {
  return {
    axisLine: { lineStyle: { color: palette.axis } },
    axisLabel: { color: palette.text },
    splitLine: { lineStyle: { color: palette.split } },
  };
}

export function monthChartOption(series: MonthSeries, palette: ChartPalette): EChartsCoreOption {
  const axes = baseAxes(palette);
  const years = new Set(series.months.map((month) => month.slice(0, 4)));
  return {
    tooltip: { trigger: 'axis' },
    legend: { bottom: 0, textStyle: { color: palette.text } },
    grid: { left: 56, right: 56, top: 32, bottom: 52 },
    xAxis: {
      type: 'category',
      data: series.months.map((month) => (years.size > 1 ? month : monthTick(month))),
      ...axes,
    },
    yAxis: [
      { type: 'value', name: t('reports.overview.wanUnit'), nameTextStyle: { color: palette.text }, ...axes },
      {
        type: 'value',
        name: t('reports.overview.wanUnit'),
        nameTextStyle: { color: palette.text },
        ...axes,
        splitLine: { show: false },
      },
    ],
    series: [
      {
        name: t('reports.overview.sales'),
        type: 'bar',
        data: series.salesWan,
        itemStyle: { color: palette.sales },
        barMaxWidth: 18,
      },
      {
        name: t('reports.overview.purchases'),
        type: 'bar',
        data: series.purchasesWan,
        itemStyle: { color: palette.purchases },
        barMaxWidth: 18,
      },
      {
        name: t('reports.overview.salesTaxSeries'),
        type: 'line',
        yAxisIndex: 1,
        data: series.salesTaxWan,
        itemStyle: { color: palette.salesLine },
        symbolSize: 5,
      },
      {
        name: t('reports.overview.purchaseTaxSeries'),
        type: 'line',
        yAxisIndex: 1,
        data: series.purchaseTaxWan,
        itemStyle: { color: palette.purchasesLine },
        symbolSize: 5,
      },
    ],
  };
}

export function rateChartOption(series: CategorySeries, palette: ChartPalette): EChartsCoreOption {
  const axes = baseAxes(palette);
  return {
    tooltip: { trigger: 'axis' },
    legend: { bottom: 0, textStyle: { color: palette.text } },
    grid: { left: 56, right: 16, top: 32, bottom: 52 },
    xAxis: { type: 'category', data: series.categories, ...axes },
    yAxis: { type: 'value', name: t('reports.overview.wanUnit'), nameTextStyle: { color: palette.text }, ...axes },
    series: [
      {
        name: t('reports.overview.sales'),
        type: 'bar',
        data: series.salesWan,
        itemStyle: { color: palette.sales },
        barMaxWidth: 24,
      },
      {
        name: t('reports.overview.purchases'),
        type: 'bar',
        data: series.purchasesWan,
        itemStyle: { color: palette.purchases },
        barMaxWidth: 24,
      },
    ],
  };
}

/** Invoice kinds of both sides as horizontal bars (long kind names read better than pie labels). */
export function kindBarOption(sales: KindSlice[], purchases: KindSlice[], palette: ChartPalette): EChartsCoreOption {
  const axes = baseAxes(palette);
  const kinds = [...new Set([...sales.map((slice) => slice.name), ...purchases.map((slice) => slice.name)])];
  const amountOf = (slices: KindSlice[], kind: string) => slices.find((slice) => slice.name === kind)?.valueWan ?? 0;
  const shareLabel = (slices: KindSlice[]) => {
    const total = slices.reduce((sum, slice) => sum + slice.valueWan, 0);
    return (params: { value: unknown }) => {
      const value = Number(params.value);
      return total > 0 && value > 0 ? `${Math.round((value / total) * 1000) / 10}%` : '';
    };
  };
  return {
    tooltip: { trigger: 'axis', valueFormatter: (value: unknown) => `${value}${t('reports.overview.wanUnit')}` },
    legend: { bottom: 0, textStyle: { color: palette.text } },
    grid: { left: 8, right: 48, top: 8, bottom: 32, containLabel: true },
    yAxis: {
      type: 'category',
      data: kinds,
      inverse: true,
      ...axes,
      axisLabel: { color: palette.text, width: 180, overflow: 'break' },
    },
    xAxis: { type: 'value', name: t('reports.overview.wanUnit'), nameTextStyle: { color: palette.text }, ...axes },
    series: [
      {
        name: t('reports.overview.salesKinds'),
        type: 'bar',
        data: kinds.map((kind) => amountOf(sales, kind)),
        itemStyle: { color: palette.sales },
        barMaxWidth: 14,
        label: { show: true, position: 'right', color: palette.text, fontSize: 11, formatter: shareLabel(sales) },
      },
      {
        name: t('reports.overview.purchaseKinds'),
        type: 'bar',
        data: kinds.map((kind) => amountOf(purchases, kind)),
        itemStyle: { color: palette.purchases },
        barMaxWidth: 14,
        label: { show: true, position: 'right', color: palette.text, fontSize: 11, formatter: shareLabel(purchases) },
      },
    ],
  };
}

export function redVoidOption(rows: RedVoidRow[], palette: ChartPalette): EChartsCoreOption {
  const axes = baseAxes(palette);
  const labels = rows.map((row) => t(`reports.overview.redVoid.${row.key}`));
  return {
    tooltip: { trigger: 'axis', valueFormatter: (value: unknown) => `${value}%` },
    legend: { bottom: 0, textStyle: { color: palette.text } },
    grid: { left: 8, right: 48, top: 8, bottom: 32, containLabel: true },
    yAxis: { type: 'category', data: labels, inverse: true, ...axes },
    xAxis: { type: 'value', axisLabel: { color: palette.text, formatter: '{value}%' }, splitLine: axes.splitLine },
    series: [
      {
        name: t('reports.overview.redVoid.countRatio'),
        type: 'bar',
        data: rows.map((row) => row.countRatioPct),
        itemStyle: { color: palette.salesLine },
        barMaxWidth: 12,
        label: { show: true, position: 'right', formatter: '{c}%', color: palette.text, fontSize: 11 },
      },
      {
        name: t('reports.overview.redVoid.amountRatio'),
        type: 'bar',
        data: rows.map((row) => row.amountRatioPct ?? 0),
        itemStyle: { color: palette.purchasesLine },
        barMaxWidth: 12,
        label: { show: true, position: 'right', formatter: '{c}%', color: palette.text, fontSize: 11 },
      },
    ],
  };
}
