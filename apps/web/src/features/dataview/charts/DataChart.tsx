import { DownloadOutlined } from '@ant-design/icons';
import { App, Button, Card, Empty, Skeleton, theme } from 'antd';
import type { EChartsCoreOption } from 'echarts/core';
import { lazy, type ReactNode, Suspense, useRef } from 'react';
import { useThemeMode } from '../../../app/useAppTokens';
import { saveBlob } from '../../../lib/download';
import { t } from '../../../locales';
import type { ChartInstance } from './ChartCanvas';

// ECharts is loaded with the first data-view chart, not with the page shell.
const ChartCanvas = lazy(() => import('./ChartCanvas'));

export interface DataChartProps {
  title: ReactNode;
  /** null: nothing to draw yet (loading) — the card shows a skeleton. */
  option: EChartsCoreOption | null;
  /** True when the data is there but empty: the card says so instead of drawing axes. */
  empty?: boolean;
  /** The PNG's file name without extension, e.g. 风险等级分布. */
  fileName: string;
  height?: number;
  /** More buttons beside the PNG export (filters, drill-up). */
  extra?: ReactNode;
  testId?: string;
  onEvents?: Record<string, (params: unknown) => void>;
}

/** The PNG of a drawn chart at twice its size, on the card's own background. */
export function chartPng(instance: ChartInstance, background: string): Blob {
  const url = instance.getDataURL({ type: 'png', pixelRatio: 2, backgroundColor: background });
  // Decoded here rather than fetched: the page's CSP does not list data: for connections.
  const bytes = Uint8Array.from(atob(url.slice(url.indexOf(',') + 1)), (char) => char.charCodeAt(0));
  return new Blob([bytes], { type: 'image/png' });
}

/**
 * A data-view chart in a card with its title and an 导出 PNG button: the one wrapper every
 * data-view page uses (monitoring, client analysis, industry, map search).
 */
export function DataChart({ title, option, empty, fileName, height = 300, extra, testId, onEvents }: DataChartProps) {
  const { message } = App.useApp();
  const { token } = theme.useToken();
  const dark = useThemeMode() === 'dark';
  const instance = useRef<ChartInstance | null>(null);
  const exportPng = () => {
    if (!instance.current) {
      message.warning(t('dataView.chart.exportFailed'));
      return;
    }
    saveBlob(chartPng(instance.current, token.colorBgContainer), `${fileName}.png`);
  };
  const drawable = option !== null && !empty;
  return (
    <Card
      title={title}
      size="small"
      data-testid={testId}
      extra={
        <>
          {extra}
          <Button
            size="small"
            type="text"
            icon={<DownloadOutlined />}
            disabled={!drawable}
            onClick={exportPng}
            aria-label={`${t('dataView.chart.exportPng')} ${fileName}`}
          >
            {t('dataView.chart.exportPng')}
          </Button>
        </>
      }
    >
      {option === null ? (
        <Skeleton active paragraph={{ rows: 5 }} />
      ) : empty ? (
        <Empty description={t('dataView.chart.empty')} style={{ height, paddingTop: height / 4 }} />
      ) : (
        <Suspense fallback={<Skeleton active paragraph={{ rows: 5 }} />}>
          <ChartCanvas
            option={option}
            height={height}
            dark={dark}
            fontFamily={token.fontFamily}
            ariaLabel={typeof title === 'string' ? title : fileName}
            testId={testId ? `${testId}-canvas` : undefined}
            onEvents={onEvents}
            onInstance={(chart) => {
              instance.current = chart;
            }}
          />
        </Suspense>
      )}
    </Card>
  );
}
