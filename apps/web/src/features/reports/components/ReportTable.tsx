import { formatDateTime, maskCompanyName, maskTaxNo, type ReportItem } from '@taxlens/shared';
import { App, Badge, Button, Empty, Popconfirm, Space, Table, type TableProps, Typography } from 'antd';
import type { HTMLAttributes } from 'react';
import { useNavigate } from 'react-router';
import { PHONE_CARDS_CLASS, withCardLabels } from '../../../components/phone-cards';
import { t } from '../../../locales';
import { reportPeriodLabel } from '../lib/period';
import { overallLevelOf } from '../lib/report-sections';
import { isUnread } from '../lib/report-state';
import { canViewReport } from '../lib/report-views';
import { reportPreviewPath } from '../notifications/notification-decision';
import { useDeleteReport } from '../queries';
import { LevelTag } from './LevelTag';
import { PdfButton } from './PdfButton';
import { RiskCounts } from './RiskCounts';
import { StatusTag } from './StatusTag';

interface ReportTableProps {
  rows: ReportItem[];
  loading: boolean;
  total: number;
  page: number;
  size: number;
  onPage: (page: number, size: number) => void;
  /** /all-history shows the kind and the unread mark. */
  showKind: boolean;
  emptyText: string;
  /** List hiding (listHidden): client companies' names and tax numbers are masked on screen. */
  masked?: boolean;
}

function Actions({ report }: { report: ReportItem }) {
  const navigate = useNavigate();
  const { message } = App.useApp();
  const remove = useDeleteReport();
  return (
    <Space size={4} wrap>
      {report.status === 'done' && canViewReport(report.reportType) && (
        <>
          <Button type="link" size="small" onClick={() => navigate(reportPreviewPath(report.reportType, report.id))}>
            {t('reports.history.open')}
          </Button>
          <PdfButton reportId={report.id} type="link" size="small" label={t('reports.history.pdf')} />
        </>
      )}
      <Popconfirm
        title={t('reports.history.deleteConfirm')}
        description={t('reports.history.deleteHint')}
        okButtonProps={{ danger: true, loading: remove.isPending }}
        onConfirm={() =>
          // A report still being generated answers 409 with its reason, shown by the HTTP client.
          remove.mutateAsync(report.id).then(
            () => void message.success(t('reports.history.deleted')),
            () => undefined,
          )
        }
      >
        <Button type="link" size="small" danger data-testid={`delete-${report.id}`}>
          {t('reports.history.delete')}
        </Button>
      </Popconfirm>
    </Space>
  );
}

const TABLE_WIDTH = 1016;

/**
 * The history table of each kind's history and /all-history: the overall level and the
 * high/medium/low counts for every kind, plus the score of a COMPREHENSIVE report and the risks
 * per category of a TAX report.
 */
export function ReportTable({
  rows,
  loading,
  total,
  page,
  size,
  onPage,
  showKind,
  emptyText,
  masked = false,
}: ReportTableProps) {
  const columns: TableProps<ReportItem>['columns'] = [
    {
      key: 'company',
      width: 180,
      title: t('reports.history.columns.company'),
      render: (_value, row) => (
        <Space size={6} align="start">
          {showKind && isUnread(row) && <Badge status="error" title={t('reports.history.unreadDot')} />}
          <div>
            <Typography.Text strong={isUnread(row)}>
              {masked ? maskCompanyName(row.taxpayerName) : row.taxpayerName}
            </Typography.Text>
            <div className="tl-small">
              <Typography.Text type="secondary">{masked ? maskTaxNo(row.taxNo) : row.taxNo}</Typography.Text>
            </div>
          </div>
        </Space>
      ),
    },
    ...(showKind
      ? [
          {
            key: 'kind',
            width: 140,
            title: t('reports.history.columns.reportName'),
            render: (_value: unknown, row: ReportItem) => row.reportName,
          },
        ]
      : []),
    {
      key: 'period',
      width: 140,
      title: t('reports.history.columns.period'),
      // Breaks only at the spaces around 至, never inside a month.
      render: (_value, row) => <span className="tl-keep-words">{reportPeriodLabel(row)}</span>,
    },
    {
      key: 'status',
      width: 96,
      title: t('reports.history.columns.status'),
      render: (_value, row) => <StatusTag report={row} />,
    },
    {
      key: 'level',
      width: 140,
      title: t('reports.history.columns.level'),
      render: (_value, row) => {
        const level = overallLevelOf(row.overallLevel);
        if (row.status !== 'done' || !level) return '-';
        return (
          <div>
            <LevelTag level={level} kind="overall" />
            {row.score !== null && (
              <span className="tl-small" data-testid="row-score">
                {t('reports.history.score', { score: row.score })}
              </span>
            )}
            <div className="tl-small" title={t('reports.history.columns.counts')}>
              <RiskCounts high={row.highCount} medium={row.mediumCount} low={row.lowCount} />
            </div>
            {row.categoryCounts && (
              <div className="tl-small" data-testid="row-categories" title={t('reports.history.categoriesTitle')}>
                <Typography.Text type="secondary">
                  {t('reports.history.categories', {
                    declaration: row.categoryCounts.sscwhsfxListNum,
                    compliance: row.categoryCounts.szhsfxListNum,
                    operations: row.categoryCounts.jyfxListNum,
                  })}
                </Typography.Text>
              </div>
            )}
          </div>
        );
      },
    },
    {
      key: 'created',
      width: 170,
      title: t('reports.history.columns.createTime'),
      render: (_value, row) => (
        <div>
          <div className="tl-nowrap">{formatDateTime(row.createTime)}</div>
          <Typography.Text type="secondary" className="tl-small">
            {row.creator ?? '-'}
          </Typography.Text>
        </div>
      ),
    },
    {
      key: 'paid',
      width: 110,
      // Shown on wide screens; the charge is also in the billing flows.
      responsive: ['xxl'],
      title: t('reports.history.columns.paidWith'),
      render: (_value, row) => row.paidWith ?? '-',
    },
    {
      key: 'actions',
      width: 150,
      title: t('reports.history.columns.actions'),
      fixed: 'right',
      render: (_value, row) => <Actions report={row} />,
    },
  ];
  return (
    <Table<ReportItem>
      rowKey="id"
      size="middle"
      className={PHONE_CARDS_CLASS}
      columns={withCardLabels(columns)}
      dataSource={rows}
      loading={loading}
      // The columns' widths add up to this (with 报告类型): at 1440 px the whole table, time included, fits beside the menus.
      scroll={{ x: TABLE_WIDTH }}
      locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText} /> }}
      rowClassName={(row) => (isUnread(row) && showKind ? 'tl-row-unread' : '')}
      onRow={(row) => ({ 'data-report-id': row.id, 'data-status': row.status }) as HTMLAttributes<HTMLElement>}
      pagination={{
        current: page,
        pageSize: size,
        total,
        showSizeChanger: true,
        showTotal: (count) => t('reports.history.total', { total: count }),
        onChange: onPage,
      }}
    />
  );
}
