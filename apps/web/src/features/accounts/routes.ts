import { lazyIcon } from '../../app/lazy-icon';
import { type AppRoute, BINDING_PATH, BLANK_RANK } from '../../app/route-types';
import { t } from '../../locales';

// Menu icons load when a menu draws them (issue 21).
const TeamOutlined = lazyIcon(() => import('@ant-design/icons/TeamOutlined'));

/**
 * /company/detail is the account-subject page: binding for a user without a group (the only page
 * such a user may open, hence allowNoGroup), the main-body info for the others, edit mode by
 * ?type=edit for the main account. Its name is the one the header's 去绑定账户主体 link targets.
 */
export const COMPANY_DETAIL_ROUTE_NAME = 'BindSubject';
export const COMPANY_USER_ROUTE_NAME = 'CompanyUser';

/** Pages of this feature, joined into the route table by app/routes.tsx. */
export const accountsRoutes: readonly AppRoute[] = [
  {
    // The partner platform sends its user here with a one-time code (spec §7 /api/auvgo/login).
    path: '/auvgo',
    name: 'PartnerSignIn',
    title: t('accounts.routes.partnerSignIn'),
    rank: BLANK_RANK,
    theme: 'light',
    public: true,
    lazy: () => import('./pages/PartnerSignInPage').then((module) => ({ Component: module.PartnerSignInPage })),
  },
  {
    path: '/company/user',
    name: COMPANY_USER_ROUTE_NAME,
    title: t('accounts.routes.companyUser'),
    permission: ['firmManage', 'tissueArchitecture'],
    // Staff never see user management (spec §6); the server's routes say the same.
    levels: [1, 2],
    rank: 10,
    theme: 'light',
    menu: { group: 'company', icon: TeamOutlined, order: 1 },
    lazy: () => import('./pages/CompanyUserPage').then((module) => ({ Component: module.CompanyUserPage })),
  },
  {
    path: BINDING_PATH,
    name: COMPANY_DETAIL_ROUTE_NAME,
    title: t('accounts.routes.companyDetail'),
    permission: ['firmManage', 'mainBodyInfo'],
    allowNoGroup: true,
    rank: 11,
    theme: 'light',
    activeGroup: 'company',
    lazy: () => import('./pages/CompanyDetailPage').then((module) => ({ Component: module.CompanyDetailPage })),
  },
];
