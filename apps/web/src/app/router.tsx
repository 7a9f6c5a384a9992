import { createBrowserRouter, createPath, type RouteObject, redirect } from 'react-router';
import { beginNavigation, finishNavigation, setNavigator } from '../lib/navigation';
import { getToken } from '../lib/session';
import { clearChunkRetry, lazyWithRetry } from './lazy-route';
import { LOGIN_ROUTE } from './login-route';
import { PageLoading } from './PageLoading';
import { RootShell } from './RootShell';
import { RouteErrorPage } from './RouteErrorPage';
import { LAYOUTS, layoutRoute } from './route-objects';
import { HOME_PATH, LOGIN_PATH, OPERATOR_BASE } from './route-types';

/** The routes the router starts with: the root and /login. Everything else comes from route-table.ts. */
export function initialRouteObjects(): RouteObject[] {
  return [
    {
      id: 'root',
      Component: RootShell,
      HydrateFallback: PageLoading,
      ErrorBoundary: RouteErrorPage,
      children: [
        { index: true, loader: () => redirect(getToken() ? HOME_PATH : LOGIN_PATH), Component: PageLoading },
        ...LAYOUTS.filter((layout) => layout.includes(LOGIN_ROUTE)).map((layout) => layoutRoute(layout, [LOGIN_ROUTE])),
      ],
    },
  ];
}

type Patch = (routeId: string | null, children: RouteObject[]) => void;

const isOperatorPath = (path: string) => path === OPERATOR_BASE || path.startsWith(`${OPERATOR_BASE}/`);

/** Loads a set of routes once and patches them in; concurrent and later calls add nothing. */
function patchOnce(load: () => Promise<Record<string, RouteObject[]>>): (patch: Patch) => Promise<void> {
  let patched = false;
  return async (patch) => {
    if (patched) return;
    const table = await load();
    if (patched) return;
    patched = true;
    for (const [parent, children] of Object.entries(table)) if (children.length > 0) patch(parent, children);
  };
}

/**
 * React Router asks for more routes when an address matches none of those it knows (or only by a
 * parameter, as the 404 splat): the first navigation away from /login, or a first load of any other
 * page. The customers' table is patched in at once; the operator console's branch only when an
 * address under /operator asks for it, so a firm's /home does not load the console's page list.
 */
export function routeDiscovery(): (args: { path?: string; patch: Patch }) => Promise<void> {
  const loadRouteTable = lazyWithRetry(() => import('./route-table'));
  const loadOperatorRoutes = lazyWithRetry(() => import('../features/operator/operator-router'));
  const patchTable = patchOnce(async () => (await loadRouteTable()).laterRouteObjects(new Set([LOGIN_ROUTE.path])));
  const patchOperator = patchOnce(async () => ({ root: (await loadOperatorRoutes()).operatorRouteObjects() }));
  return async ({ path, patch }) => {
    await patchTable(patch);
    if (path !== undefined && isOperatorPath(path)) await patchOperator(patch);
  };
}

export function createAppRouter() {
  const router = createBrowserRouter(initialRouteObjects(), { patchRoutesOnNavigation: routeDiscovery() });
  let pendingKey: string | null = null;
  router.subscribe((state) => {
    const pending = state.navigation.location;
    if (state.navigation.state !== 'idle' && pending && pending.key !== pendingKey) {
      pendingKey = pending.key;
      const target = createPath(pending);
      // A new route change: cancel the requests of the page being left (spec §4). The address on
      // screen again (its menu entry clicked) leaves nothing: the page stays mounted and would keep
      // its cancelled list as a load error.
      if (target !== createPath(state.location)) beginNavigation(target);
    }
    if (state.navigation.state === 'idle' && state.initialized) {
      pendingKey = null;
      finishNavigation(createPath(state.location));
      if (!state.errors) clearChunkRetry();
    }
  });
  setNavigator((to) => void router.navigate(to));
  return router;
}
