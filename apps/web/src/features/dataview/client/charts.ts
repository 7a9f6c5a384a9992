import type { ClientAnalysis, ClientRiskLevel } from '@taxlens/shared';
import type { GlobalToken } from 'antd';
import { t } from '../../../locales';

/** Risk colours from the theme's tokens (HOUSE-STYLE 17), as the report pages colour levels. */
export function levelColors(token: GlobalToken): Record<ClientRiskLevel, string> {
  return {
    high: token.colorError,
    medium: token.colorWarning,
    low: token.gold6,
    none: token.colorSuccess,
    unreported: token.colorTextQuaternary,
  };
}

/** antd preset tag colours by level, as the report pages' LevelTag. */
export const LEVEL_TAG_COLORS: Readonly<Record<ClientRiskLevel, string>> = {
  high: 'error',
  medium: 'warning',
  low: 'gold',
  none: 'success',
  unreported: 'default',
};

/** Risk levels of the clients' latest reports: a ring, with each level in its colour. */
export function riskLevelOption(data: ClientAnalysis, token: GlobalToken) {
  const colors = levelColors(token);
  return {
    tooltip: { trigger: 'item', formatter: '{b}：{c} 家（{d}%）' },
    legend: { bottom: 0, type: 'scroll' },
    series: [
      {
        type: 'pie',
        radius: ['42%', '68%'],
        center: ['50%', '45%'],
        label: { formatter: '{b}\n{c} 家' },
        data: data.riskLevels
          .filter((row) => row.count > 0)
          .map((row) => ({ name: row.label, value: row.count, itemStyle: { color: colors[row.level] } })),
      },
    ],
  };
}

/** Finished reports per month, stacked by kind; months without reports stay on the axis. */
export function byMonthOption(data: ClientAnalysis) {
  const kinds = data.byKind.filter((kind) => kind.count > 0);
  return {
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    legend: { bottom: 0, type: 'scroll' },
    grid: { left: 8, right: 16, top: 24, bottom: 40, containLabel: true },
    xAxis: { type: 'category', data: data.byMonth.map((row) => row.month.slice(2).replace('-', '/')) },
    yAxis: { type: 'value', minInterval: 1, name: t('dataClient.charts.reports') },
    series: kinds.map((kind) => ({
      type: 'bar',
      stack: 'reports',
      name: kind.name,
      barMaxWidth: 28,
      data: data.byMonth.map((row) => row.counts[kind.reportType] ?? 0),
    })),
  };
}

/** Reports of the period per kind: one horizontal bar each, the kinds with none left out. */
export function byKindOption(data: ClientAnalysis) {
  const kinds = data.byKind.filter((kind) => kind.count > 0).reverse();
  return {
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    grid: { left: 8, right: 32, top: 8, bottom: 8, containLabel: true },
    xAxis: { type: 'value', minInterval: 1 },
    yAxis: { type: 'category', data: kinds.map((kind) => kind.name), axisLabel: { width: 120, overflow: 'truncate' } },
    series: [
      {
        type: 'bar',
        name: t('dataClient.charts.reports'),
        barMaxWidth: 22,
        label: { show: true, position: 'right' },
        data: kinds.map((kind) => kind.count),
      },
    ],
  };
}

/** The finding titles raised for the most clients, with the high-risk share in the error colour. */
export function topRisksOption(data: ClientAnalysis, token: GlobalToken) {
  const rows = [...data.topRisks].reverse();
  return {
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    legend: { bottom: 0 },
    grid: { left: 8, right: 32, top: 8, bottom: 32, containLabel: true },
    xAxis: { type: 'value', minInterval: 1 },
    yAxis: {
      type: 'category',
      data: rows.map((row) => row.title),
      axisLabel: { width: 180, overflow: 'truncate' },
    },
    series: [
      {
        type: 'bar',
        name: t('dataClient.charts.highClients'),
        stack: 'clients',
        barMaxWidth: 20,
        itemStyle: { color: token.colorError },
        data: rows.map((row) => row.highClients),
      },
      {
        type: 'bar',
        name: t('dataClient.charts.otherClients'),
        stack: 'clients',
        barMaxWidth: 20,
        itemStyle: { color: token.colorWarning },
        label: {
          show: true,
          position: 'right',
          formatter: (params: { dataIndex: number }) => rows[params.dataIndex]?.clients,
        },
        // The rest of the clients, so the whole bar is the client count.
        data: rows.map((row) => row.clients - row.highClients),
      },
    ],
  };
}
