import { describe, expect, it } from 'vitest';
import { buildRouteObjects } from './router';
import { BLANK_RANK, LOGIN_RANK, MENU_GROUPS, ROUTES } from './routes';

describe('route table', () => {
  it('has unique paths and names, each lazy-loaded', () => {
    expect(new Set(ROUTES.map((route) => route.path)).size).toBe(ROUTES.length);
    expect(new Set(ROUTES.map((route) => route.name)).size).toBe(ROUTES.length);
    for (const route of ROUTES) expect(typeof route.lazy).toBe('function');
  });

  it('holds the pages that exist now', () => {
    expect(ROUTES.map((route) => [route.path, route.rank])).toEqual([
      ['/login', LOGIN_RANK],
      ['/home', 1],
      ['/404', BLANK_RANK],
    ]);
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
    expect(layouts).toEqual({
      'layout-main': ['/home'],
      'layout-login': ['/login'],
      'layout-blank': ['/404'],
    });
    const pages = (root?.children ?? []).flatMap((child) => child.children ?? []);
    for (const page of pages) {
      expect(typeof page.loader).toBe('function');
      expect(typeof page.lazy).toBe('function');
    }
  });
});
