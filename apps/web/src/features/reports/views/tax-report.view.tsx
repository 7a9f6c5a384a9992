import type { ComprehensiveReport, TaxReport } from '@taxlens/engine/types';
import { t } from '../../../locales';
import { LevelTag } from '../components/LevelTag';
import { categoryCounts } from '../lib/tax-sections';
import { asComprehensiveReport, asStoredSets, asTaxReport } from '../report-view.types';
import { DataQualitySection } from '../sections/DataQualitySection';
import { ScoreSection } from '../sections/ScoreSection';
import { StoredSetsSection } from '../sections/StoredSetsSection';
import { TaxCategoriesSection } from '../sections/TaxCategoriesSection';
import { TaxChartsSection } from '../sections/TaxChartsSection';
import { ComprehensiveSummaryHead, TaxSummaryHead, TaxSummarySection } from '../sections/TaxSummarySection';
import { defineReportView, type ReportCoverFacts, type SectionRenderProps } from './report-view';

/** Sections both tax kinds draw the same way. */
type CommonSectionId = 'charts' | 'quality' | 'sources';

function renderCommon(
  id: CommonSectionId,
  { detail, view, mode }: SectionRenderProps<TaxReport | ComprehensiveReport>,
) {
  switch (id) {
    case 'charts':
      return <TaxChartsSection charts={view.charts} mode={mode} />;
    case 'quality':
      return <DataQualitySection quality={view.dataQuality} />;
    case 'sources':
      return <StoredSetsSection sets={asStoredSets(detail.sources)} />;
  }
}

function coverOf(report: TaxReport | ComprehensiveReport, score: ReportCoverFacts['score']): ReportCoverFacts {
  return {
    level: report.overview.level,
    levelRule: report.overview.levelRule,
    counts: report.overview.counts,
    checkedCount: report.findings.length,
    score,
  };
}

const levelBesideCategories = (id: string, report: TaxReport | ComprehensiveReport) =>
  id === 'categories' ? <LevelTag level={report.overview.level} kind="overall" /> : null;

/** 经营（税务）风险检测报告: summary, trends, the three categories, data quality, the stored sets read. */
export const taxReportView = defineReportView<TaxReport, 'summary' | 'categories' | CommonSectionId>({
  parse: asTaxReport,
  sections: [
    { id: 'summary', title: t('taxReport.sections.summary') },
    { id: 'charts', title: t('taxReport.sections.charts') },
    { id: 'categories', title: t('taxReport.sections.categories') },
    { id: 'quality', title: t('taxReport.sections.quality') },
    { id: 'sources', title: t('taxReport.sections.sources') },
  ],
  cover: (report) => coverOf(report, null),
  disclaimer: t('taxReport.print.disclaimer'),
  contents: (report) => ({ sectionId: 'categories', findings: report.findings }),
  titleExtra: levelBesideCategories,
  renderSection(id, props) {
    const { detail, view: report, mode } = props;
    switch (id) {
      case 'summary':
        return (
          <TaxSummarySection
            summary={report.summary}
            head={
              <TaxSummaryHead
                level={report.overview.level}
                categories={categoryCounts(report.notification, report.categories)}
              />
            }
            incomplete={report.overview.counts.insufficient > 0}
            mode={mode}
          />
        );
      case 'categories':
        return <TaxCategoriesSection categories={report.categories} detail={detail} mode={mode} />;
      default:
        return renderCommon(id, props);
    }
  },
});

/** 综合税务风险报告: the tax report with the invoice findings, scored 0–100 with its method shown. */
export const comprehensiveReportView = defineReportView<
  ComprehensiveReport,
  'summary' | 'score' | 'categories' | CommonSectionId
>({
  parse: asComprehensiveReport,
  sections: [
    { id: 'summary', title: t('taxReport.sections.summary') },
    { id: 'score', title: t('taxReport.sections.score') },
    { id: 'charts', title: t('taxReport.sections.charts') },
    { id: 'categories', title: t('taxReport.sections.categories') },
    { id: 'quality', title: t('taxReport.sections.quality') },
    { id: 'sources', title: t('taxReport.sections.sources') },
  ],
  cover: (report) => coverOf(report, report.score),
  disclaimer: t('taxReport.print.disclaimer'),
  contents: (report) => ({ sectionId: 'categories', findings: report.findings }),
  titleExtra: levelBesideCategories,
  renderSection(id, props) {
    const { detail, view: report, mode } = props;
    switch (id) {
      case 'summary':
        return (
          <TaxSummarySection
            summary={report.summary}
            head={
              <ComprehensiveSummaryHead
                level={report.overview.level}
                score={report.score}
                notification={report.notification}
                mode={mode}
              />
            }
            incomplete={report.overview.counts.insufficient > 0 || !report.invoice.included}
            mode={mode}
          />
        );
      case 'score':
        return <ScoreSection score={report.score} />;
      case 'categories':
        return (
          <TaxCategoriesSection categories={report.categories} invoice={report.invoice} detail={detail} mode={mode} />
        );
      default:
        return renderCommon(id, props);
    }
  },
});
