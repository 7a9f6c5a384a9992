import { formatDate, type ReportDetail } from '@taxlens/shared';
import { t } from '../../../locales';
import { LevelTag } from '../components/LevelTag';
import { periodLabel } from '../lib/period';
import { isRisk, overallLevelOf, sortFindings } from '../lib/report-sections';
import type { InvoiceReportView } from '../report-view.types';
import { REPORT_SECTIONS, sectionHeading } from '../sections/report-outline';

function GroupMark({ name, logo }: { name: string; logo: string | null }) {
  if (logo) return <img className="tl-print-logo" src={logo} alt={name} />;
  return (
    <span className="tl-print-monogram" aria-hidden="true">
      {Array.from(name)[0] ?? ''}
    </span>
  );
}

/** The cover page: the group, the report, the company, the period, the date and the overall level. */
export function PrintCover({ detail, report }: { detail: ReportDetail; report: InvoiceReportView }) {
  const level = overallLevelOf(detail.overallLevel) ?? report.overview.level;
  const counts = report.overview.counts;
  return (
    <section className="tl-print-cover" data-testid="print-cover">
      <div className="tl-print-group">
        <GroupMark name={detail.groupName} logo={detail.groupLogo} />
        <span>{detail.groupName}</span>
      </div>
      <div className="tl-print-cover-center">
        <div className="tl-print-report-name">{detail.reportName}</div>
        <div className="tl-print-company">{detail.taxpayerName}</div>
        <div className="tl-print-taxno">
          {t('reports.preview.taxNo')}：{detail.taxNo}
        </div>
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
      </dl>
    </section>
  );
}

/** The contents page: the sections, and under 风险发现 the findings that carry a risk. */
export function PrintContents({ report }: { report: InvoiceReportView }) {
  const risks = sortFindings(report.findings).filter(isRisk);
  return (
    <section className="tl-print-contents" data-testid="print-contents">
      <h2 className="tl-section-title">{t('reports.print.contents')}</h2>
      <ol className="tl-print-toc">
        {REPORT_SECTIONS.map((section, index) => (
          <li key={section.id}>
            <span>{sectionHeading(index, section.title)}</span>
            {section.id === 'findings' && risks.length > 0 && (
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
