import { type OperatorMe, type OperatorRole, operatorRoleAllows } from '@taxlens/shared';
import { queryClient } from '../../app/query-client';
import { isApiError, onSessionExpired } from '../../lib/http';
import { clearSession, getToken } from '../../lib/session';
import { operatorApi } from './api';
import { OPERATOR_LOGIN_PATH } from './console-pages';

export const operatorMeKey = ['operator', 'me'] as const;

/** Why there is no operator: signed out (or token refused), or signed in as someone without a role. */
export type OperatorState = { kind: 'operator'; me: OperatorMe } | { kind: 'signed-out' } | { kind: 'not-operator' };

/**
 * The console's session: the same token as the customer client (same server, same users), read
 * through /api/operator/me, which answers 403 to anyone without an operator role.
 */
export async function resolveOperator(): Promise<OperatorState> {
  // In the console, a refused token returns to the console's own sign-in page.
  onSessionExpired(() => {
    clearSession();
    queryClient.clear();
    window.location.assign(OPERATOR_LOGIN_PATH);
  });
  if (!getToken()) return { kind: 'signed-out' };
  try {
    const me = await queryClient.fetchQuery({
      queryKey: operatorMeKey,
      queryFn: ({ signal }) => operatorApi.me(signal),
      staleTime: 60_000,
    });
    return { kind: 'operator', me };
  } catch (error) {
    if (isApiError(error) && error.status === 403) return { kind: 'not-operator' };
    if (isApiError(error) && (error.kind === 'session' || error.kind === 'illegal')) return { kind: 'signed-out' };
    throw error;
  }
}

/** The signed-in operator inside the console layout (the loader has already resolved it). */
export function currentOperator(): OperatorMe | undefined {
  return queryClient.getQueryData<OperatorMe>(operatorMeKey);
}

/** Whether the signed-in operator's roles allow an action that serves `roles` (the server decides anyway). */
export function operatorCan(roles: readonly OperatorRole[]): boolean {
  const me = currentOperator();
  return me ? operatorRoleAllows(me.roles, roles) : false;
}
