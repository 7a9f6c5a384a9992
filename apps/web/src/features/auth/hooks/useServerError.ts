import { useState } from 'react';
import { isApiError } from '../../../lib/http';
import { applyServerErrors, type FieldErrorTarget } from '../form-errors';

/**
 * A form's server errors (HOUSE-STYLE 15): `guard` runs a submit, and an ApiError it throws goes
 * onto the named fields, or — when no field takes it — into `error` for an alert under the form.
 * Anything else is rethrown. `clear` (for onValuesChange) hides the message once the user edits.
 */
export function useServerError(form: FieldErrorTarget, fields: readonly string[]) {
  const [error, setError] = useState<string | null>(null);
  const guard = async (submit: () => Promise<void>) => {
    setError(null);
    try {
      await submit();
    } catch (failure) {
      if (!isApiError(failure)) throw failure;
      if (!applyServerErrors(form, failure, fields)) setError(failure.msg);
    }
  };
  return { error, guard, clear: () => setError(null) };
}
