import { ArrowLeftOutlined } from '@ant-design/icons';
import { formatDateTime, type ReportDetail } from '@taxlens/shared';
import { Button, Card, Space, Tag, Tooltip, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { t } from '../../../locales';
import { periodLabel } from '../lib/period';
import { overallLevelOf } from '../lib/report-sections';
import type { InvoiceReportView } from '../report-view.types';
import { LevelTag } from './LevelTag';
import { PdfButton } from './PdfButton';
import { RiskCounts } from './RiskCounts';

/** React Router keeps the history index in history.state: 0 means the report was opened directly. */
function canGoBack(): boolean {
  return ((window.history.state as { idx?: number } | null)?.idx ?? 0) > 0;
}

/** The report's head on screen: company, period, level with its colour, counts, export. */
export function ReportCover({ detail, report }: { detail: ReportDetail; report: InvoiceReportView }) {
  const navigate = useNavigate();
  const level = overallLevelOf(detail.overallLevel) ?? report.overview.level;
  const counts = report.overview.counts;
  return (
    <Card className="tl-report-cover" data-testid="report-cover">
      <div className="tl-report-cover-body">
        <div className="tl-report-cover-main">
          <Space size={8} wrap>
            <Tag color="blue">{detail.reportName}</Tag>
            <Typography.Text type="secondary">
              {t('reports.preview.period')}：{periodLabel(detail.periodStart, detail.periodEnd)}
            </Typography.Text>
          </Space>
          <Typography.Title level={3} style={{ margin: '8px 0 6px' }}>
            {detail.taxpayerName}
          </Typography.Title>
          <Space size={18} wrap className="tl-report-cover-meta">
            <span>
              {t('reports.preview.taxNo')}：{detail.taxNo}
            </span>
            <span>
              {t('reports.preview.generatedAt')}：{formatDateTime(detail.finishTime ?? detail.createTime)}
            </span>
            {detail.creator && (
              <span>
                {t('reports.preview.creator')}：{detail.creator}
              </span>
            )}
          </Space>
        </div>
        <div className="tl-report-cover-level" data-testid="report-level">
          <Typography.Text type="secondary">{t('reports.preview.overallLevel')}</Typography.Text>
          <Tooltip title={`${t('reports.preview.levelRule')}：${report.overview.levelRule}`}>
            <span>
              <LevelTag level={level} kind="overall" large />
            </span>
          </Tooltip>
          <div className="tl-report-cover-counts">
            <Typography.Text type="secondary">{t('reports.preview.counts')}</Typography.Text>{' '}
            <RiskCounts high={counts.high} medium={counts.medium} low={counts.low} />
          </div>
          <Typography.Text type="secondary" className="tl-small">
            {t('reports.preview.checkedCount', { count: report.findings.length })}
            {counts.insufficient > 0 && ` · ${t('reports.preview.insufficientCount', { count: counts.insufficient })}`}
          </Typography.Text>
        </div>
        <Space orientation="vertical" className="tl-report-cover-actions">
          <PdfButton reportId={detail.id} />
          <Button icon={<ArrowLeftOutlined />} onClick={() => (canGoBack() ? navigate(-1) : navigate('/all-history'))}>
            {t('reports.preview.back')}
          </Button>
        </Space>
      </div>
    </Card>
  );
}
