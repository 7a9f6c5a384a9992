import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/http';
import { tokenStore } from '../../lib/session';
import { captureFeedback } from '../../test-support/fixtures';
import { fetchBlob, fileNameFromDisposition, uploadWithProgress } from './transfer';

let feedback: ReturnType<typeof captureFeedback>;

beforeEach(() => {
  feedback = captureFeedback();
  tokenStore.set('tk');
});

afterEach(() => {
  vi.unstubAllGlobals();
  tokenStore.set(null);
});

describe('file names', () => {
  it('reads the UTF-8 name of a download, else the plain one', () => {
    expect(
      fileNameFromDisposition(
        `attachment; filename="report.xlsx"; filename*=UTF-8''${encodeURIComponent('企业列表.xlsx')}`,
      ),
    ).toBe('企业列表.xlsx');
    expect(fileNameFromDisposition('attachment; filename="report.xlsx"')).toBe('report.xlsx');
    expect(fileNameFromDisposition(null)).toBeNull();
  });
});

describe('fetchBlob', () => {
  it('sends the token and answers the file with its name', async () => {
    const fetchMock = vi.fn<typeof fetch>(
      async () =>
        new Response(new Blob(['xlsx-bytes']), {
          headers: {
            'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
            'content-disposition': `attachment; filename*=UTF-8''${encodeURIComponent('企业列表.xlsx')}`,
          },
        }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const result = await fetchBlob('/CsbFirmCertification/exportFirmList', { keyword: '示例', regionCode: undefined });
    expect(result.fileName).toBe('企业列表.xlsx');
    expect(await result.blob.text()).toBe('xlsx-bytes');
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(String(url)).toContain('/api/CsbFirmCertification/exportFirmList?keyword=%E7%A4%BA%E4%BE%8B');
    expect(new Headers(init?.headers).get('token')).toBe('tk');
  });

  it('a JSON answer instead of a file is the server message (spec §8)', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(
        async () =>
          new Response(JSON.stringify({ code: 1004, msg: '该次导入没有错误报告', data: null }), {
            status: 404,
            headers: { 'content-type': 'application/json' },
          }),
      ),
    );
    const error = await fetchBlob('/CsbFirmCertification/importProblemReport', { importId: 3 }).catch(
      (reason) => reason,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).msg).toBe('该次导入没有错误报告');
    expect(feedback.error).toHaveBeenCalledWith('该次导入没有错误报告', 2);
  });
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
