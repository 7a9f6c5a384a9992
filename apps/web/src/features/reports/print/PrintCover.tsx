import { formatDate, type ReportDetail } from '@taxlens/shared';
import type { CSSProperties } from 'react';
import { t } from '../../../locales';
import { LevelTag } from '../components/LevelTag';
import { ScoreDial } from '../components/ScoreDial';
import { contactLine, coverTitleOf, excludedFamiliesOf } from '../lib/customisation';
import { periodLabel } from '../lib/period';
import { overallLevelOf, rulesVersionText } from '../lib/report-sections';
import { type OpenedReportView, type ReportCoverFacts, sectionHeading } from '../views/report-view';

function GroupMark({ name, logo }: { name: string; logo: string | null }) {
  if (logo) return <img className="tl-print-logo" src={logo} alt={name} />;
  return (
    <span className="tl-print-monogram" aria-hidden="true">
      {Array.from(name)[0] ?? ''}
    </span>
  );
}

/**
 * The cover page: the group, the report, the company, the period, the date, the level (and the score),
 * laid out by the cover template the exporting user chose (detail.cover; print.css per layout).
 */
export function PrintCover({ detail, cover }: { detail: ReportDetail; cover: ReportCoverFacts }) {
  const level = overallLevelOf(detail.overallLevel) ?? cover.level;
  const { counts, score } = cover;
  const contact = contactLine(detail.customisation?.contact);
  const excluded = excludedFamiliesOf(detail);
  const template = detail.cover;
  const colours = template
    ? ({ '--tl-cover-primary': template.primaryColor, '--tl-cover-accent': template.accentColor } as CSSProperties)
    : undefined;
  return (
    <section
      className={`tl-print-cover tl-cover-${template?.layout ?? 'classic'}`}
      style={colours}
      data-testid="print-cover"
      data-cover={template?.layout ?? 'classic'}
    >
      <div className="tl-print-group">
        <GroupMark name={detail.groupName} logo={detail.groupLogo} />
        <span>{detail.groupName}</span>
        {/* 商务蓝带 writes the report's name on its band (print.css hides it in the centre there). */}
        {template?.layout === 'band' && <div className="tl-print-band-title">{coverTitleOf(detail)}</div>}
      </div>
      <div className="tl-print-cover-body">
        <div className="tl-print-cover-center">
          <div className="tl-print-report-name">{coverTitleOf(detail)}</div>
          <div className="tl-print-company">{detail.taxpayerName}</div>
          <div className="tl-print-taxno">
            {t('reports.preview.taxNo')}：{detail.taxNo}
          </div>
          {score && (
            <div className="tl-print-score" data-testid="print-score">
              <span>{t('taxReport.cover.score')}</span>
              <ScoreDial score={score} size={96} />
            </div>
          )}
          <div className="tl-print-level">
            <span>{t('reports.print.overall')}</span>
            <LevelTag level={level} kind="overall" large />
          </div>
          <div className="tl-print-counts">
            {t('reports.preview.countsValue', { high: counts.high, medium: counts.medium, low: counts.low })}
            {counts.insufficient > 0 && ` · ${t('reports.preview.insufficientCount', { count: counts.insufficient })}`}
          </div>
        </div>
        <dl className="tl-print-facts">
          <dt>{t('reports.preview.period')}</dt>
          <dd>{periodLabel(detail.periodStart, detail.periodEnd)}</dd>
          <dt>{t('reports.print.reportDate')}</dt>
          <dd>{formatDate(detail.finishTime ?? detail.createTime)}</dd>
          <dt>{t('reports.print.preparedBy')}</dt>
          <dd>{detail.groupName}</dd>
          {detail.rulesVersion !== undefined && detail.rulesVersion !== null && (
            <>
              <dt>{t('reports.rulesVersion.label')}</dt>
              <dd data-testid="print-rules-version">{rulesVersionText(detail.rulesVersion)}</dd>
            </>
          )}
          {contact && (
            <>
              <dt>{t('reports.custom.contactLine')}</dt>
              <dd data-testid="print-contact">{contact}</dd>
            </>
          )}
        </dl>
        {excluded.length > 0 && (
          <p className="tl-print-excluded">{t('reports.custom.excluded', { families: excluded.join('、') })}</p>
        )}
      </div>
    </section>
  );
}

/** The contents page: the sections, and under the one that shows them the findings that carry a risk. */
export function PrintContents({ view }: { view: OpenedReportView }) {
  const { sectionId, risks } = view.contents;
  return (
    <section className="tl-print-contents" data-testid="print-contents">
      <h2 className="tl-section-title">{t('reports.print.contents')}</h2>
      <ol className="tl-print-toc">
        {view.sections.map((section, index) => (
          <li key={section.id}>
            <span>{sectionHeading(index, section.title)}</span>
            {section.id === sectionId && risks.length > 0 && (
              <ol className="tl-print-toc-sub">
                {risks.map((finding, findingIndex) => (
                  <li key={finding.ruleId}>
                    {findingIndex + 1}. {finding.title}
                    <LevelTag level={finding.level} />
                  </li>
                ))}
              </ol>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}
