import { createBrowserRouter, createPath, type RouteObject, redirect } from 'react-router';
import { operatorRouteObjects } from '../features/operator/operator-router';
import { beginNavigation, finishNavigation, setNavigator } from '../lib/navigation';
import { getToken } from '../lib/session';
import { guardLoader } from './guard-loader';
import { clearChunkRetry, lazyWithRetry, withApp } from './lazy-route';
import { PageLoading } from './PageLoading';
import { RootShell } from './RootShell';
import { RouteErrorPage } from './RouteErrorPage';
import { type AppRoute, BLANK_RANK, HOME_PATH, LOGIN_PATH, LOGIN_RANK, NOT_FOUND_PATH, ROUTES } from './routes';
import type { RouteHandle } from './useCurrentRoute';

interface LayoutBranch {
  id: string;
  includes: (route: AppRoute) => boolean;
  load: () => Promise<{ Component: RouteObject['Component'] }>;
}

/** Layouts by rank; each is its own chunk, so the login page does not ship the main layout. */
const LAYOUTS: readonly LayoutBranch[] = [
  {
    id: 'layout-main',
    includes: (route) => route.rank < LOGIN_RANK,
    load: withApp(() => import('../layouts/main/MainLayout').then((module) => module.MainLayout)),
  },
  {
    id: 'layout-login',
    includes: (route) => route.rank === LOGIN_RANK,
    load: () => import('../layouts/login/LoginLayout').then((module) => ({ Component: module.LoginLayout })),
  },
  {
    id: 'layout-blank',
    includes: (route) => route.rank >= BLANK_RANK,
    load: withApp(() => import('../layouts/blank/BlankLayout').then((module) => module.BlankLayout)),
  },
];

function pageRoute(route: AppRoute): RouteObject {
  const handle: RouteHandle = { route };
  return {
    path: route.path,
    loader: guardLoader(route),
    lazy: lazyWithRetry(route.lazy),
    handle,
    ErrorBoundary: RouteErrorPage,
  };
}

/** React Router objects built from the route table. */
export function buildRouteObjects(routes: readonly AppRoute[] = ROUTES): RouteObject[] {
  return [
    {
      id: 'root',
      Component: RootShell,
      HydrateFallback: PageLoading,
      ErrorBoundary: RouteErrorPage,
      children: [
        { index: true, loader: () => redirect(getToken() ? HOME_PATH : LOGIN_PATH), Component: PageLoading },
        ...LAYOUTS.map(
          (layout): RouteObject => ({
            id: layout.id,
            lazy: lazyWithRetry(layout.load),
            children: routes.filter(layout.includes).map(pageRoute),
          }),
        ),
        ...operatorRouteObjects(),
        { path: '*', loader: () => redirect(NOT_FOUND_PATH), Component: PageLoading },
      ],
    },
  ];
}

export function createAppRouter() {
  const router = createBrowserRouter(buildRouteObjects());
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
