import { lazyIcon } from '../../app/lazy-icon';
import type { AppRoute } from '../../app/route-types';
import { t } from '../../locales';

// Menu icons load when a menu draws them (issue 21).
const AccountBookOutlined = lazyIcon(() => import('@ant-design/icons/AccountBookOutlined'));
const FileDoneOutlined = lazyIcon(() => import('@ant-design/icons/FileDoneOutlined'));
const HistoryOutlined = lazyIcon(() => import('@ant-design/icons/HistoryOutlined'));
const PayCircleOutlined = lazyIcon(() => import('@ant-design/icons/PayCircleOutlined'));
const ProfileOutlined = lazyIcon(() => import('@ant-design/icons/ProfileOutlined'));
const WalletOutlined = lazyIcon(() => import('@ant-design/icons/WalletOutlined'));

/** The /my pages and their calls need fyzx|zhBalance (server: billing.policy MY_PAGES). */
const MY_PAGES = ['fyzx', 'zhBalance'] as const;

/** Pages of this feature, joined into the route table by app/routes.tsx (menu group 充值管理). */
export const billingRoutes: readonly AppRoute[] = [
  {
    path: '/my',
    name: 'My',
    title: t('billing.routes.my'),
    permission: MY_PAGES,
    rank: 1,
    theme: 'light',
    menu: { group: 'recharge', icon: WalletOutlined, order: 1 },
    lazy: () => import('./pages/MyAccountPage').then((module) => ({ Component: module.MyAccountPage })),
  },
  {
    path: '/my/number',
    name: 'MyNumber',
    title: t('billing.routes.number'),
    permission: MY_PAGES,
    rank: 1,
    theme: 'light',
    menu: { group: 'recharge', icon: AccountBookOutlined, order: 2 },
    lazy: () => import('./pages/NumberPage').then((module) => ({ Component: module.NumberPage })),
  },
  {
    path: '/number/history',
    name: 'NumberHistory',
    title: t('billing.routes.history'),
    permission: MY_PAGES,
    rank: 1,
    theme: 'light',
    menu: { group: 'recharge', icon: HistoryOutlined, order: 3 },
    lazy: () => import('./pages/TransferHistoryPage').then((module) => ({ Component: module.TransferHistoryPage })),
  },
  {
    path: '/my/order',
    name: 'MyOrder',
    title: t('billing.routes.order'),
    permission: MY_PAGES,
    rank: 1,
    theme: 'light',
    menu: { group: 'recharge', icon: ProfileOutlined, order: 4 },
    lazy: () => import('./pages/OrdersPage').then((module) => ({ Component: module.OrdersPage })),
  },
  {
    path: '/my/ticket',
    name: 'MyTicket',
    title: t('billing.routes.ticket'),
    permission: ['fyzx', 'invoice'],
    rank: 1,
    theme: 'light',
    menu: { group: 'recharge', icon: FileDoneOutlined, order: 5 },
    lazy: () => import('./pages/InvoicesPage').then((module) => ({ Component: module.InvoicesPage })),
  },
  {
    // Open to every signed-in user: without the `pay` right it explains instead of selling.
    path: '/pay',
    name: 'Pay',
    title: t('billing.routes.pay'),
    rank: 1,
    theme: 'light',
    menu: { group: 'recharge', icon: PayCircleOutlined, order: 6 },
    lazy: () => import('./pages/PayPage').then((module) => ({ Component: module.PayPage })),
  },
];
