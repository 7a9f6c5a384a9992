import type { ReportDetail } from '@taxlens/shared';
import { Alert, Anchor, Button, Card, Result, Skeleton, Spin } from 'antd';
import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { isApiError } from '../../../lib/http';
import { t } from '../../../locales';
import { ReportCover } from '../components/ReportCover';
import { ReportWatermark } from '../components/ReportWatermark';
import { useReportCssVars } from '../components/useReportCssVars';
import { isPending } from '../lib/report-state';
import { asExampleReportType } from '../lib/report-views';
import { useExampleReport, useMarkRead, useReportDetail } from '../queries';
import { type OpenedReportView, sectionHeading } from '../views/report-view';
import { useReportView } from '../views/report-view-registry';
import '../components/report.css';
import '../components/tax-report.css';
import './report-pages.css';

function parseId(raw: string | null): number | null {
  const id = Number(raw);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

function ReportBody({ detail, view }: { detail: ReportDetail; view: OpenedReportView }) {
  const cssVars = useReportCssVars();
  return (
    <div className="tl-rpage is-wide">
      <ReportCover detail={detail} cover={view.cover} />
      {detail.id === 0 && (
        <Alert type="info" showIcon title={t('taxReport.example.notice')} data-testid="example-notice" />
      )}
      <div className="tl-report-layout">
        <nav className="tl-report-nav" aria-label={t('reports.preview.nav')}>
          <Anchor
            getContainer={() => (document.querySelector('.tl-content') as HTMLElement | null) ?? window}
            targetOffset={16}
            items={view.sections.map((section, index) => ({
              key: section.id,
              href: `#section-${section.id}`,
              title: sectionHeading(index, section.title),
            }))}
          />
        </nav>
        <div className="tl-report tl-report-main" style={cssVars} data-testid="report-body">
          {detail.watermark && (
            <ReportWatermark text={detail.watermark.text} imageUrl={detail.watermark.imageUrl} mode="screen" />
          )}
          {view.sections.map((section, index) => (
            <Card
              key={section.id}
              id={`section-${section.id}`}
              className="tl-report-section"
              data-testid={`section-${section.id}`}
              title={
                <span className="tl-section-card-title">
                  {sectionHeading(index, section.title)}
                  {section.titleExtra && <span className="tl-section-card-extra">{section.titleExtra}</span>}
                </span>
              }
            >
              {section.render('screen')}
            </Card>
          ))}
        </div>
      </div>
    </div>
  );
}

/**
 * /risk/preview?type=&id= (route RiskPreview): a stored report on screen, drawn by its kind's view;
 * /risk/preview?example=TAX|COMPREHENSIVE: the kind's free example report (id 0, read-only).
 */
export function ReportPreviewPage() {
  const [params] = useSearchParams();
  const exampleParam = params.get('example');
  const example = asExampleReportType(exampleParam);
  const id = exampleParam === null ? parseId(params.get('id')) : null;
  const stored = useReportDetail(id);
  const sample = useExampleReport(example);
  const query = example ? sample : stored;
  const detail = query.data;
  const markRead = useMarkRead();
  const marked = useRef<number | null>(null);
  const view = useReportView(detail);

  // Opening a finished report marks it read (the header badge counts down); an example is no report.
  useEffect(() => {
    if (!detail || detail.id <= 0 || detail.read || isPending(detail.status) || marked.current === detail.id) return;
    marked.current = detail.id;
    markRead.mutate([detail.id]);
  }, [detail, markRead]);

  // A missing report (deleted, another group's, a stale link) offers the way back to the list.
  const backToReports = (
    <Link to="/all-history" data-testid="report-back">
      <Button type="primary">{t('staff.backToReports')}</Button>
    </Link>
  );
  if (exampleParam !== null && !example) return <Result status="404" title={t('taxReport.example.unknown')} />;
  if (!example && id === null)
    return <Result status="404" title={t('reports.preview.notFound')} extra={backToReports} />;
  if (query.isPending) {
    return (
      <div className="tl-rpage">
        <Card>
          <Skeleton active paragraph={{ rows: 10 }} />
        </Card>
      </div>
    );
  }
  if (query.isError || !detail) {
    const notFound = isApiError(query.error) && query.error.status === 404;
    return (
      <Result
        status={notFound ? '404' : 'error'}
        title={notFound ? t('reports.preview.notFound') : t('reports.common.loadFailed')}
        subTitle={!notFound && isApiError(query.error) ? query.error.msg : undefined}
        extra={
          notFound ? backToReports : <Button onClick={() => void query.refetch()}>{t('reports.common.retry')}</Button>
        }
      />
    );
  }
  if (isPending(detail.status)) {
    return (
      <Result
        icon={<Spin size="large" />}
        title={t('reports.preview.pendingTitle')}
        subTitle={t('reports.preview.pendingText', { status: t(`reports.status.${detail.status}`) })}
        data-testid="report-pending"
      />
    );
  }
  if (detail.status === 'failed') {
    return (
      <Result
        status="error"
        title={t('reports.preview.failedTitle')}
        subTitle={`${detail.failureReason ?? ''}${detail.refunded && !detail.failureReason?.includes('退') ? t('reports.preview.refundedText') : ''}`}
        extra={<Link to="/all-history">{t('reports.history.allTitle')}</Link>}
      />
    );
  }
  if (!view) return <Result status="info" title={t('reports.preview.unsupported')} />;
  return <ReportBody detail={detail} view={view} />;
}
