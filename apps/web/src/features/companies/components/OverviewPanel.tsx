import { UploadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { type DataOverview, formatDateTime, formatFen, IMPORT_STATUS_LABELS } from '@taxlens/shared';
import { Alert, Button, Card, Col, Empty, Row, Skeleton, Tag, Tooltip, Typography } from 'antd';
import type { ReactNode } from 'react';
import { isApiError } from '../../../lib/http';
import { t } from '../../../locales';
import { monthSeries, periodShortLabel, statementCoverage, summarizeInvoices } from '../model/overview-model';
import { overviewOptions } from '../queries';
import { MonthlyChart } from './MonthlyChart';

interface StatProps {
  label: string;
  value: ReactNode;
  unit?: string;
  foot?: ReactNode;
  testId?: string;
}

function Stat({ label, value, unit, foot, testId }: StatProps) {
  return (
    <Card className="tl-co-stat" size="small" data-testid={testId}>
      <Typography.Text type="secondary" className="tl-co-stat-label">
        {label}
      </Typography.Text>
      <div className="tl-co-stat-value">
        {value}
        {unit && <span className="tl-co-stat-unit">{unit}</span>}
      </div>
      <Typography.Text type="secondary" className="tl-co-stat-foot">
        {foot ?? '\u00a0'}
      </Typography.Text>
    </Card>
  );
}

function Coverage({ figures }: { figures: DataOverview['figures'] }) {
  const coverage = statementCoverage(figures);
  if (coverage.every((entry) => entry.count === 0)) {
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('companies.overview.figuresEmpty')} />;
  }
  return (
    <div className="tl-co-coverage" data-testid="figure-coverage">
      {coverage.map((entry) => (
        <div className="tl-co-coverage-row" key={entry.statement}>
          <div>
            <Typography.Text strong>{entry.label}</Typography.Text>
            <br />
            <Typography.Text type="secondary">
              {t('companies.overview.periodsCount', { count: entry.count })}
            </Typography.Text>
          </div>
          {entry.count === 0 ? (
            <Typography.Text type="secondary">{t('companies.none')}</Typography.Text>
          ) : (
            <div className="tl-co-coverage-years">
              {entry.groups.map((group) => (
                <div className="tl-co-coverage-year" key={group.year}>
                  <Typography.Text type="secondary" className="tl-co-coverage-year-label">
                    {group.year}
                  </Typography.Text>
                  {group.periods.map((period) => (
                    <Tag key={period} color="blue" variant="filled">
                      {periodShortLabel(period)}
                    </Tag>
                  ))}
                </div>
              ))}
            </div>
          )}
        </div>
      ))}
    </div>
  );
}

/** 数据概览: invoice totals, months covered and their gaps, the monthly chart, statement periods. */
export function OverviewPanel({ firmId, onImport }: { firmId: number; onImport: () => void }) {
  const overview = useQuery(overviewOptions(firmId));
  if (overview.isPending) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (overview.isError) {
    return (
      <Alert
        type="error"
        showIcon
        title={t('companies.overview.loadFailed')}
        description={isApiError(overview.error) ? overview.error.msg : undefined}
        action={<Button onClick={() => void overview.refetch()}>{t('companies.list.retry')}</Button>}
      />
    );
  }
  const data = overview.data;
  const summary = summarizeInvoices(data.invoices);
  const points = monthSeries(data.invoices);
  const last = data.lastImport;

  return (
    <div className="tl-co-page-section" data-testid="overview-panel">
      <Row gutter={[16, 16]}>
        <Col xs={24} sm={12} xl={6}>
          <Stat
            testId="stat-invoices"
            label={t('companies.overview.invoiceCount')}
            value={summary.total.toLocaleString('zh-CN')}
            unit={t('companies.overview.invoiceUnit')}
            foot={[
              t('companies.overview.lineCount', { count: summary.lines.toLocaleString('zh-CN') }),
              data.invoices.voidCount ? t('companies.overview.voidCount', { count: data.invoices.voidCount }) : null,
            ]
              .filter(Boolean)
              .join(' · ')}
          />
        </Col>
        <Col xs={24} sm={12} xl={6}>
          <Stat
            label={t('companies.overview.salesAmount')}
            value={formatFen(summary.salesAmountFen)}
            unit={t('companies.yuan')}
            foot={t('companies.overview.salesTax', { amount: formatFen(summary.salesTaxFen) })}
          />
        </Col>
        <Col xs={24} sm={12} xl={6}>
          <Stat
            label={t('companies.overview.purchaseAmount')}
            value={formatFen(summary.purchaseAmountFen)}
            unit={t('companies.yuan')}
            foot={t('companies.overview.purchaseTax', { amount: formatFen(summary.purchaseTaxFen) })}
          />
        </Col>
        <Col xs={24} sm={12} xl={6}>
          <Stat
            testId="stat-coverage"
            label={t('companies.overview.coverage')}
            value={summary.monthsSpanned > 0 ? summary.monthsWithInvoices : t('companies.overview.noCoverage')}
            unit={summary.monthsSpanned > 0 ? t('companies.overview.monthsUnit') : undefined}
            foot={
              summary.firstMonth && summary.lastMonth ? (
                <>
                  {t('companies.overview.coverageRange', { first: summary.firstMonth, last: summary.lastMonth })}
                  {' · '}
                  {summary.gaps.length > 0 ? (
                    <Typography.Text type="danger">
                      {t('companies.overview.gapCount', { count: summary.gaps.length })}
                    </Typography.Text>
                  ) : (
                    t('companies.overview.noGap')
                  )}
                </>
              ) : undefined
            }
          />
        </Col>
      </Row>

      {summary.gaps.length > 0 && (
        <Alert
          type="warning"
          showIcon
          data-testid="gap-alert"
          title={t('companies.overview.gapAlert', { months: summary.gaps.join('、') })}
        />
      )}

      <Card
        title={t('companies.overview.chartTitle')}
        extra={<Typography.Text type="secondary">{t('companies.overview.chartUnit')}</Typography.Text>}
      >
        {points.length > 0 ? (
          <MonthlyChart points={points} />
        ) : (
          <Empty description={t('companies.overview.emptyTitle')} data-testid="overview-empty">
            <Typography.Paragraph type="secondary">{t('companies.overview.emptyHint')}</Typography.Paragraph>
            <Button type="primary" icon={<UploadOutlined />} onClick={onImport}>
              {t('companies.overview.goImport')}
            </Button>
          </Empty>
        )}
      </Card>

      <Row gutter={[16, 16]}>
        <Col xs={24} xl={16}>
          <Card title={t('companies.overview.figuresTitle')} className="tl-co-stat">
            <Coverage figures={data.figures} />
          </Card>
        </Col>
        <Col xs={24} xl={8}>
          <Card title={t('companies.overview.lastImport')} className="tl-co-stat">
            {last ? (
              <div className="tl-co-share-fields">
                <Tooltip title={last.fileName}>
                  <Typography.Text strong ellipsis>
                    {last.fileName}
                  </Typography.Text>
                </Tooltip>
                <div>
                  <Tag>{t(`companies.import.kinds.${last.kind}`)}</Tag>
                  <Tag color={last.status === 'done' ? 'success' : last.status === 'rejected' ? 'error' : 'processing'}>
                    {IMPORT_STATUS_LABELS[last.status]}
                  </Tag>
                </div>
                {last.message && <Typography.Text type="secondary">{last.message}</Typography.Text>}
                <Typography.Text type="secondary">
                  {last.creator ?? '-'} · {formatDateTime(last.createTime)}
                </Typography.Text>
              </div>
            ) : (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('companies.history.empty')} />
            )}
          </Card>
        </Col>
      </Row>
    </div>
  );
}
