import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { queryClient } from '../../app/query-client';
import { isApiError } from '../../lib/http';
import { authKeys, userDetailsQueryOptions } from '../auth/queries';
import {
  type AnnotateBody,
  type CreateReportBody,
  type ReportListQuery,
  reportsApi,
  type WatermarkSettings,
} from './api';
import type { AutoDeleteRequest } from './lib/auto-delete';
import { isPending, listPollInterval, statePollInterval } from './lib/report-state';
import type { ExampleReportType } from './lib/report-views';

/** Query keys of the reports feature (HOUSE-STYLE 14: server state only in TanStack Query). */
export const reportKeys = {
  all: ['reports'] as const,
  lists: () => [...reportKeys.all, 'list'] as const,
  list: (query: ReportListQuery) => [...reportKeys.lists(), query] as const,
  details: () => [...reportKeys.all, 'detail'] as const,
  detail: (id: number) => [...reportKeys.details(), id] as const,
  example: (reportType: ExampleReportType) => [...reportKeys.all, 'example', reportType] as const,
  print: (id: number, printToken: string | null) => [...reportKeys.all, 'print', id, printToken] as const,
  state: () => [...reportKeys.all, 'state'] as const,
  firmNames: () => [...reportKeys.all, 'firm-names'] as const,
  dataOverview: (firmId: number) => [...reportKeys.all, 'data-overview', firmId] as const,
  /** Shared with every feature (auth owns it), so the login prefetch serves reports too. */
  userDetails: () => authKeys.userDetails(),
  watermark: () => [...reportKeys.all, 'watermark'] as const,
  rules: () => [...reportKeys.all, 'rules'] as const,
};

/** After a report changed (created, finished, read, deleted): lists, details and the badge reload. */
export function invalidateReports(): Promise<void> {
  return queryClient.invalidateQueries({
    predicate: (query) =>
      query.queryKey[0] === reportKeys.all[0] && ['list', 'detail', 'state'].includes(String(query.queryKey[1])),
  });
}

export function reportStateOptions() {
  return queryOptions({
    queryKey: reportKeys.state(),
    queryFn: ({ signal }) => reportsApi.state(signal),
    // Spec §4: again every 6 s while reports are being analysed; socket events refresh it otherwise.
    refetchInterval: (query) => statePollInterval(query.state.data),
    refetchIntervalInBackground: true,
    staleTime: 0,
  });
}

/** Report status for the header badge and pop-ups; disabled where no user is signed in. */
export function useReportState(enabled = true) {
  return useQuery({ ...reportStateOptions(), enabled });
}

export function useReportList(query: ReportListQuery) {
  return useQuery({
    queryKey: reportKeys.list(query),
    queryFn: ({ signal }) => reportsApi.list(query, signal),
    placeholderData: keepPreviousData,
    refetchInterval: (current) => listPollInterval(current.state.data?.list),
    staleTime: 0,
  });
}

export function useReportDetail(id: number | null) {
  return useQuery({
    queryKey: reportKeys.detail(id ?? 0),
    queryFn: ({ signal }) => reportsApi.detail(id ?? 0, signal),
    enabled: id !== null && id > 0,
    refetchInterval: (current) => {
      const status = current.state.data?.status;
      return status && isPending(status) ? 6_000 : false;
    },
    retry: false,
  });
}

export function usePrintData(id: number, printToken: string | null, cover: string | null = null) {
  return useQuery({
    queryKey: [...reportKeys.print(id, printToken), cover],
    queryFn: ({ signal }) => reportsApi.printData(id, printToken, cover, signal),
    enabled: id > 0,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** An example report is built from fixed demo data: it changes only with a release. */
export function useExampleReport(reportType: ExampleReportType | null) {
  return useQuery({
    queryKey: reportKeys.example(reportType ?? 'TAX'),
    queryFn: ({ signal }) => reportsApi.example(reportType ?? 'TAX', signal),
    enabled: reportType !== null,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}

export function useFirmNames() {
  return useQuery({ queryKey: reportKeys.firmNames(), queryFn: ({ signal }) => reportsApi.firmNames(signal) });
}

export function useDataOverview(firmId: number | undefined) {
  return useQuery({
    queryKey: reportKeys.dataOverview(firmId ?? 0),
    queryFn: ({ signal }) => reportsApi.dataOverview(firmId ?? 0, signal),
    enabled: firmId !== undefined,
  });
}

/** Prices and credits; read fresh each time the request form opens (another tab may have spent some). */
export function useUserDetails() {
  return useQuery(userDetailsQueryOptions());
}

/** The rule catalogue (what each report kind checks); it changes only with a release. */
export function useRuleCatalogue() {
  return useQuery({
    queryKey: reportKeys.rules(),
    queryFn: ({ signal }) => reportsApi.rules(signal),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useCreateReport() {
  return useMutation({
    mutationFn: (body: CreateReportBody) => reportsApi.create(body),
    // The same body (and request key) again after a dropped connection: charged once by the server.
    retry: (failureCount, error) => failureCount < 2 && isApiError(error) && error.kind === 'network',
    onSettled: () => {
      void invalidateReports();
      void queryClient.invalidateQueries({ queryKey: reportKeys.userDetails() });
    },
  });
}

export function useDeleteReport() {
  return useMutation({
    mutationFn: (id: number) => reportsApi.remove(id),
    onSuccess: () => invalidateReports(),
  });
}

export function useMarkRead() {
  return useMutation({
    mutationFn: (ids?: number[]) => reportsApi.markRead(ids),
    onSuccess: () => invalidateReports(),
  });
}

export function useAnnotate() {
  return useMutation({
    mutationFn: (body: AnnotateBody) => reportsApi.annotate(body),
    onSuccess: (_data, body) => queryClient.invalidateQueries({ queryKey: reportKeys.detail(body.id) }),
  });
}

export function useWatermark() {
  return useQuery({ queryKey: reportKeys.watermark(), queryFn: ({ signal }) => reportsApi.findWatermark(signal) });
}

export function useSaveWatermark() {
  return useMutation({
    mutationFn: (body: WatermarkSettings) => reportsApi.addWatermark(body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reportKeys.watermark() }),
  });
}

export function useWatermarkSwitch() {
  return useMutation({
    mutationFn: (watermarkSwitch: 0 | 1) => reportsApi.updateWatermarkSwitch(watermarkSwitch),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reportKeys.watermark() }),
  });
}

/** Uploads (a file) or removes (null) the watermark image. */
export function useWatermarkImage() {
  return useMutation({
    mutationFn: (file: File | null) =>
      file ? reportsApi.uploadWatermarkImage(file).then(() => null) : reportsApi.deleteWatermarkImage(),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reportKeys.watermark() }),
  });
}

/** Uploads (a file) or removes (null) the group's cover logo; open reports show it on their next load. */
export function useGroupLogo() {
  return useMutation({
    mutationFn: (file: File | null) =>
      file ? reportsApi.uploadGroupLogo(file).then(() => null) : reportsApi.deleteGroupLogo(),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reportKeys.watermark() }),
  });
}

export function useUpdateAutoDelete() {
  return useMutation({ mutationFn: (body: AutoDeleteRequest) => reportsApi.updateReportDeleteTime(body) });
}
