import { CompanyReportHistoryPage } from './CompanyReportPage';

/** /p-report/history: the 全景报告 of the group. */
export function PanoramicHistoryPage() {
  return <CompanyReportHistoryPage types={['PANORAMIC']} />;
}

/** /p-report-list: 工商信息报告 and 尽职调查报告. */
export function BusinessReportListPage() {
  return <CompanyReportHistoryPage types={['BUSINESS_INFO', 'DUE_DILIGENCE']} />;
}
