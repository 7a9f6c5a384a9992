import type { TaxCharts } from '@taxlens/engine/types';
import { Empty, theme } from 'antd';
import { useMemo } from 'react';
import { EChart } from '../../../components/EChart';
import { t } from '../../../locales';
import { ChartBlock, PRINT_CHART_WIDTH } from '../charts/ChartBlock';
import { chartPalette } from '../charts/chart-options';
import { vatPeriodOption, yearlyAmountOption, yearlyRateOption, yearlyTaxOption } from '../charts/tax-chart-options';
import { type SimpleColumn, SimpleTable } from '../components/SimpleTable';
import { hasValues, vatPeriodSeries, type YearlyTableRow, yearlySeries, yearlyTableRows } from '../lib/tax-charts';
import type { SectionMode } from './section-mode';

interface TaxChartsSectionProps {
  charts: TaxCharts;
  mode: SectionMode;
}

function NoData({ text }: { text: string }) {
  return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={text} className="tl-chart-empty" />;
}

function yearColumns(labels: readonly string[]): SimpleColumn<YearlyTableRow>[] {
  return [
    { key: 'figure', title: t('taxReport.charts.figure'), render: (row) => t(`taxReport.charts.rows.${row.key}`) },
    ...labels.map((label, index) => ({
      key: `year-${index}`,
      title: label,
      align: 'right' as const,
      render: (row: YearlyTableRow) => row.cells[index] ?? '-',
    })),
  ];
}

/** 经营与税负趋势: revenue, cost and profit, taxes payable, burden against the benchmark, every VAT return. */
export function TaxChartsSection({ charts, mode }: TaxChartsSectionProps) {
  const { token } = theme.useToken();
  const print = mode === 'print';
  const width = print ? PRINT_CHART_WIDTH : undefined;
  const height = print ? 230 : 300;
  const yearly = useMemo(() => yearlySeries(charts.yearly), [charts.yearly]);
  const periods = useMemo(() => vatPeriodSeries(charts.vatPeriods), [charts.vatPeriods]);
  const options = useMemo(() => {
    const palette = chartPalette(token);
    return {
      amounts: yearlyAmountOption(yearly, palette),
      taxes: yearlyTaxOption(yearly, palette),
      rates: yearlyRateOption(yearly, charts.benchmark, palette),
      periods: vatPeriodOption(periods, charts.benchmark.vatBurdenPct, palette),
    };
  }, [yearly, periods, charts.benchmark, token]);
  const rows = useMemo(() => yearlyTableRows(charts.yearly), [charts.yearly]);
  const columns = useMemo(() => yearColumns(yearly.labels), [yearly.labels]);

  const blocks = [
    {
      key: 'amounts',
      title: t('taxReport.charts.yearlyAmounts'),
      option: options.amounts,
      drawable: hasValues([...yearly.revenueWan, ...yearly.costWan, ...yearly.profitWan]),
      empty: t('taxReport.charts.noData'),
    },
    {
      key: 'taxes',
      title: t('taxReport.charts.yearlyTaxes'),
      option: options.taxes,
      drawable: hasValues([...yearly.vatPayableWan, ...yearly.citPayableWan]),
      empty: t('taxReport.charts.noData'),
    },
    {
      key: 'rates',
      title: t('taxReport.charts.yearlyRates'),
      option: options.rates,
      drawable: hasValues([...yearly.vatBurdenPct, ...yearly.citContributionPct]),
      empty: t('taxReport.charts.noData'),
    },
    {
      key: 'vat-periods',
      title: t('taxReport.charts.vatPeriods'),
      option: options.periods,
      drawable: hasValues([...periods.salesWan, ...periods.burdenPct]),
      empty: t('taxReport.charts.noVatPeriods'),
    },
  ];
  const { vatBurdenPct, citContributionPct } = charts.benchmark;

  return (
    <div className="tl-tax-charts" data-testid="tax-charts">
      <div className={print ? 'tl-chart-stack' : 'tl-chart-grid'}>
        {blocks.map((block) => (
          <ChartBlock key={block.key} title={block.title}>
            {block.drawable ? (
              <EChart
                option={block.option}
                height={height}
                width={width}
                print={print}
                ariaLabel={block.title}
                testId={`chart-${block.key}`}
              />
            ) : (
              <NoData text={block.empty} />
            )}
          </ChartBlock>
        ))}
      </div>
      <div className="tl-notice is-info tl-small" data-testid="benchmark-note">
        {vatBurdenPct === null && citContributionPct === null ? (
          <div>{t('taxReport.charts.noBenchmark')}</div>
        ) : (
          <div>{t('taxReport.charts.benchmark', { label: charts.benchmark.label })}</div>
        )}
        <div className="tl-muted">{t('taxReport.charts.benchmarkSource', { source: charts.benchmark.source })}</div>
      </div>
      <div className="tl-block">
        <div className="tl-block-title">{t('taxReport.charts.tableTitle')}</div>
        <SimpleTable columns={columns} rows={rows} rowKey={(row) => row.key} testId="yearly-table" />
      </div>
    </div>
  );
}
