import { t } from '../../../locales';
import { type SimpleColumn, SimpleTable } from '../components/SimpleTable';
import { formatFigure, sourcesLine } from '../lib/report-sections';
import type { Finding, FindingFigure, ReportSource } from '../report-view.types';

const FIGURE_COLUMNS: readonly SimpleColumn<FindingFigure>[] = [
  { key: 'label', title: t('reports.findings.figure'), render: (figure) => figure.label },
  { key: 'value', title: t('reports.findings.value'), align: 'right', render: (figure) => formatFigure(figure) },
];

function Row({ label, text, testId }: { label: string; text: string; testId?: string }) {
  if (!text) return null;
  return (
    <div className="tl-finding-row" data-testid={testId}>
      <div className="tl-finding-label">{label}</div>
      <div className="tl-finding-text">{text}</div>
    </div>
  );
}

/** What every finding says, the same on screen and in print (DESIGN §5). */
export function FindingBody({ finding, sources }: { finding: Finding; sources: readonly ReportSource[] }) {
  const missing = finding.missingData ?? [];
  return (
    <div className="tl-finding-body">
      <p className="tl-finding-summary">{finding.summary}</p>
      {finding.level === 'insufficient' && (
        <div className="tl-notice is-insufficient" data-testid="finding-missing">
          <b>{t('reports.findings.missingTitle')}</b>
          {missing.length > 0 && <span>：{t('reports.findings.missingText', { items: missing.join('、') })}</span>}
        </div>
      )}
      {finding.figures.length > 0 && (
        <div className="tl-finding-figures">
          <SimpleTable
            columns={FIGURE_COLUMNS}
            rows={finding.figures}
            rowKey={(figure, index) => `${figure.label}-${index}`}
          />
        </div>
      )}
      <Row label={t('reports.findings.threshold')} text={finding.threshold} />
      <Row label={t('reports.findings.explanation')} text={finding.explanation} />
      <Row label={t('reports.findings.basis')} text={finding.basis} />
      <Row label={t('reports.findings.suggestion')} text={finding.suggestion} />
      <Row label={t('reports.findings.source')} text={sourcesLine(sources)} testId="finding-source" />
    </div>
  );
}
