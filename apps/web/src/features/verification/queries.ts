import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type CheckQuery, verificationApi } from './api';

/** Query keys of the invoice check feature. */
export const verificationKeys = {
  all: ['verification'] as const,
  provider: () => [...verificationKeys.all, 'provider'] as const,
  list: (query: CheckQuery) => [...verificationKeys.all, 'list', query] as const,
  detail: (id: number) => [...verificationKeys.all, 'detail', id] as const,
  users: () => [...verificationKeys.all, 'users'] as const,
  flow: (page: number) => [...verificationKeys.all, 'flow', page] as const,
};

export const useProvider = () => useQuery({ queryKey: verificationKeys.provider(), queryFn: verificationApi.provider });

export const useChecks = (query: CheckQuery) =>
  useQuery({
    queryKey: verificationKeys.list(query),
    queryFn: () => verificationApi.list(query),
    placeholderData: keepPreviousData,
  });

export const useCheckDetail = (id: number | null) =>
  useQuery({
    queryKey: verificationKeys.detail(id ?? 0),
    queryFn: () => verificationApi.detail(id ?? 0),
    enabled: id !== null,
  });

export const useCheckUsers = () => useQuery({ queryKey: verificationKeys.users(), queryFn: verificationApi.users });

export const useCheckFlow = (page: number) =>
  useQuery({
    queryKey: verificationKeys.flow(page),
    queryFn: () => verificationApi.flow(page, 10),
    placeholderData: keepPreviousData,
  });

/** Every check or delete changes the history, the flow and the balance shown elsewhere. */
function useInvalidate() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: verificationKeys.all });
}

export function useUploadCheck() {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: verificationApi.uploadFiles, onSuccess: invalidate });
}

export function useManualCheck() {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: verificationApi.manualVerify, onSuccess: invalidate });
}

export function useDeleteChecks() {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: verificationApi.remove, onSuccess: invalidate });
}
