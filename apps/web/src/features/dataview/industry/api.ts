import type { IndustryOption, IndustryQuery, IndustryRanking, IndustryTrend } from '@taxlens/shared';
import { fetchBlob, saveBlob } from '../../../lib/download';
import { http } from '../../../lib/http';

const base = '/DataAnalysisMonitoring';

/** Industry insight calls (server: modules/dataview/industry.routes.ts). */
export const industryApi = {
  all: () => http.post<IndustryOption[]>(`${base}/findIndustryAll`, {}),
  follow: (industryCode: string) => http.post<{ followed: string[] }>(`${base}/increaseIndustry`, { industryCode }),
  unfollow: (industryCode: string) => http.post<{ followed: string[] }>(`${base}/decreaseIndustry`, { industryCode }),
  ranking: (query: IndustryQuery) => http.post<IndustryRanking>(`${base}/findIndustryRiskRanking`, query),
  trend: (query: IndustryQuery & { industryCode?: string }) =>
    http.post<IndustryTrend>(`${base}/findIndustryTrend`, query),
  exportRanking: async (query: IndustryQuery) => {
    const { blob, fileName } = await fetchBlob(`${base}/exportIndustryRiskRanking`, undefined, { body: query });
    saveBlob(blob, fileName ?? `行业风险排行_近${query.months}个月.xlsx`);
  },
};
