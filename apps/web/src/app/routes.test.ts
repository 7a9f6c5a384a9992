import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { initialRouteObjects, routeDiscovery } from './router';
import { BINDING_PATH, BLANK_RANK, LOGIN_RANK, MENU_GROUPS, ROUTES } from './routes';

/** The router's routes once the route table is patched in, as React Router would hold them. */
async function patchedTree(path = '/operator/accounts'): Promise<RouteObject> {
  const [root] = initialRouteObjects();
  if (!root?.children) throw new Error('no root');
  const byId = (id: string | null, routes: RouteObject[]): RouteObject | undefined =>
    routes.find((route) => route.id === id) ?? routes.flatMap((route) => byId(id, route.children ?? [])).find(Boolean);
  const discover = routeDiscovery();
  const patch = (id: string | null, children: RouteObject[]) => {
    const parent = byId(id, [root]);
    if (!parent) throw new Error(`no route ${id}`);
    parent.children = [...(parent.children ?? []), ...children];
  };
  await discover({ path, patch });
  return root;
}

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

  it('has one page for users without an account subject, at the path sign-in sends them to', () => {
    const binding = ROUTES.filter((route) => route.allowNoGroup && !route.public).map((route) => route.path);
    expect(binding).toEqual([BINDING_PATH]);
  });
});

describe('router', () => {
  it('starts with /login only: the rest of the table is not on the sign-in screen', () => {
    const [root] = initialRouteObjects();
    const paths = (root?.children ?? []).flatMap((child) => (child.children ?? []).map((page) => page.path));
    expect(paths).toEqual(['/login']);
  });

  it('puts each page under the layout of its rank once patched, with the guard as its loader', async () => {
    const root = await patchedTree();
    const layouts = Object.fromEntries(
      (root.children ?? [])
        .filter((child) => child.id?.startsWith('layout-'))
        .map((child) => [child.id, (child.children ?? []).map((page) => page.path).sort()]),
    );
    const expected = (includes: (rank: number) => boolean) =>
      ROUTES.filter((route) => includes(route.rank))
        .map((route) => route.path)
        .sort();
    expect(layouts).toEqual({
      'layout-main': expected((rank) => rank < LOGIN_RANK),
      'layout-login': expected((rank) => rank === LOGIN_RANK),
      'layout-blank': expected((rank) => rank >= BLANK_RANK),
    });
    expect(layouts['layout-main']).toContain('/home');
    expect(layouts['layout-login']).toContain('/login');
    expect(layouts['layout-blank']).toContain('/404');
    const children = root.children ?? [];
    expect(children.map((child) => child.path)).toEqual(expect.arrayContaining(['/operator', '/operator/login', '*']));
    for (const page of children.flatMap((child) => (child.id?.startsWith('layout-') ? (child.children ?? []) : []))) {
      expect(typeof page.loader).toBe('function');
      expect(typeof page.lazy).toBe('function');
    }
  });

  it('patches the operator console only for an address under /operator', async () => {
    const customer = await patchedTree('/home');
    expect((customer.children ?? []).map((child) => child.path)).not.toContain('/operator');
    const operator = await patchedTree('/operator');
    expect((operator.children ?? []).map((child) => child.path)).toContain('/operator');
  });

  it('patches the table once per router', async () => {
    const discover = routeDiscovery();
    const calls: (string | null)[] = [];
    const patch = (id: string | null) => void calls.push(id);
    await Promise.all([discover({ patch }), discover({ patch })]);
    await discover({ patch });
    expect(calls.sort()).toEqual(['root']);
    // The console's branch: once, on the first address under /operator.
    await Promise.all([discover({ path: '/operator/login', patch }), discover({ path: '/operator', patch })]);
    await discover({ path: '/home', patch });
    expect(calls).toEqual(['root', 'root']);
  });
});
