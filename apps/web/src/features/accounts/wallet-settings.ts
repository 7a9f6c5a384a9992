import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { WalletMode } from '@taxlens/shared';
import { http } from '../../lib/http';
import { authKeys } from '../auth/queries';
import { accountsKeys } from './queries';

/** The main account's choice of how sub-accounts pay, and their monthly limits (issue 19). */
export const walletSettingsApi = {
  get: (signal?: AbortSignal) => http.get<{ walletMode: WalletMode }>('/userInfo/walletSettings', { signal }),
  set: (walletMode: WalletMode) => http.post<null>('/userInfo/updateWalletSettings', { walletMode }),
  setLimit: (body: { userId: number; monthlyLimitFen: number | null }) =>
    http.post<null>('/userInfo/updateMonthlyLimit', body),
};

const walletSettingsKey = [...accountsKeys.all, 'walletSettings'] as const;

export function useWalletSettingsQuery() {
  return useQuery({ queryKey: walletSettingsKey, queryFn: ({ signal }) => walletSettingsApi.get(signal) });
}

export function useSetWalletModeMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: walletSettingsApi.set,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: walletSettingsKey });
      void client.invalidateQueries({ queryKey: authKeys.userDetails() });
    },
  });
}

export function useSetMonthlyLimitMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: walletSettingsApi.setLimit,
    onSuccess: () => client.invalidateQueries({ queryKey: accountsKeys.children() }),
  });
}
