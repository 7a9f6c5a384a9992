import type { SessionUser } from '@taxlens/shared';
import { loadQueryClient, onQueryClient } from '../../app/query-client-loader';
import { isApiError } from '../../lib/http';
import { getToken, saveSession, tokenStore } from '../../lib/session';
import { authKeys, meQueryOptions, prefetchUserDetailsSoon } from './session-queries';

let validatedThisLoad = false;

/** Seeds the cache from a fresh stored record at start (spec §4: under 5 minutes old). */
export function seedSessionUser(user: SessionUser, savedAt: number): void {
  onQueryClient((client) => client.setQueryData(authKeys.me(), user, { updatedAt: savedAt }));
}

/**
 * After a successful login: store the session, skip the start-up re-validation, and load the
 * user details 0.2 s later (spec §4).
 */
export function signedIn(user: SessionUser): void {
  saveSession(user);
  onQueryClient((client) => client.setQueryData(authKeys.me(), user));
  validatedThisLoad = true;
  prefetchUserDetailsSoon();
}

export function resetSessionValidation(): void {
  validatedThisLoad = false;
}

/**
 * The user for the route guard: null when signed out or the token is refused (code 8 then
 * shows 登录信息已失效 and logs out). A fresh stored snapshot renders at once and is re-validated
 * once per page load in the background; otherwise the guard waits for findUserLoginInfo.
 */
export async function resolveSessionUser(): Promise<SessionUser | null> {
  if (!getToken()) return null;
  // Signed in: react-query loads here (the layouts use it anyway), not on the sign-in screen.
  const queryClient = await loadQueryClient();
  const cached = queryClient.getQueryData<SessionUser>(authKeys.me());
  if (cached && validatedThisLoad) return cached;
  if (cached) {
    validatedThisLoad = true;
    void queryClient.fetchQuery({ ...meQueryOptions(), staleTime: 0 }).catch(() => undefined);
    return cached;
  }
  try {
    const user = await queryClient.fetchQuery(meQueryOptions());
    validatedThisLoad = true;
    return user;
  } catch (error) {
    if (isApiError(error) && (error.kind === 'session' || error.kind === 'illegal')) {
      // The token is refused: forget it now so the next guard does not ask again; the
      // delayed logout (spec §8: after 1 s) then clears the stored session and reloads.
      tokenStore.set(null);
      return null;
    }
    throw error;
  }
}
