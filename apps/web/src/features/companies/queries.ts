import { keepPreviousData, queryOptions, useQueryClient } from '@tanstack/react-query';
import type { FinancialStatementKind, ImportInfo } from '@taxlens/shared';
import { useRealtimeEvent } from '../../lib/realtime';
import { type CompanyFilters, companiesApi, importsApi, shareApi } from './api';

/** Query keys of the feature; events and mutations invalidate by these prefixes. */
export const companyKeys = {
  all: ['companies'] as const,
  lists: () => [...companyKeys.all, 'list'] as const,
  list: (query: CompanyFilters & { page: number; size: number }) => [...companyKeys.lists(), query] as const,
  detail: (firmId: number) => [...companyKeys.all, 'detail', firmId] as const,
  names: (keyword: string) => [...companyKeys.all, 'names', keyword] as const,
  assignees: () => [...companyKeys.all, 'assignees'] as const,
  binding: (taxNo: string) => [...companyKeys.all, 'binding', taxNo] as const,
};

export const importKeys = {
  all: ['imports'] as const,
  firm: (firmId: number) => [...importKeys.all, 'firm', firmId] as const,
  overview: (firmId: number) => [...importKeys.firm(firmId), 'overview'] as const,
  timeline: (firmId: number) => [...importKeys.firm(firmId), 'timeline'] as const,
  lookup: (firmId: number, number: string) => [...importKeys.firm(firmId), 'lookup', number] as const,
  history: (firmId: number, page: number, size: number) => [...importKeys.firm(firmId), 'history', page, size] as const,
  figures: (firmId: number, statement: FinancialStatementKind) =>
    [...importKeys.firm(firmId), 'figures', statement] as const,
  status: (importId: number) => [...importKeys.all, 'status', importId] as const,
};

export const shareKeys = {
  all: ['share-links'] as const,
  lists: () => [...shareKeys.all, 'list'] as const,
  list: (query: { page: number; size: number; firmId?: number }) => [...shareKeys.lists(), query] as const,
  qr: (shareId: number) => [...shareKeys.all, 'qr', shareId] as const,
  info: (token: string) => ['share-public', token] as const,
};

export const FINISHED_IMPORT = new Set<ImportInfo['status']>(['done', 'rejected', 'failed']);

export function companyListOptions(query: CompanyFilters & { page: number; size: number }) {
  return queryOptions({
    queryKey: companyKeys.list(query),
    queryFn: ({ signal }) => companiesApi.list(query, signal),
    placeholderData: keepPreviousData,
  });
}

export function companyDetailOptions(firmId: number) {
  return queryOptions({
    queryKey: companyKeys.detail(firmId),
    queryFn: ({ signal }) => companiesApi.details(firmId, signal),
  });
}

export function assigneesOptions(enabled: boolean) {
  return queryOptions({
    queryKey: companyKeys.assignees(),
    queryFn: ({ signal }) => companiesApi.assignees(signal),
    staleTime: 5 * 60_000,
    retry: false,
    enabled,
  });
}

export function companyNamesOptions(keyword: string) {
  return queryOptions({
    queryKey: companyKeys.names(keyword),
    queryFn: ({ signal }) => companiesApi.names(keyword || undefined, signal),
    placeholderData: keepPreviousData,
  });
}

export function overviewOptions(firmId: number) {
  return queryOptions({
    queryKey: importKeys.overview(firmId),
    queryFn: ({ signal }) => importsApi.overview(firmId, signal),
  });
}

export function timelineOptions(firmId: number) {
  return queryOptions({
    queryKey: importKeys.timeline(firmId),
    queryFn: ({ signal }) => importsApi.timeline(firmId, signal),
  });
}

export function invoiceLookupOptions(firmId: number, number: string) {
  return queryOptions({
    queryKey: importKeys.lookup(firmId, number),
    queryFn: ({ signal }) => importsApi.lookup(firmId, number, signal),
    enabled: number !== '',
  });
}

export function importHistoryOptions(firmId: number, page: number, size: number) {
  return queryOptions({
    queryKey: importKeys.history(firmId, page, size),
    queryFn: ({ signal }) => importsApi.history(firmId, page, size, signal),
    placeholderData: keepPreviousData,
  });
}

export function figuresOptions(firmId: number, statement: FinancialStatementKind) {
  return queryOptions({
    queryKey: importKeys.figures(firmId, statement),
    queryFn: ({ signal }) => importsApi.figures(firmId, statement, signal),
    placeholderData: keepPreviousData,
  });
}

/** Polls every 2 s without a socket; with one, events refetch it and a slow poll is the safety net. */
export function importStatusOptions(importId: number | null, socketOpen: boolean) {
  return queryOptions({
    queryKey: importKeys.status(importId ?? 0),
    queryFn: ({ signal }) => importsApi.status(importId ?? 0, signal),
    enabled: importId !== null,
    staleTime: 0,
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      if (status && FINISHED_IMPORT.has(status)) return false;
      return socketOpen ? 15_000 : 2_000;
    },
  });
}

export function shareListOptions(query: { page: number; size: number; firmId?: number }) {
  return queryOptions({
    queryKey: shareKeys.list(query),
    queryFn: ({ signal }) => shareApi.list(query, signal),
    placeholderData: keepPreviousData,
  });
}

/** One link's current state; under the lists' key so SHARE_LINK events refetch it too. */
export function shareStateOptions(shareId: number | null) {
  return queryOptions({
    queryKey: [...shareKeys.lists(), 'one', shareId ?? 0] as const,
    queryFn: ({ signal }) => shareApi.state(shareId ?? 0, signal),
    enabled: shareId !== null,
  });
}

export function shareInfoOptions(token: string) {
  return queryOptions({
    queryKey: shareKeys.info(token),
    queryFn: ({ signal }) => shareApi.info(token, signal),
    staleTime: 0,
    retry: 1,
  });
}

/**
 * Socket events of this feature invalidate what they change (HOUSE-STYLE 14): an import's
 * progress its status; a finished import the company's data; a share link's state the lists.
 */
export function useCompanyRealtime(): void {
  const queryClient = useQueryClient();
  useRealtimeEvent('IMPORT_PROGRESS', (message) => {
    const importId = Number(message.importId);
    if (Number.isInteger(importId)) void queryClient.invalidateQueries({ queryKey: importKeys.status(importId) });
    const finished = typeof message.status === 'string' && FINISHED_IMPORT.has(message.status as ImportInfo['status']);
    if (!finished) return;
    const firmId = Number(message.companyId ?? message.firmId);
    void queryClient.invalidateQueries({
      queryKey: Number.isInteger(firmId) ? importKeys.firm(firmId) : importKeys.all,
    });
  });
  useRealtimeEvent('SHARE_LINK', (message) => {
    void queryClient.invalidateQueries({ queryKey: shareKeys.lists() });
    const firmId = Number(message.firmId);
    // A client's own information can create or change a company.
    void queryClient.invalidateQueries({ queryKey: companyKeys.lists() });
    if (Number.isInteger(firmId)) {
      void queryClient.invalidateQueries({ queryKey: companyKeys.detail(firmId) });
      void queryClient.invalidateQueries({ queryKey: importKeys.firm(firmId) });
    }
  });
}
