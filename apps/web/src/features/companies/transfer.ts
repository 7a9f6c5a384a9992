import { LIMITS, SESSION_INVALID_CODE, SUCCESS_CODE } from '@taxlens/shared';
import { feedback } from '../../lib/feedback';
import { ApiError, apiUrl, http, ILLEGAL_REQUEST_MSG, type RequestOptions } from '../../lib/http';
import { getToken } from '../../lib/session';
import { t } from '../../locales';

/**
 * File transfers the JSON client does not cover: blob downloads (Excel exports, error reports,
 * QR codes) and multipart uploads with upload progress (XMLHttpRequest, since fetch reports no
 * upload progress). Errors follow the client's rules: the server's message as a toast, a typed
 * ApiError, and the session cases (code 8, 非法请求) handed to the central client.
 */
type Params = RequestOptions['params'];

interface Envelope {
  code: number;
  msg: string;
  data: unknown;
}

function parseEnvelope(text: string): Envelope | null {
  try {
    const value = JSON.parse(text) as Partial<Envelope> | null;
    if (!value || typeof value.code !== 'number') return null;
    return { code: value.code, msg: typeof value.msg === 'string' ? value.msg : '', data: value.data };
  } catch {
    return null;
  }
}

function fieldsOf(data: unknown): Record<string, string> {
  const fields = (data as { fields?: unknown } | null)?.fields;
  return typeof fields === 'object' && fields !== null ? (fields as Record<string, string>) : {};
}

/** Turns a failed answer into an ApiError, showing its message unless the caller shows it. */
export function envelopeError(status: number, envelope: Envelope | null, silent = false): ApiError {
  if (!envelope) {
    const kind = status === 0 || status >= 502 ? 'network' : 'http';
    const error = new ApiError({
      kind,
      code: -1,
      msg: t(kind === 'network' ? 'errors.network' : 'errors.requestFailed'),
      status,
    });
    if (!silent) feedback.error(error.msg, LIMITS.errorToastSeconds);
    return error;
  }
  if (envelope.code === SESSION_INVALID_CODE || envelope.msg === ILLEGAL_REQUEST_MSG) {
    // The central client shows 登录信息已失效 and logs out once, however many calls fail.
    void http.get('/userInfo/findUserLoginInfo', { keepOnNavigation: true }).catch(() => undefined);
    return new ApiError({ kind: 'session', code: envelope.code, msg: t('errors.sessionExpired'), status });
  }
  const msg = envelope.code === 400 || !envelope.msg ? t('errors.requestFailed') : envelope.msg;
  const error = new ApiError({ kind: 'business', code: envelope.code, msg, status, fields: fieldsOf(envelope.data) });
  if (!silent) feedback.error(msg, LIMITS.errorToastSeconds);
  return error;
}

/** `attachment; filename*=UTF-8''%E4%BC%81…` → 企业列表.xlsx. */
export function fileNameFromDisposition(header: string | null): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header);
  if (extended?.[1]) {
    try {
      return decodeURIComponent(extended[1].trim());
    } catch {
      // Fall through to the plain name.
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/.exec(header);
  return plain?.[1]?.trim() ?? null;
}

export interface BlobResult {
  blob: Blob;
  fileName: string | null;
}

/** GETs a file with the session token; a JSON answer instead of a file is an error (spec §8). */
export async function fetchBlob(path: string, params?: Params, signal?: AbortSignal): Promise<BlobResult> {
  const headers = new Headers();
  const token = getToken();
  if (token) headers.set('token', token);
  let response: Response;
  try {
    response = await fetch(apiUrl(path, params), { headers, credentials: 'omit', signal });
  } catch {
    if (signal?.aborted) throw new ApiError({ kind: 'aborted', code: -1, msg: 'aborted', status: 0 });
    throw envelopeError(0, null);
  }
  const type = response.headers.get('content-type') ?? '';
  if (!response.ok || type.includes('application/json')) {
    throw envelopeError(response.status, parseEnvelope(await response.text().catch(() => '')));
  }
  return {
    blob: await response.blob(),
    fileName: fileNameFromDisposition(response.headers.get('content-disposition')),
  };
}

/** Saves a blob under a file name through a temporary link. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser time to start the download before the URL goes.
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}

export async function downloadFile(path: string, params: Params, fallbackName: string): Promise<void> {
  const { blob, fileName } = await fetchBlob(path, params);
  saveBlob(blob, fileName ?? fallbackName);
}

export interface UploadRequest {
  path: string;
  params?: Params;
  /** Text fields, sent before the file: the server checks them before storing a byte. */
  fields: readonly (readonly [string, string])[];
  file: File;
  onProgress?: (loaded: number, total: number) => void;
  signal?: AbortSignal;
  timeoutMs?: number;
  /** The caller shows errors itself. */
  silent?: boolean;
}

/** A multipart POST with real upload progress; resolves with the answer's data. */
export function uploadWithProgress<T>(request: UploadRequest): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const form = new FormData();
    for (const [name, value] of request.fields) form.append(name, value);
    form.append('file', request.file, request.file.name);

    const xhr = new XMLHttpRequest();
    xhr.open('POST', apiUrl(request.path, request.params));
    xhr.timeout = request.timeoutMs ?? LIMITS.longUploadTimeoutMs;
    xhr.setRequestHeader('Accept', 'application/json');
    const token = getToken();
    if (token) xhr.setRequestHeader('token', token);

    const abort = () => xhr.abort();
    request.signal?.addEventListener('abort', abort, { once: true });
    const settle = () => request.signal?.removeEventListener('abort', abort);

    xhr.upload.onprogress = (event) => {
      request.onProgress?.(event.loaded, event.lengthComputable ? event.total : request.file.size);
    };
    xhr.onload = () => {
      settle();
      const envelope = parseEnvelope(xhr.responseText);
      if (envelope && envelope.code === SUCCESS_CODE && xhr.status < 400) resolve(envelope.data as T);
      else reject(envelopeError(xhr.status, envelope, request.silent));
    };
    xhr.onerror = () => {
      settle();
      reject(envelopeError(0, null, request.silent));
    };
    xhr.ontimeout = () => {
      settle();
      const error = new ApiError({ kind: 'timeout', code: -1, msg: t('errors.timeout'), status: 0 });
      if (!request.silent) feedback.error(error.msg, LIMITS.errorToastSeconds);
      reject(error);
    };
    xhr.onabort = () => {
      settle();
      reject(new ApiError({ kind: 'aborted', code: -1, msg: 'aborted', status: 0 }));
    };
    if (request.signal?.aborted) {
      xhr.abort();
      return;
    }
    xhr.send(form);
  });
}
