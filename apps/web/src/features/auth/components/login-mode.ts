/**
 * What the login card shows, kept in the address (`/login?mode=register`) so the browser's back
 * button and a shared link work: password or code sign-in, sign-up, or password reset.
 */
export type LoginMode = 'password' | 'code' | 'register' | 'reset';

const MODE_PARAM = 'mode';
const MODES: readonly LoginMode[] = ['password', 'code', 'register', 'reset'];

export function loginModeOf(params: URLSearchParams): LoginMode {
  const mode = params.get(MODE_PARAM);
  return MODES.includes(mode as LoginMode) ? (mode as LoginMode) : 'password';
}

/** The login page address for a mode, keeping the other parameters (the redirect target). */
export function loginModeHref(mode: LoginMode, params: URLSearchParams): string {
  const next = new URLSearchParams(params);
  if (mode === 'password') next.delete(MODE_PARAM);
  else next.set(MODE_PARAM, mode);
  const query = next.toString();
  return query ? `/login?${query}` : '/login';
}

/** Router state handed to the password form (a phone that was just reset or registered). */
export interface LoginNavigationState {
  phone?: string;
}
