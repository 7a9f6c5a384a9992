import type { FormInstance } from 'antd';
import type { ApiError } from '../../../lib/http';

/**
 * Puts the server's field errors (400 with data.fields) under the form's fields; an error that
 * names no field of the form is shown as a message instead.
 */
export function applyFieldErrors(
  form: FormInstance,
  error: ApiError,
  message: { error: (text: string) => unknown },
): void {
  const known = Object.entries(error.fields).filter(
    ([name]) => form.getFieldInstance(name) !== undefined || name in form.getFieldsValue(true),
  );
  if (known.length === 0) {
    message.error(error.msg);
    return;
  }
  form.setFields(known.map(([name, text]) => ({ name, errors: [String(text)] })));
}
