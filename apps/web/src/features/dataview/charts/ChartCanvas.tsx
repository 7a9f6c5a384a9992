import { useEffect, useRef, useState } from 'react';
import { type EChartsCoreOption, echarts } from './echarts-dataview';

export type ChartInstance = ReturnType<typeof echarts.init>;

export interface ChartCanvasProps {
  option: EChartsCoreOption;
  height: number;
  dark: boolean;
  fontFamily: string;
  ariaLabel: string;
  testId?: string;
  /** Chart events by name (e.g. 'click' on a map region to drill down). */
  onEvents?: Record<string, (params: unknown) => void>;
  /** The live instance (null once disposed): the card exports it as PNG. */
  onInstance?: (instance: ChartInstance | null) => void;
}

/** One canvas echarts instance in the route's theme, resized with its container. Lazy-loaded. */
export default function ChartCanvas({
  option,
  height,
  dark,
  fontFamily,
  ariaLabel,
  testId,
  onEvents,
  onInstance,
}: ChartCanvasProps) {
  const element = useRef<HTMLDivElement>(null);
  // State, not a ref: the option and event effects re-run on the new instance after a theme change.
  const [chart, setChart] = useState<ChartInstance | null>(null);
  const latest = useRef({ onEvents, onInstance });
  latest.current = { onEvents, onInstance };

  useEffect(() => {
    const node = element.current;
    if (!node) return;
    const instance = echarts.init(node, dark ? 'dark' : null, { renderer: 'canvas', height });
    setChart(instance);
    latest.current.onInstance?.(instance);
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(() => instance.resize());
    observer?.observe(node);
    return () => {
      observer?.disconnect();
      latest.current.onInstance?.(null);
      instance.dispose();
      setChart(null);
    };
  }, [dark, height]);

  useEffect(() => {
    chart?.setOption({ backgroundColor: 'transparent', textStyle: { fontFamily }, ...option }, { notMerge: true });
  }, [chart, option, fontFamily]);

  // Handlers are read through the ref, so a new function each render does not rebind.
  const eventNames = Object.keys(onEvents ?? {}).join(',');
  useEffect(() => {
    const instance = chart;
    if (!instance || !eventNames) return;
    const names = eventNames.split(',');
    const bound = names.map((name) => {
      const handler = (params: unknown) => latest.current.onEvents?.[name]?.(params);
      instance.on(name, handler);
      return () => instance.off(name, handler);
    });
    return () => {
      for (const off of bound) off();
    };
  }, [chart, eventNames]);

  return <div ref={element} role="img" aria-label={ariaLabel} data-testid={testId} style={{ height, width: '100%' }} />;
}
