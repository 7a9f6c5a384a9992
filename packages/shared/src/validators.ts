import { z } from 'zod';
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

export const phoneSchema = z
  .string({ error: MESSAGES.phoneRequired })
  .trim()
  .min(1, MESSAGES.phoneRequired)
  .regex(/^1\d{10}$/, MESSAGES.phoneInvalid);

export const passwordSchema = z
  .string({ error: MESSAGES.passwordRequired })
  .min(1, MESSAGES.passwordRequired)
  .min(LIMITS.passwordMin, MESSAGES.passwordLength)
  .max(LIMITS.passwordMax, MESSAGES.passwordLength)
  .regex(/^[0-9A-Za-z]+$/, MESSAGES.passwordChars);

/** A password being set (sign-up, reset, change, a sub-account): the spec's rule, and not a common one. */
export const newPasswordSchema = passwordSchema.refine((value) => !isCommonPassword(value), MESSAGES.passwordCommon);

export const smsCodeSchema = z
  .string({ error: MESSAGES.codeRequired })
  .trim()
  .min(1, MESSAGES.codeRequired)
  .max(LIMITS.smsCodeLength, MESSAGES.codeRequired);

// GB 32100-2015: 31 symbols without I, O, S, V, Z; weights 3^i mod 31 on positions 1-17.
const CREDIT_CODE_CHARS = '0123456789ABCDEFGHJKLMNPQRTUWXY';
const CREDIT_CODE_WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];
const CREDIT_CODE_PATTERN = /^[0-9A-HJ-NPQRTUWXY]{2}\d{6}[0-9A-HJ-NPQRTUWXY]{10}$/;

export type CreditCodeCheck = 'valid' | 'checksum-mismatch' | 'malformed';

/**
 * Checks a unified social credit code. Early pilot codes can fail the checksum and still be
 * legal (domain facts §7.1), so a mismatch is reported separately for callers to warn on.
 */
export function checkCreditCode(raw: string): CreditCodeCheck {
  const code = raw.trim().toUpperCase();
  if (!CREDIT_CODE_PATTERN.test(code)) return 'malformed';
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += CREDIT_CODE_CHARS.indexOf(code[i] as string) * (CREDIT_CODE_WEIGHTS[i] as number);
  const check = (31 - (sum % 31)) % 31;
  return CREDIT_CODE_CHARS[check] === code[17] ? 'valid' : 'checksum-mismatch';
}

export const creditCodeSchema = z
  .string()
  .trim()
  .transform((value) => value.toUpperCase())
  .refine((value) => checkCreditCode(value) !== 'malformed', MESSAGES.creditCodeInvalid);

/** Turns zod issues into the `data.fields` map of a 400 answer (first message per field). */
export function fieldErrorsOf(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length > 0 ? issue.path.join('.') : '_';
    fields[key] ??= issue.message;
  }
  return fields;
}
