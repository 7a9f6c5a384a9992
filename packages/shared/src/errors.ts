/**
 * Stable error codes of the `{ code, msg, data }` envelope (DESIGN.md §4). Each code has one
 * HTTP status and one default Chinese message; a domain error may override the message.
 * Code 8 is the spec's "session invalid" code that makes the client log out.
 */
export const ERRORS = {
  SESSION_INVALID: { code: 8, status: 401, msg: '登录信息已失效' },
  VALIDATION: { code: 1001, status: 400, msg: '请求参数有误' },
  FORBIDDEN: { code: 1003, status: 403, msg: '当前用户没有权限，请联系管理员' },
  /** The group has not bought (or no longer has) the service a call belongs to, e.g. the data view. */
  SERVICE_NOT_BOUGHT: { code: 1014, status: 403, msg: '未开通该服务，请联系您的客户经理开通' },
  /** A token this installation never issued: malformed, or from another environment (spec §8). */
  ILLEGAL_REQUEST: { code: 1011, status: 403, msg: '非法请求' },
  NOT_FOUND: { code: 1004, status: 404, msg: '数据不存在或已删除' },
  CONFLICT: { code: 1009, status: 409, msg: '数据已变更，请刷新后重试' },
  PAYLOAD_TOO_LARGE: { code: 1013, status: 413, msg: '文件大小不可超过50MB' },
  LINK_EXPIRED: { code: 1010, status: 410, msg: '链接已失效，请联系您的财税顾问重新获取' },
  TOO_MANY_REQUESTS: { code: 1029, status: 429, msg: '操作过于频繁，请稍后再试' },
  INTERNAL: { code: 1500, status: 500, msg: '服务器繁忙，请稍后重试' },
  WRONG_CREDENTIALS: { code: 2001, status: 401, msg: '手机号或密码错误' },
  ACCOUNT_LOCKED: { code: 2002, status: 429, msg: '登录失败次数过多，请15分钟后再试' },
  ACCOUNT_DISABLED: { code: 2003, status: 403, msg: '账号已停用，请联系管理员' },
  SMS_CODE_INVALID: { code: 2004, status: 400, msg: '验证码错误或已过期' },
  SMS_TOO_FREQUENT: { code: 2005, status: 429, msg: '验证码发送过于频繁，请稍后再试' },
  SMS_SEND_FAILED: { code: 2008, status: 502, msg: '短信发送失败，请稍后重试' },
  PHONE_TAKEN: { code: 2006, status: 409, msg: '该手机号已注册' },
  NOT_GROUP_USER: { code: 2007, status: 403, msg: '请先绑定账户主体' },
  /** A partner sign-on call on an installation where no partner platform is configured. */
  PARTNER_SSO_DISABLED: { code: 2009, status: 404, msg: '未开通合作平台登录' },
  PARTNER_SSO_REJECTED: { code: 2010, status: 401, msg: '合作平台登录凭证无效或已过期，请回到合作平台重新进入' },
  INSUFFICIENT_FUNDS: { code: 4021, status: 402, msg: '余额不足，请充值' },
  UPSTREAM_FAILED: { code: 1502, status: 502, msg: '外部数据服务暂时不可用，请稍后重试' },
} as const;

export type ErrorName = keyof typeof ERRORS;
export const SUCCESS_CODE = 0;
export const SESSION_INVALID_CODE = ERRORS.SESSION_INVALID.code;

export interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

/** Field errors travel in `data.fields` of a 400 answer: field path → Chinese message. */
export type FieldErrors = Record<string, string>;
