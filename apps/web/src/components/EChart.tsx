import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, MarkAreaComponent, TooltipComponent } from 'echarts/components';
import { type EChartsCoreOption, init, use } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';
import { FONT_FAMILY } from '../app/theme';

// Only the charts and parts the screens using this wrapper draw (DESIGN.md §7: echarts through echarts/core).
use([BarChart, LineChart, GridComponent, LegendComponent, TooltipComponent, MarkAreaComponent, CanvasRenderer]);

interface EChartProps {
  option: EChartsCoreOption;
  height: number;
  ariaLabel: string;
  testId?: string;
}

/** One echarts instance bound to a div: the theme's font, follows the container's size, disposed on unmount. */
export function EChart({ option, height, ariaLabel, testId }: EChartProps) {
  const container = useRef<HTMLDivElement>(null);
  const chart = useRef<ReturnType<typeof init> | null>(null);

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const instance = init(element, undefined, { renderer: 'canvas' });
    chart.current = instance;
    const observer = new ResizeObserver(() => instance.resize());
    observer.observe(element);
    return () => {
      observer.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    chart.current?.setOption({ textStyle: { fontFamily: FONT_FAMILY }, ...option }, true);
  }, [option]);

  return (
    <div ref={container} style={{ height, width: '100%' }} role="img" aria-label={ariaLabel} data-testid={testId} />
  );
}
