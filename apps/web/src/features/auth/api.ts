import type { SessionUser, UserDetails } from '@taxlens/shared';
import { http } from '../../lib/http';

export interface PasswordLogin {
  phone: string;
  pwd: string;
  /** Sign-up only: the 服务条款 / 隐私政策 consent. */
  agreeTerms?: boolean;
}

export interface CodeLogin {
  phone: string;
  code: string;
}

/** Sign-up, reset: phone, SMS code and the new password. */
export interface PhoneCodePassword {
  phone: string;
  code: string;
  pwd: string;
}

/** SMS code purposes of the server: 1 sign-up, 2 code login, 3 password reset, 4 change password, 5 new phone. */
export const SMS_PURPOSE = { signUp: 1, codeLogin: 2, resetPassword: 3, changePassword: 4, changePhone: 5 } as const;
export type SmsPurpose = (typeof SMS_PURPOSE)[keyof typeof SMS_PURPOSE];

/** The latest message of the built-in SMS outbox (demo installs without a gateway). */
export interface OutboxMessage {
  content: string;
  createTime: string;
}

// The forms show the server's message and field errors themselves: silent, and kept across
// navigation so that a sign-in finishing during a redirect is not cancelled.
const FORM_CALL = { silent: true, keepOnNavigation: true } as const;

export const authApi = {
  login: (body: PasswordLogin | CodeLogin) => http.post<SessionUser>('/userInfo/login', body, FORM_CALL),
  register: (body: PhoneCodePassword & { invite?: string }) =>
    http.post<SessionUser>('/userInfo/register', body, FORM_CALL),
  partnerInvite: (invite: string) =>
    http.get<{ groupName: string; valid: boolean }>('/PartnerInviteRecord/info', { params: { invite }, silent: true }),
  resetPassword: (body: PhoneCodePassword) => http.post<null>('/userInfo/resetPwd', body, FORM_CALL),
  changePassword: (body: { code: string; pwd: string }) => http.post<null>('/userInfo/updatePwd', body, FORM_CALL),
  changePhone: (body: { phone: string; code: string }) => http.post<null>('/userInfo/updatePhone', body, FORM_CALL),
  sendCode: (body: { phone: string; type: SmsPurpose }) => http.post<null>('/userInfo/getCode', body, FORM_CALL),
  /** Answers 404 unless the server has no SMS gateway and SMS_DEV_OUTBOX is on. */
  smsOutbox: (phone: string) =>
    http.get<OutboxMessage | null>('/userInfo/smsOutbox', { params: { phone }, silent: true }),
  findUserLoginInfo: (signal?: AbortSignal) =>
    http.get<SessionUser>('/userInfo/findUserLoginInfo', { signal, keepOnNavigation: true }),
  /**
   * Prices, credits, watermark and firms of the signed-in user. `background`: the login prefetch
   * and layout-wide readers, silent and not cancelled by the navigation that follows sign-in.
   */
  userDetails: ({ signal, background = false }: { signal?: AbortSignal; background?: boolean } = {}) =>
    http.get<UserDetails>('/userInfo/findUserDetails', { signal, silent: background, keepOnNavigation: background }),
  logout: () => http.post<null>('/userInfo/logout', undefined, { silent: true, keepOnNavigation: true }),
};
