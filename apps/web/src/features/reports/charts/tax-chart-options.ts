import type { EChartsCoreOption } from '../../../components/echarts-setup';
import { t } from '../../../locales';
import { benchmarkLine, type VatPeriodSeries, type YearlySeries } from '../lib/tax-charts';
import { baseAxes, type ChartPalette } from './chart-options';

/** Chart options of the tax report's 经营与税负趋势 section (TAX and COMPREHENSIVE). */

export interface ChartBenchmarks {
  vatBurdenPct: number | null;
  citContributionPct: number | null;
}

type Values = readonly (number | null)[];

const wanTooltip = {
  valueFormatter: (value: unknown) => (value == null ? '-' : `${value} ${t('taxReport.charts.wanUnit')}`),
};
const pctTooltip = { valueFormatter: (value: unknown) => (value == null ? '-' : `${value}%`) };

function bar(name: string, data: Values, color: string) {
  return { name, type: 'bar', data, itemStyle: { color }, barMaxWidth: 22, tooltip: wanTooltip };
}

/** `labelAt`: where the values are written; the two yearly lines write on opposite sides. */
function rateLine(name: string, data: Values, color: string, labelAt: 'top' | 'bottom' | null, yAxisIndex = 0) {
  return {
    name,
    type: 'line',
    yAxisIndex,
    data,
    itemStyle: { color },
    lineStyle: { color, width: 2 },
    // Dozens of monthly returns: a plain line reads better than a dot on every month.
    showSymbol: labelAt !== null,
    symbolSize: 6,
    label: { show: labelAt !== null, position: labelAt ?? 'top', formatter: '{c}%', fontSize: 11, color },
    tooltip: pctTooltip,
  };
}

/** A benchmark as a dashed line in the colour of the series it is the benchmark for. */
function benchmarkSeries(name: string, data: number[], color: string, yAxisIndex = 0) {
  return {
    name,
    type: 'line',
    yAxisIndex,
    data,
    symbol: 'none',
    itemStyle: { color },
    lineStyle: { color, type: 'dashed', width: 1.5 },
    tooltip: pctTooltip,
  };
}

function frame(palette: ChartPalette, labels: readonly string[]) {
  return {
    tooltip: { trigger: 'axis' },
    legend: { bottom: 0, textStyle: { color: palette.text } },
    xAxis: { type: 'category', data: labels, ...baseAxes(palette) },
  };
}

function wanAxis(palette: ChartPalette) {
  return {
    type: 'value',
    name: t('taxReport.charts.wanUnit'),
    nameTextStyle: { color: palette.text },
    ...baseAxes(palette),
  };
}

function pctAxis(palette: ChartPalette, split = true) {
  const axes = baseAxes(palette);
  return {
    type: 'value',
    name: t('taxReport.charts.percentUnit'),
    nameTextStyle: { color: palette.text },
    ...axes,
    axisLabel: { color: palette.text, formatter: '{value}%' },
    splitLine: split ? axes.splitLine : { show: false },
  };
}

export function yearlyAmountOption(series: YearlySeries, palette: ChartPalette): EChartsCoreOption {
  return {
    ...frame(palette, series.labels),
    grid: { left: 64, right: 16, top: 36, bottom: 52 },
    yAxis: wanAxis(palette),
    series: [
      bar(t('taxReport.charts.revenue'), series.revenueWan, palette.sales),
      bar(t('taxReport.charts.cost'), series.costWan, palette.purchases),
      bar(t('taxReport.charts.profit'), series.profitWan, palette.third),
    ],
  };
}

export function yearlyTaxOption(series: YearlySeries, palette: ChartPalette): EChartsCoreOption {
  return {
    ...frame(palette, series.labels),
    grid: { left: 64, right: 16, top: 36, bottom: 52 },
    yAxis: wanAxis(palette),
    series: [
      bar(t('taxReport.charts.vatPayable'), series.vatPayableWan, palette.salesLine),
      bar(t('taxReport.charts.citPayable'), series.citPayableWan, palette.purchasesLine),
    ],
  };
}

export function yearlyRateOption(
  series: YearlySeries,
  benchmarks: ChartBenchmarks,
  palette: ChartPalette,
): EChartsCoreOption {
  const count = series.labels.length;
  const vatBenchmark = benchmarkLine(benchmarks.vatBurdenPct, count);
  const citBenchmark = benchmarkLine(benchmarks.citContributionPct, count);
  return {
    ...frame(palette, series.labels),
    grid: { left: 56, right: 24, top: 36, bottom: 52 },
    yAxis: pctAxis(palette),
    series: [
      rateLine(t('taxReport.charts.vatBurden'), series.vatBurdenPct, palette.salesLine, 'bottom'),
      rateLine(t('taxReport.charts.citContribution'), series.citContributionPct, palette.purchasesLine, 'top'),
      ...(vatBenchmark
        ? [
            benchmarkSeries(
              t('taxReport.charts.vatBenchmark', { value: benchmarks.vatBurdenPct ?? '' }),
              vatBenchmark,
              palette.salesLine,
            ),
          ]
        : []),
      ...(citBenchmark
        ? [
            benchmarkSeries(
              t('taxReport.charts.citBenchmark', { value: benchmarks.citContributionPct ?? '' }),
              citBenchmark,
              palette.purchasesLine,
            ),
          ]
        : []),
    ],
  };
}

/** Every VAT return: taxable sales as bars (万元, left), the burden as a line (%, right), the benchmark dashed. */
export function vatPeriodOption(
  series: VatPeriodSeries,
  vatBenchmarkPct: number | null,
  palette: ChartPalette,
): EChartsCoreOption {
  const benchmark = benchmarkLine(vatBenchmarkPct, series.labels.length);
  const base = frame(palette, series.labels);
  return {
    ...base,
    // The first and last month labels stay inside the plot: centred, 2023-01 ran into the axis's 0.
    xAxis: { ...base.xAxis, axisLabel: { color: palette.text, alignMinLabel: 'left', alignMaxLabel: 'right' } },
    grid: { left: 64, right: 56, top: 36, bottom: 52 },
    yAxis: [wanAxis(palette), pctAxis(palette, false)],
    series: [
      // Light bars, so the burden line drawn over them stays readable.
      {
        ...bar(t('taxReport.charts.sales'), series.salesWan, palette.sales),
        itemStyle: { color: palette.sales, opacity: 0.4 },
        barMaxWidth: 14,
      },
      rateLine(t('taxReport.charts.vatBurden'), series.burdenPct, palette.salesLine, null, 1),
      ...(benchmark
        ? [
            benchmarkSeries(
              t('taxReport.charts.vatBenchmark', { value: vatBenchmarkPct ?? '' }),
              benchmark,
              palette.salesLine,
              1,
            ),
          ]
        : []),
    ],
  };
}
