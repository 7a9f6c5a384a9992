import { formatDateTime, type PoolReportType, reportKindByReportType } from '@taxlens/shared';
import { Card, List, Typography } from 'antd';
import { Link } from 'react-router';
import { t } from '../../../locales';
import { reportPeriodLabel } from '../lib/period';
import { canViewReport } from '../lib/report-views';
import { reportPreviewPath } from '../notifications/notification-decision';
import { useReportList } from '../queries';
import { StatusTag } from './StatusTag';

const RECENT_SIZE = 5;

/** The last few reports of one kind, to open one without going to the history page. */
export function RecentReports({ reportType, historyPath }: { reportType: PoolReportType; historyPath: string }) {
  const { data, isPending } = useReportList({ page: 1, size: RECENT_SIZE, reportType });
  const name = reportKindByReportType(reportType)?.name ?? reportType;
  return (
    <Card
      title={t('reports.ticket.recentTitle', { name })}
      size="small"
      extra={<Link to={historyPath}>{t('reports.ticket.goHistory')}</Link>}
      data-testid="recent-reports"
    >
      <List
        size="small"
        loading={isPending}
        dataSource={data?.list ?? []}
        locale={{ emptyText: t('reports.ticket.recentEmpty') }}
        renderItem={(item) => (
          <List.Item actions={[<StatusTag key="status" report={item} />]}>
            <List.Item.Meta
              title={
                item.status === 'done' && canViewReport(item.reportType) ? (
                  <Link to={reportPreviewPath(item.reportType, item.id)}>{item.taxpayerName}</Link>
                ) : (
                  item.taxpayerName
                )
              }
              description={
                <Typography.Text type="secondary" className="tl-small">
                  {reportPeriodLabel(item)} · {formatDateTime(item.createTime)}
                </Typography.Text>
              }
            />
          </List.Item>
        )}
      />
    </Card>
  );
}
