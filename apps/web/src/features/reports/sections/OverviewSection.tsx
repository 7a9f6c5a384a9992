import type { InvoiceOverview } from '@taxlens/engine/types';
import { formatFen } from '@taxlens/shared';
import { theme } from 'antd';
import { useMemo } from 'react';
import { EChart } from '../../../components/EChart';
import { t } from '../../../locales';
import { ChartBlock, PRINT_CHART_WIDTH } from '../charts/ChartBlock';
import { chartPalette, kindBarOption, monthChartOption, rateChartOption, redVoidOption } from '../charts/chart-options';
import { type SimpleColumn, SimpleTable } from '../components/SimpleTable';
import { kindSlices, monthSeries, pctText, type RedVoidRow, rateSeries, redVoidRows } from '../lib/report-sections';
import type { SectionMode } from './section-mode';

function Kpi({ label, fen, count }: { label: string; fen: number; count?: number }) {
  return (
    <div className="tl-kpi">
      <div className="tl-kpi-label">{label}</div>
      <div className="tl-kpi-value">
        {formatFen(fen)}
        <span className="tl-kpi-unit">{t('reports.common.yuan')}</span>
      </div>
      {count !== undefined && <div className="tl-kpi-sub">{t('reports.overview.invoiceCount', { count })}</div>}
    </div>
  );
}

const RED_VOID_COLUMNS: readonly SimpleColumn<RedVoidRow>[] = [
  { key: 'label', title: '', render: (row) => t(`reports.overview.redVoid.${row.key}`) },
  { key: 'count', title: t('reports.overview.redVoid.count'), align: 'right', render: (row) => row.count },
  {
    key: 'countRatio',
    title: t('reports.overview.redVoid.countRatio'),
    align: 'right',
    render: (row) => pctText(row.countRatioPct),
  },
  {
    key: 'amountRatio',
    title: t('reports.overview.redVoid.amountRatio'),
    align: 'right',
    render: (row) => (row.amountRatioPct === null ? '-' : pctText(row.amountRatioPct)),
  },
  {
    key: 'amount',
    title: t('reports.overview.redVoid.amount'),
    align: 'right',
    render: (row) => formatFen(row.amountFen),
  },
];

/** 概览: totals, sales vs purchases by month, by tax rate, by invoice kind, red and void ratios. */
export function OverviewSection({ overview, mode }: { overview: InvoiceOverview; mode: SectionMode }) {
  const { token } = theme.useToken();
  const print = mode === 'print';
  const width = print ? PRINT_CHART_WIDTH : undefined;
  const options = useMemo(() => {
    const palette = chartPalette(token);
    return {
      month: monthChartOption(monthSeries(overview), palette),
      rate: rateChartOption(rateSeries(overview), palette),
      kind: kindBarOption(kindSlices(overview.sales), kindSlices(overview.purchases), palette),
      redVoid: redVoidOption(redVoidRows(overview), palette),
    };
  }, [overview, token]);

  return (
    <div className="tl-overview" data-testid="section-overview-body">
      <div className="tl-kpis">
        <Kpi
          label={t('reports.overview.salesNet')}
          fen={overview.sales.net.amountFen}
          count={overview.sales.net.count}
        />
        <Kpi label={t('reports.overview.salesTax')} fen={overview.sales.net.taxFen} />
        <Kpi
          label={t('reports.overview.purchaseNet')}
          fen={overview.purchases.net.amountFen}
          count={overview.purchases.net.count}
        />
        <Kpi label={t('reports.overview.purchaseTax')} fen={overview.purchases.net.taxFen} />
      </div>
      <div className={print ? 'tl-chart-stack' : 'tl-chart-grid'}>
        <ChartBlock title={t('reports.overview.monthChart')}>
          <EChart
            option={options.month}
            height={print ? 250 : 300}
            width={width}
            print={print}
            ariaLabel={t('reports.overview.monthChart')}
            testId="chart-month"
          />
        </ChartBlock>
        <ChartBlock title={t('reports.overview.rateChart')}>
          <EChart
            option={options.rate}
            height={print ? 220 : 300}
            width={width}
            print={print}
            ariaLabel={t('reports.overview.rateChart')}
            testId="chart-rate"
          />
        </ChartBlock>
        <ChartBlock title={t('reports.overview.kindChart')}>
          <EChart
            option={options.kind}
            height={print ? 230 : 300}
            width={width}
            print={print}
            ariaLabel={t('reports.overview.kindChart')}
            testId="chart-kind"
          />
        </ChartBlock>
        <ChartBlock title={t('reports.overview.redVoidChart')}>
          <EChart
            option={options.redVoid}
            height={print ? 200 : 300}
            width={width}
            print={print}
            ariaLabel={t('reports.overview.redVoidChart')}
            testId="chart-red-void"
          />
        </ChartBlock>
      </div>
      <SimpleTable columns={RED_VOID_COLUMNS} rows={redVoidRows(overview)} rowKey={(row) => row.key} />
    </div>
  );
}
