import { lazyIcon } from '../../app/lazy-icon';
import type { AppRoute } from '../../app/route-types';
import { t } from '../../locales';

// Menu icons load when a menu draws them (issue 21).
const HistoryOutlined = lazyIcon(() => import('@ant-design/icons/HistoryOutlined'));
const SafetyCertificateOutlined = lazyIcon(() => import('@ant-design/icons/SafetyCertificateOutlined'));

/** 发票鉴伪 (spec §2): hidden unless level 1 or granted invoiceCheck; the server checks the same key. */
export const verificationRoutes: readonly AppRoute[] = [
  {
    path: '/ticket/jianwei',
    name: 'TicketJianwei',
    title: t('verification.routes.check'),
    permission: 'invoiceCheck',
    rank: 1,
    theme: 'light',
    menu: { group: 'company', icon: SafetyCertificateOutlined, order: 20 },
    lazy: () => import('./pages/CheckPage').then((module) => ({ Component: module.CheckPage })),
  },
  {
    path: '/ticket/jianwei/history',
    name: 'TicketJianweiHistory',
    title: t('verification.routes.history'),
    permission: 'invoiceCheck',
    rank: 1,
    theme: 'light',
    menu: { group: 'company', icon: HistoryOutlined, order: 21 },
    lazy: () => import('./pages/HistoryPage').then((module) => ({ Component: module.HistoryPage })),
  },
];
