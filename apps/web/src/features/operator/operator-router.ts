import { type RouteObject, redirect } from 'react-router';
import { lazyWithRetry, withApp } from '../../app/lazy-route';
import { PageLoading } from '../../app/PageLoading';
import { RouteErrorPage } from '../../app/RouteErrorPage';
import { CONSOLE_PAGES, OPERATOR_BASE, OPERATOR_LOGIN_PATH, pagesFor } from './console-pages';
import { resolveOperator } from './operator-session';

/** Signed-out visitors and customers go to the console's sign-in page, with where they were headed. */
async function requireOperator({ request }: { request: Request }) {
  const state = await resolveOperator();
  if (state.kind === 'operator') return state.me;
  const url = new URL(request.url);
  const back = encodeURIComponent(url.pathname + url.search);
  return redirect(`${OPERATOR_LOGIN_PATH}?redirect=${back}${state.kind === 'not-operator' ? '&denied=1' : ''}`);
}

/** /operator itself opens the first page the operator's roles allow. */
async function firstPage() {
  const state = await resolveOperator();
  if (state.kind !== 'operator') return redirect(OPERATOR_LOGIN_PATH);
  const first = pagesFor(state.me.roles)[0];
  return first ? redirect(first.path) : null;
}

/** Each page checks the session again (a token can expire between pages); the layout shows 403 for a wrong role. */
async function pageLoader({ request }: { request: Request }) {
  const state = await requireOperator({ request });
  return state instanceof Response ? state : null;
}

const loadingPage = async () => ({ Component: PageLoading });

/** The console's branch of the router: its own sign-in page and its own layout (issue 18). */
export function operatorRouteObjects(): RouteObject[] {
  return [
    {
      path: OPERATOR_LOGIN_PATH,
      loader: () => null,
      ErrorBoundary: RouteErrorPage,
      lazy: lazyWithRetry(() =>
        import('./pages/OperatorLoginPage').then((module) => ({ Component: module.OperatorLoginPage })),
      ),
    },
    {
      id: 'operator-console',
      path: OPERATOR_BASE,
      loader: requireOperator,
      ErrorBoundary: RouteErrorPage,
      lazy: lazyWithRetry(withApp(() => import('./layout/OperatorLayout').then((module) => module.OperatorLayout))),
      children: [
        { index: true, loader: firstPage, lazy: loadingPage },
        ...CONSOLE_PAGES.map(
          (page): RouteObject => ({
            path: page.path,
            loader: pageLoader,
            lazy: lazyWithRetry(page.lazy),
            ErrorBoundary: RouteErrorPage,
          }),
        ),
      ],
    },
  ];
}
