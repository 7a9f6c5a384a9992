import { MESSAGES, NEW_PASSWORD_RULE, PASSWORD_RULE, PHONE_RULE, SMS_CODE_RULE, type TextRule } from './text-rules.js';
import { z } from './zod.js';

/** A zod string schema checking exactly what the rule checks, in the same order (same first message). */
function textSchema(rule: TextRule) {
  let schema = z.string({ error: rule.required });
  if (rule.trim) schema = schema.trim();
  schema = schema.min(1, rule.required);
  if (rule.min) schema = schema.min(rule.min.length, rule.min.message);
  if (rule.max) schema = schema.max(rule.max.length, rule.max.message);
  if (rule.pattern) schema = schema.regex(rule.pattern.regex, rule.pattern.message);
  if (rule.refine) schema = schema.refine(rule.refine.check, rule.refine.message);
  return schema;
}

export const phoneSchema = textSchema(PHONE_RULE);
export const passwordSchema = textSchema(PASSWORD_RULE);
export const newPasswordSchema = textSchema(NEW_PASSWORD_RULE);
export const smsCodeSchema = textSchema(SMS_CODE_RULE);

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
