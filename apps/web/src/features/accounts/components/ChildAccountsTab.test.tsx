import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ChildUser } from '@taxlens/shared';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { captureFeedback, denied, makeUser } from '../../../test-support/fixtures';
import { authKeys } from '../../auth/queries';
import { ChildAccountsTab } from './ChildAccountsTab';

const child: ChildUser = {
  userId: 1002,
  phone: '13800000003',
  nickName: '王员工',
  level: 3,
  levelName: '员工',
  status: 'active',
  notMenus: [],
  teams: [{ teamId: 7, name: '华东一组' }],
  createTime: '2026-01-05T01:00:00.000Z',
  balance: 0,
  credits: [0, 0, 0, 0, 0, 0],
  monthlyLimitFen: null,
  monthlyUsedFen: 0,
};

type Answer = { status?: number; code?: number; msg?: string; data: unknown };

/** Answers by path; records every call. */
function serve(routes: Record<string, (url: URL, init?: RequestInit) => Answer>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input));
    const route = Object.entries(routes).find(([path]) => url.pathname.endsWith(path));
    const answer = route ? route[1](url, init) : { status: 404, code: 1004, msg: '接口不存在', data: null };
    return new Response(JSON.stringify({ code: answer.code ?? 0, msg: answer.msg ?? 'ok', data: answer.data }), {
      status: answer.status ?? 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function renderTab(user = makeUser()) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(authKeys.me(), user);
  render(
    <QueryClientProvider client={client}>
      <App>
        <ChildAccountsTab user={user} />
      </App>
    </QueryClientProvider>,
  );
}

const page = (list: ChildUser[]) => ({ data: { list, total: list.length, page: 1, size: 10 } });
let warnings: string[] = [];

beforeEach(() => {
  captureFeedback();
  warnings = [];
  // antd reports deprecated props through console.error in development builds.
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => warnings.push(args.map(String).join(' ')));
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

// antd's table renders slowly in happy-dom.
describe('子账号 tab', { timeout: 20_000 }, () => {
  it('lists sub-accounts with level, status and teams, and searches by keyword', async () => {
    const fetchMock = serve({
      '/getChildUserList': () => page([child]),
      '/findUserGroupList': () => ({ data: [] }),
    });
    renderTab();
    const row = (await screen.findByText('王员工')).closest('tr') as HTMLElement;
    expect(within(row).getByText('员工')).toBeTruthy();
    expect(within(row).getByText('正常')).toBeTruthy();
    expect(within(row).getByText('华东一组')).toBeTruthy();
    expect(within(row).getByText('2026-01-05 09:00:00')).toBeTruthy();

    const search = within(screen.getByTestId('child-search')).getByRole('searchbox');
    fireEvent.change(search, { target: { value: '王' } });
    await act(async () => {
      fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 });
    });
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([input]) => new URL(String(input)).searchParams.get('keyword') === '王')).toBe(
        true,
      ),
    );
    expect(warnings.filter((text) => /antd|deprecated/i.test(text))).toEqual([]);
  });

  it('shows the empty state, and the error state with a retry', async () => {
    let fail = true;
    serve({
      '/getChildUserList': () =>
        fail ? { status: 500, code: 1500, msg: '服务器繁忙，请稍后重试', data: null } : page([]),
      '/findUserGroupList': () => ({ data: [] }),
    });
    renderTab();
    await screen.findByText('子账号列表加载失败');
    fail = false;
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: /重\s*试/ }));
    });
    await screen.findByText('暂无子账号，点击“新增子账号”添加主管或员工');
  });

  it('deleting asks first and calls delUserDetails only after 删除 is confirmed', async () => {
    const fetchMock = serve({
      '/getChildUserList': () => page([child]),
      '/findUserGroupList': () => ({ data: [] }),
      '/delUserDetails': () => ({ data: null, msg: '删除成功' }),
    });
    renderTab();
    await screen.findByText('王员工');
    await act(async () => {
      fireEvent.click(screen.getByTestId('child-more-1002'));
    });
    await act(async () => {
      fireEvent.click(await screen.findByText('删除'));
    });
    await screen.findAllByText('确认删除该子账号？');
    expect(fetchMock.mock.calls.some(([input]) => String(input).includes('/delUserDetails'))).toBe(false);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: /删\s*除/ }));
    });
    await waitFor(() => {
      const call = fetchMock.mock.calls.find(([input]) => String(input).includes('/delUserDetails'));
      expect(call?.[1]?.body).toBe('{"userId":1002}');
    });
  });

  it('a supervisor has no level filter (it manages staff only)', async () => {
    serve({ '/getChildUserList': () => page([child]), '/findUserGroupList': () => ({ data: [] }) });
    renderTab(makeUser({ level: 2, notMenus: denied('qjbg') }));
    await screen.findByText('王员工');
    expect(screen.queryByText('账号级别')).toBeNull();
    expect(screen.getByText('账号状态')).toBeTruthy();
  });
});
