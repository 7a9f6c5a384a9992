import { LIMITS } from '@taxlens/shared';
import type { FormInstance } from 'antd';
import { feedback } from '../../../lib/feedback';
import { isApiError } from '../../../lib/http';
import { t } from '../../../locales';

/**
 * Shows the failure of a form's call (sent with `silent`): the server's field errors go onto the
 * form's fields (HOUSE-STYLE 15), anything else becomes the usual toast. `fields` maps a server
 * field to the form field showing it (e.g. balance in fen → amountYuan); unmapped ones toast.
 */
export function showFormError(error: unknown, form?: FormInstance, fields: Record<string, string> = {}): void {
  if (!isApiError(error)) {
    feedback.error(t('errors.requestFailed'), LIMITS.errorToastSeconds);
    return;
  }
  // Aborted calls say nothing; session and illegal-request errors were already shown.
  if (error.kind === 'aborted' || error.kind === 'session' || error.kind === 'illegal') return;
  const mapped = Object.entries(error.fields)
    .filter(([name]) => fields[name] !== undefined)
    .map(([name, message]) => ({ name: fields[name] as string, errors: [message] }));
  if (form && mapped.length > 0) form.setFields(mapped);
  if (!form || mapped.length < Object.keys(error.fields).length || mapped.length === 0) {
    feedback.error(error.msg, LIMITS.errorToastSeconds);
  }
}
