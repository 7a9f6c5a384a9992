import type { ClientAnalysis, StaleClient } from '@taxlens/shared';
import { fetchBlob, saveBlob } from '../../../lib/download';
import { http } from '../../../lib/http';

const base = '/DataAnalysisMonitoring';

/** The page's filters as the server reads them (see shared clientAnalysisFilterSchema). */
export interface ClientFilter {
  from: string;
  to: string;
  reportType?: string;
  assigneeId?: number;
  staleDays: number;
}

async function download(path: string, body: unknown, fallback: string) {
  const { blob, fileName } = await fetchBlob(`${base}/${path}`, undefined, { body });
  saveBlob(blob, fileName ?? fallback);
}

/** Client analysis calls (server: modules/dataview/client-analysis.routes.ts). */
export const clientApi = {
  analysis: (filter: ClientFilter, signal?: AbortSignal) =>
    http.post<ClientAnalysis>(`${base}/findReportRisk`, filter, { signal }),
  stale: (filter: ClientFilter & { page: number; size: number; keyword?: string }, signal?: AbortSignal) =>
    http.post<{ list: StaleClient[]; total: number; page: number; size: number }>(`${base}/findStaleClients`, filter, {
      signal,
    }),
  exportStale: (filter: ClientFilter & { keyword?: string }) =>
    download('exportStaleClients', filter, '数据未更新客户.xlsx'),
  exportStaff: (filter: ClientFilter) => download('exportStaffReport', filter, '按员工统计.xlsx'),
};
