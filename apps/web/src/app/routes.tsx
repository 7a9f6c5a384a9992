// The rail draws these at once (static, as before); route menu icons below load with their menus.
import {
  AimOutlined,
  ApartmentOutlined,
  HomeOutlined as HomeGroupOutlined,
  ReadOutlined,
  WalletOutlined,
} from '@ant-design/icons';
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
import { LOGIN_ROUTE } from './login-route';
import { type AppRoute, BLANK_RANK, HOME_PATH, type MenuGroup, NOT_FOUND_PATH } from './route-types';

// Menu icons load when a menu draws them (issue 21).
const HomeOutlined = lazyIcon(() => import('@ant-design/icons/HomeOutlined'));

export * from './route-types';

/**
 * The left icon menu of spec §2, in order. A group without pages yet shows as 即将上线. Here, not in
 * route-types.ts: the sign-in screen, which loads route-types but not this table, draws no menu.
 */
export const MENU_GROUPS: readonly MenuGroup[] = [
  { key: 'home', label: t('layout.menuGroups.home'), icon: HomeGroupOutlined },
  { key: 'enablement', label: t('layout.menuGroups.enablement'), icon: ReadOutlined },
  { key: 'toker', label: t('layout.menuGroups.toker'), icon: AimOutlined },
  { key: 'company', label: t('layout.menuGroups.company'), icon: ApartmentOutlined },
  { key: 'recharge', label: t('layout.menuGroups.recharge'), icon: WalletOutlined },
];

/** Pages of the shell itself; every feature's pages come from its own routes.ts. */
const CORE_ROUTES: readonly AppRoute[] = [
  LOGIN_ROUTE,
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
