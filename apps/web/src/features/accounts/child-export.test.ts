import type { ChildUser } from '@taxlens/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { captureFeedback } from '../../test-support/fixtures';
import { childrenCsv, EXPORT_PAGE_SIZE, fetchAllChildren } from './child-export';

function child(userId: number, overrides: Partial<ChildUser> = {}): ChildUser {
  return {
    userId,
    phone: `1380000${String(userId).padStart(4, '0')}`,
    nickName: `员工${userId}`,
    level: 3,
    levelName: '员工',
    status: 'active',
    notMenus: [],
    teams: [],
    createTime: '2026-01-05T01:00:00.000Z',
    balance: 0,
    credits: [0, 0, 0, 0, 0, 0],
    monthlyLimitFen: null,
    monthlyUsedFen: 0,
    ...overrides,
  };
}

afterEach(() => vi.unstubAllGlobals());

describe('sub-account export', () => {
  it('reads every page of 200 with the current filters', async () => {
    captureFeedback();
    const total = EXPORT_PAGE_SIZE + 3;
    const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input));
      const page = Number(url.searchParams.get('page'));
      const size = Number(url.searchParams.get('size'));
      const start = (page - 1) * size;
      const list = Array.from({ length: Math.max(0, Math.min(size, total - start)) }, (_, i) => child(start + i + 1));
      return new Response(JSON.stringify({ code: 0, msg: 'ok', data: { list, total, page, size } }), {
        headers: { 'content-type': 'application/json' },
      });
    });
    vi.stubGlobal('fetch', fetchMock);
    const rows = await fetchAllChildren({ keyword: '员工', status: 'active' });
    expect(rows).toHaveLength(total);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    const first = new URL(String(fetchMock.mock.calls[0]?.[0]));
    expect(first.pathname).toBe('/api/userInfo/getChildUserList');
    expect(Object.fromEntries(first.searchParams)).toEqual({
      keyword: '员工',
      status: 'active',
      page: '1',
      size: '200',
    });
  });

  it('writes Chinese headers, labels, teams and denied permissions', () => {
    const csv = childrenCsv([
      child(7, {
        level: 2,
        status: 'disabled',
        teams: [{ teamId: 1, name: '华东一组' }],
        notMenus: [{ type: 0, permission: 'nsfw' }],
      }),
    ]);
    const [header, row] = csv.slice(1).split('\r\n');
    expect(header).toBe('姓名,手机号,级别,状态,所属团队,禁用权限,创建时间');
    expect(row).toBe('员工7,="13800000007",主管,已停用,华东一组,经营风险检测,2026-01-05 09:00:00');
  });
});
