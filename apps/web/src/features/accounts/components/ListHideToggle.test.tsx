import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../../app/query-client';
import { captureFeedback, makeUser } from '../../../test-support/fixtures';
import { authKeys } from '../../auth/queries';
import { ListHideToggle } from './ListHideToggle';

function renderToggle(onChange = vi.fn()) {
  render(
    <QueryClientProvider client={queryClient}>
      <App>
        <ListHideToggle hiddenName="riskHidden" onChange={onChange} />
      </App>
    </QueryClientProvider>,
  );
  return onChange;
}

beforeEach(() => {
  captureFeedback();
  queryClient.setQueryData(authKeys.me(), makeUser());
});

afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.unstubAllGlobals();
});

describe('list hiding switch', () => {
  it('asks whether to sync, then sends the choice and updates the session user', async () => {
    const all = {
      allHidden: 1,
      riskHidden: 1,
      shyHidden: 1,
      businessHidden: 1,
      invoiceHidden: 1,
      flowHidden: 1,
      flowNumHidden: 1,
    };
    const fetchMock = vi.fn(
      async () =>
        new Response(JSON.stringify({ code: 0, msg: '设置成功', data: all }), {
          headers: { 'content-type': 'application/json' },
        }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const onChange = renderToggle();
    await act(async () => {
      fireEvent.click(screen.getByTestId('list-hide-riskHidden'));
    });
    await screen.findByText('是否将该设置同步到其他列表？');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: /^同\s*步$/ }));
    });
    await waitFor(() => expect(onChange).toHaveBeenCalledWith(1));
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(String(url)).toContain('/api/userInfo/modifyIsHidden');
    expect(JSON.parse(String(init.body))).toEqual({ hiddenName: 'riskHidden', isHidden: 1, sync: true });
    const user = queryClient.getQueryData<ReturnType<typeof makeUser>>(authKeys.me());
    expect(user?.listHidden.flowHidden).toBe(1);
  });

  it('不同步 sends sync false; closing the question sends nothing', async () => {
    const fetchMock = vi.fn(
      async () =>
        new Response(JSON.stringify({ code: 0, msg: 'ok', data: { riskHidden: 1 } }), {
          headers: { 'content-type': 'application/json' },
        }),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderToggle();
    await act(async () => {
      fireEvent.click(screen.getByTestId('list-hide-riskHidden'));
    });
    await act(async () => {
      fireEvent.click(await screen.findByRole('button', { name: /Close|关闭/ }));
    });
    expect(fetchMock).not.toHaveBeenCalled();

    await act(async () => {
      fireEvent.click(screen.getByTestId('list-hide-riskHidden'));
    });
    await act(async () => {
      fireEvent.click(await screen.findByRole('button', { name: /不\s*同\s*步/ }));
    });
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const init = (fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1];
    expect(JSON.parse(String(init.body))).toEqual({ hiddenName: 'riskHidden', isHidden: 1, sync: false });
  });
});
