import { formatDateTime } from '@taxlens/shared';
import { Card, List, Typography } from 'antd';
import { Link } from 'react-router';
import { t } from '../../../locales';
import { periodLabel } from '../lib/period';
import { reportPreviewPath } from '../notifications/notification-decision';
import { useReportList } from '../queries';
import { StatusTag } from './StatusTag';

const RECENT_QUERY = { page: 1, size: 5, reportType: 'INVOICE' } as const;

/** The last few invoice reports, to open one without going to the history page. */
export function RecentReports() {
  const { data, isPending } = useReportList(RECENT_QUERY);
  return (
    <Card
      title={t('reports.ticket.recentTitle')}
      size="small"
      extra={<Link to="/ticket/history">{t('reports.ticket.goHistory')}</Link>}
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
                item.status === 'done' ? (
                  <Link to={reportPreviewPath(item.reportType, item.id)}>{item.taxpayerName}</Link>
                ) : (
                  item.taxpayerName
                )
              }
              description={
                <Typography.Text type="secondary" className="tl-small">
                  {periodLabel(item.periodStart, item.periodEnd)} · {formatDateTime(item.createTime)}
                </Typography.Text>
              }
            />
          </List.Item>
        )}
      />
    </Card>
  );
}
