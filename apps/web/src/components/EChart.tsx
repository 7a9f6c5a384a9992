import { theme } from 'antd';
import { useEffect, useId, useRef } from 'react';
import { type EChartsCoreOption, echarts } from './echarts-setup';
import { type RenderTracker, useRenderTracker } from './render-tracker';

interface EChartProps {
  option: EChartsCoreOption;
  height: number;
  /** Fixed width for print; the screen follows its container. */
  width?: number;
  /** Print: no animation, fixed size, and the render tracker is told when it is drawn. */
  print?: boolean;
  ariaLabel: string;
  testId?: string;
}

type Chart = ReturnType<typeof echarts.init>;

/** Longest wait for a chart's 'finished' event before the print view stops waiting for it. */
const FINISH_FALLBACK_MS = 3_000;

interface DrawInput {
  option: EChartsCoreOption;
  print: boolean;
  fontFamily: string;
  tracker: RenderTracker | null;
  key: string;
}

/** Sets the option; with a tracker, counts the chart as pending until echarts says it has finished. */
function draw(instance: Chart, { option, print, fontFamily, tracker, key }: DrawInput): () => void {
  let fallback: ReturnType<typeof setTimeout> | null = null;
  const finish = () => {
    if (fallback) clearTimeout(fallback);
    fallback = null;
    instance.off('finished', finish);
    tracker?.end(key);
  };
  if (tracker) {
    tracker.begin(key);
    instance.on('finished', finish);
    fallback = setTimeout(finish, FINISH_FALLBACK_MS);
  }
  instance.setOption(
    { animation: !print, textStyle: { fontFamily: print ? `'Noto Sans SC', ${fontFamily}` : fontFamily }, ...option },
    { notMerge: true },
  );
  return finish;
}

/** One echarts instance in a div; the theme's font, resized with its container on screen. */
export function EChart({ option, height, width, print = false, ariaLabel, testId }: EChartProps) {
  const element = useRef<HTMLDivElement>(null);
  const chart = useRef<Chart | null>(null);
  const drawn = useRef<EChartsCoreOption | null>(null);
  const tracker = useRenderTracker();
  const id = useId();
  const { token } = theme.useToken();
  const latest = useRef({ option, fontFamily: token.fontFamily });
  latest.current = { option, fontFamily: token.fontFamily };

  // Created and drawn in one effect, so the print view's tracker knows of the chart at once.
  useEffect(() => {
    const node = element.current;
    if (!node) return;
    const instance = echarts.init(node, null, { renderer: 'svg', width, height });
    chart.current = instance;
    drawn.current = latest.current.option;
    const stop = draw(instance, { ...latest.current, print, tracker, key: `${id}-first` });
    let observer: ResizeObserver | null = null;
    if (!print && typeof ResizeObserver !== 'undefined') {
      observer = new ResizeObserver(() => instance.resize());
      observer.observe(node);
    }
    return () => {
      stop();
      observer?.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, [print, width, height, tracker, id]);

  // Later option changes (new data, theme) redraw the same instance.
  useEffect(() => {
    const instance = chart.current;
    if (!instance || drawn.current === option) return;
    drawn.current = option;
    return draw(instance, { option, print, fontFamily: token.fontFamily, tracker, key: `${id}-${Date.now()}` });
  }, [option, print, token.fontFamily, tracker, id]);

  return (
    <div
      ref={element}
      role="img"
      aria-label={ariaLabel}
      data-testid={testId}
      style={{ height, width: width ?? '100%' }}
    />
  );
}
