import { formatDateTime, formatFen, maskPhone, type SessionUser } from '@taxlens/shared';
import { Card, Empty, Input, Skeleton, Table, Tabs, Typography } from 'antd';
import { lazy, Suspense } from 'react';
import { t } from '../../../locales';
import type { FirmReportQuery } from '../api';
import { usePagedQuery } from '../hooks/usePagedQuery';
import { useMonthlyReports, useReportStatistics, useReportsByFirm, useReportsByUser } from '../queries';
import type { FirmReport, UserReportNum } from '../types';
import { LoadError } from './LoadError';

// echarts is the largest part of /my: it loads beside the page instead of holding it up.
const ReportCharts = lazy(() => import('./ReportCharts').then((module) => ({ default: module.ReportCharts })));

const empty = (description: string) => <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={description} />;

function byTypeText(rows: readonly { name: string; count: number }[]): string {
  return rows
    .filter((row) => row.count > 0)
    .map((row) => `${row.name} ${row.count}`)
    .join('，');
}

function TypeTab() {
  const stats = useReportStatistics();
  const monthly = useMonthlyReports(12);
  if (stats.isError) return <LoadError compact onRetry={() => stats.refetch()} />;
  if (!stats.data) return <Skeleton active paragraph={{ rows: 6 }} />;
  if (stats.data.total === 0) return empty(t('billing.stats.empty'));
  return (
    <>
      <Typography.Text type="secondary">{t('billing.stats.total', { total: stats.data.total })}</Typography.Text>
      <Suspense fallback={<Skeleton active paragraph={{ rows: 6 }} />}>
        <ReportCharts stats={stats.data} monthly={monthly.data} />
      </Suspense>
      <Table
        rowKey="type"
        size="small"
        pagination={false}
        dataSource={stats.data.list}
        columns={[
          { title: t('billing.flow.asset'), dataIndex: 'name' },
          { title: t('billing.stats.reportCount'), dataIndex: 'count', align: 'right' },
          { title: t('billing.stats.creditsUsed'), dataIndex: 'creditsUsed', align: 'right' },
          {
            title: t('billing.stats.balanceSpent'),
            dataIndex: 'balanceSpentFen',
            align: 'right',
            render: (fen: number) => formatFen(fen),
          },
        ]}
      />
    </>
  );
}

function CompanyTab() {
  const { query, filter, pagination } = usePagedQuery<FirmReportQuery>({ page: 1, size: 10 });
  const firms = useReportsByFirm(query);
  return (
    <>
      <Input.Search
        allowClear
        placeholder={t('billing.stats.companyPlaceholder')}
        style={{ maxWidth: 320, marginBottom: 12 }}
        onSearch={(value) => filter({ firmName: value.trim() || undefined })}
      />
      <Table<FirmReport>
        rowKey={(row) => `${row.firmName}-${row.taxNo ?? ''}`}
        size="small"
        loading={firms.isFetching}
        dataSource={firms.data?.list ?? []}
        locale={{ emptyText: empty(t('billing.stats.empty')) }}
        pagination={pagination(firms.data?.total)}
        columns={[
          { title: t('billing.stats.company'), dataIndex: 'firmName' },
          { title: t('billing.stats.taxNo'), dataIndex: 'taxNo', render: (value: string | null) => value ?? '-' },
          { title: t('billing.stats.reportCount'), dataIndex: 'total', align: 'right' },
          { title: t('billing.stats.byType'), dataIndex: 'byType', render: byTypeText },
          {
            title: t('billing.stats.lastTime'),
            dataIndex: 'lastTime',
            render: (value: string) => formatDateTime(value),
          },
        ]}
      />
    </>
  );
}

function UserTab() {
  const users = useReportsByUser(true);
  return (
    <Table<UserReportNum>
      rowKey="userId"
      size="small"
      loading={users.isFetching}
      dataSource={users.data ?? []}
      pagination={false}
      locale={{ emptyText: empty(t('billing.stats.empty')) }}
      columns={[
        {
          title: t('billing.stats.account'),
          dataIndex: 'phone',
          render: (phone: string, row) => (row.nickName ? `${row.nickName}（${maskPhone(phone)}）` : maskPhone(phone)),
        },
        { title: t('billing.stats.reportCount'), dataIndex: 'total', align: 'right' },
        { title: t('billing.stats.byType'), dataIndex: 'byType', render: byTypeText },
      ]}
    />
  );
}

/** 报告统计 of /my: per type with charts, per company, and per account for the main account and supervisors. */
export function ReportStatsCard({ user }: { user: SessionUser }) {
  const items = [
    { key: 'type', label: t('billing.stats.byType'), children: <TypeTab /> },
    { key: 'company', label: t('billing.stats.byCompany'), children: <CompanyTab /> },
  ];
  if (user.level !== 3) items.push({ key: 'user', label: t('billing.stats.byUser'), children: <UserTab /> });
  return (
    <Card title={t('billing.stats.title')} className="tl-bill-card" data-testid="report-stats">
      <Tabs items={items} destroyOnHidden />
    </Card>
  );
}
