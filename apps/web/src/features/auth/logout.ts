import { clearQueryClient } from '../../app/query-client-loader';
import { navigateTo } from '../../lib/navigation';
import { clearSession, getToken } from '../../lib/session';
import { authApi } from './api';
import { resetSessionValidation } from './session-user';

export interface LogoutOptions {
  /**
   * What follows: 'reload' goes to /login with a page load (spec §4 default, drops every
   * in-memory state), 'navigate' goes there inside the app, 'none' leaves it to the caller.
   */
  mode?: 'reload' | 'navigate' | 'none';
  /** Revoke the token on the server; skipped when the server already refused it (code 8). */
  callServer?: boolean;
}

/** Spec §4 logout: clears user, token and sessionStorage, goes to /login and reloads. */
export async function logout({ mode = 'reload', callServer = true }: LogoutOptions = {}): Promise<void> {
  if (callServer && getToken()) await authApi.logout().catch(() => undefined);
  clearSession();
  resetSessionValidation();
  clearQueryClient();
  // The real-time socket (later issue) closes here too.
  if (mode === 'reload') window.location.assign('/login');
  else if (mode === 'navigate') navigateTo('/login');
}
