import type { ReactNode } from 'react';

/** Width of a printed chart in CSS px: the A4 content box (186 mm) with a little room. */
export const PRINT_CHART_WIDTH = 660;

/** A chart (or its empty state) under a title, framed like the report's other blocks. */
export function ChartBlock({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="tl-chart-block">
      <div className="tl-block-title">{title}</div>
      {children}
    </div>
  );
}
