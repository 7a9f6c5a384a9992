import { Alert, Button, Space, Spin } from 'antd';
import { Link } from 'react-router';
import { t } from '../../../locales';
import { isPending } from '../lib/report-state';
import { canViewReport } from '../lib/report-views';
import { reportPreviewPath } from '../notifications/notification-decision';
import { useReportDetail } from '../queries';
import { StatusTag } from './StatusTag';

/** The report just requested: queued → analysing → done (open it) or failed (refunded). */
export function CurrentReportCard({ reportId, historyPath }: { reportId: number; historyPath: string }) {
  const { data } = useReportDetail(reportId);
  if (!data) return <Spin />;
  const pending = isPending(data.status);
  return (
    <Alert
      className="tl-current-report"
      data-testid="current-report"
      type={data.status === 'failed' ? 'error' : data.status === 'done' ? 'success' : 'info'}
      showIcon
      title={
        <Space wrap>
          <span>{t('reports.ticket.currentTitle')}</span>
          <b>{data.taxpayerName}</b>
          <StatusTag report={data} />
        </Space>
      }
      description={
        pending
          ? t('reports.ticket.queuedText')
          : data.status === 'failed'
            ? (data.failureReason ?? t('reports.ticket.failedText'))
            : t('reports.ticket.doneText')
      }
      action={
        <Space orientation="vertical">
          {data.status === 'done' && canViewReport(data.reportType) && (
            <Link to={reportPreviewPath(data.reportType, data.id)}>
              <Button type="primary" size="small">
                {t('reports.ticket.viewReport')}
              </Button>
            </Link>
          )}
          <Link to={historyPath}>{t('reports.ticket.goHistory')}</Link>
        </Space>
      }
    />
  );
}
