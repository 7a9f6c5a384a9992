import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readSessionRecord, tokenStore } from '../../../lib/session';
import { captureFeedback, makeUser } from '../../../test-support/fixtures';
import { LoginForm } from './LoginForm';

function answer(status: number, body: unknown) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })),
  );
}

function renderForm() {
  const router = createMemoryRouter(
    [
      { path: '/login', element: <LoginForm /> },
      { path: '/home', element: <div>home page</div> },
    ],
    { initialEntries: ['/login'] },
  );
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

async function submit(phone: string, pwd: string) {
  fireEvent.change(screen.getByPlaceholderText('请输入手机号'), { target: { value: phone } });
  fireEvent.change(screen.getByPlaceholderText(/请输入密码/), { target: { value: pwd } });
  await act(async () => {
    fireEvent.click(screen.getByTestId('login-submit'));
  });
}

beforeEach(() => {
  captureFeedback();
  tokenStore.set(null);
  sessionStorage.clear();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('login form', () => {
  it('checks the spec rules before calling the server', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    renderForm();
    await submit('1380000', 'abc');
    await screen.findByText('请输入正确的11位手机号');
    await screen.findByText('密码长度6-12位');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('puts server field errors back on their fields', async () => {
    answer(400, {
      code: 1001,
      msg: '请输入正确的11位手机号',
      data: { fields: { phone: '该手机号格式不受支持' } },
    });
    renderForm();
    await submit('13800000001', 'Demo123456');
    await screen.findByText('该手机号格式不受支持');
    expect(screen.queryByTestId('login-error')).toBeNull();
  });

  it('shows the server message of a refused login in the form', async () => {
    answer(429, { code: 2002, msg: '登录失败次数过多，请15分钟后再试', data: null });
    renderForm();
    await submit('13800000001', 'Demo123456');
    expect((await screen.findByTestId('login-error')).textContent).toContain('登录失败次数过多，请15分钟后再试');
  });

  it('stores the session and goes home on success', async () => {
    answer(200, { code: 0, msg: '登录成功', data: makeUser({ userToken: 'tok-login' }) });
    const router = renderForm();
    await submit('13800000001', 'Demo123456');
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
    expect(readSessionRecord()?.token).toBe('tok-login');
    expect(tokenStore.get()).toBe('tok-login');
  });
});
