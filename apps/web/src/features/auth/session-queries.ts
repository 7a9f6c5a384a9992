import { queryOptions } from '@tanstack/react-query';
import { LIMITS, type SessionUser } from '@taxlens/shared';
import { loadQueryClient } from '../../app/query-client-loader';
import { saveSession } from '../../lib/session';
import { authApi } from './api';

/**
 * The session's query keys and reads, apart from queries.ts: the entry's session code uses them,
 * and queries.ts imports the client (react-query), which the sign-in screen does without (issue 21).
 */
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
    void loadQueryClient().then((client) => client.prefetchQuery(userDetailsQueryOptions(true)));
  }, LIMITS.detailsLoadDelayMs);
}
