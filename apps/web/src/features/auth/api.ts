import type { SessionUser } from '@taxlens/shared';
import { http } from '../../lib/http';

export interface PasswordLogin {
  phone: string;
  pwd: string;
}

export const authApi = {
  // Silent: the login form shows the server's message and field errors itself.
  login: (body: PasswordLogin) =>
    http.post<SessionUser>('/userInfo/login', body, { silent: true, keepOnNavigation: true }),
  findUserLoginInfo: (signal?: AbortSignal) =>
    http.get<SessionUser>('/userInfo/findUserLoginInfo', { signal, keepOnNavigation: true }),
  logout: () => http.post<null>('/userInfo/logout', undefined, { silent: true, keepOnNavigation: true }),
};
