import { isCommonPassword } from './common-passwords.js';
import { LIMITS } from './constants.js';

/** Messages of spec §5, verbatim. */
export const MESSAGES = {
  passwordRequired: '请输入密码',
  passwordLength: '密码长度6-12位',
  passwordChars: '只能输入数字与英文',
  /** Not in spec §5 (which only bounds length and characters): a new password may not be a common one. */
  passwordCommon: '密码过于简单（如123456、111111、abcdef），请换一个不常见的密码',
  passwordMismatch: '两次密码不一致',
  codeRequired: '请输入验证码',
  phoneRequired: '请输入手机号',
  phoneInvalid: '请输入正确的11位手机号',
  autoDeleteSwitchRequired: '请选择是否自动删除',
  autoDeleteTimeRequired: '请选择一个定时删除时间',
  creditCodeInvalid: '统一社会信用代码格式不正确',
} as const;

/**
 * The rule of a one-line text field, as data: validators.ts builds the zod schema the server parses
 * with from it, and the sign-in forms check it with checkText() so that the first screen ships no
 * zod (issue 21). Checks run in this order and the first failing one gives the message, as zod's
 * first issue does.
 */
export interface TextRule {
  /** The message for a missing or empty value (after trimming, when trimmed). */
  required: string;
  trim?: boolean;
  min?: { length: number; message: string };
  max?: { length: number; message: string };
  pattern?: { regex: RegExp; message: string };
  refine?: { check: (value: string) => boolean; message: string };
}

export const PHONE_RULE: TextRule = {
  required: MESSAGES.phoneRequired,
  trim: true,
  pattern: { regex: /^1\d{10}$/, message: MESSAGES.phoneInvalid },
};

export const PASSWORD_RULE: TextRule = {
  required: MESSAGES.passwordRequired,
  min: { length: LIMITS.passwordMin, message: MESSAGES.passwordLength },
  max: { length: LIMITS.passwordMax, message: MESSAGES.passwordLength },
  pattern: { regex: /^[0-9A-Za-z]+$/, message: MESSAGES.passwordChars },
};

/** A password being set (sign-up, reset, change, a sub-account): the spec's rule, and not a common one. */
export const NEW_PASSWORD_RULE: TextRule = {
  ...PASSWORD_RULE,
  refine: { check: (value) => !isCommonPassword(value), message: MESSAGES.passwordCommon },
};

export const SMS_CODE_RULE: TextRule = {
  required: MESSAGES.codeRequired,
  trim: true,
  max: { length: LIMITS.smsCodeLength, message: MESSAGES.codeRequired },
};

/** The first message the rule gives for the value, or null when it passes. */
export function checkText(rule: TextRule, raw: unknown): string | null {
  if (typeof raw !== 'string') return rule.required;
  const value = rule.trim ? raw.trim() : raw;
  if (value.length === 0) return rule.required;
  if (rule.min && value.length < rule.min.length) return rule.min.message;
  if (rule.max && value.length > rule.max.length) return rule.max.message;
  if (rule.pattern && !rule.pattern.regex.test(value)) return rule.pattern.message;
  if (rule.refine && !rule.refine.check(value)) return rule.refine.message;
  return null;
}
