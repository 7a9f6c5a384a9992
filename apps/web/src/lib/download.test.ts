import { afterEach, describe, expect, it, vi } from 'vitest';
import { captureFeedback } from '../test-support/fixtures';
import { fetchBlob, fileNameFromDisposition } from './download';
import { ApiError } from './http';
import { tokenStore } from './session';

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
    expect(fileNameFromDisposition('attachment')).toBeNull();
    expect(fileNameFromDisposition(null)).toBeNull();
  });
});

describe('fetchBlob', () => {
  it('sends the token and answers the file with its name', async () => {
    tokenStore.set('tk');
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
    const feedback = captureFeedback();
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

  it('a file of another type than the one expected is an error, not a download', async () => {
    captureFeedback();
    const fetchMock = vi.fn<typeof fetch>(
      async () => new Response('<html></html>', { headers: { 'content-type': 'text/html' } }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const error = await fetchBlob('/ReportPool/pdf', { id: 7 }, { expectType: 'application/pdf' }).catch(
      (reason) => reason,
    );
    expect(error).toBeInstanceOf(ApiError);
    const [, init] = fetchMock.mock.calls[0] ?? [];
    expect(new Headers(init?.headers).get('accept')).toBe('application/pdf, application/json');
  });
});
