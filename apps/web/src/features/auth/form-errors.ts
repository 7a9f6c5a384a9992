import { ERRORS, MESSAGES } from '@taxlens/shared';
import type { FormInstance } from 'antd';
import type { ApiError } from '../../lib/http';

/** Errors the server answers without `data.fields` that still belong to one field. */
const FIELD_OF_CODE: Record<number, string> = {
  [ERRORS.PHONE_TAKEN.code]: 'phone',
  [ERRORS.SMS_CODE_INVALID.code]: 'code',
};

/** What a server error is put onto: antd's FormInstance, or the sign-in form's own field state. */
export type FieldErrorTarget = Pick<FormInstance, 'setFields'>;

/**
 * Puts a server error back onto the form's fields (HOUSE-STYLE 15): `data.fields` first, then
 * the codes that name one field. Returns false when nothing matched, so the caller shows the
 * message elsewhere.
 */
export function applyServerErrors(form: FieldErrorTarget, error: ApiError, names: readonly string[]): boolean {
  const fields = { ...error.fields };
  const byCode = FIELD_OF_CODE[error.code];
  if (byCode && !fields[byCode]) fields[byCode] = error.msg;
  const matched = Object.entries(fields).filter(([name]) => names.includes(name));
  if (matched.length === 0) return false;
  form.setFields(matched.map(([name, message]) => ({ name, errors: [message] })));
  return true;
}

/** Confirm password (spec §5): same rules as the password, and equal to it ('两次密码不一致'). */
export function sameAsRule(field: string) {
  return ({ getFieldValue }: Pick<FormInstance, 'getFieldValue'>) => ({
    validator: async (_rule: unknown, value: unknown) => {
      if (value && value !== getFieldValue(field)) throw new Error(MESSAGES.passwordMismatch);
    },
  });
}
