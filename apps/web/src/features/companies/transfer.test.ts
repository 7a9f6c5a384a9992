import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiError } from '../../lib/http';
import { tokenStore } from '../../lib/session';
import { captureFeedback } from '../../test-support/fixtures';
import { uploadWithProgress } from './transfer';

let feedback: ReturnType<typeof captureFeedback>;

beforeEach(() => {
  feedback = captureFeedback();
  tokenStore.set('tk');
});

afterEach(() => {
  vi.unstubAllGlobals();
  tokenStore.set(null);
});

/** A stand-in for XMLHttpRequest that records what is sent and answers when told. */
class FakeXhr {
  static last: FakeXhr | null = null;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: FormData | null = null;
  status = 0;
  responseText = '';
  timeout = 0;
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  onabort: (() => void) | null = null;
  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: FormData) {
    this.body = body;
  }
  abort() {
    this.onabort?.();
  }
  answer(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}

describe('uploadWithProgress', () => {
  it('sends the fields before the file, reports progress and answers the data', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const progress = vi.fn();
    const file = new File(['abc'], '发票.xlsx');
    const pending = uploadWithProgress<{ importId: number }>({
      path: '/CsbFirmCertification/fileUpload',
      params: { wait: 'false' },
      fields: [
        ['firmId', '7'],
        ['kind', 'invoice'],
      ],
      file,
      onProgress: progress,
    });
    const xhr = FakeXhr.last as FakeXhr;
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toContain('/api/CsbFirmCertification/fileUpload?wait=false');
    expect(xhr.headers.token).toBe('tk');
    expect([...(xhr.body?.keys() ?? [])]).toEqual(['firmId', 'kind', 'file']);
    xhr.upload.onprogress?.({ loaded: 2, total: 3, lengthComputable: true } as ProgressEvent);
    expect(progress).toHaveBeenCalledWith(2, 3);
    xhr.answer(200, { code: 0, msg: 'ok', data: { importId: 9 } });
    await expect(pending).resolves.toEqual({ importId: 9 });
  });

  it('a refused upload rejects with the message and field errors, silently when asked', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const pending = uploadWithProgress({
      path: '/CsbFirmCertification/tkCsbUploadReport',
      fields: [['token', 'x']],
      file: new File(['abc'], 'a.xls'),
      silent: true,
    });
    (FakeXhr.last as FakeXhr).answer(400, {
      code: 1001,
      msg: '不支持旧版 .xls 文件，请另存为 .xlsx 后上传',
      data: { fields: { file: '不支持旧版 .xls 文件' } },
    });
    const error = (await pending.catch((reason) => reason)) as ApiError;
    expect(error.msg).toBe('不支持旧版 .xls 文件，请另存为 .xlsx 后上传');
    expect(error.fields).toEqual({ file: '不支持旧版 .xls 文件' });
    expect(feedback.error).not.toHaveBeenCalled();
  });
});
