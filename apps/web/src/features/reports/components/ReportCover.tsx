import { ArrowLeftOutlined } from '@ant-design/icons';
import { formatDateTime, type ReportDetail } from '@taxlens/shared';
import { Button, Card, Space, Tag, Tooltip, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { t } from '../../../locales';
import { CoverButton } from '../covers/CoverButton';
import { contactLine, coverTitleOf, excludedFamiliesOf } from '../lib/customisation';
import { periodLabel } from '../lib/period';
import { overallLevelOf, rulesVersionText } from '../lib/report-sections';
import type { ReportCoverFacts } from '../views/report-view';
import { LevelTag } from './LevelTag';
import { PdfButton } from './PdfButton';
import { RiskCounts } from './RiskCounts';
import { ScoreDial } from './ScoreDial';

/** React Router keeps the history index in history.state: 0 means the report was opened directly. */
function canGoBack(): boolean {
  return ((window.history.state as { idx?: number } | null)?.idx ?? 0) > 0;
}

/** The report's head on screen: the group's logo (when uploaded), company, period, level with its colour, counts (and score), export. */
export function ReportCover({ detail, cover }: { detail: ReportDetail; cover: ReportCoverFacts }) {
  const navigate = useNavigate();
  const level = overallLevelOf(detail.overallLevel) ?? cover.level;
  const { counts, score } = cover;
  // An example report (id 0) is no stored report: there is no PDF of it.
  const stored = detail.id > 0;
  const contact = contactLine(detail.customisation?.contact);
  const excluded = excludedFamiliesOf(detail);
  return (
    <Card className="tl-report-cover" data-testid="report-cover">
      <div className="tl-report-cover-body">
        {detail.groupLogo && (
          <img
            className="tl-report-cover-logo"
            src={detail.groupLogo}
            alt={detail.groupName}
            title={detail.groupName}
            data-testid="report-cover-logo"
          />
        )}
        <div className="tl-report-cover-main">
          <Space size={8} wrap>
            <Tag color="blue" data-testid="report-cover-title">
              {coverTitleOf(detail)}
            </Tag>
            {!stored && <Tag color="gold">{t('taxReport.example.tag')}</Tag>}
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
            {detail.rulesVersion && (
              <span data-testid="report-rules-version">
                {t('reports.rulesVersion.label')}：{rulesVersionText(detail.rulesVersion)}
              </span>
            )}
            {detail.creator && (
              <span>
                {t('reports.preview.creator')}：{detail.creator}
              </span>
            )}
            {contact && (
              <span data-testid="report-cover-contact">
                {t('reports.custom.contactLine')}：{contact}
              </span>
            )}
          </Space>
          {excluded.length > 0 && (
            <Typography.Text type="secondary" className="tl-block tl-small" data-testid="report-cover-excluded">
              {t('reports.custom.excluded', { families: excluded.join('、') })}
            </Typography.Text>
          )}
        </div>
        {score && (
          <div className="tl-report-cover-level" data-testid="report-score">
            <Typography.Text type="secondary">{t('taxReport.cover.score')}</Typography.Text>
            <ScoreDial score={score} size={88} />
          </div>
        )}
        <div className="tl-report-cover-level" data-testid="report-level">
          <Typography.Text type="secondary">{t('reports.preview.overallLevel')}</Typography.Text>
          <Tooltip title={`${t('reports.preview.levelRule')}：${cover.levelRule}`}>
            <span>
              <LevelTag level={level} kind="overall" large />
            </span>
          </Tooltip>
          <div className="tl-report-cover-counts">
            <Typography.Text type="secondary">{t('reports.preview.counts')}</Typography.Text>{' '}
            <RiskCounts high={counts.high} medium={counts.medium} low={counts.low} />
          </div>
          <Typography.Text type="secondary" className="tl-small">
            {t('reports.preview.checkedCount', { count: cover.checkedCount })}
            {counts.insufficient > 0 && ` · ${t('reports.preview.insufficientCount', { count: counts.insufficient })}`}
          </Typography.Text>
        </div>
        <Space orientation="vertical" className="tl-report-cover-actions">
          {stored && <PdfButton reportId={detail.id} />}
          {stored && <CoverButton />}
          <Button icon={<ArrowLeftOutlined />} onClick={() => (canGoBack() ? navigate(-1) : navigate('/all-history'))}>
            {t('reports.preview.back')}
          </Button>
        </Space>
      </div>
    </Card>
  );
}
