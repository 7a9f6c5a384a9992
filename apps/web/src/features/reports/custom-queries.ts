import { useMutation, useQuery } from '@tanstack/react-query';
import type { ReportCustomConfig, ReportType, SaveReportCustom } from '@taxlens/shared';
import { queryClient } from '../../app/query-client';
import { http } from '../../lib/http';
import { reportKeys } from './queries';

/** /api/UserReportCustomConfig/*: the group's customisation of each report kind (报告定制 on /watermark). */
export const reportCustomApi = {
  list: (signal?: AbortSignal) => http.get<ReportCustomConfig[]>('/UserReportCustomConfig/findList', { signal }),
  save: (body: SaveReportCustom) =>
    http.post<ReportCustomConfig>('/UserReportCustomConfig/save', body, { silent: true }),
  reset: (reportType: ReportType) =>
    http.post<ReportCustomConfig>('/UserReportCustomConfig/reset', { reportType }, { silent: true }),
};

const customKey = () => [...reportKeys.all, 'custom'] as const;

export function useReportCustomConfigs() {
  return useQuery({ queryKey: customKey(), queryFn: ({ signal }) => reportCustomApi.list(signal) });
}

/** Saving or resetting changes how every report of the kind is drawn: open reports reload. */
function refresh() {
  void queryClient.invalidateQueries({ queryKey: customKey() });
  void queryClient.invalidateQueries({ queryKey: reportKeys.details() });
}

export function useSaveReportCustom() {
  return useMutation({ mutationFn: reportCustomApi.save, onSuccess: refresh });
}

export function useResetReportCustom() {
  return useMutation({ mutationFn: reportCustomApi.reset, onSuccess: refresh });
}
