import type { PoolReportType } from '@taxlens/shared';
import { companyReportKind } from '../../companydata/reports/company-report.kind.js';
import { invoiceReportKind } from './invoice.kind.js';
import type { ReportKindDefinition } from './report-kind.types.js';
import { comprehensiveReportKind, taxReportKind } from './tax.kind.js';

export type { BuildContext, BuiltReport, ReportCompany, ReportKindDefinition } from './report-kind.types.js';

/** Report kinds that can be generated now; a new kind adds its definition here. */
export const REPORT_KIND_DEFINITIONS: Partial<Record<PoolReportType, ReportKindDefinition>> = {
  INVOICE: invoiceReportKind,
  TAX: taxReportKind,
  COMPREHENSIVE: comprehensiveReportKind,
  PANORAMIC: companyReportKind('PANORAMIC'),
  BUSINESS_INFO: companyReportKind('BUSINESS_INFO'),
  DUE_DILIGENCE: companyReportKind('DUE_DILIGENCE'),
};
