import type { Finding, TaxFigure } from '@taxlens/engine/types';
import type { ReactNode } from 'react';
import { t } from '../../../locales';
import { PolicyCitations } from '../../policy/PolicyCitations';
import { type SimpleColumn, SimpleTable } from '../components/SimpleTable';
import { formatFigure, sourcesLine } from '../lib/report-sections';
import { figureSourceLines } from '../lib/tax-sections';
import type { ReportSource } from '../report-view.types';

const FIGURE_COLUMNS: readonly SimpleColumn<TaxFigure>[] = [
  { key: 'label', title: t('reports.findings.figure'), render: (figure) => figure.label },
  { key: 'value', title: t('reports.findings.value'), align: 'right', render: (figure) => formatFigure(figure) },
];

/** Tax findings carry where each figure came from (statement, periods, files, formula). */
const SOURCE_COLUMN: SimpleColumn<TaxFigure> = {
  key: 'source',
  title: t('taxReport.findings.source'),
  width: '46%',
  render: (figure) =>
    figure.source ? (
      <div className="tl-figure-source" data-testid="figure-source">
        {figureSourceLines(figure.source).map((line, index) => (
          <div key={line} className={index === 0 ? undefined : 'tl-muted tl-small'}>
            {line}
          </div>
        ))}
      </div>
    ) : (
      '-'
    ),
};

function Row({
  label,
  text,
  testId,
  children,
}: {
  label: string;
  text: string;
  testId?: string;
  children?: ReactNode;
}) {
  if (!text) return null;
  return (
    <div className="tl-finding-row" data-testid={testId}>
      <div className="tl-finding-label">{label}</div>
      <div className="tl-finding-text">{children ?? text}</div>
    </div>
  );
}

interface FindingBodyProps {
  finding: Finding;
  /** The imports behind an invoice report's figures; null where each figure names its own source. */
  sources: readonly ReportSource[] | null;
}

/** What every finding says, the same on screen and in print (DESIGN §5). */
export function FindingBody({ finding, sources }: FindingBodyProps) {
  const missing = finding.missingData ?? [];
  // An invoice finding's figures are FindingFigure, a tax finding's TaxFigure (with an optional source).
  const figures: readonly TaxFigure[] = finding.figures;
  const sourced = figures.some((figure) => figure.source);
  return (
    <div className="tl-finding-body">
      <p className="tl-finding-summary">{finding.summary}</p>
      {finding.level === 'insufficient' && (
        <div className="tl-notice is-insufficient" data-testid="finding-missing">
          <b>{t('reports.findings.missingTitle')}</b>
          {missing.length > 0 && <span>：{t('reports.findings.missingText', { items: missing.join('、') })}</span>}
        </div>
      )}
      {figures.length > 0 && (
        <div className={sourced ? 'tl-finding-figures is-sourced' : 'tl-finding-figures'}>
          <SimpleTable
            columns={sourced ? [...FIGURE_COLUMNS, SOURCE_COLUMN] : FIGURE_COLUMNS}
            rows={figures}
            rowKey={(figure, index) => `${figure.label}-${index}`}
          />
        </div>
      )}
      <Row label={t('reports.findings.threshold')} text={finding.threshold} />
      <Row label={t('reports.findings.explanation')} text={finding.explanation} />
      <Row label={t('reports.findings.basis')} text={finding.basis} testId="finding-basis">
        <PolicyCitations text={finding.basis} />
      </Row>
      <Row label={t('reports.findings.suggestion')} text={finding.suggestion} />
      {sources && <Row label={t('reports.findings.source')} text={sourcesLine(sources)} testId="finding-source" />}
    </div>
  );
}
