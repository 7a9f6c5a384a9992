import { t } from '../locales';
import { ApiError, apiUrl, noAnswerError, type RequestOptions, readAnswer } from './http';
import { getToken } from './session';

/**
 * File downloads the JSON client does not cover: server files (Excel exports, invoice PDFs, error
 * reports, QR codes) fetched with the session token, and files built in the browser (CSV). A
 * failure is read by the HTTP client's own error handling, so it shows the same toast.
 */
type Params = RequestOptions['params'];

/** Exports are built while the request waits, so a file may take much longer than a JSON call. */
const DOWNLOAD_TIMEOUT_MS = 60_000;

/** `attachment; filename*=UTF-8''%E4%BC%81…` → 企业列表.xlsx (RFC 5987 name first), or null. */
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
  return plain?.[1]?.trim() || null;
}

export interface BlobResult {
  blob: Blob;
  fileName: string | null;
}

export interface FetchBlobOptions {
  signal?: AbortSignal;
  /** For files the server builds slowly (a first PDF print); default one minute. */
  timeoutMs?: number;
  /** The content type the file must have, e.g. application/pdf; anything else is an error. */
  expectType?: string;
  /** A JSON body: the file is then POSTed for (a calculation's export). */
  body?: unknown;
}

/** GETs (or POSTs, with a body) a file with the session token; a JSON answer instead of a file is an error (spec §8). */
export async function fetchBlob(path: string, params?: Params, options: FetchBlobOptions = {}): Promise<BlobResult> {
  const { signal, timeoutMs = DOWNLOAD_TIMEOUT_MS, expectType, body } = options;
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const abort = () => controller.abort();
  if (signal?.aborted) controller.abort();
  signal?.addEventListener('abort', abort, { once: true });
  const headers = new Headers(expectType ? { Accept: `${expectType}, application/json` } : {});
  const token = getToken();
  if (token) headers.set('token', token);
  if (body !== undefined) headers.set('content-type', 'application/json');
  try {
    let response: Response;
    try {
      response = await fetch(apiUrl(path, params), {
        headers,
        credentials: 'omit',
        signal: controller.signal,
        ...(body !== undefined ? { method: 'POST', body: JSON.stringify(body) } : {}),
      });
    } catch {
      if (timedOut) throw noAnswerError('timeout');
      throw noAnswerError(controller.signal.aborted ? 'aborted' : 'network');
    }
    const type = response.headers.get('content-type') ?? '';
    if (!response.ok || type.includes('application/json') || (expectType && !type.includes(expectType))) {
      readAnswer(response.status, await response.text().catch(() => ''));
      // A success envelope where a file was due is no file either.
      throw new ApiError({ kind: 'http', code: -1, msg: t('errors.requestFailed'), status: response.status });
    }
    return {
      blob: await response.blob(),
      fileName: fileNameFromDisposition(response.headers.get('content-disposition')),
    };
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', abort);
  }
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
  // Some browsers read the blob after the click returns.
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}

/** Downloads a server file under the name its answer gives, else the fallback. */
export async function downloadFile(path: string, params: Params, fallbackName: string): Promise<void> {
  const { blob, fileName } = await fetchBlob(path, params);
  saveBlob(blob, fileName ?? fallbackName);
}

/** Saves CSV text built in the browser (no server round trip). */
export function downloadCsv(fileName: string, csv: string): void {
  saveBlob(new Blob([csv], { type: 'text/csv;charset=utf-8' }), fileName);
}
