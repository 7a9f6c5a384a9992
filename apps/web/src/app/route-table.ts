import { type RouteObject, redirect } from 'react-router';
import { PageLoading } from './PageLoading';
import { LAYOUTS, layoutRoute, pageRoute } from './route-objects';
import { NOT_FOUND_PATH } from './route-types';
import { ROUTES } from './routes';

/**
 * Every page but /login and the operator console, patched into the router on the first navigation
 * elsewhere (router.tsx): the feature route tables and their titles are not on the sign-in screen
 * (issue 21). Keyed by the id of the route they go under.
 */
export function laterRouteObjects(known: ReadonlySet<string>): Record<string, RouteObject[]> {
  const rest = ROUTES.filter((route) => !known.has(route.path));
  const login = LAYOUTS.find((layout) => layout.id === 'layout-login');
  return {
    root: [
      ...LAYOUTS.filter((layout) => layout !== login).map((layout) => layoutRoute(layout, rest)),
      { path: '*', loader: () => redirect(NOT_FOUND_PATH), Component: PageLoading },
    ],
    // Further pages of the login layout, should a feature add one.
    'layout-login': login ? rest.filter(login.includes).map(pageRoute) : [],
  };
}
