import { REPORT_SECTIONS, type ReportDetail } from '@taxlens/shared';
import { describe, expect, it } from 'vitest';
import { openReportView } from './report-view-registry';

const counts = { high: 1, medium: 1, low: 0, none: 1, insufficient: 0 };

function finding(ruleId: string, level: string) {
  return { ruleId, title: ruleId, category: 'c', level, summary: '', figures: [], threshold: '', evidence: null };
}

const taxResult = {
  kind: 'TAX',
  overview: { level: 'high', levelLabel: '高风险', levelRule: 'rule', counts },
  notification: { sscwhsfxListNum: 1, szhsfxListNum: 1, jyfxListNum: 0 },
  summary: { level: 'high', headline: '', topRisks: [], firstSteps: [], notChecked: '' },
  charts: {
    yearly: [],
    vatPeriods: [],
    benchmark: { label: '', vatBurdenPct: null, citContributionPct: null, source: '' },
  },
  dataQuality: { checkedSets: 0, usedSets: 0, excluded: [], problems: [], note: '' },
  categories: [],
  // Report order; the contents list risks most severe first.
  findings: [finding('TAX_A', 'none'), finding('TAX_B', 'medium'), finding('TAX_C', 'high')],
};

const score = {
  value: 85,
  grade: '良（存在一定风险）',
  method: '',
  rows: [],
  calculation: '',
  parameters: { grades: [] },
};

function detail(reportType: string, result: Record<string, unknown> | null): ReportDetail {
  return { id: 7, reportType, overallLevel: 'high', result, sources: [], annotations: [] } as unknown as ReportDetail;
}

describe('openReportView', () => {
  it('gives each kind its sections in order', () => {
    const tax = openReportView(detail('TAX', taxResult));
    expect(tax?.sections.map((section) => section.id)).toEqual([
      'summary',
      'charts',
      'categories',
      'quality',
      'sources',
    ]);
    const comprehensive = openReportView(
      detail('COMPREHENSIVE', { ...taxResult, kind: 'COMPREHENSIVE', score, invoice: { included: false } }),
    );
    expect(comprehensive?.sections.map((section) => section.id)).toEqual([
      'summary',
      'score',
      'charts',
      'categories',
      'quality',
      'sources',
    ]);
    expect(comprehensive?.cover.score?.value).toBe(85);
    const invoice = openReportView(
      detail('INVOICE', { kind: 'INVOICE', overview: { counts }, counterparties: {}, goods: {}, findings: [] }),
    );
    expect(invoice?.sections.map((section) => section.id)).toEqual([
      'overview',
      'counterparties',
      'goods',
      'findings',
      'sources',
    ]);
    expect(invoice?.cover.score).toBeNull();
  });

  it('lists the risks on the contents page under the section that shows them, most severe first', () => {
    const tax = openReportView(detail('TAX', taxResult));
    expect(tax?.contents.sectionId).toBe('categories');
    expect(tax?.contents.risks.map((item) => item.ruleId)).toEqual(['TAX_C', 'TAX_B']);
    expect(tax?.cover).toMatchObject({ level: 'high', checkedCount: 3, score: null });
  });

  it('refuses a kind without a view, and a result of another kind or shape', () => {
    expect(openReportView(detail('PANORAMIC', taxResult))).toBeNull();
    expect(openReportView(detail('COMPREHENSIVE', taxResult))).toBeNull();
    expect(openReportView(detail('TAX', { ...taxResult, charts: { yearly: [] } }))).toBeNull();
    expect(openReportView(detail('TAX', null))).toBeNull();
    expect(openReportView(detail('COMPREHENSIVE', { ...taxResult, kind: 'COMPREHENSIVE', invoice: {} }))).toBeNull();
  });

  it('has the sections the report customisation names (shared REPORT_SECTIONS), and leaves out the hidden ones', () => {
    const invoiceResult = { kind: 'INVOICE', overview: { counts }, counterparties: {}, goods: {}, findings: [] };
    const views = {
      INVOICE: openReportView(detail('INVOICE', invoiceResult)),
      TAX: openReportView(detail('TAX', taxResult)),
      COMPREHENSIVE: openReportView(
        detail('COMPREHENSIVE', { ...taxResult, kind: 'COMPREHENSIVE', score, invoice: { included: false } }),
      ),
    };
    for (const [kind, view] of Object.entries(views)) {
      const shared = REPORT_SECTIONS[kind as keyof typeof views];
      expect(view?.sections.map((section) => [section.id, section.title])).toEqual(
        shared.map((section) => [section.id, section.title]),
      );
    }
    const customised = openReportView({
      ...detail('INVOICE', invoiceResult),
      customisation: { hiddenSections: ['goods', 'sources'], coverTitle: null, contact: null },
    });
    expect(customised?.sections.map((section) => section.id)).toEqual(['overview', 'counterparties', 'findings']);
  });
});
