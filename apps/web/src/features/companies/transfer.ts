import { LIMITS } from '@taxlens/shared';
import { apiUrl, noAnswerError, type RequestOptions, readAnswer } from '../../lib/http';
import { getToken } from '../../lib/session';

/**
 * Multipart uploads with upload progress: XMLHttpRequest, since fetch reports no upload progress.
 * The answer is read by the HTTP client's own error handling, so failures toast and type alike.
 */
export interface UploadRequest {
  path: string;
  params?: RequestOptions['params'];
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
      try {
        resolve(readAnswer<T>(xhr.status, xhr.responseText, request.silent));
      } catch (error) {
        reject(error);
      }
    };
    xhr.onerror = () => {
      settle();
      reject(noAnswerError('network', request.silent));
    };
    xhr.ontimeout = () => {
      settle();
      reject(noAnswerError('timeout', request.silent));
    };
    xhr.onabort = () => {
      settle();
      reject(noAnswerError('aborted'));
    };
    if (request.signal?.aborted) {
      xhr.abort();
      return;
    }
    xhr.send(form);
  });
}
