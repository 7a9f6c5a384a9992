import { ApiError, apiUrl } from '../../../lib/http';
import { getToken } from '../../../lib/session';
import { t } from '../../../locales';
import { PDF_REQUEST_TIMEOUT_MS } from '../api';

/**
 * The report PDF as a blob download (`GET /api/ReportPool/pdf?id=`). The JSON client does not
 * read files, so this is its own fetch: token header, a long time-out (the first print of a report
 * takes several seconds), and spec §8's "blob response that is not a valid file shows the message".
 */
export function fileNameFrom(disposition: string | null, fallback: string): string {
  if (!disposition) return fallback;
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  if (encoded?.[1]) {
    try {
      return decodeURIComponent(encoded[1]);
    } catch {
      // A malformed name: use the plain one below.
    }
  }
  const plain = /filename="?([^";]+)"?/i.exec(disposition);
  return plain?.[1] ?? fallback;
}

export async function fetchReportPdf(id: number, signal?: AbortSignal): Promise<{ blob: Blob; fileName: string }> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, PDF_REQUEST_TIMEOUT_MS);
  const abort = () => controller.abort();
  signal?.addEventListener('abort', abort, { once: true });
  const headers = new Headers({ Accept: 'application/pdf, application/json' });
  const token = getToken();
  if (token) headers.set('token', token);
  try {
    let response: Response;
    try {
      response = await fetch(apiUrl('/ReportPool/pdf', { id }), {
        headers,
        credentials: 'omit',
        signal: controller.signal,
      });
    } catch {
      if (timedOut) throw new ApiError({ kind: 'timeout', code: -1, msg: t('errors.timeout'), status: 0 });
      if (controller.signal.aborted) throw new ApiError({ kind: 'aborted', code: -1, msg: 'aborted', status: 0 });
      throw new ApiError({ kind: 'network', code: -1, msg: t('errors.network'), status: 0 });
    }
    const type = response.headers.get('content-type') ?? '';
    if (!response.ok || !type.includes('application/pdf')) {
      let msg = t('errors.requestFailed');
      let code = -1;
      try {
        const body = (await response.json()) as { code?: number; msg?: string };
        if (typeof body.msg === 'string' && body.msg) msg = body.msg;
        if (typeof body.code === 'number') code = body.code;
      } catch {
        // Not an envelope either: the generic message stays.
      }
      throw new ApiError({ kind: code === 8 ? 'session' : 'business', code, msg, status: response.status });
    }
    const blob = await response.blob();
    return { blob, fileName: fileNameFrom(response.headers.get('content-disposition'), `report-${id}.pdf`) };
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', abort);
  }
}

/** Hands a blob to the browser as a file download. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser time to start the download before the URL is revoked.
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}
