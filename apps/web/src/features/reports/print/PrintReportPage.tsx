import '../../../app/fonts';
import { formatDate, type ReportDetail } from '@taxlens/shared';
import { Spin } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { RenderTracker, RenderTrackerContext } from '../../../components/render-tracker';
import { isApiError } from '../../../lib/http';
import { t } from '../../../locales';
import { ReportWatermark } from '../components/ReportWatermark';
import { useReportCssVars } from '../components/useReportCssVars';
import { usePrintData } from '../queries';
import { type OpenedReportView, sectionHeading } from '../views/report-view';
import { useReportView } from '../views/report-view-registry';
import { PrintContents, PrintCover } from './PrintCover';
import { PrintEvidenceContext } from './print-evidence';
import { markPrintError, markPrintReady, whenPrintReady } from './print-readiness';
import '../components/report.css';
import '../components/tax-report.css';
import './print.css';

function PrintDocument({ detail, view }: { detail: ReportDetail; view: OpenedReportView }) {
  const root = useRef<HTMLDivElement>(null);
  const [tracker] = useState(() => new RenderTracker());
  const cssVars = useReportCssVars();

  useEffect(() => {
    document.title = t('reports.print.pageTitle', { name: detail.reportName, company: detail.taxpayerName });
  }, [detail.reportName, detail.taxpayerName]);

  useEffect(() => {
    const node = root.current;
    if (!node) return;
    let cancelled = false;
    void whenPrintReady(node, tracker).then(() => {
      if (!cancelled) markPrintReady();
    });
    return () => {
      cancelled = true;
    };
  }, [tracker]);

  return (
    <RenderTrackerContext.Provider value={tracker}>
      <PrintEvidenceContext.Provider value={detail.evidenceRows ?? null}>
        <div ref={root} className="tl-print tl-report" style={cssVars} data-testid="print-report">
          {detail.watermark && (
            <ReportWatermark text={detail.watermark.text} imageUrl={detail.watermark.imageUrl} mode="print" />
          )}
          <PrintCover detail={detail} cover={view.cover} />
          <PrintContents view={view} />
          {view.sections.map((section, index) => (
            <section key={section.id} className="tl-print-section" id={`print-${section.id}`}>
              <h2 className="tl-section-title">{sectionHeading(index, section.title)}</h2>
              {section.render('print')}
            </section>
          ))}
          <p className="tl-print-disclaimer tl-muted tl-small">
            {view.disclaimer} {formatDate(detail.finishTime ?? detail.createTime)}
          </p>
        </div>
      </PrintEvidenceContext.Provider>
    </RenderTrackerContext.Provider>
  );
}

/**
 * /print/report/:id?printToken= (blank layout, public): the report laid out for A4, printed to PDF
 * by the server's Chromium, which reads the data with its short-lived print token (no session).
 * Opened by a signed-in user without a token, it shows the same page from the session.
 */
export function PrintReportPage() {
  const { id: rawId } = useParams();
  const [params] = useSearchParams();
  const id = Number(rawId);
  const printToken = params.get('printToken');
  const query = usePrintData(Number.isSafeInteger(id) ? id : 0, printToken, params.get('cover'));
  const view = useReportView(query.data);

  const failure =
    !Number.isSafeInteger(id) || id <= 0
      ? t('reports.preview.notFound')
      : query.isError
        ? isApiError(query.error)
          ? query.error.msg
          : t('reports.common.loadFailed')
        : query.data && !view
          ? t('reports.preview.unsupported')
          : null;

  useEffect(() => {
    if (failure) markPrintError(failure);
  }, [failure]);

  if (failure) {
    return (
      <div className="tl-print-message" data-testid="print-error">
        {t('reports.print.loadFailed', { reason: failure })}
      </div>
    );
  }
  if (!query.data || !view) {
    return (
      <div className="tl-print-message">
        <Spin />
      </div>
    );
  }
  return <PrintDocument detail={query.data} view={view} />;
}
