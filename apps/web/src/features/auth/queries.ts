import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { LIMITS, type SessionUser } from '@taxlens/shared';
import { queryClient } from '../../app/query-client';
import { saveSession } from '../../lib/session';
import { authApi, type CodeLogin, type PasswordLogin, type PhoneCodePassword } from './api';

export const authKeys = {
  all: ['auth'] as const,
  me: () => [...authKeys.all, 'me'] as const,
  /** findUserDetails: one key for every feature that reads it, so the login prefetch serves them all. */
  userDetails: () => [...authKeys.all, 'userDetails'] as const,
};

/** The signed-in user; every successful read refreshes the stored session record. */
export function meQueryOptions() {
  return queryOptions({
    queryKey: authKeys.me(),
    queryFn: async ({ signal }): Promise<SessionUser> => {
      const user = await authApi.findUserLoginInfo(signal);
      saveSession(user);
      return user;
    },
    staleTime: LIMITS.tokenRecordExpiryMs,
  });
}

/**
 * The user details (spec §3). Read fresh by each reader that mounts (prices and credits change
 * in other tabs); the login prefetch fills the cache so the first paint does not wait.
 */
export function userDetailsQueryOptions(background = false) {
  return queryOptions({
    queryKey: authKeys.userDetails(),
    queryFn: ({ signal }) => authApi.userDetails({ signal, background }),
    staleTime: 0,
  });
}

/** Spec §4: about 0.2 s after login the client loads the user details. */
export function prefetchUserDetailsSoon(): ReturnType<typeof setTimeout> {
  return setTimeout(() => {
    void queryClient.prefetchQuery(userDetailsQueryOptions(true));
  }, LIMITS.detailsLoadDelayMs);
}

/** The session user; the route guard has loaded it before any signed-in page renders. */
export function useSessionUser(): SessionUser | undefined {
  return useQuery(meQueryOptions()).data;
}

/** Reads the session user again (after binding the subject, renaming it, …) and stores it. */
export function refreshSessionUser(): Promise<SessionUser> {
  return queryClient.fetchQuery({ ...meQueryOptions(), staleTime: 0 });
}

export function useLoginMutation() {
  return useMutation({ mutationFn: (body: PasswordLogin | CodeLogin) => authApi.login(body) });
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
