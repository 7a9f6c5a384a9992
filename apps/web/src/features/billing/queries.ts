import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { authKeys, userDetailsQueryOptions } from '../auth/queries';
import {
  billingApi,
  type FirmReportQuery,
  type FlowQuery,
  type InvoiceQuery,
  type NumFlowQuery,
  type OrderQuery,
  type TransferQuery,
} from './api';
import type { DateRange, PageQuery } from './types';

/** Query keys of the billing feature (HOUSE-STYLE 13–14). */
export const billingKeys = {
  all: ['billing'] as const,
  buyConfig: () => [...billingKeys.all, 'buyConfig'] as const,
  topUpRights: () => [...billingKeys.all, 'topUpRights'] as const,
  bankInfo: () => [...billingKeys.all, 'bankInfo'] as const,
  /** Shared with every feature (auth owns it), so the login prefetch serves billing too. */
  userDetails: () => authKeys.userDetails(),
  overview: () => [...billingKeys.all, 'overview'] as const,
  wallet: (userId?: number) => [...billingKeys.all, 'wallet', userId ?? 'self'] as const,
  payState: (orderId: number) => [...billingKeys.all, 'payState', orderId] as const,
  payInstruction: (orderId: number) => [...billingKeys.all, 'payInstruction', orderId] as const,
  orders: (query: OrderQuery) => [...billingKeys.all, 'orders', query] as const,
  flow: (query: FlowQuery) => [...billingKeys.all, 'flow', query] as const,
  numFlow: (query: NumFlowQuery) => [...billingKeys.all, 'numFlow', query] as const,
  transfers: (query: TransferQuery) => [...billingKeys.all, 'transfers', query] as const,
  reportStatistics: (range: DateRange) => [...billingKeys.all, 'reportStatistics', range] as const,
  reportsByFirm: (query: FirmReportQuery) => [...billingKeys.all, 'reportsByFirm', query] as const,
  reportsByUser: (range: DateRange) => [...billingKeys.all, 'reportsByUser', range] as const,
  monthlyReports: (months: number) => [...billingKeys.all, 'monthlyReports', months] as const,
  invoiceableOrders: (query: PageQuery) => [...billingKeys.all, 'invoiceableOrders', query] as const,
  invoices: (query: InvoiceQuery) => [...billingKeys.all, 'invoices', query] as const,
  subordinates: () => [...billingKeys.all, 'subordinates'] as const,
};

export const buyConfigQuery = (layoutWide = false) =>
  queryOptions({
    queryKey: billingKeys.buyConfig(),
    queryFn: ({ signal }) => billingApi.buyConfig({ signal, layoutWide }),
    staleTime: 5 * 60_000,
  });

export const userDetailsQuery = (layoutWide = false) => userDetailsQueryOptions(layoutWide);

export const useBuyConfig = () => useQuery(buyConfigQuery());
export const useUserDetails = () => useQuery(userDetailsQuery());
export const useTopUpRights = () =>
  useQuery({ queryKey: billingKeys.topUpRights(), queryFn: ({ signal }) => billingApi.topUpRights({ signal }) });
/** Which bank and environment online banking goes to; asked only when the pay page offers it. */
export const useBankInfo = (enabled: boolean) =>
  useQuery({
    queryKey: billingKeys.bankInfo(),
    queryFn: ({ signal }) => billingApi.bankInfo({ signal }),
    enabled,
    staleTime: 10 * 60_000,
  });
export const useOverview = () =>
  useQuery({ queryKey: billingKeys.overview(), queryFn: ({ signal }) => billingApi.overview({ signal }) });
export const useWallet = (userId: number | undefined, enabled = true) =>
  useQuery({
    queryKey: billingKeys.wallet(userId),
    queryFn: ({ signal }) => billingApi.wallet(userId, { signal }),
    enabled,
  });
export const useSubordinates = (enabled = true) =>
  useQuery({
    queryKey: billingKeys.subordinates(),
    queryFn: ({ signal }) => billingApi.subordinates({ signal }),
    enabled,
    staleTime: 60_000,
  });

export const useOrders = (query: OrderQuery) =>
  useQuery({
    queryKey: billingKeys.orders(query),
    queryFn: ({ signal }) => billingApi.orders(query, { signal }),
    placeholderData: keepPreviousData,
  });
export const useFlow = (query: FlowQuery, enabled = true) =>
  useQuery({
    queryKey: billingKeys.flow(query),
    queryFn: ({ signal }) => billingApi.flowRecord(query, { signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
export const useNumFlow = (query: NumFlowQuery) =>
  useQuery({
    queryKey: billingKeys.numFlow(query),
    queryFn: ({ signal }) => billingApi.numFlow(query, { signal }),
    placeholderData: keepPreviousData,
  });
/** With an account chosen, giveRecord answers that account's transfers with directions seen from it. */
export const useTransfers = (query: TransferQuery) =>
  useQuery({
    queryKey: billingKeys.transfers(query),
    queryFn: ({ signal }) =>
      query.userId === undefined
        ? billingApi.givingRecord(query, { signal })
        : billingApi.giveRecord(query, { signal }),
    placeholderData: keepPreviousData,
  });

export const useReportStatistics = (range: DateRange = {}) =>
  useQuery({
    queryKey: billingKeys.reportStatistics(range),
    queryFn: ({ signal }) => billingApi.reportStatistics(range, { signal }),
  });
export const useReportsByFirm = (query: FirmReportQuery) =>
  useQuery({
    queryKey: billingKeys.reportsByFirm(query),
    queryFn: ({ signal }) => billingApi.reportsByFirm(query, { signal }),
    placeholderData: keepPreviousData,
  });
export const useReportsByUser = (enabled: boolean) =>
  useQuery({
    queryKey: billingKeys.reportsByUser({}),
    queryFn: ({ signal }) => billingApi.reportsByUser({}, { signal }),
    enabled,
  });
export const useMonthlyReports = (months = 12) =>
  useQuery({
    queryKey: billingKeys.monthlyReports(months),
    queryFn: ({ signal }) => billingApi.monthlyReports(months, { signal }),
  });

export const useInvoiceableOrders = (query: PageQuery, enabled: boolean) =>
  useQuery({
    queryKey: billingKeys.invoiceableOrders(query),
    queryFn: ({ signal }) => billingApi.invoiceableOrders(query, { signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
export const useInvoices = (query: InvoiceQuery) =>
  useQuery({
    queryKey: billingKeys.invoices(query),
    queryFn: ({ signal }) => billingApi.invoices(query, { signal }),
    placeholderData: keepPreviousData,
  });

/**
 * After money or credits moved: everything billing shows, the session user (its balance feeds the
 * header and home page) and any user-details query of another feature.
 */
export function useInvalidateAssets() {
  const client = useQueryClient();
  return useCallback(
    () =>
      Promise.all([
        client.invalidateQueries({ queryKey: billingKeys.all }),
        client.invalidateQueries({ queryKey: authKeys.all }),
        client.invalidateQueries({
          predicate: (query) => query.queryKey.some((part) => part === 'details' || part === 'userDetails'),
        }),
      ]),
    [client],
  );
}

function useAssetMutation<TBody, TResult>(mutationFn: (body: TBody) => Promise<TResult>) {
  const invalidate = useInvalidateAssets();
  return useMutation({ mutationFn, onSuccess: () => invalidate() });
}

export const useUnifiedOrder = () => useAssetMutation(billingApi.unifiedOrder);
export const useCancelOrder = () => useAssetMutation(billingApi.cancelOrder);
export const useGiving = () => useAssetMutation(billingApi.giving);
export const useTakeBack = () => useAssetMutation(billingApi.takeBack);
export const useBalanceToNum = () => useAssetMutation(billingApi.balanceToNum);
export const useRequestInvoice = () => useAssetMutation(billingApi.requestInvoice);

/** The cashier (or transfer details) of a pending order of one's own; asked only while it is pending. */
export function usePayInstruction(orderId: number, pending: boolean) {
  return useQuery({
    queryKey: billingKeys.payInstruction(orderId),
    queryFn: ({ signal }) => billingApi.payInstruction(orderId, { signal }),
    enabled: pending,
    retry: false,
  });
}
