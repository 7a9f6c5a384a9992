import { ERRORS, type ErrorName } from '@taxlens/shared';

/**
 * The one error type services throw. The error handler maps its name to the HTTP status and
 * the `{ code, msg, data }` envelope; `message` overrides the default Chinese text.
 */
export class AppError extends Error {
  readonly errorName: ErrorName;
  readonly data: unknown;

  constructor(errorName: ErrorName, message?: string, data: unknown = null) {
    super(message ?? ERRORS[errorName].msg);
    this.errorName = errorName;
    this.data = data;
  }

  get status(): number {
    return ERRORS[this.errorName].status;
  }

  get code(): number {
    return ERRORS[this.errorName].code;
  }
}

export const notFound = (message?: string) => new AppError('NOT_FOUND', message);
export const forbidden = (message?: string) => new AppError('FORBIDDEN', message);
export const invalid = (fields: Record<string, string>, message?: string) =>
  new AppError('VALIDATION', message ?? Object.values(fields)[0], { fields });
