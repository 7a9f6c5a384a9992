import type { DataOverview } from '@taxlens/shared';
import { Alert, Card, Descriptions, Skeleton, Typography } from 'antd';
import { t } from '../../../locales';
import { coverage, type MonthRange, monthLabel, periodLabel } from '../lib/period';

/** What data the chosen company has (dataOverview), and how much of the chosen period it covers. */
export function DataOverviewCard({
  overview,
  loading,
  period,
}: {
  overview: DataOverview | undefined;
  loading: boolean;
  period: MonthRange | null;
}) {
  const invoices = overview?.invoices;
  const months = invoices?.months.filter((row) => row.salesCount + row.purchaseCount > 0).map((row) => row.month) ?? [];
  const covered = period ? coverage(period, months) : null;
  const total = covered ? covered.covered + covered.missing.length : 0;
  return (
    <Card title={t('reports.ticket.dataTitle')} size="small" data-testid="data-overview">
      {loading ? (
        <Skeleton active paragraph={{ rows: 4 }} />
      ) : !invoices?.firstMonth || !invoices.lastMonth ? (
        <Alert type="warning" showIcon title={t('reports.ticket.dataNone')} />
      ) : (
        <>
          <Descriptions
            column={1}
            size="small"
            items={[
              {
                key: 'range',
                label: t('reports.ticket.dataRange'),
                children: periodLabel(invoices.firstMonth, invoices.lastMonth),
              },
              {
                key: 'total',
                label: t('reports.ticket.invoiceTotal'),
                children: invoices.total.toLocaleString('zh-CN'),
              },
              { key: 'lines', label: t('reports.ticket.lineTotal'), children: invoices.lines.toLocaleString('zh-CN') },
              {
                key: 'gaps',
                label: t('reports.ticket.gaps'),
                children:
                  invoices.gaps.length > 0 ? invoices.gaps.map(monthLabel).join('、') : t('reports.ticket.noGaps'),
              },
              ...(overview?.lastInvoiceImport
                ? [
                    {
                      key: 'last',
                      label: t('reports.ticket.lastImport'),
                      children: (
                        <Typography.Text ellipsis={{ tooltip: true }}>
                          {overview.lastInvoiceImport.fileName}
                        </Typography.Text>
                      ),
                    },
                  ]
                : []),
              ...(covered
                ? [
                    {
                      key: 'coverage',
                      label: t('reports.ticket.coverage'),
                      children: t('reports.ticket.coverageValue', { covered: covered.covered, total }),
                    },
                  ]
                : []),
            ]}
          />
          {covered && covered.covered === 0 && (
            <Alert type="error" showIcon title={t('reports.ticket.noDataInPeriod')} data-testid="no-data-in-period" />
          )}
          {covered && covered.covered > 0 && covered.missing.length > 0 && (
            <Alert
              type="warning"
              showIcon
              title={t('reports.ticket.someMissing', {
                count: covered.missing.length,
                months: covered.missing.map(monthLabel).join('、'),
              })}
            />
          )}
        </>
      )}
    </Card>
  );
}
