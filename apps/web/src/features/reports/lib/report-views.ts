/**
 * Report kinds this client can show (preview, print, PDF). Each has its sections in
 * views/report-view-registry.ts, which is typed by this list, so a kind cannot be listed here
 * without a view. Kept apart from the registry: the history table and the notifications ask
 * canViewReport without loading any report section.
 */
export const VIEWABLE_REPORT_TYPES = [
  'INVOICE',
  'TAX',
  'COMPREHENSIVE',
  'PANORAMIC',
  'BUSINESS_INFO',
  'DUE_DILIGENCE',
] as const;
export type ViewableReportType = (typeof VIEWABLE_REPORT_TYPES)[number];

export function canViewReport(reportType: string): reportType is ViewableReportType {
  return (VIEWABLE_REPORT_TYPES as readonly string[]).includes(reportType);
}

/**
 * Kinds with a free example report (GET /api/BusinessPanoramicReport/exampleReport…,
 * /api/SendMsgByReport/findReportPreview for the invoice report, /api/CompanyData/exampleReport).
 */
export const EXAMPLE_REPORT_TYPES = [
  'INVOICE',
  'TAX',
  'COMPREHENSIVE',
  'PANORAMIC',
  'BUSINESS_INFO',
  'DUE_DILIGENCE',
] as const;
export type ExampleReportType = (typeof EXAMPLE_REPORT_TYPES)[number];

export function asExampleReportType(value: string | null): ExampleReportType | null {
  return EXAMPLE_REPORT_TYPES.find((type) => type === value) ?? null;
}
