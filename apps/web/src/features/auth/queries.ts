import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { LIMITS, type SessionUser } from '@taxlens/shared';
import { saveSession } from '../../lib/session';
import { authApi, type PasswordLogin } from './api';

export const authKeys = {
  all: ['auth'] as const,
  me: () => [...authKeys.all, 'me'] as const,
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

/** The session user; the route guard has loaded it before any signed-in page renders. */
export function useSessionUser(): SessionUser | undefined {
  return useQuery(meQueryOptions()).data;
}

export function useLoginMutation() {
  return useMutation({ mutationFn: (body: PasswordLogin) => authApi.login(body) });
}
