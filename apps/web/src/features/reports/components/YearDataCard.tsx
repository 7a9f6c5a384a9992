import { CheckCircleFilled, MinusCircleOutlined } from '@ant-design/icons';
import { type DataOverview, FINANCIAL_STATEMENTS } from '@taxlens/shared';
import { Alert, Card, Descriptions, Skeleton, Space, Table, type TableProps, Tooltip, Typography } from 'antd';
import type { HTMLAttributes, ReactNode } from 'react';
import { Link } from 'react-router';
import { canSeeRoute } from '../../../app/guards';
import { routeByName } from '../../../app/routes';
import { t } from '../../../locales';
import { useSessionUser } from '../../auth/queries';
import { firmPath } from '../../companies/firm-path';
import {
  hasStatements,
  statementYears,
  YEAR_DATA_KINDS,
  type YearData,
  type YearDataKind,
  yearData,
} from '../lib/data-years';
import { periodLabel, type YearlyReportType, type YearRange, yearsIn } from '../lib/period';

/** Kinds kept once a year: present or not. VAT returns and invoices are monthly: the months count. */
const MONTHLY_KINDS: readonly YearDataKind[] = ['vat_return', 'invoices'];
const FULL_NAMES: Record<YearDataKind, string> = { ...FINANCIAL_STATEMENTS, invoices: t('reports.years.invoicesFull') };

function Presence({ kind, months }: { kind: YearDataKind; months: number }) {
  if (months === 0) {
    return (
      <Tooltip title={t('reports.years.missing')}>
        <Typography.Text type="secondary" aria-label={t('reports.years.missing')} data-present="false">
          <MinusCircleOutlined />
        </Typography.Text>
      </Tooltip>
    );
  }
  if (MONTHLY_KINDS.includes(kind) && months < 12) {
    return (
      <Typography.Text type="warning" data-present="partial">
        {t('reports.years.months', { count: months })}
      </Typography.Text>
    );
  }
  return (
    <Tooltip title={t('reports.years.present')}>
      <Typography.Text type="success" aria-label={t('reports.years.present')} data-present="true">
        <CheckCircleFilled />
      </Typography.Text>
    </Tooltip>
  );
}

const COLUMNS: TableProps<YearData>['columns'] = [
  {
    key: 'year',
    title: t('reports.years.columns.year'),
    render: (_value, row) => <Typography.Text strong>{row.year}</Typography.Text>,
  },
  ...YEAR_DATA_KINDS.map((kind) => ({
    key: kind,
    align: 'center' as const,
    title: <Tooltip title={FULL_NAMES[kind]}>{t(`reports.years.columns.${kind}`)}</Tooltip>,
    render: (_value: unknown, row: YearData) => <Presence kind={kind} months={row.months[kind]} />,
  })),
];

function yearList(years: readonly number[]): string {
  return years.map((year) => `${year}年`).join('、');
}

/**
 * The data side card of the yearly reports: per chosen year which statements, returns and
 * invoices the company has, what that means for the request, and the way to import the rest.
 */
export function YearDataCard({
  overview,
  loading,
  range,
  firmId,
  reportType,
}: {
  overview: DataOverview | undefined;
  loading: boolean;
  range: YearRange | null;
  firmId: number | undefined;
  reportType: YearlyReportType;
}) {
  const user = useSessionUser();
  const companyPage = routeByName('CompanyFirm');
  const canImport = user && companyPage ? canSeeRoute(companyPage, user) : false;
  const importLink =
    canImport && firmId ? <Link to={firmPath(firmId, 'import')}>{t('reports.ticket.goImport')}</Link> : null;
  const withData = statementYears(overview);

  let body: ReactNode;
  if (loading) body = <Skeleton active paragraph={{ rows: 4 }} />;
  else if (!overview || withData.length === 0) {
    body = <Alert type="warning" showIcon title={t('reports.years.none')} description={t('reports.years.noneHint')} />;
  } else {
    const rows = yearData(overview, range ? yearsIn(range) : withData);
    const missing = rows.filter((row) => !hasStatements(row)).map((row) => row.year);
    const [previous] = range ? yearData(overview, [range.start - 1]) : [];
    const { firstMonth, lastMonth } = overview.invoices;
    body = (
      <Space orientation="vertical" size={12} className="tl-year-data">
        <Descriptions
          column={1}
          size="small"
          items={[
            {
              key: 'statements',
              label: t('reports.years.statementYears'),
              children: t('reports.years.yearSpan', { first: withData[0] ?? '', last: withData.at(-1) ?? '' }),
            },
            {
              key: 'invoices',
              label: t('reports.years.invoiceMonths'),
              children: firstMonth && lastMonth ? periodLabel(firstMonth, lastMonth) : t('reports.years.noInvoices'),
            },
            // The latest successful statement and return files: the data these reports will read.
            ...(overview.lastFiguresImports.length > 0
              ? [
                  {
                    key: 'lastImports',
                    label: t('reports.years.lastImports'),
                    children: (
                      <span data-testid="last-figures-imports">
                        {overview.lastFiguresImports.map((item) => (
                          <Typography.Text
                            key={item.importId}
                            ellipsis={{ tooltip: true }}
                            style={{ display: 'block' }}
                          >
                            {item.fileName}
                          </Typography.Text>
                        ))}
                      </span>
                    ),
                  },
                ]
              : []),
          ]}
        />
        <Table<YearData>
          rowKey="year"
          size="small"
          columns={COLUMNS}
          dataSource={rows}
          pagination={false}
          onRow={(row) => ({ 'data-testid': `year-data-${row.year}` }) as HTMLAttributes<HTMLElement>}
        />
        {missing.length === rows.length ? (
          <Alert type="error" showIcon title={t('reports.years.noDataInRange')} data-testid="no-data-in-period" />
        ) : (
          <>
            {missing.length > 0 && (
              <Alert type="warning" showIcon title={t('reports.years.yearsMissing', { years: yearList(missing) })} />
            )}
            {range && previous && !hasStatements(previous) && !missing.includes(range.start) && (
              <Alert
                type="info"
                showIcon
                title={t('reports.years.previousMissing', { previous: previous.year, first: range.start })}
              />
            )}
          </>
        )}
        <Typography.Text type="secondary" className="tl-small">
          {t(`reports.years.invoiceNote.${reportType}`)}
        </Typography.Text>
      </Space>
    );
  }
  return (
    <Card title={t('reports.years.dataTitle')} size="small" extra={importLink} data-testid="data-overview">
      {body}
    </Card>
  );
}
