import type { InvoiceReport } from '@taxlens/engine/types';
import { t } from '../../../locales';
import { LevelTag } from '../components/LevelTag';
import { asInvoiceReport, asSources } from '../report-view.types';
import { CounterpartiesSection } from '../sections/CounterpartiesSection';
import { FindingsSection, PrintFindings } from '../sections/FindingsSection';
import { GoodsSection } from '../sections/GoodsSection';
import { OverviewSection } from '../sections/OverviewSection';
import { SourcesSection } from '../sections/SourcesSection';
import { defineReportView } from './report-view';

type InvoiceSectionId = 'overview' | 'counterparties' | 'goods' | 'findings' | 'sources';

/** 发票穿透报告: overview, counterparties, goods, findings, the imports behind them. */
export const invoiceReportView = defineReportView<InvoiceReport, InvoiceSectionId>({
  parse: asInvoiceReport,
  sections: [
    { id: 'overview', title: t('reports.sections.overview') },
    { id: 'counterparties', title: t('reports.sections.counterparties') },
    { id: 'goods', title: t('reports.sections.goods') },
    { id: 'findings', title: t('reports.sections.findings') },
    { id: 'sources', title: t('reports.sections.sources') },
  ],
  cover: (report) => ({
    level: report.overview.level,
    levelRule: report.overview.levelRule,
    counts: report.overview.counts,
    checkedCount: report.findings.length,
    score: null,
  }),
  disclaimer: t('reports.print.disclaimer'),
  contents: (report) => ({ sectionId: 'findings', findings: report.findings }),
  titleExtra: (id, report) => (id === 'findings' ? <LevelTag level={report.overview.level} kind="overall" /> : null),
  renderSection(id, { detail, view: report, mode }) {
    switch (id) {
      case 'overview':
        return <OverviewSection overview={report.overview} mode={mode} />;
      case 'counterparties':
        return <CounterpartiesSection report={report} />;
      case 'goods':
        return <GoodsSection report={report} />;
      case 'findings': {
        const list = {
          findings: report.findings,
          annotations: detail.annotations,
          reportId: detail.id,
          sources: asSources(detail.sources),
        };
        return mode === 'screen' ? <FindingsSection {...list} /> : <PrintFindings {...list} />;
      }
      case 'sources':
        return <SourcesSection sources={asSources(detail.sources)} />;
    }
  },
});
