import { describe, expect, it } from 'vitest';
import { buildRouteObjects } from './router';
import { BLANK_RANK, LOGIN_RANK, MENU_GROUPS, ROUTES } from './routes';

describe('route table', () => {
  it('has unique paths and names, each lazy-loaded', () => {
    expect(new Set(ROUTES.map((route) => route.path)).size).toBe(ROUTES.length);
    expect(new Set(ROUTES.map((route) => route.name)).size).toBe(ROUTES.length);
    for (const route of ROUTES) expect(typeof route.lazy).toBe('function');
  });

  it('holds the shell pages (features add their own)', () => {
    const rankOf = new Map(ROUTES.map((route) => [route.path, route.rank]));
    expect(rankOf.get('/login')).toBe(LOGIN_RANK);
    expect(rankOf.get('/home')).toBe(1);
    expect(rankOf.get('/404')).toBe(BLANK_RANK);
  });

  it('menu entries point at known groups', () => {
    const keys = new Set(MENU_GROUPS.map((group) => group.key));
    for (const route of ROUTES) if (route.menu) expect(keys.has(route.menu.group)).toBe(true);
  });

  it('puts each page under the layout of its rank, with the guard as its loader', () => {
    const [root] = buildRouteObjects();
    const layouts = Object.fromEntries(
      (root?.children ?? [])
        .filter((child) => child.id?.startsWith('layout-'))
        .map((child) => [child.id, (child.children ?? []).map((page) => page.path)]),
    );
    const expected = (includes: (rank: number) => boolean) =>
      ROUTES.filter((route) => includes(route.rank)).map((route) => route.path);
    expect(layouts).toEqual({
      'layout-main': expected((rank) => rank < LOGIN_RANK),
      'layout-login': expected((rank) => rank === LOGIN_RANK),
      'layout-blank': expected((rank) => rank >= BLANK_RANK),
    });
    expect(layouts['layout-main']).toContain('/home');
    expect(layouts['layout-login']).toContain('/login');
    expect(layouts['layout-blank']).toContain('/404');
    const pages = (root?.children ?? []).flatMap((child) => child.children ?? []);
    for (const page of pages) {
      expect(typeof page.loader).toBe('function');
      expect(typeof page.lazy).toBe('function');
    }
  });
});
