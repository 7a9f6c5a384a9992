import type { ReportDetail } from '@taxlens/shared';
import { useMemo } from 'react';
import { companyReportView } from '../../companydata/company-report.view';
import { hiddenSectionsOf } from '../lib/customisation';
import { canViewReport, type ViewableReportType } from '../lib/report-views';
import { invoiceReportView } from './invoice-report.view';
import type { OpenedReportView, ReportViewOpener } from './report-view';
import { comprehensiveReportView, taxReportView } from './tax-report.view';

/** Every kind of VIEWABLE_REPORT_TYPES with its view; the record type keeps the two lists in step. */
const VIEWS: Readonly<Record<ViewableReportType, ReportViewOpener>> = {
  INVOICE: invoiceReportView,
  TAX: taxReportView,
  COMPREHENSIVE: comprehensiveReportView,
  PANORAMIC: companyReportView,
  BUSINESS_INFO: companyReportView,
  DUE_DILIGENCE: companyReportView,
};

/** The report read by its kind's view; null for a kind without one or a result that is not its kind's. */
export function openReportView(detail: ReportDetail): OpenedReportView | null {
  const opened = canViewReport(detail.reportType) ? VIEWS[detail.reportType](detail) : null;
  const hidden = hiddenSectionsOf(detail);
  if (!opened || hidden.size === 0) return opened;
  // The group's report customisation leaves these sections out of the page, the print view and the PDF.
  return { ...opened, sections: opened.sections.filter((section) => !hidden.has(section.id)) };
}

export function useReportView(detail: ReportDetail | undefined): OpenedReportView | null {
  return useMemo(() => (detail ? openReportView(detail) : null), [detail]);
}
