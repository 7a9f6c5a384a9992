import { accountsRoutes } from '../features/accounts/routes';
import { billingRoutes } from '../features/billing/routes';
import { catalogueRoutes } from '../features/catalogue/routes';
import { companiesRoutes } from '../features/companies/routes';
import { companyDataRoutes } from '../features/companydata/routes';
import { contentRoutes } from '../features/content/routes';
import { dataViewRoutes } from '../features/dataview/routes';
import { homeRoutes } from '../features/home/routes';
import { legalRoutes } from '../features/legal/routes';
import { mindMapRoutes } from '../features/mindmaps/routes';
import { policyRoutes } from '../features/policy/routes';
import { reportsRoutes } from '../features/reports/routes';
import { tokerRoutes } from '../features/toker/routes';
import { verificationRoutes } from '../features/verification/routes';
import { t } from '../locales';
import { lazyIcon } from './lazy-icon';
import { type AppRoute, BLANK_RANK, HOME_PATH, LOGIN_PATH, LOGIN_RANK, NOT_FOUND_PATH } from './route-types';

// Menu icons load when a menu draws them (issue 21).
const HomeOutlined = lazyIcon(() => import('@ant-design/icons/HomeOutlined'));

export * from './route-types';

/** Pages of the shell itself; every feature's pages come from its own routes.ts. */
const CORE_ROUTES: readonly AppRoute[] = [
  {
    path: LOGIN_PATH,
    name: 'Login',
    title: t('routes.login'),
    rank: LOGIN_RANK,
    theme: 'light',
    public: true,
    lazy: () => import('../features/auth/pages/LoginPage').then((module) => ({ Component: module.LoginPage })),
  },
  {
    path: HOME_PATH,
    name: 'Home',
    title: t('routes.home'),
    rank: 1,
    theme: 'light',
    menu: { group: 'home', icon: HomeOutlined, order: 1 },
    lazy: () => import('../features/home/pages/HomePage').then((module) => ({ Component: module.HomePage })),
  },
  {
    path: NOT_FOUND_PATH,
    name: 'NotFound',
    title: t('routes.notFound'),
    rank: BLANK_RANK,
    theme: 'light',
    public: true,
    lazy: () => import('../features/errors/pages/NotFoundPage').then((module) => ({ Component: module.NotFoundPage })),
  },
];

/** The one route table: the shell's pages and each feature's, in menu order within a group. */
export const ROUTES: readonly AppRoute[] = [
  ...CORE_ROUTES,
  ...homeRoutes,
  ...accountsRoutes,
  ...companiesRoutes,
  ...billingRoutes,
  ...reportsRoutes,
  ...companyDataRoutes,
  ...verificationRoutes,
  ...legalRoutes,
  ...policyRoutes,
  ...contentRoutes,
  ...catalogueRoutes,
  ...mindMapRoutes,
  ...dataViewRoutes,
  ...tokerRoutes,
];

export function routeByName(name: string): AppRoute | undefined {
  return ROUTES.find((route) => route.name === name);
}

export function routeByPath(path: string): AppRoute | undefined {
  return ROUTES.find((route) => route.path === path);
}
