import { t } from '../locales';
import { type AppRoute, LOGIN_PATH, LOGIN_RANK } from './route-types';

/**
 * /login, the one page the router knows before the route table loads (router.tsx): the sign-in
 * screen needs neither the other pages nor their titles and menus (issue 21).
 */
export const LOGIN_ROUTE: AppRoute = {
  path: LOGIN_PATH,
  name: 'Login',
  title: t('routes.login'),
  rank: LOGIN_RANK,
  theme: 'light',
  public: true,
  lazy: () => import('../features/auth/pages/LoginPage').then((module) => ({ Component: module.LoginPage })),
};
