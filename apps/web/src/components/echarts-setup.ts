import { BarChart, LineChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendComponent, MarkAreaComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';

/**
 * Only the charts the client draws (DESIGN.md: echarts through `echarts/core`). SVG keeps the
 * printed report PDF sharp and its chart labels real text in the page's own (web) font.
 */
echarts.use([
  BarChart,
  LineChart,
  PieChart,
  GridComponent,
  LegendComponent,
  TooltipComponent,
  MarkAreaComponent,
  SVGRenderer,
]);

export type { EChartsCoreOption } from 'echarts/core';
export { echarts };
