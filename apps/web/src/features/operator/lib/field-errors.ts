import type { FormInstance } from 'antd';
import type { ApiError } from '../../../lib/http';

/**
 * Puts the server's field errors (data.fields) under the form's fields; `rename` maps a server
 * field to the form's name for it. An error that names no field of the form shows as a message.
 */
export function applyFieldErrors(
  form: FormInstance,
  error: ApiError,
  message: { error: (text: string) => unknown },
  rename: Record<string, string> = {},
): void {
  const values = form.getFieldsValue(true) as Record<string, unknown>;
  const known = Object.entries(error.fields)
    .map(([name, text]) => [rename[name] ?? name, text] as const)
    .filter(([name]) => name in values);
  if (known.length === 0) {
    message.error(error.msg);
    return;
  }
  form.setFields(known.map(([name, text]) => ({ name, errors: [String(text)] })));
}
