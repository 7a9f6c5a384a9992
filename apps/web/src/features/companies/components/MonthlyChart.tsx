import { formatFen } from '@taxlens/shared';
import { theme } from 'antd';
import type { EChartsCoreOption } from 'echarts/core';
import { useMemo } from 'react';
import { FONT_FAMILY } from '../../../app/theme';
import { EChart } from '../../../components/EChart';
import { t } from '../../../locales';
import { formatFenShort, type MonthPoint } from '../model/overview-model';

export interface ChartColors {
  sales: string;
  purchase: string;
  salesTax: string;
  purchaseTax: string;
  gap: string;
  gapText: string;
  text: string;
  axis: string;
  split: string;
}

interface TooltipParam {
  axisValue: string;
  marker: string;
  seriesName: string;
  value: number | null;
}

/** Sales and purchase amounts as bars, their taxes as lines; months without invoices shaded. */
export function monthlyChartOption(points: readonly MonthPoint[], colors: ChartColors): EChartsCoreOption {
  const months = points.map((point) => point.month);
  const gapAreas = points
    .filter((point) => point.gap)
    .map((point) => [{ xAxis: point.month, name: t('companies.overview.chartGap') }, { xAxis: point.month }]);
  return {
    textStyle: { fontFamily: FONT_FAMILY, color: colors.text },
    color: [colors.sales, colors.purchase, colors.salesTax, colors.purchaseTax],
    grid: { left: 8, right: 16, top: 48, bottom: 8, containLabel: true },
    legend: { top: 0, left: 0, itemWidth: 12, itemHeight: 8, textStyle: { color: colors.text } },
    tooltip: {
      trigger: 'axis',
      axisPointer: { type: 'shadow' },
      formatter: (params: TooltipParam[]) => {
        const first = params[0];
        if (!first) return '';
        const gap = points.find((point) => point.month === first.axisValue)?.gap;
        const lines = params.map((param) => `${param.marker}${param.seriesName}：${formatFen(param.value ?? 0)} 元`);
        const title = gap ? `${first.axisValue}（${t('companies.overview.chartGap')}）` : first.axisValue;
        return [title, ...lines].join('<br/>');
      },
    },
    xAxis: {
      type: 'category',
      data: months,
      axisLine: { lineStyle: { color: colors.axis } },
      axisLabel: {
        color: colors.text,
        formatter: (value: string) => value.replace('-', '\n'),
      },
    },
    yAxis: {
      type: 'value',
      axisLabel: { color: colors.text, formatter: (value: number) => formatFenShort(value) },
      splitLine: { lineStyle: { color: colors.split } },
    },
    series: [
      {
        name: t('companies.overview.chartSales'),
        type: 'bar',
        barMaxWidth: 18,
        data: points.map((point) => point.salesAmountFen),
        markArea: {
          silent: true,
          itemStyle: { color: colors.gap },
          label: { color: colors.gapText, position: 'insideTop', fontSize: 11 },
          data: gapAreas,
        },
      },
      {
        name: t('companies.overview.chartPurchase'),
        type: 'bar',
        barMaxWidth: 18,
        data: points.map((point) => point.purchaseAmountFen),
      },
      {
        name: t('companies.overview.chartSalesTax'),
        type: 'line',
        smooth: true,
        symbolSize: 5,
        data: points.map((point) => (point.gap ? null : point.salesTaxFen)),
      },
      {
        name: t('companies.overview.chartPurchaseTax'),
        type: 'line',
        smooth: true,
        symbolSize: 5,
        data: points.map((point) => (point.gap ? null : point.purchaseTaxFen)),
      },
    ],
  };
}

/** The monthly chart of the data overview. */
export function MonthlyChart({ points }: { points: readonly MonthPoint[] }) {
  const { token } = theme.useToken();
  const option = useMemo(
    () =>
      monthlyChartOption(points, {
        sales: token.colorPrimary,
        purchase: token.colorSuccess,
        salesTax: token.colorWarning,
        purchaseTax: token['cyan-6'],
        gap: token.colorErrorBg,
        gapText: token.colorError,
        text: token.colorTextSecondary,
        axis: token.colorBorder,
        split: token.colorBorderSecondary,
      }),
    [points, token],
  );
  return <EChart option={option} height={340} ariaLabel={t('companies.overview.chartTitle')} testId="monthly-chart" />;
}
