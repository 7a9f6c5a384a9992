import { theme } from 'antd';
import type { EChartsCoreOption } from 'echarts/core';
import { useMemo } from 'react';
import { EChart } from '../../../components/EChart';
import { t } from '../../../locales';
import type { MonthlyReports, ReportStatistics } from '../types';
import { creditColor } from './CreditIcon';

/** Reports per type (horizontal bars, long Chinese names fit) and the monthly trend, one chunk with echarts. */
export function ReportCharts({ stats, monthly }: { stats: ReportStatistics; monthly: MonthlyReports | undefined }) {
  const { token } = theme.useToken();
  const byType = useMemo<EChartsCoreOption>(() => {
    const rows = [...stats.list].reverse();
    return {
      grid: { left: 8, right: 32, top: 8, bottom: 8, containLabel: true },
      tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
      xAxis: { type: 'value', minInterval: 1, splitLine: { lineStyle: { color: token.colorBorderSecondary } } },
      yAxis: {
        type: 'category',
        data: rows.map((row) => row.name),
        axisLabel: { color: token.colorTextSecondary },
        axisLine: { lineStyle: { color: token.colorBorder } },
      },
      series: [
        {
          type: 'bar',
          name: t('billing.stats.reportCount'),
          barMaxWidth: 18,
          data: rows.map((row) => ({
            value: row.count,
            itemStyle: { color: creditColor(token, row.type), borderRadius: [0, 4, 4, 0] },
          })),
          label: { show: true, position: 'right', color: token.colorText },
        },
      ],
    };
  }, [stats, token]);

  const trend = useMemo<EChartsCoreOption>(() => {
    const months = monthly?.months ?? [];
    return {
      grid: { left: 8, right: 16, top: 24, bottom: 8, containLabel: true },
      tooltip: { trigger: 'axis' },
      xAxis: {
        type: 'category',
        data: months.map((month) => month.month),
        axisLabel: { color: token.colorTextSecondary },
        axisLine: { lineStyle: { color: token.colorBorder } },
      },
      yAxis: { type: 'value', minInterval: 1, splitLine: { lineStyle: { color: token.colorBorderSecondary } } },
      series: [
        {
          type: 'line',
          name: t('billing.stats.reportCount'),
          smooth: true,
          symbolSize: 6,
          data: months.map((month) => month.total),
          itemStyle: { color: token.colorPrimary },
          areaStyle: { color: token.colorPrimaryBg },
        },
      ],
    };
  }, [monthly, token]);

  return (
    <div className="tl-report-charts">
      <div>
        <div className="tl-bill-subtitle">{t('billing.stats.byType')}</div>
        <EChart option={byType} height={260} ariaLabel={t('billing.stats.byType')} testId="chart-by-type" />
      </div>
      <div>
        <div className="tl-bill-subtitle">{t('billing.stats.trend')}</div>
        <EChart option={trend} height={260} ariaLabel={t('billing.stats.trend')} testId="chart-trend" />
      </div>
    </div>
  );
}
