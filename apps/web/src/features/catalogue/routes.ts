import { lazyIcon } from '../../app/lazy-icon';
import type { AppRoute } from '../../app/route-types';
import { t } from '../../locales';

// Menu icons load when a menu draws them (issue 21).
const AppstoreOutlined = lazyIcon(() => import('@ant-design/icons/AppstoreOutlined'));
const ShopOutlined = lazyIcon(() => import('@ant-design/icons/ShopOutlined'));

/**
 * Product centre and ecological mall (spec §2: /product-center, /list, /detail?id; /mall1, /detail),
 * joined into the route table by app/routes.tsx. Any member of a group may browse and ask; buying
 * needs the pay right, which the server enforces and the detail page shows.
 */
export const catalogueRoutes: readonly AppRoute[] = [
  {
    path: '/product-center',
    name: 'ProductCenter',
    title: t('shop.routes.productCenter'),
    rank: 90,
    theme: 'light',
    menu: { group: 'enablement', icon: AppstoreOutlined, order: 10 },
    lazy: () => import('./pages/ProductCenterPage').then((module) => ({ Component: module.ProductCenterPage })),
  },
  {
    path: '/product-center/list',
    name: 'ProductCenterList',
    title: t('shop.routes.productCenterList'),
    rank: 91,
    theme: 'light',
    activeGroup: 'enablement',
    lazy: () => import('./pages/ShopListPage').then((module) => ({ Component: module.ProductListPage })),
  },
  {
    path: '/product-center/detail',
    name: 'ProductCenterDetail',
    title: t('shop.routes.productCenterDetail'),
    rank: 92,
    theme: 'light',
    activeGroup: 'enablement',
    lazy: () => import('./pages/ShopDetailPage').then((module) => ({ Component: module.ProductDetailPage })),
  },
  {
    path: '/mall1',
    name: 'Mall',
    title: t('shop.routes.mall'),
    rank: 93,
    theme: 'light',
    menu: { group: 'enablement', icon: ShopOutlined, order: 11 },
    lazy: () => import('./pages/ShopListPage').then((module) => ({ Component: module.MallPage })),
  },
  {
    path: '/mall1/detail',
    name: 'MallDetail',
    title: t('shop.routes.mallDetail'),
    rank: 94,
    theme: 'light',
    activeGroup: 'enablement',
    lazy: () => import('./pages/ShopDetailPage').then((module) => ({ Component: module.MallDetailPage })),
  },
];
