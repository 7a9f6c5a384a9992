import type { ReportDetail } from '@taxlens/shared';
import { Anchor, Button, Card, Result, Skeleton, Spin } from 'antd';
import { useEffect, useMemo, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { isApiError } from '../../../lib/http';
import { t } from '../../../locales';
import { LevelTag } from '../components/LevelTag';
import { ReportCover } from '../components/ReportCover';
import { ReportWatermark } from '../components/ReportWatermark';
import { useReportCssVars } from '../components/useReportCssVars';
import { isPending } from '../lib/report-state';
import { useMarkRead, useReportDetail } from '../queries';
import { asInvoiceReport, asSources, type InvoiceReportView } from '../report-view.types';
import { CounterpartiesSection } from '../sections/CounterpartiesSection';
import { FindingsSection } from '../sections/FindingsSection';
import { GoodsSection } from '../sections/GoodsSection';
import { OverviewSection } from '../sections/OverviewSection';
import { REPORT_SECTIONS, type ReportSectionId, sectionHeading } from '../sections/report-outline';
import { SourcesSection } from '../sections/SourcesSection';
import '../components/report.css';
import './report-pages.css';

function parseId(raw: string | null): number | null {
  const id = Number(raw);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

function SectionBody({ id, detail, report }: { id: ReportSectionId; detail: ReportDetail; report: InvoiceReportView }) {
  switch (id) {
    case 'overview':
      return <OverviewSection overview={report.overview} mode="screen" />;
    case 'counterparties':
      return <CounterpartiesSection report={report} />;
    case 'goods':
      return <GoodsSection report={report} />;
    case 'findings':
      return (
        <FindingsSection
          findings={report.findings}
          annotations={detail.annotations}
          reportId={detail.id}
          sources={asSources(detail.sources)}
        />
      );
    case 'sources':
      return <SourcesSection sources={asSources(detail.sources)} />;
  }
}

function ReportBody({ detail, report }: { detail: ReportDetail; report: InvoiceReportView }) {
  const cssVars = useReportCssVars();
  const watermark = detail.watermark?.text;
  return (
    <div className="tl-rpage is-wide">
      <ReportCover detail={detail} report={report} />
      <div className="tl-report-layout">
        <nav className="tl-report-nav" aria-label={t('reports.preview.nav')}>
          <Anchor
            getContainer={() => (document.querySelector('.tl-content') as HTMLElement | null) ?? window}
            targetOffset={16}
            items={REPORT_SECTIONS.map((section, index) => ({
              key: section.id,
              href: `#section-${section.id}`,
              title: sectionHeading(index, section.title),
            }))}
          />
        </nav>
        <div className="tl-report tl-report-main" style={cssVars} data-testid="report-body">
          {watermark && <ReportWatermark text={watermark} mode="screen" />}
          {REPORT_SECTIONS.map((section, index) => (
            <Card
              key={section.id}
              id={`section-${section.id}`}
              className="tl-report-section"
              data-testid={`section-${section.id}`}
              title={
                <span className="tl-section-card-title">
                  {sectionHeading(index, section.title)}
                  {section.id === 'findings' && (
                    <span className="tl-section-card-extra">
                      <LevelTag level={report.overview.level} kind="overall" />
                    </span>
                  )}
                </span>
              }
            >
              <SectionBody id={section.id} detail={detail} report={report} />
            </Card>
          ))}
        </div>
      </div>
    </div>
  );
}

/** /risk/preview?type=INVOICE&id= (route RiskPreview): the report on screen. */
export function ReportPreviewPage() {
  const [params] = useSearchParams();
  const id = parseId(params.get('id'));
  const query = useReportDetail(id);
  const detail = query.data;
  const markRead = useMarkRead();
  const marked = useRef<number | null>(null);
  const report = useMemo(() => asInvoiceReport(detail?.result), [detail?.result]);

  // Opening a finished report marks it read (the header badge counts down).
  useEffect(() => {
    if (!detail || detail.read || isPending(detail.status) || marked.current === detail.id) return;
    marked.current = detail.id;
    markRead.mutate([detail.id]);
  }, [detail, markRead]);

  if (id === null) return <Result status="404" title={t('reports.preview.notFound')} />;
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
          <Button onClick={() => void query.refetch()} disabled={notFound}>
            {t('reports.common.retry')}
          </Button>
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
  if (!report) return <Result status="info" title={t('reports.preview.unsupported')} />;
  return <ReportBody detail={detail} report={report} />;
}
