import { LoadingOutlined } from '@ant-design/icons';
import type { ReportItem } from '@taxlens/shared';
import { Space, Tag, Tooltip } from 'antd';
import { t } from '../../../locales';

const STATUS_COLORS: Record<ReportItem['status'], string> = {
  queued: 'default',
  analysing: 'processing',
  done: 'success',
  failed: 'error',
};

/** 排队中 / 分析中 / 已完成 / 失败 (with the reason on hover) and 已退款 when the charge came back. */
export function StatusTag({ report }: { report: Pick<ReportItem, 'status' | 'failureReason' | 'refunded'> }) {
  const tag = (
    <Tag
      color={STATUS_COLORS[report.status]}
      icon={report.status === 'analysing' ? <LoadingOutlined /> : undefined}
      data-status={report.status}
    >
      {t(`reports.status.${report.status}`)}
    </Tag>
  );
  return (
    <Space size={0} wrap>
      {report.status === 'failed' && report.failureReason ? (
        <Tooltip title={`${t('reports.history.failureReason')}：${report.failureReason}`}>{tag}</Tooltip>
      ) : (
        tag
      )}
      {report.refunded && <Tag color="cyan">{t('reports.status.refunded')}</Tag>}
    </Space>
  );
}
