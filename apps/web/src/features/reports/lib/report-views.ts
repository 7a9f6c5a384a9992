/**
 * Report kinds this client can show (preview, print, PDF). Another kind's page adds its type here
 * together with its sections; until then its rows offer no 查看 or PDF.
 */
export const VIEWABLE_REPORT_TYPES: readonly string[] = ['INVOICE'];

export function canViewReport(reportType: string): boolean {
  return VIEWABLE_REPORT_TYPES.includes(reportType);
}
