import { useMutation, useQuery } from '@tanstack/react-query';
import type { SessionUser } from '@taxlens/shared';
import { queryClient } from '../../app/query-client';
import { authApi, type PhoneCodePassword } from './api';
import { authKeys, meQueryOptions } from './session-queries';

export {
  authKeys,
  meQueryOptions,
  prefetchUserDetailsSoon,
  userDetailsQueryOptions,
} from './session-queries';

/** The session user; the route guard has loaded it before any signed-in page renders. */
export function useSessionUser(): SessionUser | undefined {
  return useQuery(meQueryOptions()).data;
}

/** Reads the session user again (after binding the subject, renaming it, …) and stores it. */
export function refreshSessionUser(): Promise<SessionUser> {
  return queryClient.fetchQuery({ ...meQueryOptions(), staleTime: 0 });
}

export function useRegisterMutation() {
  return useMutation({ mutationFn: (body: PhoneCodePassword & { invite?: string }) => authApi.register(body) });
}

/** Who invites through a partner link (the sign-up page's banner); nothing without a link. */
export function usePartnerInvite(invite: string | null) {
  return useQuery({
    queryKey: [...authKeys.all, 'partnerInvite', invite],
    queryFn: () => authApi.partnerInvite(invite as string),
    enabled: !!invite,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useResetPasswordMutation() {
  return useMutation({ mutationFn: (body: PhoneCodePassword) => authApi.resetPassword(body) });
}

export function useChangePhoneMutation() {
  return useMutation({
    mutationFn: (body: { phone: string; code: string }) => authApi.changePhone(body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: authKeys.all }),
  });
}

export function useChangePasswordMutation() {
  return useMutation({ mutationFn: (body: { code: string; pwd: string }) => authApi.changePassword(body) });
}
