import { apiUrl, http, type RequestOptions } from '../../../lib/http';
import { getToken } from '../../../lib/session';
import { saveBlob } from './csv';

const DOWNLOAD_TIMEOUT_MS = 60_000;

/** The file name of a Content-Disposition header (RFC 5987 `filename*` first), or null. */
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

/**
 * Downloads a file answer (Excel export, invoice PDF) with the session token. When the server
 * answers an error envelope instead of a file (spec §8: "a blob response that is not a valid file
 * shows the message"), the same GET goes once more through the central HTTP client, so its one
 * error handler shows the message and handles an expired session.
 */
export async function downloadFile(
  path: string,
  params: RequestOptions['params'],
  fallbackName: string,
): Promise<void> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), DOWNLOAD_TIMEOUT_MS);
  const headers = new Headers();
  const token = getToken();
  if (token) headers.set('token', token);
  let response: Response | null = null;
  try {
    response = await fetch(apiUrl(path, params), { headers, credentials: 'omit', signal: controller.signal });
  } catch {
    response = null;
  } finally {
    clearTimeout(timer);
  }
  const type = response?.headers.get('content-type') ?? '';
  if (!response?.ok || type.includes('application/json')) {
    await http.get(path, { params });
    // The retry answered a file after all (the first failure was passing): nothing to save from here.
    throw new Error('download failed');
  }
  const blob = await response.blob();
  saveBlob(blob, fileNameFromDisposition(response.headers.get('content-disposition')) ?? fallbackName);
}
