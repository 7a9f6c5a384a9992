import type { RouteObject } from 'react-router';
import { guardLoader } from './guard-loader';
import { lazyWithRetry, withApp } from './lazy-route';
import { RouteErrorPage } from './RouteErrorPage';
import { type AppRoute, BLANK_RANK, LOGIN_RANK } from './route-types';
import type { RouteHandle } from './useCurrentRoute';

/**
 * React Router objects for route-table entries. Here rather than in router.tsx because both the
 * router (for /login) and the route table loaded on the first navigation elsewhere (route-table.ts)
 * build them.
 */
export interface LayoutBranch {
  id: string;
  includes: (route: AppRoute) => boolean;
  load: () => Promise<{ Component: RouteObject['Component'] }>;
}

/** Layouts by rank; each is its own chunk, so the login page does not ship the main layout. */
export const LAYOUTS: readonly LayoutBranch[] = [
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

export function pageRoute(route: AppRoute): RouteObject {
  const handle: RouteHandle = { route };
  return {
    path: route.path,
    loader: guardLoader(route),
    lazy: lazyWithRetry(route.lazy),
    handle,
    ErrorBoundary: RouteErrorPage,
  };
}

/** A layout's route with the given pages of its rank as children. */
export function layoutRoute(layout: LayoutBranch, routes: readonly AppRoute[]): RouteObject {
  return {
    id: layout.id,
    lazy: lazyWithRetry(layout.load),
    children: routes.filter(layout.includes).map(pageRoute),
  };
}
