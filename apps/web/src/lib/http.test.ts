import { ERRORS } from '@taxlens/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { captureFeedback, makeUser } from '../test-support/fixtures';
import { ApiError, http, onSessionExpired } from './http';
import { beginNavigation } from './navigation';
import { SESSION_RECORD_KEY, saveSession, tokenStore } from './session';

type FetchMock = ReturnType<typeof vi.fn<typeof fetch>>;

function envelope(code: number, msg: string, data: unknown = null, status = 200) {
  return new Response(JSON.stringify({ code, msg, data }), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

function mockFetch(answer: (url: string, init: RequestInit) => Response | Promise<Response>): FetchMock {
  const fetchMock = vi.fn<typeof fetch>(async (input, init) => answer(String(input), init ?? {}));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** A fetch that only settles when its signal aborts, like a request the server never answers. */
function hangingFetch(): FetchMock {
  return mockFetch(
    (_url, init) =>
      new Promise<Response>((_resolve, reject) => {
        init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      }),
  );
}

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => null,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

let feedback: ReturnType<typeof captureFeedback>;

beforeEach(() => {
  feedback = captureFeedback();
  tokenStore.set(null);
  sessionStorage.clear();
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('http client: success', () => {
  it('unwraps data, sends the token header and GET params in the query string', async () => {
    tokenStore.set('abc');
    const fetchMock = mockFetch(() => envelope(0, 'success', { value: 42 }));
    const data = await http.get<{ value: number }>('/userInfo/findUserLoginInfo', {
      params: { page: 0, name: '示例', empty: undefined },
    });
    expect(data).toEqual({ value: 42 });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    const parsed = new URL(String(url));
    expect(parsed.pathname).toBe('/api/userInfo/findUserLoginInfo');
    expect(parsed.origin).toBe(window.location.origin);
    expect(parsed.searchParams.get('page')).toBe('0');
    expect(parsed.searchParams.get('name')).toBe('示例');
    expect(parsed.searchParams.has('empty')).toBe(false);
    expect(new Headers(init?.headers).get('token')).toBe('abc');
    expect(init?.credentials).toBe('omit');
    expect(feedback.error).not.toHaveBeenCalled();
  });

  it('posts JSON, or form encoding when asked', async () => {
    const fetchMock = mockFetch(() => envelope(0, 'ok', null));
    await http.post('/userInfo/login', { phone: '13800000001', pwd: 'Demo123456' });
    await http.post('/userInfo/addWatermark', { text: '示例', size: 12 }, { form: true });
    const [jsonCall, formCall] = fetchMock.mock.calls;
    expect(new Headers(jsonCall?.[1]?.headers).get('content-type')).toBe('application/json');
    expect(jsonCall?.[1]?.body).toBe('{"phone":"13800000001","pwd":"Demo123456"}');
    expect(new Headers(formCall?.[1]?.headers).get('content-type')).toContain('application/x-www-form-urlencoded');
    expect(String(formCall?.[1]?.body)).toBe('text=%E7%A4%BA%E4%BE%8B&size=12');
  });
});

describe('http client: error catalogue (spec §8)', () => {
  it('a non-zero code shows the server message for 2 s and rejects with a typed error', async () => {
    mockFetch(() => envelope(ERRORS.WRONG_CREDENTIALS.code, '手机号或密码错误', null, 401));
    const error = await failure(http.post('/userInfo/login', {}));
    expect(error).toMatchObject({ kind: 'business', code: 2001, msg: '手机号或密码错误', status: 401 });
    expect(feedback.error).toHaveBeenCalledWith('手机号或密码错误', 2);
  });

  it('silent requests reject without a toast, carrying the field errors', async () => {
    const fields = { phone: '请输入正确的11位手机号' };
    mockFetch(() => envelope(ERRORS.VALIDATION.code, '请输入正确的11位手机号', { fields }, 400));
    const error = await failure(http.post('/userInfo/login', {}, { silent: true }));
    expect(error.fields).toEqual(fields);
    expect(error.msg).toBe('请输入正确的11位手机号');
    expect(feedback.error).not.toHaveBeenCalled();
  });

  it("'非法请求' clears the tokens, shows the environment message and returns to the login page after 1 s", async () => {
    vi.useFakeTimers();
    const loggedOut = vi.fn();
    onSessionExpired(loggedOut);
    saveSession(makeUser());
    mockFetch(() => envelope(1011, '非法请求', null, 403));
    const error = await failure(http.get('/userInfo/findUserLoginInfo', { silent: true }));
    expect(error.kind).toBe('illegal');
    expect(feedback.error).toHaveBeenCalledWith('当前账号登录环境异常，请换个浏览器或清空浏览器缓存重试', 2);
    expect(tokenStore.get()).toBeNull();
    expect(sessionStorage.getItem(SESSION_RECORD_KEY)).toBeNull();
    expect(document.cookie).not.toContain('token-1');
    expect(loggedOut).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1000);
    expect(loggedOut).toHaveBeenCalledTimes(1);
  });

  it('code 8 shows 登录信息已失效 and logs out once, after 1 s', async () => {
    vi.useFakeTimers();
    const expired = vi.fn();
    onSessionExpired(expired);
    mockFetch(() => envelope(8, '登录信息已失效', null, 401));
    const errors = await Promise.all([failure(http.get('/a')), failure(http.get('/b'))]);
    expect(errors.map((error) => error.kind)).toEqual(['session', 'session']);
    expect(feedback.error).toHaveBeenCalledWith('登录信息已失效', 2);
    await vi.advanceTimersByTimeAsync(999);
    expect(expired).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(expired).toHaveBeenCalledTimes(1);
  });

  it('a request without an answer times out after 20 s with 请求超时，请刷新重试', async () => {
    vi.useFakeTimers();
    hangingFetch();
    const pending = failure(http.get('/slow'));
    await vi.advanceTimersByTimeAsync(20_000);
    const error = await pending;
    expect(error.kind).toBe('timeout');
    expect(feedback.error).toHaveBeenCalledWith('请求超时，请刷新重试', 2);
  });

  it('a custom time-out applies to long calls', async () => {
    vi.useFakeTimers();
    hangingFetch();
    const pending = failure(http.post('/upload', {}, { timeoutMs: 60_000 }));
    await vi.advanceTimersByTimeAsync(20_000);
    expect(feedback.error).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(40_000);
    expect((await pending).kind).toBe('timeout');
  });

  it('a network failure shows 网络错误', async () => {
    mockFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    const error = await failure(http.get('/x'));
    expect(error.kind).toBe('network');
    expect(feedback.error).toHaveBeenCalledWith('网络错误', 2);
  });

  it('HTTP 502 shows 网络错误', async () => {
    mockFetch(() => new Response('<html>Bad Gateway</html>', { status: 502 }));
    const error = await failure(http.get('/x'));
    expect(error).toMatchObject({ kind: 'network', status: 502, msg: '网络错误' });
  });

  it('HTTP 400 without an envelope or with an unknown code shows 接口请求失败', async () => {
    mockFetch(() => new Response('Bad Request', { status: 400 }));
    expect((await failure(http.get('/x'))).msg).toBe('接口请求失败');
    mockFetch(() => envelope(987_654, 'internal detail', null, 400));
    expect((await failure(http.get('/x'))).msg).toBe('接口请求失败');
    mockFetch(() => envelope(400, '', null, 200));
    expect((await failure(http.get('/x'))).msg).toBe('接口请求失败');
    expect(feedback.error).toHaveBeenCalledTimes(3);
    expect(feedback.error).toHaveBeenLastCalledWith('接口请求失败', 2);
  });

  it('a non-zero code without a message falls back to 接口请求失败', async () => {
    mockFetch(() => envelope(ERRORS.CONFLICT.code, '', null, 409));
    expect((await failure(http.get('/x'))).msg).toBe('接口请求失败');
  });
});

describe('http client: route changes', () => {
  it('cancels in-flight requests without a toast when the route changes', async () => {
    hangingFetch();
    const pending = failure(http.get('/list'));
    beginNavigation('/next');
    const error = await pending;
    expect(error.kind).toBe('aborted');
    expect(feedback.error).not.toHaveBeenCalled();
  });

  it('keeps requests marked keepOnNavigation', async () => {
    let answer: ((response: Response) => void) | undefined;
    mockFetch(
      () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    );
    const pending = http.get<string>('/userInfo/findUserLoginInfo', { keepOnNavigation: true });
    beginNavigation('/next');
    answer?.(envelope(0, 'ok', 'still here'));
    await expect(pending).resolves.toBe('still here');
  });
});
