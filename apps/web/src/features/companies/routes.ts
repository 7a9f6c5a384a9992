import { lazyIcon } from '../../app/lazy-icon';
import { type AppRoute, BLANK_RANK } from '../../app/route-types';
import { t } from '../../locales';

// Menu icons load when a menu draws them (issue 21).
const ApartmentOutlined = lazyIcon(() => import('@ant-design/icons/ApartmentOutlined'));
const UserAddOutlined = lazyIcon(() => import('@ant-design/icons/UserAddOutlined'));

/** Pages of this feature, joined into the route table by app/routes.tsx. */
export const companiesRoutes: readonly AppRoute[] = [
  {
    path: '/company/list',
    name: 'CompanyList',
    title: t('companies.routes.list'),
    permission: 'firmManage',
    rank: 2,
    theme: 'light',
    menu: { group: 'company', icon: ApartmentOutlined, order: 1 },
    lazy: () => import('./pages/CompanyListPage').then((module) => ({ Component: module.CompanyListPage })),
  },
  {
    path: '/company/firm',
    name: 'CompanyFirm',
    title: t('companies.routes.firm'),
    permission: 'firmManage',
    rank: 2,
    theme: 'light',
    activeGroup: 'company',
    lazy: () => import('./pages/CompanyFirmPage').then((module) => ({ Component: module.CompanyFirmPage })),
  },
  {
    // Chanjet's OAuth2 redirect target (CHANJET_REDIRECT_URI, default PUBLIC_URL + /cjt/callback).
    path: '/cjt/callback',
    name: 'ChanjetCallback',
    title: t('companies.routes.chanjetCallback'),
    permission: 'firmManage',
    rank: 2,
    theme: 'light',
    activeGroup: 'company',
    lazy: () => import('./pages/ChanjetCallbackPage').then((module) => ({ Component: module.ChanjetCallbackPage })),
  },
  {
    path: '/company/bindUser',
    name: 'BindUser',
    title: t('companies.routes.bindUser'),
    permission: ['firmManage', 'invite'],
    rank: 2,
    theme: 'light',
    menu: { group: 'company', icon: UserAddOutlined, order: 3 },
    lazy: () => import('./pages/BindUserPage').then((module) => ({ Component: module.BindUserPage })),
  },
  {
    path: '/share/bind',
    name: 'ShareBind',
    title: t('companies.routes.shareBind'),
    rank: BLANK_RANK,
    theme: 'light',
    public: true,
    lazy: () => import('./pages/ShareBindPage').then((module) => ({ Component: module.ShareBindPage })),
  },
  {
    path: '/share/upload',
    name: 'ShareUpload',
    title: t('companies.routes.shareUpload'),
    rank: BLANK_RANK,
    theme: 'light',
    public: true,
    lazy: () => import('./pages/ShareUploadPage').then((module) => ({ Component: module.ShareUploadPage })),
  },
];
