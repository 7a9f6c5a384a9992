import { ERRORS, type FieldErrors, LIMITS, SESSION_INVALID_CODE, SUCCESS_CODE } from '@taxlens/shared';
import { t } from '../locales';
import { feedback } from './feedback';
import { navigationSignal } from './navigation';
import { clearSession, getToken } from './session';

/**
 * The HTTP client of spec §7/§8: same-origin /api, `token` header, 20 s time-out, `{code,msg,data}`
 * unwrapped to data, and one place that turns every failure into a toast and a typed ApiError.
 */
export type ApiErrorKind = 'business' | 'session' | 'illegal' | 'timeout' | 'network' | 'http' | 'aborted';

export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  readonly code: number;
  readonly msg: string;
  readonly status: number;
  readonly fields: FieldErrors;

  constructor(init: { kind: ApiErrorKind; code: number; msg: string; status: number; fields?: FieldErrors }) {
    super(init.msg);
    this.name = 'ApiError';
    this.kind = init.kind;
    this.code = init.code;
    this.msg = init.msg;
    this.status = init.status;
    this.fields = init.fields ?? {};
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

type ParamValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  /** Sent in the query string (GET payloads, spec §7). */
  params?: Record<string, ParamValue | readonly ParamValue[]>;
  body?: unknown;
  /** Form encoding for the calls the spec marks "POST form". */
  form?: boolean;
  timeoutMs?: number;
  signal?: AbortSignal;
  /** The caller shows the error itself (e.g. a form with field errors): no global toast. */
  silent?: boolean;
  /** Survives route changes (session checks, layout-wide data, logout). */
  keepOnNavigation?: boolean;
}

/** The server's literal message for a request it does not trust (spec §8). */
export const ILLEGAL_REQUEST_MSG = '非法请求';
const ENVELOPE_BAD_REQUEST = 400;
const GATEWAY_STATUSES = new Set([502, 503, 504]);
const KNOWN_CODES = new Set<number>(Object.values(ERRORS).map((entry) => entry.code));

let sessionExpiredHandler: () => void = () => {
  clearSession();
  window.location.assign('/login');
};
let logoutTimer: ReturnType<typeof setTimeout> | null = null;

/** What code 8 does after its toast; the app registers the full logout at start. */
export function onSessionExpired(handler: () => void): void {
  sessionExpiredHandler = handler;
}

/** Base URL chosen by the page's origin: the API is served on the same origin under /api. */
export function apiUrl(path: string, params?: RequestOptions['params']): string {
  const url = new URL(`/api${path.startsWith('/') ? path : `/${path}`}`, window.location.origin);
  for (const [key, value] of Object.entries(params ?? {})) {
    const values = Array.isArray(value) ? value : [value];
    for (const item of values) if (item !== null && item !== undefined) url.searchParams.append(key, String(item));
  }
  return url.toString();
}

function encodeBody(options: RequestOptions): { body?: BodyInit; contentType?: string } {
  const { body, form } = options;
  if (body === undefined) return {};
  if (body instanceof FormData || body instanceof Blob) return { body };
  if (form) {
    const encoded = new URLSearchParams();
    for (const [key, value] of Object.entries(body as Record<string, ParamValue>)) {
      if (value !== null && value !== undefined) encoded.append(key, String(value));
    }
    return { body: encoded, contentType: 'application/x-www-form-urlencoded;charset=UTF-8' };
  }
  return { body: JSON.stringify(body), contentType: 'application/json' };
}

interface Envelope {
  code: number;
  msg: string;
  data: unknown;
}

function parseEnvelope(text: string): Envelope | null {
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value !== 'object' || value === null || typeof (value as Envelope).code !== 'number') return null;
    const envelope = value as Partial<Envelope>;
    return {
      code: envelope.code as number,
      msg: typeof envelope.msg === 'string' ? envelope.msg : '',
      data: envelope.data,
    };
  } catch {
    return null;
  }
}

function fieldsOf(data: unknown): FieldErrors {
  if (typeof data !== 'object' || data === null) return {};
  const fields = (data as { fields?: unknown }).fields;
  return typeof fields === 'object' && fields !== null ? (fields as FieldErrors) : {};
}

/** Shows a failure's toast (session and illegal-request failures always, aborts never) and returns it to throw. */
function shown(error: ApiError, silent: boolean | undefined): ApiError {
  const alwaysShown = error.kind === 'session' || error.kind === 'illegal';
  if (error.kind !== 'aborted' && (alwaysShown || !silent)) feedback.error(error.msg, LIMITS.errorToastSeconds);
  return error;
}

/** One logout, 1 s later, however many requests fail with code 8 (or 非法请求) at once. */
function scheduleLogout(): void {
  if (logoutTimer !== null) return;
  logoutTimer = setTimeout(() => {
    logoutTimer = null;
    sessionExpiredHandler();
  }, LIMITS.logoutDelayMs);
}

function envelopeError(envelope: Envelope, status: number, silent: boolean | undefined): ApiError {
  if (envelope.msg === ILLEGAL_REQUEST_MSG) {
    clearSession();
    // Without its tokens the page belongs on the login page, as after 登录信息已失效.
    scheduleLogout();
    return shown(
      new ApiError({ kind: 'illegal', code: envelope.code, msg: t('errors.illegalRequest'), status }),
      false,
    );
  }
  if (envelope.code === SESSION_INVALID_CODE) {
    scheduleLogout();
    return shown(
      new ApiError({ kind: 'session', code: envelope.code, msg: t('errors.sessionExpired'), status }),
      false,
    );
  }
  const unknownBadRequest = status === 400 && !KNOWN_CODES.has(envelope.code);
  const msg =
    envelope.code === ENVELOPE_BAD_REQUEST || unknownBadRequest || !envelope.msg
      ? t('errors.requestFailed')
      : envelope.msg;
  return shown(
    new ApiError({ kind: 'business', code: envelope.code, msg, status, fields: fieldsOf(envelope.data) }),
    silent,
  );
}

/**
 * Reads an answer's status and body: the data of a success envelope, else the failure thrown as an
 * ApiError with its toast. Exported so file downloads and XHR uploads fail exactly as calls do.
 */
export function readAnswer<T>(status: number, text: string, silent?: boolean): T {
  if (GATEWAY_STATUSES.has(status)) {
    throw shown(new ApiError({ kind: 'network', code: -1, msg: t('errors.network'), status }), silent);
  }
  const envelope = parseEnvelope(text);
  if (!envelope) throw shown(new ApiError({ kind: 'http', code: -1, msg: t('errors.requestFailed'), status }), silent);
  if (envelope.code === SUCCESS_CODE && status >= 200 && status < 300) return envelope.data as T;
  throw envelopeError(envelope, status, silent);
}

/** A request that got no answer (timed out, cancelled, or the network failed), its toast shown unless silent. */
export function noAnswerError(kind: 'timeout' | 'aborted' | 'network', silent?: boolean): ApiError {
  const msg = kind === 'aborted' ? 'aborted' : t(kind === 'timeout' ? 'errors.timeout' : 'errors.network');
  return shown(new ApiError({ kind, code: -1, msg, status: 0 }), silent);
}

export async function request<T>(method: 'GET' | 'POST', path: string, options: RequestOptions = {}): Promise<T> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, options.timeoutMs ?? LIMITS.requestTimeoutMs);
  const abort = () => controller.abort();
  const signals = [options.signal, options.keepOnNavigation ? undefined : navigationSignal()].filter(
    (signal): signal is AbortSignal => signal !== undefined,
  );
  for (const signal of signals) {
    if (signal.aborted) controller.abort();
    else signal.addEventListener('abort', abort, { once: true });
  }

  const headers = new Headers({ Accept: 'application/json' });
  const token = getToken();
  if (token) headers.set('token', token);
  const { body, contentType } = method === 'POST' ? encodeBody(options) : {};
  if (contentType) headers.set('Content-Type', contentType);

  try {
    let response: Response;
    let text: string;
    try {
      response = await fetch(apiUrl(path, options.params), {
        method,
        headers,
        body,
        credentials: 'omit',
        signal: controller.signal,
      });
      text = await response.text();
    } catch {
      if (timedOut) throw noAnswerError('timeout', options.silent);
      throw noAnswerError(controller.signal.aborted ? 'aborted' : 'network', options.silent);
    }
    return readAnswer<T>(response.status, text, options.silent);
  } finally {
    clearTimeout(timer);
    for (const signal of signals) signal.removeEventListener('abort', abort);
  }
}

export const http = {
  get: <T>(path: string, options?: RequestOptions) => request<T>('GET', path, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('POST', path, { ...options, body }),
};
